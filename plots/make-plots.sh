#!/bin/sh
# make-plots.sh -- turns a bench result directory (RESULTS/results.csv and results.json, as
# written by `bin/bench --out RESULTS`) into RESULTS/plots/*.png and *.svg: prepare.py reads
# the rows by column name into RESULTS/plots/data/, and gnuplot draws bench.gp from there.
set -e
results_dir=${1:?usage: plots/make-plots.sh RESULTS_DIR}
csv="$results_dir/results.csv"
[ -s "$csv" ] || { echo "make-plots.sh: $csv: no results (run bin/bench --out $results_dir)" >&2; exit 2; }
here=$(dirname "$0")
out="$results_dir/plots"
data="$out/data"
python3 "$here/prepare.py" "$results_dir"
for ext in png svg; do
    gnuplot -e "data='$data'; outdir='$out'; ext='$ext'; load '$data/vars.gp'" "$here/bench.gp"
done
grep -q '^has_solved = 1' "$data/vars.gp" ||
    echo "make-plots.sh: no solved run: only the nodes and memory figures" >&2
ls "$out"/*.png "$out"/*.svg
