#!/usr/bin/env python3
"""Writes corpus/klotski/ladder.txt: a ladder of Klotski puzzles of rising difficulty, the
states of the classic's cluster that lie 10, 20, ... moves from their nearest goal.

    python3 scripts/klotski-ladder.py > corpus/klotski/ladder.txt

It walks the classic's cluster with the teacher's BFS (examples/python/bfs.py), then measures
every state's distance to the goal with a breadth-first search from all the goal states at
once: a move undone is a move, so the distance from a goal is the distance to it. Of the states
at each rung's distance it takes the least in the order of their grids, so the ladder is the
same on every machine. Each puzzle's optima in the three measures and its cluster are checked by
the tests against an independent BFS (tests/test_klotski.c).
"""
import os
import sys
from collections import deque

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples", "python"))
import bfs  # noqa: E402

CLASSIC = "solve 0 4x5 BAACBAACDEEFDGHFI..J A 1,3 family=klotski".split()
RUNGS = range(10, 90, 10)


def grid(puzzle, state):
    """The native rows, pieces lettered afresh in reading order of their first cells, the
    primary A."""
    cells = {}
    for p, anchor in zip(puzzle.letters, state):
        for cell in puzzle.cells(p, anchor):
            cells[cell] = p
    order = sorted(zip(puzzle.letters, state), key=lambda pa: (pa[0] != puzzle.primary, pa[1]))
    letter = {p: "ABCDEFGHIJKLMNOPQRSTUVWZ"[k] for k, (p, _) in enumerate(order)}
    return ["".join(letter.get(cells.get((r, c)), ".") for c in range(puzzle.width))
            for r in range(puzzle.height)]


def main():
    _, puzzle = bfs.read_request(CLASSIC)
    # The cluster: every state one or more moves from the start, by key.
    state_of = {puzzle.key(puzzle.start): puzzle.start}
    queue = deque([puzzle.start])
    while queue:
        for child, _ in puzzle.moves(queue.popleft()):
            if puzzle.key(child) not in state_of:
                state_of[puzzle.key(child)] = child
                queue.append(child)
    # Distances from the nearest goal.
    distance = {k: 0 for k, s in state_of.items() if puzzle.is_goal(s)}
    queue = deque(distance)
    while queue:
        key = queue.popleft()
        for child, _ in puzzle.moves(state_of[key]):
            if puzzle.key(child) not in distance:
                distance[puzzle.key(child)] = distance[key] + 1
                queue.append(puzzle.key(child))
    print("# A ladder of generated Klotski puzzles (scripts/klotski-ladder.py): states of the classic's")
    print("# cluster at 10, 20, ... moves from the goal, the least grid of each distance. The 2x2")
    print("# piece A leaves through the opening under columns 1-2.")
    for rung in RUNGS:
        rows = min(grid(puzzle, state_of[k]) for k, d in distance.items() if d == rung)
        print(f"\nfamily: klotski\nname: klotski-ladder-{rung}\nmoves: {rung}\ncluster: {len(state_of)}")
        print("+----+")
        for row in rows:
            print(f"|{row}|")
        print("+-vv-+")


if __name__ == "__main__":
    main()
