#!/bin/bash
# klotski-vs.sh ANCHOR [RUNS] [CPU] -- the reference BFS over the Klotski classic's whole cluster
# (25,955 states, moves) beside another engine's, alternating, RUNS rounds (default 11), both
# pinned to CPU (default 0). ANCHOR is a program that prints
#   TIME ... build_all() ... median=X ms
# for `ANCHOR fastcal 1`, as the driver of dnomd343's engine does (kept outside the
# repository). The project's time is the solver's own `seconds` from `bin/solve --json
# --cluster`, on the classic without its `cluster:` line (so nothing is presized). Run from the
# project's root after make. Prints both medians and the ratio project/anchor (time).
set -eu
anchor=${1:?usage: klotski-vs.sh ANCHOR [RUNS] [CPU]}
runs=${2:-11}
cpu=${3:-0}
[[ -x bin/solve ]] || { echo "klotski-vs.sh: run from the project's root after make" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
grep -v '^cluster:' corpus/klotski/classic.txt > "$tmp/classic.txt"
for ((i = 0; i < runs; i++)); do
  taskset -c "$cpu" "$anchor" fastcal 1 | sed -n 's/.*build_all().*median=\([0-9.]*\) ms.*/\1/p' >> "$tmp/anchor"
  taskset -c "$cpu" bin/solve --json --cluster "$tmp/classic.txt" |
    python3 -c 'import json, sys; print(1000 * json.load(sys.stdin)["seconds"])' >> "$tmp/project"
done
scripts/vs-medians.py "$tmp" ms
