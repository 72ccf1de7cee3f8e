#!/bin/sh
# make-plots.sh -- turns a bench result directory (RESULTS/results.csv and results.json, as
# written by `bin/bench --out RESULTS`) into RESULTS/plots/*.png and *.svg: prepare.py reads
# the rows by column name into RESULTS/plots/data/, and gnuplot draws bench.gp from there.
# FORMATS (default "png svg") names the sets drawn; they are drawn at once when JOBS (default
# 1) is 2 or more. Figures made once are kept: when the results, the scripts and FORMATS are
# those the figures were drawn from (RESULTS/plots/.made holds their checksum), nothing is drawn
# again.
set -e
results_dir=${1:?usage: plots/make-plots.sh RESULTS_DIR}
csv="$results_dir/results.csv"
[ -s "$csv" ] || { echo "make-plots.sh: $csv: no results (run bin/bench --out $results_dir)" >&2; exit 2; }
here=$(dirname "$0")
out="$results_dir/plots"
data="$out/data"
formats=${FORMATS:-png svg}
made=$( (echo "$formats"; cat "$csv" "$here/prepare.py" "$here/bench.gp" "$here/styles.tsv" \
         "$here/columns.awk") | sha256sum | cut -d' ' -f1)
if [ -s "$out/.made" ] && [ "$(cat "$out/.made")" = "$made" ]; then
    echo "make-plots.sh: the figures in $out are those of these results" >&2
    exit 0
fi
rm -f "$out/.made" "$out"/*.png "$out"/*.svg
python3 "$here/prepare.py" "$results_dir"
draw() {
    gnuplot -e "data='$data'; outdir='$out'; ext='$1'; load '$data/vars.gp'" "$here/bench.gp"
}
pids=""
for ext in $formats; do
    if [ "${JOBS:-1}" -ge 2 ]; then
        draw "$ext" &
        pids="$pids $!"
    else
        draw "$ext"
    fi
done
for pid in $pids; do wait "$pid"; done
echo "$made" > "$out/.made"
grep -q '^has_solved = 1' "$data/vars.gp" ||
    echo "make-plots.sh: no solved run: only the nodes and memory figures" >&2
for ext in $formats; do ls "$out"/*."$ext"; done
