#!/bin/sh
# bfs-speed.sh -- the reference BFS's speed on the database sample, as README "Measurements"
# reports it: RUNS runs (default 5) of bin/solve --json over the 3,012 puzzles, in cluster mode
# and in solve mode; prints the median of the runs' summed solver seconds, states per second in
# cluster mode, and the largest jemalloc-free peak of the solver's own tables.
set -e
RUNS=${RUNS:-5}
SAMPLE=${SAMPLE:-corpus/_database/fogleman-sample.txt}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
sum_field() { # field name -> sum over the JSON lines on stdin
    sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p" | awk '{ s += $1 } END { printf "%.6f\n", s }'
}
max_field() {
    sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" | sort -n | tail -1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$RUNS" ]; do
    bin/solve --json --cluster "$SAMPLE" > "$tmp/cluster.json"
    bin/solve --json "$SAMPLE" > "$tmp/solve.json"
    secs=$(sum_field seconds < "$tmp/cluster.json")
    states=$(sum_field cluster_states < "$tmp/cluster.json")
    echo "$secs $states" | awk '{ printf "%.3f\n", $2 / $1 / 1e6 }' >> "$tmp/rate"
    sum_field seconds < "$tmp/solve.json" >> "$tmp/solve"
    i=$((i + 1))
done
echo "puzzles:                      $(wc -l < "$tmp/solve.json")"
echo "cluster mode, M states/s:     $(median < "$tmp/rate")  (runs: $(tr '\n' ' ' < "$tmp/rate"))"
echo "solve mode, summed seconds:   $(median < "$tmp/solve")  (runs: $(tr '\n' ' ' < "$tmp/solve"))"
echo "largest table peak, bytes:    $(max_field peak_bytes < "$tmp/cluster.json")"
