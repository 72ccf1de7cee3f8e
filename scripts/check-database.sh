#!/bin/sh
# check-database.sh FILE... -- every puzzle of database files (lines `MOVES BOARD CLUSTER_SIZE`)
# solved by the reference BFS in cluster mode, without budgets, and its optimal move count and
# cluster size checked against the line's. Prints one line per file (puzzles checked, how many
# differ) and every line that differs; exits 1 if any differs. Run from the project's root
# after `make` (`make test-database` runs it on corpus/_database/).
set -e
[ -x bin/solve ] ||
    { echo "check-database.sh: run from the project's root after make" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: check-database.sh FILE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for file in "$@"; do
    grep -vE '^(#|[[:space:]]*$)' "$file" > "$tmp/want"
    bin/solve --cluster --json --max-seconds 0 --max-states 0 --max-bytes 0 "$file" |
        sed 's/.*"db":"\([^"]*\)".*"moves":\([0-9-]*\),.*"cluster_states":\([0-9]*\).*/\2 \1 \3/' \
        > "$tmp/got"
    if ! awk -v file="$file" '
        NR == FNR { moves[FNR] = $1 + 0; board[FNR] = $2; size[FNR] = $3 + 0; n = FNR; next }
        {
            got = FNR
            if ($1 + 0 != moves[FNR] || $2 != board[FNR] || $3 + 0 != size[FNR]) {
                bad++
                printf "%s: puzzle %d (%s): database %d moves, %d states; " \
                       "bfs %s moves, %s states\n",
                       file, FNR, board[FNR], moves[FNR], size[FNR], $1, $3
            }
        }
        END {
            if (got != n) { printf "%s: %d puzzles in the file, %d answers\n", file, n, got; bad++ }
            printf "%s: %d puzzles, %d differ\n", file, n, bad
            exit bad > 0
        }' "$tmp/want" "$tmp/got"; then
        status=1
    fi
done
exit $status
