#!/bin/sh
# bfs-speed.sh -- the reference BFS's speed on the database sample, as docs/performance.md
# reports it: RUNS runs (default 5) of bin/solve --json over the 3,012 puzzles, in cluster mode
# and in solve mode; prints the median of the runs' summed solver seconds, states per second in
# cluster mode, and the largest table of the solver's own (of each build, beside another).
#
#   scripts/bfs-speed.sh                 bin/solve alone
#   scripts/bfs-speed.sh OTHER_SOLVE     bin/solve and another build side by side: their runs
#                                        alternate, and the ratios this/other are printed
#
# CPU=N pins every run to processor N (taskset): the two processors of a shared machine can
# run at different speeds, and a run that lands on either mixes them. SAMPLE=FILE measures
# another database file.
set -e
RUNS=${RUNS:-5}
SAMPLE=${SAMPLE:-corpus/_database/fogleman-sample.txt}
other=${1:-}
pin=""
[ -n "${CPU:-}" ] && pin="taskset -c $CPU"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
sum_field() { # field name -> sum over the JSON lines on stdin
    sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p" | awk '{ s += $1 } END { printf "%.6f\n", s }'
}
max_field() {
    sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" | sort -n | tail -1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
measure() { # solve-binary name
    $pin "$1" --json --cluster "$SAMPLE" > "$tmp/cluster.json"
    $pin "$1" --json "$SAMPLE" > "$tmp/solve.json"
    secs=$(sum_field seconds < "$tmp/cluster.json")
    states=$(sum_field cluster_states < "$tmp/cluster.json")
    echo "$secs $states" | awk '{ printf "%.3f\n", $2 / $1 / 1e6 }' >> "$tmp/rate.$2"
    sum_field seconds < "$tmp/solve.json" >> "$tmp/solve.$2"
    max_field table_bytes < "$tmp/cluster.json" > "$tmp/table.$2"
    wc -l < "$tmp/solve.json" > "$tmp/puzzles.$2"
}
i=0
while [ $i -lt "$RUNS" ]; do
    measure bin/solve this
    [ -n "$other" ] && measure "$other" other
    i=$((i + 1))
done
runs() { tr '\n' ' ' < "$1"; }
echo "puzzles:                      $(cat "$tmp/puzzles.this")"
echo "cluster mode, M states/s:     $(median < "$tmp/rate.this")  (runs: $(runs "$tmp/rate.this"))"
echo "solve mode, summed seconds:   $(median < "$tmp/solve.this")  (runs: $(runs "$tmp/solve.this"))"
echo "largest table, bytes:         $(cat "$tmp/table.this")"
if [ -n "$other" ]; then
    echo "$other, cluster mode:   $(median < "$tmp/rate.other")  (runs: $(runs "$tmp/rate.other"))"
    echo "$other, solve mode:     $(median < "$tmp/solve.other")  (runs: $(runs "$tmp/solve.other"))"
    echo "$other, largest table:   $(cat "$tmp/table.other")"
    echo "speed ratio this/other, cluster mode: $(echo "$(median < "$tmp/rate.this") $(median < "$tmp/rate.other")" | awk '{ printf "%.3f", $1 / $2 }')"
    echo "time ratio this/other, solve mode:    $(echo "$(median < "$tmp/solve.this") $(median < "$tmp/solve.other")" | awk '{ printf "%.3f", $1 / $2 }')"
fi
