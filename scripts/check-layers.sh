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
# The families are read from the one registry (common/families.h): its lines name their
# folders, and each folder's entry (<folder>/<folder>_family.h) its constant, FAMILY(ID, ...).
#
# A family's folder (rush, klotski, tiles) holds parts of several layers, each file of the layer
# of the part it is, told by its name:
#   scan_* fmt_*                                  its readers                  1
#   zone.* *_cluster.*                            its search machinery (Rush
#                                                 Hour's zone model, clusters) 1
#   *_bounds.* *_pdb.* blockers.* mustmove.* pdb.*
#   bfs_engine.* rush_bfs.* zone13.* iddfs_zone.* its bounds and solvers       2
#   *_space.* space_*                             its space explorer           3
#   anything else                                 its board, key, moves,
#                                                 notation and view            0
#
# A family stands on the core alone: no file of a family's folder includes another family's.
#
# And it holds the families to their promise (docs/architecture.md, "Families"): no file of the
# generic layers -- the strategies (the files directly in solvers/), the choice of bounds
# (solvers/bounds/), the search machinery
# (search/), the command line (cli/), the pictures of boards (picture/) and of the search
# (graph/), the harness (bench/) and the programs (programs/) -- may
#   - name a family's constant (FAMILY_RUSH, FAMILY_KLOTSKI, FAMILY_TILES; FAMILY_BIT(...), the
#     declaration of the families a solver takes, is allowed),
#   - include a family's own header (a path naming rush, klotski or tiles),
#   - call a family's own functions (rush_*, klotski_*, tiles_*, and Rush Hour's board_* and
#     moves_*).
# A family's fast space reaches the solvers' loops through the registry's compile-time half
# (common/fast_space.h), never by its own names.
#
# Usage: scripts/check-layers.sh [ROOT]   (default: the repository holding this script)
# Prints one line per violation, FILE:LINE: what is wrong, and exits 1 if there is any.
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root"
families=$(sed -n 's|^#include "\([a-z0-9_]*\)/.*|\1|p' common/families.h)
[ -n "$families" ] || { echo "common/families.h: no family" >&2; exit 1; }
names=$(echo $families | tr ' ' '|')
ids=$(for f in $families; do sed -n 's/^FAMILY(\([A-Z0-9_]*\),.*/\1/p' "$f/${f}_family.h"; done |
      paste -sd'|')
files=$(find common scan picture search solvers external cli graph bench space programs \
        $families \
        \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) -print | sort)
status=0
generic=$(ls solvers/*.c solvers/*.h solvers/bounds/* search/* cli/* picture/* graph/* bench/*.c bench/*.h bench/*.cc \
    programs/* 2> /dev/null || true)
# shellcheck disable=SC2086
[ -z "$generic" ] || awk -v names="$names" -v ids="$ids" '
function found(what, why) {
    printf "%s:%d: %s: %s (docs/architecture.md, \"Families\")\n", FILENAME, FNR, what, why
    bad = 1
}
{ line = $0; sub(/\/\/.*/, "", line) }
/^[ \t]*\/?\*/ { next }
/^[ \t]*#[ \t]*include[ \t]*"/ {
    t = line; sub(/^[^"]*"/, "", t); sub(/".*$/, "", t)
    if (t ~ ("(" names ")"))
        found("#include " t, "includes a family'"'"'s own header")
    next
}
{
    l = line
    gsub(/FAMILY_BIT\([A-Z_]+\)/, "", l)
    while (match(l, "FAMILY_(" ids ")")) {
        found(substr(l, RSTART, RLENGTH), "names a family")
        l = substr(l, RSTART + RLENGTH)
    }
    l = line
    # Rush Hour also names its functions by its board and its moves (rush/board.h, moves.h).
    while (match(l, "(^|[^A-Za-z0-9_.>])(" names "|board|moves)_[a-z0-9_]+[ \t]*\\(")) {
        name = substr(l, RSTART, RLENGTH); sub(/^[^a-z]*/, "", name); sub(/[ \t]*\($/, "", name)
        found(name "()", "calls a family'"'"'s own function")
        l = substr(l, RSTART + RLENGTH)
    }
}
END { exit bad }' $generic || status=1
# shellcheck disable=SC2086
awk -v names="$names" '
function layer(path,    dir, base) {
    dir = path; sub(/\/.*$/, "", dir)
    base = path; sub(/^.*\//, "", base)
    if (dir ~ ("^(" names ")$")) {
        if (base ~ /^(scan_|fmt_|zone\.)/ || base ~ /_cluster\./) return 1
        if (base ~ /(_bounds|_pdb)\.|^(blockers|mustmove|pdb|bfs_engine|rush_bfs|zone13|iddfs_zone)\./) return 2
        if (base ~ /_space\.|^space_/) return 3
        return 0
    }
    if (dir == "common" || dir == "generated") return 0
    if (dir == "scan" || dir == "picture" || dir == "search") return 1
    if (dir == "solvers" || dir == "external") return 2
    if (dir == "cli" || dir == "graph" || dir == "bench" || dir == "space") return 3
    if (dir == "programs") return 4
    return -1
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
    target = $0
    sub(/^[^"]*"/, "", target); sub(/".*$/, "", target)
    if (index(target, "/") == 0) {
        printf "%s:%d: #include \"%s\" is not qualified by its folder\n", FILENAME, FNR, target
        bad = 1; next
    }
    from = FILENAME; sub(/\/.*$/, "", from); to = target; sub(/\/.*$/, "", to)
    if (from != to && from ~ ("^(" names ")$") && to ~ ("^(" names ")$")) {
        printf "%s:%d: #include \"%s\": a family includes another family'"'"'s header\n", FILENAME, FNR, target
        bad = 1
    } else if (layer(target) < 0) {
        printf "%s:%d: #include \"%s\" names no layer\n", FILENAME, FNR, target
        bad = 1
    } else if (layer(target) > layer(FILENAME)) {
        printf "%s:%d: %s (layer %d) includes %s (layer %d), a higher layer\n", \
            FILENAME, FNR, FILENAME, layer(FILENAME), target, layer(target)
        bad = 1
    }
}
END { exit bad }
' $files || status=1
exit $status
