#!/bin/bash
# tiles-vs-anchor.sh ANCHOR_DIR [RUNS] [CPU] [MAX_NODES] -- Korf's IDA* with the Manhattan
# distance (idastar --heuristic manhattan --param table=0) beside Burns et al.'s IDA*, an anchor
# kept outside the repository (ANCHOR_DIR: where its build.sh put `ida` and `korf100/`), on the
# instances of Korf's 100 under MAX_NODES nodes (default 20000000: 37 instances), RUNS times
# each (default 3), the two alternating, pinned to processor CPU (default 1). Both report their
# search's own seconds; the node counts must agree instance by instance (the script fails
# otherwise). Prints each run's summed seconds and the ratio project/anchor. Run from the
# repository's root after make.
set -eu
anchor=${1:?usage: tiles-vs-anchor.sh ANCHOR_DIR [RUNS] [CPU] [MAX_NODES]}
runs=${2:-3}
cpu=${3:-1}
max=${4:-20000000}
[[ -x bin/solve ]] || { echo "tiles-vs-anchor.sh: run from the repository's root after make" >&2; exit 2; }
[[ -x $anchor/ida ]] || { echo "tiles-vs-anchor.sh: $anchor/ida: not there (run the anchor's build.sh)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nodes=corpus/tiles/_korf/korf100-nodes.tsv
# The chosen instances: their numbers, our list form, and the anchor's input.
awk -v max="$max" '!/^#/ && $3 < max {print $1}' "$nodes" > "$tmp/picked"
{ echo "family: tiles"; echo "size: 4x4"
  while read -r i; do grep "^korf$i " corpus/tiles/_korf/korf100.txt; done < "$tmp/picked"; } > "$tmp/list.txt"
while read -r i; do cat "$anchor/korf100/prob$(printf %03d $((i - 1)))"; done < "$tmp/picked" > "$tmp/anchor.in"
echo "instances: $(wc -l < "$tmp/picked"), under $max nodes"
for ((r = 0; r < runs; r++)); do
    taskset -c "$cpu" "$anchor/ida" < "$tmp/anchor.in" | grep '^length' > "$tmp/anchor.out"
    taskset -c "$cpu" bin/solve --json --solver idastar --heuristic manhattan --param table=0 \
        --max-states 0 --max-seconds 0 "$tmp/list.txt" > "$tmp/ours.json"
    python3 - "$tmp/anchor.out" "$tmp/ours.json" <<'EOF'
import json, sys
anchor = [l.split() for l in open(sys.argv[1])]
ours = [json.loads(l) for l in open(sys.argv[2])]
assert len(anchor) == len(ours), "instance counts differ"
a = o = 0.0
for x, y in zip(anchor, ours):
    if int(x[5]) != y["generated"] or int(x[1]) != y["moves"]:
        sys.exit(f"{y['name']}: anchor {x[1]} moves {x[5]} generated, ours {y['moves']} moves {y['generated']} generated")
    a += float(x[7]); o += y["seconds"]
gen = sum(y["generated"] for y in ours)
print(f"nodes {gen}  anchor {a:.3f} s  ours {o:.3f} s  ratio {o / a:.3f}")
EOF
done
