#!/bin/sh
# make-database.sh -- the database of the N x N space with up to K walls, regenerated from
# scratch, and its ladder (`make database N=5 K=1`). Run from the repository root.
#
# Writes corpus/generated/_full/NxN-wallsK.txt (the whole database; `_` keeps it out of the
# default corpus) with its statistics beside it (.json), and corpus/generated/NxN-wallsK-ladder.txt:
# the hardest LADDER puzzles (default 2) of every move count, in database order, which the
# default corpus does read.
set -eu
n=${1:?usage: make-database.sh N K [LADDER]} k=${2:?usage: make-database.sh N K [LADDER]}
per=${3:-2}
name="${n}x${n}-walls${k}"
if [ "$k" -eq 0 ]; then walls="without walls"; else walls="with at most $k walls"; fi
mkdir -p corpus/generated/_full
bin/enumerate --size "$n" --walls "$k" --out "corpus/generated/_full/$name.txt" \
    --stats "corpus/generated/_full/$name.json"
{
    echo "# The ${n}x${n} puzzles $walls: the hardest $per of every optimal move count"
    echo "# in the database bin/enumerate regenerated from scratch (scripts/make-database.sh $n $k)."
    echo "# One puzzle a line: MOVES BOARD CLUSTER_SIZE; the whole database: _full/$name.txt."
    grep -v '^#' "corpus/generated/_full/$name.txt" | awk -v per="$per" '{ if (++seen[$1] <= per) print }'
} > "corpus/generated/$name-ladder.txt"
