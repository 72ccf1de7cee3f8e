#!/bin/sh
# check-layers.sh -- holds the source tree to its layers: a file may include only files of its
# own layer or of a lower one, always by a path from the repository's root ("search/solver.h").
#
# The layers, lowest first. This is the one place the order is written (docs/architecture.md
# explains it):
#   0  common                   the board core: boards, keys, moves, state sets, files
#   1  scan picture search      input (text and screenshots), pictures, the search machinery
#   2  solvers external         the strategies, their bounds, the registry, plugins; solvers
#                               that are other programs (the line protocol, their processes)
#   3  cli graph bench space    what uses solvers: the command-line helpers that measure a
#                               solve, the pictures of a cluster and of each solver's walk
#                               through it, the harness, the puzzle space
#   4  programs                 every main()
# Generated files (the build's "generated/...") are of layer 0. tests/ and examples/ may include
# anything.
#
# And it holds the families to their promise (docs/architecture.md, "Families"): no file of the
# strategies (solvers/ outside solvers/bounds/), the search machinery, the command line, the
# pictures of the search, the harness or the programs names a family other than Rush Hour,
# whose bitboards keep their own entry. A family lives in its board file, its reader, its
# bounds, its drawing, its protocol request and its space.
#
# Usage: scripts/check-layers.sh [ROOT]   (default: the repository holding this script)
# Prints one line per violation, FILE:LINE: what is wrong, and exits 1 if there is any.
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root"
files=$(find common scan picture search solvers external cli graph bench space programs \
        \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) -print | sort)
# shellcheck disable=SC2086
status=0
named=$(grep -n 'FAMILY_KLOTSKI\|FAMILY_TILES' solvers/*.c solvers/*.h search/* cli/* \
    graph/* bench/*.c bench/*.h programs/* 2> /dev/null || true)
if [ -n "$named" ]; then
    echo "$named" | sed 's/$/: names a family (docs\/architecture.md, "Families")/'
    status=1
fi
# shellcheck disable=SC2086
awk '
function layer(dir) {
    if (dir == "common" || dir == "generated") return 0
    if (dir == "scan" || dir == "picture" || dir == "search") return 1
    if (dir == "solvers" || dir == "external") return 2
    if (dir == "cli" || dir == "graph" || dir == "bench" || dir == "space") return 3
    if (dir == "programs") return 4
    return -1
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
    split(FILENAME, own, "/")
    target = $0
    sub(/^[^"]*"/, "", target); sub(/".*$/, "", target)
    if (index(target, "/") == 0) {
        printf "%s:%d: #include \"%s\" is not qualified by its folder\n", FILENAME, FNR, target
        bad = 1; next
    }
    split(target, to, "/")
    if (layer(to[1]) < 0) {
        printf "%s:%d: #include \"%s\" names no layer\n", FILENAME, FNR, target
        bad = 1
    } else if (layer(to[1]) > layer(own[1])) {
        printf "%s:%d: %s (layer %d) includes %s (layer %d), a higher layer\n", \
            FILENAME, FNR, own[1], layer(own[1]), target, layer(to[1])
        bad = 1
    }
}
END { exit bad }
' $files || status=1
exit $status
