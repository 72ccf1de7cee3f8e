#!/bin/bash
# klotski-space-vs.sh ANCHOR [RUNS] [CPU] -- the whole 4x5 Klotski space from scratch (every
# layout, every cluster: bin/enumerate --family klotski --size 4x5 --jobs 1) beside another
# engine doing the same, alternating, RUNS rounds (default 3), both on one thread pinned to CPU
# (default 0). ANCHOR is a program that prints
#   CC rep=0 time=X s components=25422 cases=29334498 ...
# for `ANCHOR cc 1`, as the driver of dnomd343's engine does (kept outside the repository).
# The project's time is the run's own `seconds` (its statistics). Run from the project's root
# after make. Prints both medians and the ratio project/anchor (time).
set -eu
anchor=${1:?usage: klotski-space-vs.sh ANCHOR [RUNS] [CPU]}
runs=${2:-3}
cpu=${3:-0}
[[ -x bin/enumerate ]] || { echo "klotski-space-vs.sh: run from the project's root after make" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ((i = 0; i < runs; i++)); do
  taskset -c "$cpu" "$anchor" cc 1 | sed -n 's/^CC rep=0 time=\([0-9.]*\) s components=25422 cases=29334498 .*/\1/p' >> "$tmp/anchor"
  taskset -c "$cpu" bin/enumerate --family klotski --size 4x5 --jobs 1 --no-progress \
    --out "$tmp/k45.txt" --stats "$tmp/k45.json"
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["seconds"])' "$tmp/k45.json" >> "$tmp/project"
done
[[ $(wc -l < "$tmp/anchor") == "$runs" ]] || { echo "klotski-space-vs.sh: the anchor did not print its CC line" >&2; exit 1; }
scripts/vs-medians.py "$tmp" s
