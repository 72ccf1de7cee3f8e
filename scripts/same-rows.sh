#!/bin/sh
# same-rows.sh -- whether two builds give the same answers on Rush Hour and Klotski: every
# built-in solver, at its defaults, on the seeds, the Rush Hour ladder, and the Klotski classic
# and ladder, compared row by row on what a solver decides (status, moves, steps, the solution,
# states expanded), none of what depends on time or memory. The check that adding a family, or
# changing what families share, leaves the others' rows as they were.
#
#   scripts/same-rows.sh OLD_BIN NEW_BIN
#
# OLD_BIN and NEW_BIN are folders holding a build's programs (bin/ of two worktrees). Prints
# one line per file, "same" or the first row that differs, and exits 1 when any differs.
set -eu
old=${1:?usage: same-rows.sh OLD_BIN NEW_BIN}
new=${2:?usage: same-rows.sh OLD_BIN NEW_BIN}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
solvers=bfs,bfs1,dfs,iddfs,zone13,iddfs-zone,bibfs,astar,idastar
status=0
for input in corpus/seeds/seeds.txt corpus/ladder.txt corpus/klotski/classic.txt corpus/klotski/ladder.txt; do
    for side in old new; do
        eval bin=\$$side
        "$bin/solve" --json --solver "$solvers" --max-seconds 0 "$input" 2> /dev/null |
            python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    print(r["name"], r["solver"], r["status"], r["moves"], r["steps"], " ".join(r["solution"] or []), r["expanded"])
' > "$work/$side.txt" || true
    done
    if cmp -s "$work/old.txt" "$work/new.txt" && [ -s "$work/old.txt" ]; then
        echo "$input: same ($(wc -l < "$work/new.txt") rows)"
    else
        echo "$input: differs: $(diff "$work/old.txt" "$work/new.txt" | head -3 | tr '\n' ' ')"
        status=1
    fi
done
exit $status
