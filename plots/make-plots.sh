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

# rows.tsv: the columns the figures read, with a header line that bench.gp reads them by; the
# shell below reads the same columns by position in rows.body (no header): 1 solver, 2 status,
# 3 optimal_moves, 4 excess, 5 expanded, 6 peak_bytes, 7 seconds, 8 table_bytes, 9 correct,
# 10 id, 11 cluster_size.
cols=solver,status,optimal_moves,excess,expanded,peak_bytes,seconds,table_bytes,correct,id,cluster_size
awk -v cols=$cols -f "$here/columns.awk" "$csv" > "$data/rows.body"
{ echo "$cols" | tr , '\t'; cat "$data/rows.body"; } > "$data/rows.tsv"
# What there is to draw: solved runs at all, and jemalloc peaks (empty in builds without jemalloc,
# where the memory figure shows the solvers' own table sizes instead).
has_solved=$(awk -F'\t' '$2 == "solved" { n++ } END { print (n > 0 ? 1 : 0) }' "$data/rows.body")
has_peak=$(awk -F'\t' '$6 > 0 { n++ } END { print (n > 0 ? 1 : 0) }' "$data/rows.body")
solvers=$(cut -f1 "$data/rows.body" | awk '!seen[$0]++' | tr '\n' ' ')
files=$(echo "$solvers" | tr / -)   # a label like astar/pdb names a file astar-pdb
# Each label's colour, marker and dash from styles.tsv, in the order of $solvers.
style() {
    for s in $solvers; do
        awk -F'\t' -v s="$s" -v k="$1" -v d="$2" '$1 == s { v = $k } END { print (v == "" ? d : v) }' \
            "$here/styles.tsv"
    done | tr '\n' ' '
}
# Each label's count of proved "no solution" answers, for the cactus plot's key.
proofs=$(for s in $solvers; do
    awk -F'\t' -v s="$s" '$1 == s && $2 == "unsolvable" && $9 == "yes" { n++ } END { print n + 0 }' \
        "$data/rows.body"
done | tr '\n' ' ')
# The run's budget in seconds and its number of puzzles, drawn on the cactus plot.
budget_seconds=$(python3 -c '
import json, sys; print(json.load(open(sys.argv[1]))["meta"]["budget"]["max_seconds"])' "$results_dir/results.json" 2>/dev/null || echo 0)
total_puzzles=$(awk -F'\t' '{ print }' "$data/rows.body" | wc -l)
total_puzzles=$((total_puzzles / $(echo "$solvers" | wc -w)))
colors=$(style 2 '#777777')
markers=$(style 3 1)
dashes=$(style 4 1)
# times.dat per label: for each optimal move count, the quartiles of the solved runs' times
# (the median line and the interquartile band of the time figure).
for s in $solvers; do
    awk -F'\t' -v s="$s" '$1 == s && $2 == "solved" && $3 != "" { print $3 "\t" $7 }' \
        "$data/rows.body" | sort -k1,1n -k2,2g |
        awk -F'\t' 'function flush() { if (n) print m "\t" v[int((n + 3) / 4)] "\t" v[int((n + 1) / 2)] "\t" v[int((3 * n + 3) / 4)] }
                    $1 != m { flush(); m = $1; n = 0 } { v[++n] = $2 } END { flush() }' \
        > "$data/times-$(echo "$s" | tr / -).dat"
done
# paired-FILE.dat per label but bfs: the puzzles both it and bfs solved, paired by id: bfs's
# time and states, then its own.
has_paired=0
if [ "$(echo "$solvers" | cut -d' ' -f1)" = bfs ] && [ "$(echo "$solvers" | wc -w)" -gt 1 ]; then
    for s in $solvers; do
        [ "$s" = bfs ] && continue
        awk -F'\t' -v s="$s" '$2 == "solved" && $1 == "bfs" { t[$10] = $7; e[$10] = $5 }
            $2 == "solved" && $1 == s { mt[$10] = $7; me[$10] = $5 }
            END { for (k in mt) if (k in t) print t[k] "\t" mt[k] "\t" e[k] "\t" me[k] }' \
            "$data/rows.body" > "$data/paired-$(echo "$s" | tr / -).dat"
        has_paired=1
    done
fi
has_clusters=$(awk -F'\t' '$11 != "" { n++ } END { print (n > 0 ? 1 : 0) }' "$data/rows.body")
# The caption under every figure: the run's corpus, budgets, machine and commit (its meta).
caption=$(python3 - "$results_dir/results.json" <<'PY' 2>/dev/null || true
import json, sys
m = json.load(open(sys.argv[1]))["meta"]
b = m.get("budget", {})
flags = {"--verify", "--progress", "--no-progress"}
args, paths = m.get("command", [])[1:], []
for k, a in enumerate(args):   # the operands: not an option, nor an option's value
    prev = args[k - 1] if k else ""
    if not a.startswith("-") and not (prev.startswith("-") and "=" not in prev and prev not in flags):
        paths.append(a)
def count(v, unit=""):
    for s, n in (("Gi", 1 << 30), ("Mi", 1 << 20), ("M", 10**6)):
        if v and v % n == 0 and (s.endswith("i") == bool(unit)): return "%d %s%s" % (v // n, s, unit)
    return "%s %s" % (v, unit) if unit else str(v)
print("%s (%s puzzles); budgets %s states, %s, %g s a run; %s, %s cores; commit %s" % (
    " ".join(paths) or "?", m.get("puzzles", "?"), count(b.get("max_states")),
    count(b.get("max_bytes"), "B"), b.get("max_seconds", 0), m.get("cpu", "?"), m.get("cores", "?"),
    m.get("commit", "?")))
PY
)
for s in $solvers; do
    # cactus-FILE.dat: its solved runs, fastest first: time, rank among all solved runs, and
    # rank among the optimal ones (empty for a run that is not optimal)
    awk -F'\t' -v s="$s" '$1 == s && $2 == "solved" { print $7 "\t" ($4 == "0" ? 1 : 0) }' \
        "$data/rows.body" | sort -g |
        awk -F'\t' '{ o += $2; print NR "\t" $1 "\t" ($2 ? o : "") }' \
        > "$data/cactus-$(echo "$s" | tr / -).dat"
done
# tradeoff.dat: for the reference BFS and every informed pairing (a label with a heuristic), the
# median states expanded and the median time per expanded state over solved runs: what a
# stronger bound saves in states and costs per state.
: > "$data/tradeoff.dat"
for s in $solvers; do
    case "$s" in bfs|*/*) ;; *) continue ;; esac
    awk -F'\t' -v s="$s" '$1 == s && $2 == "solved" && $5 > 0 { print $5 "\t" $7 / $5 }' \
        "$data/rows.body" > "$data/pairs.tmp"
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
        colors='$colors'; markers='$markers'; dashes='$dashes'; caption='$caption'; \
        proofs='$proofs'; budget_seconds=$budget_seconds; total_puzzles=$total_puzzles; \
        has_solved=$has_solved; has_peak=$has_peak; has_tradeoff=$has_tradeoff; \
        has_paired=$has_paired; has_clusters=$has_clusters" "$here/bench.gp"
done
[ "$has_solved" = 1 ] || echo "make-plots.sh: no solved run: only the nodes and memory figures" >&2
ls "$out"/*.png "$out"/*.svg
