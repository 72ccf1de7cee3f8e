#!/bin/sh
# make-plots.sh -- turns a bench result directory (RESULTS/results.csv, as written by
# `bin/bench --out RESULTS`) into RESULTS/plots/*.png and *.svg with gnuplot.
set -e
results_dir=${1:?usage: plots/make-plots.sh RESULTS_DIR}
csv="$results_dir/results.csv"
[ -s "$csv" ] || { echo "make-plots.sh: $csv: no results (run bin/bench --out $results_dir)" >&2; exit 2; }
here=$(dirname "$0")
out="$results_dir/plots"
data="$out/data"
mkdir -p "$data"

# rows.tsv: solver status optimal_moves excess expanded peak_bytes seconds table_bytes
awk -v cols=solver,status,optimal_moves,excess,expanded,peak_bytes,seconds,table_bytes \
    -f "$here/columns.awk" "$csv" > "$data/rows.tsv"
# What there is to draw: solved runs at all, and jemalloc peaks (empty in builds without jemalloc,
# where the memory figure shows the solvers' own table sizes instead).
has_solved=$(awk -F'\t' '$2 == "solved" { n++ } END { print (n > 0 ? 1 : 0) }' "$data/rows.tsv")
has_peak=$(awk -F'\t' '$6 > 0 { n++ } END { print (n > 0 ? 1 : 0) }' "$data/rows.tsv")
solvers=$(cut -f1 "$data/rows.tsv" | awk '!seen[$0]++' | tr '\n' ' ')
files=$(echo "$solvers" | tr / -)   # a label like astar/pdb names a file astar-pdb
for s in $solvers; do
    # cactus-SOLVER.dat: rank and time of its solved runs, fastest first
    awk -F'\t' -v s="$s" '$1 == s && $2 == "solved" { print $7 }' "$data/rows.tsv" |
        sort -g | awk '{ print NR "\t" $1 }' > "$data/cactus-$(echo "$s" | tr / -).dat"
done
# tradeoff.dat: for the reference BFS and every informed pairing (a label with a heuristic), the
# median states expanded and the median time per expanded state over solved runs: what a
# stronger bound saves in states and costs per state.
: > "$data/tradeoff.dat"
for s in $solvers; do
    case "$s" in bfs|*/*) ;; *) continue ;; esac
    awk -F'\t' -v s="$s" '$1 == s && $2 == "solved" && $5 > 0 { print $5 "\t" $7 / $5 }' \
        "$data/rows.tsv" > "$data/pairs.tmp"
    n=$(wc -l < "$data/pairs.tmp")
    [ "$n" -gt 0 ] || continue
    e=$(cut -f1 "$data/pairs.tmp" | sort -g | awk -v n="$n" 'NR == int((n + 1) / 2)')
    t=$(cut -f2 "$data/pairs.tmp" | sort -g | awk -v n="$n" 'NR == int((n + 1) / 2)')
    printf '%s\t%s\t%s\n' "$s" "$e" "$t" >> "$data/tradeoff.dat"
done
rm -f "$data/pairs.tmp"
has_tradeoff=$(awk 'END { print (NR > 1 ? 1 : 0) }' "$data/tradeoff.dat")
for ext in png svg; do
    gnuplot -e "data='$data'; outdir='$out'; solvers='$solvers'; files='$files'; ext='$ext'; \
        has_solved=$has_solved; has_peak=$has_peak; has_tradeoff=$has_tradeoff" "$here/bench.gp"
done
[ "$has_solved" = 1 ] || echo "make-plots.sh: no solved run: only the nodes and memory figures" >&2
ls "$out"/*.png "$out"/*.svg
