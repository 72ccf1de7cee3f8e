#!/bin/sh
# sample-in-database.sh DB -- checks that every wall-less line of the database sample
# (corpus/_database/fogleman-sample.txt) stands, identical (moves, board, cluster size), in DB, a
# 6x6 database from `make database N=6 K=0`. Prints the counts; exit 1 if any is missing.
set -eu
db=${1:?usage: scripts/sample-in-database.sh DB}
grep -v '^#' corpus/_database/fogleman-sample.txt | awk '$2 !~ /x/ { printf "%d %s %s\n", $1, $2, $3 }' |
    sort > "${TMPDIR:-/tmp}/sample-nowalls.$$"
grep -v '^#' "$db" | sort > "${TMPDIR:-/tmp}/db.$$"
total=$(wc -l < "${TMPDIR:-/tmp}/sample-nowalls.$$")
missing=$(comm -23 "${TMPDIR:-/tmp}/sample-nowalls.$$" "${TMPDIR:-/tmp}/db.$$" | wc -l)
comm -23 "${TMPDIR:-/tmp}/sample-nowalls.$$" "${TMPDIR:-/tmp}/db.$$" | head -5
rm -f "${TMPDIR:-/tmp}/sample-nowalls.$$" "${TMPDIR:-/tmp}/db.$$"
echo "$((total - missing)) of $total wall-less sample lines found in $db"
[ "$missing" -eq 0 ]
