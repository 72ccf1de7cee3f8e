#!/bin/sh
# make-ladder.sh -- writes corpus/ladder.txt: the first two puzzles of each optimal move count in
# corpus/_database/fogleman-sample.txt, in that file's order. Run from the repository root.
set -e
{
    echo "# The difficulty ladder: the first two puzzles of each optimal move count (1 to 58) in"
    echo "# _database/fogleman-sample.txt, in that file's order (scripts/make-ladder.sh writes it)."
    echo "# One puzzle a line: MOVES BOARD CLUSTER_SIZE (see _database/fogleman-sample.txt)."
    grep -v '^#' corpus/_database/fogleman-sample.txt | awk '{ n[$1]++; if (n[$1] <= 2) print }'
} > corpus/ladder.txt
