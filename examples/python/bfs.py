#!/usr/bin/env python3
"""A breadth-first search that solves sliding-block puzzles, as an external solver of
unblock-bench: it reads requests on standard input and answers on standard output, in the
line protocol of docs/external.md.

    bin/bench --external pybfs='python3 examples/python/bfs.py' --solver bfs,pybfs corpus/seeds/

The search is the textbook one. States are the positions of the pieces; from each state we try
every piece in every direction and every distance it can slide; a queue visits states in the
order of their distance from the start, so the first goal we reach is reached in the fewest
moves. That is why this solver may say guarantee=moves (fewest moves) and complete=yes (when
the queue runs dry, no state it could reach was a goal).
"""
import sys
from collections import deque


def read_puzzle(words):
    """solve ID WxH CELLS PRIMARY EXIT [options] -> (id, width, height, pieces, walls, primary, exit)."""
    request_id = words[1]
    width, height = (int(n) for n in words[2].split("x"))
    cells, primary, exit_side = words[3], words[4], words[5]
    pieces = {}          # letter -> list of (row, column) it covers, in reading order
    walls = set()
    for index, c in enumerate(cells):
        row, column = divmod(index, width)
        if c == "x":
            walls.add((row, column))
        elif c != ".":
            pieces.setdefault(c, []).append((row, column))
    return request_id, width, height, pieces, walls, primary, exit_side


def solve(width, height, pieces, walls, primary, exit_side, counts=None):
    """The moves of a shortest solution, as ["B+1", "A-2", ...], or None when there is none.
    counts, a dict, receives how many states were expanded, successors generated, and
    successors already seen (duplicates)."""
    counts = {} if counts is None else counts
    counts.update(expanded=0, generated=0, duplicates=0)
    letters = sorted(pieces)
    horizontal = {p: pieces[p][0][0] == pieces[p][-1][0] for p in letters}
    length = {p: len(pieces[p]) for p in letters}
    # A state is the first cell of every piece: (row, column) pairs, in the order of letters.
    start = tuple(pieces[p][0] for p in letters)

    def occupied(state):
        taken = set(walls)
        for p, (row, column) in zip(letters, state):
            for k in range(length[p]):
                taken.add((row, column + k) if horizontal[p] else (row + k, column))
        return taken

    def is_goal(state):
        row, column = state[letters.index(primary)]
        size = length[primary]
        if exit_side == "right":
            return column + size == width
        if exit_side == "left":
            return column == 0
        if exit_side == "down":
            return row + size == height
        return row == 0   # up

    if is_goal(start):
        return []
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        counts["expanded"] += 1
        taken = occupied(state)
        for i, p in enumerate(letters):
            row, column = state[i]
            for sign in (+1, -1):
                for distance in range(1, max(width, height)):
                    if horizontal[p]:
                        new = (row, column + sign * distance)
                        entering = (row, column + (length[p] - 1 if sign > 0 else 0) + sign * distance)
                    else:
                        new = (row + sign * distance, column)
                        entering = (row + (length[p] - 1 if sign > 0 else 0) + sign * distance, column)
                    r, c = entering
                    if not (0 <= r < height and 0 <= c < width) or entering in taken:
                        break   # blocked: no longer slides in this direction
                    child = state[:i] + (new,) + state[i + 1:]
                    counts["generated"] += 1
                    if child in parent:
                        counts["duplicates"] += 1
                        continue
                    parent[child] = (state, f"{p}{'+' if sign > 0 else '-'}{distance}")
                    if is_goal(child):
                        moves = []
                        while parent[child] is not None:
                            child, move = parent[child]
                            moves.append(move)
                        return moves[::-1]
                    queue.append(child)
    return None


def main():
    print("ubp 1 name=pybfs guarantee=moves complete=yes", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0].startswith("#") or words[0] != "solve":
            continue
        request_id, width, height, pieces, walls, primary, exit_side = read_puzzle(words)
        counts = {}
        moves = solve(width, height, pieces, walls, primary, exit_side, counts)
        print(f"stat {request_id} " + " ".join(f"{k}={v}" for k, v in counts.items()), flush=True)
        if moves is None:
            print(f"nosolution {request_id}", flush=True)
        else:
            print(" ".join(["solution", request_id] + moves), flush=True)


if __name__ == "__main__":
    main()
