#!/bin/sh
# teaching-figures.sh -- the pictures of docs/teaching.md ("Showing search to a class"), from
# the shipped corpus, into DIR (default results/teaching):
#   easy.png    a 4-move puzzle of 242 states: the state graph and four strategies' walks
#   medium.png  a 7-move puzzle of 696 states: the same
#   hard.png    an 18-move puzzle of 2,266 states: the same
#   *-frontier.png   the states each strategy expanded at each depth
#   space.png   the largest cluster of the database sample (147,355 states), condensed
#   klotski.png the Klotski classic's 25,955 states, node by node (sfdp: about two minutes)
# with each picture's DOT source and each walk alone beside it. With DOCS=docs/teaching, also
# the copies docs/teaching.md and the README show: medium.png and space.png, 1600 pixels wide
# in 256 colours, and klotski.png, 1400 wide in 64 (ImageMagick). Run from the repository's root after make; needs Graphviz and gnuplot.
set -e
dir=${1:-results/teaching}
mkdir -p "$dir"
walks=bfs,dfs,astar,bibfs
# The puzzles by their place in corpus/ladder.txt (bin/render --puzzle N).
bin/render --graph --solver $walks --puzzle 6 -o "$dir/easy.png" corpus/ladder.txt
bin/render --graph --solver $walks --puzzle 12 -o "$dir/medium.png" corpus/ladder.txt
bin/render --graph --solver $walks --puzzle 33 -o "$dir/hard.png" corpus/ladder.txt
line=$(grep -n '^27 HBBKooHooKCCoIAALMoIDDLMEEJooNxoJGGN 147355' corpus/_database/fogleman-sample.txt | cut -d: -f1)
puzzle=$(head -n "$line" corpus/_database/fogleman-sample.txt | grep -vc '^#')
bin/render --graph --puzzle "$puzzle" -o "$dir/space.png" corpus/_database/fogleman-sample.txt
bin/render --graph --graph-full 30000 -o "$dir/klotski.png" corpus/klotski/classic.txt
if [ -n "${DOCS:-}" ]; then
    mkdir -p "$DOCS"
    for f in medium space; do convert "$dir/$f.png" -resize '1600x>' -strip -colors 256 "$DOCS/$f.png"; done
    convert "$dir/klotski.png" -resize '1400x>' -strip -colors 64 "$DOCS/klotski.png"
fi
ls "$dir"
