#!/bin/sh
# numbered-speed.sh -- what the numbered view (search/numbered.c) costs a solver written over
# one-word keys: the same solver and the same number of expansions on a 4x4 board (one-word
# keys, no numbering) and on a 4x5 board (two-word keys, numbered), RUNS pairs (default 5)
# alternating, each a fresh bin/solve; prints each pair's solver seconds and their ratio, and
# the median ratio.
#
#   scripts/numbered-speed.sh [SOLVE]     SOLVE: the bin/solve to measure (default bin/solve)
#
# STATES=N expansions a run (default 2000000), SOLVER=S the solver (default bfs), CPU=N pins
# every run to processor N (taskset).
set -e
solve=${1:-bin/solve}
RUNS=${RUNS:-5}
STATES=${STATES:-2000000}
SOLVER=${SOLVER:-bfs}
pin=""
[ -n "${CPU:-}" ] && pin="taskset -c $CPU"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Both far from their goals (the tiles reversed in reading order, the blank kept last; on the
# 4x5 two tiles swapped back for the right parity), so that the state budget stops both.
printf 'family: tiles\nname: narrow\n15 14 13 12\n11 10 9 8\n7 6 5 4\n3 2 1 0\n' > "$tmp/narrow.txt"
printf 'family: tiles\nname: wide\n19 18 17 16\n15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0\n' > "$tmp/wide.txt"
seconds() { # file -> the solver seconds of one run
    $pin "$solve" --json --solver "$SOLVER" --max-states "$STATES" --max-bytes 0 --max-seconds 0 "$1" |
        sed -n 's/.*"seconds":\([0-9.e+-]*\).*/\1/p'
}
i=0
while [ "$i" -lt "$RUNS" ]; do
    n=$(seconds "$tmp/narrow.txt")
    w=$(seconds "$tmp/wide.txt")
    echo "$n $w" | awk '{ printf "one word %.3f s, numbered %.3f s: %.2fx\n", $1, $2, $2 / $1 }'
    echo "$n $w" | awk '{ print $2 / $1 }' >> "$tmp/ratios"
    i=$((i + 1))
done
sort -g "$tmp/ratios" | awk '{ v[NR] = $1 } END { printf "median %.2fx, range %.2f-%.2fx\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[1], v[NR] }'
