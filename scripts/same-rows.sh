#!/bin/sh
# same-rows.sh -- whether two builds give the same rows: every built-in solver at its defaults
# on the inputs (the shipped corpus and the database sample unless named), each row compared on
# what a solver decides (status, moves, slides, steps, expanded, generated, the solution), none
# of what depends on time or memory, under budgets that give the same rows on every run: a
# state budget (STATES, default 1M) and no time budget. The check that a change of what
# families or solvers share leaves their answers as they were.
#
#   scripts/same-rows.sh OLD_BIN NEW_BIN [INPUT...]
#
# OLD_BIN and NEW_BIN are folders holding a build's programs (bin/ of two worktrees). WORK=DIR
# keeps the two result files there, and uses them instead of running again when they exist.
# ALLOW="tiles:astar/pdb tiles:idastar/pdb" lists FAMILY:SOLVER pairs whose rows may differ in
# their counts (a default changed on purpose): their status and moves must still agree. Prints
# a line per family and solver that differs, and a last line with the rows compared; exits 1
# when any row differs beyond what ALLOW lets through.
set -eu
old=${1:?usage: same-rows.sh OLD_BIN NEW_BIN [INPUT...]}
new=${2:?usage: same-rows.sh OLD_BIN NEW_BIN [INPUT...]}
shift 2
[ $# -gt 0 ] || set -- corpus/ corpus/_database/fogleman-sample.txt
if [ -n "${WORK:-}" ]; then work=$WORK; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
for side in old new; do
    [ -s "$work/$side.csv" ] && [ -n "${WORK:-}" ] && continue   # kept from an earlier call
    eval bin=\$$side
    "$bin/bench" --no-progress --solver all --max-states "${STATES:-1M}" --max-seconds 0 \
        --min-time 0 --csv "$work/$side.csv" "$@" > /dev/null 2>&1 || true
done
ALLOW=${ALLOW:-} python3 - "$work/old.csv" "$work/new.csv" <<'EOF'
import csv, os, sys
csv.field_size_limit(1 << 30)
fields = ["status", "moves", "slides", "steps", "expanded", "generated", "solution"]
def rows(path):
    with open(path) as f:
        return {(r["solver"], r["index"]): r for r in csv.DictReader(f)}
old, new = rows(sys.argv[1]), rows(sys.argv[2])
allow = set(os.environ["ALLOW"].split())
bad, counts_only, differ = 0, 0, {}
for key in sorted(set(old) | set(new)):
    a, b = old.get(key), new.get(key)
    if a is None or b is None:
        differ.setdefault(("?", key[0]), []).append(key[1])
        bad += 1
        continue
    if all(a[f] == b[f] for f in fields):
        continue
    pair = b["family"] + ":" + key[0]
    if pair in allow and a["status"] == b["status"] and a["moves"] == b["moves"]:
        counts_only += 1
        continue
    differ.setdefault((b["family"], key[0]), []).append(key[1])
    bad += 1
for (family, solver), which in sorted(differ.items()):
    print(f"{family} {solver}: {len(which)} rows differ (puzzles {', '.join(which[:5])})")
print(f"{len(new)} rows compared, {bad} differ, {counts_only} differ in counts only where allowed")
sys.exit(1 if bad or not new else 0)
EOF
