#!/usr/bin/env python3
"""A breadth-first search that solves sliding-block puzzles, as an external solver of
unblock-bench: it reads requests on standard input and answers on standard output, in the
line protocol of docs/external.md. It takes both families the harness knows:

- Rush Hour: cars and trucks slide along their own line; a move slides one piece any number
  of free cells, written B+2 (right or down) or A-1 (left or up).
- Klotski: pieces of any shape step up, down, left or right into free cells; a move takes one
  piece along any path of free cells, written as its letter and its steps: BLL, CUR.

    bin/bench --external pybfs='python3 examples/python/bfs.py' --solver bfs,pybfs corpus/seeds/

The search is the textbook one. A state is where every piece stands; from each state we make
every move of every piece; a queue visits states in the order of their distance from the start,
so the first goal we reach is reached in the fewest moves. That is why this solver may say
guarantee=moves (fewest moves) and complete=yes (when the queue runs dry, no state it could
reach was a goal).
"""
import sys
from collections import deque

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Puzzle:
    """A board read from a request: its pieces, each a letter and the cells it covers at the
    start (reading order), its walls, its primary piece, and where that piece must go: an exit
    side (Rush Hour) or the column and row of its top-left cell (Klotski)."""

    def __init__(self, family, width, height, pieces, walls, primary, goal):
        self.family, self.width, self.height = family, width, height
        self.walls, self.primary, self.goal = walls, primary, goal
        self.letters = sorted(pieces)
        # A piece is its first cell (its anchor) and its shape: its cells relative to the anchor.
        self.shape = {}
        for p in self.letters:
            (row0, column0) = pieces[p][0]
            self.shape[p] = [(row - row0, column - column0) for row, column in pieces[p]]
        self.start = tuple(pieces[p][0] for p in self.letters)

    def cells(self, p, anchor):
        return [(anchor[0] + dr, anchor[1] + dc) for dr, dc in self.shape[p]]

    def inside(self, cell):
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def occupied(self, state):
        taken = set(self.walls)
        for p, anchor in zip(self.letters, state):
            taken.update(self.cells(p, anchor))
        return taken

    def is_goal(self, state):
        p = self.primary
        row, column = state[self.letters.index(p)]
        if self.family == "klotski":   # its top-left cell on the target
            left = min(dc for _, dc in self.shape[p])
            return (column + left, row) == self.goal
        last_row, last_column = self.cells(p, (row, column))[-1]
        return {"right": last_column == self.width - 1, "left": column == 0,
                "down": last_row == self.height - 1, "up": row == 0}[self.goal]

    def key(self, state):
        """What identifies a state. In Klotski two pieces of one shape are alike (swapping them
        gives the same position), so the key forgets which letter stands where, but for the
        primary's."""
        if self.family != "klotski":
            return state
        others = sorted((tuple(self.shape[p]), anchor)
                        for p, anchor in zip(self.letters, state) if p != self.primary)
        return state[self.letters.index(self.primary)], tuple(others)

    def moves(self, state):
        """Every (next state, move) one move away."""
        taken = self.occupied(state)
        piece_moves = self.klotski_moves if self.family == "klotski" else self.rush_moves
        for i, p in enumerate(self.letters):
            mine = set(self.cells(p, state[i]))

            def free(cell, mine=mine):   # a cell the piece may enter: on the board, not taken by another
                return self.inside(cell) and (cell not in taken or cell in mine)

            for anchor, written in piece_moves(p, state[i], free):
                yield state[:i] + (anchor,) + state[i + 1:], written

    def rush_moves(self, p, anchor, free):
        """A car or truck slides along its line, any number of free cells."""
        cells = self.shape[p]
        dr, dc = (0, 1) if all(r == 0 for r, _ in cells) else (1, 0)
        for sign in (+1, -1):
            distance = 1
            while all(free((r + sign * distance * dr, c + sign * distance * dc))
                      for r, c in self.cells(p, anchor)):
                yield ((anchor[0] + sign * distance * dr, anchor[1] + sign * distance * dc),
                       f"{p}{'+' if sign > 0 else '-'}{distance}")
                distance += 1

    def klotski_moves(self, p, anchor, free):
        """One piece goes anywhere its one-cell steps reach: a breadth-first walk of that piece
        alone, each place it reaches (but where it stood) being one move."""
        path = {anchor: ""}
        queue = deque([anchor])
        while queue:
            at = queue.popleft()
            for letter, (dr, dc) in STEPS.items():
                there = (at[0] + dr, at[1] + dc)
                if there not in path and all(free(cell) for cell in self.cells(p, there)):
                    path[there] = path[at] + letter
                    queue.append(there)
                    yield there, p + path[there]


def read_request(words):
    """solve ID WxH CELLS PRIMARY GOAL [family=klotski] [options] -> (id, Puzzle). GOAL is an
    exit side (right, left, up, down) or, for Klotski, X,Y."""
    request_id = words[1]
    width, height = (int(n) for n in words[2].split("x"))
    cells, primary, goal = words[3], words[4], words[5]
    options = dict(word.split("=", 1) for word in words[6:] if "=" in word)
    family = options.get("family", "rush")
    pieces = {}          # letter -> list of (row, column) it covers, in reading order
    walls = set()
    for index, c in enumerate(cells):
        row, column = divmod(index, width)
        if c == "x":
            walls.add((row, column))
        elif c != ".":
            pieces.setdefault(c, []).append((row, column))
    if family == "klotski":
        goal = tuple(int(n) for n in goal.split(","))
    return request_id, Puzzle(family, width, height, pieces, walls, primary, goal)


def solve(puzzle, counts=None):
    """The moves of a shortest solution, as ["B+1", "A-2", ...] or ["AD", "BLL", ...], or None
    when there is none. counts, a dict, receives how many states were expanded, successors
    generated, and successors already seen (duplicates)."""
    counts = {} if counts is None else counts
    counts.update(expanded=0, generated=0, duplicates=0)
    if puzzle.is_goal(puzzle.start):
        return []
    parent = {puzzle.key(puzzle.start): None}
    queue = deque([puzzle.start])
    while queue:
        state = queue.popleft()
        counts["expanded"] += 1
        for child, move in puzzle.moves(state):
            counts["generated"] += 1
            key = puzzle.key(child)
            if key in parent:
                counts["duplicates"] += 1
                continue
            parent[key] = (state, move)
            if puzzle.is_goal(child):
                moves = []
                while parent[key] is not None:
                    state, move = parent[key]
                    moves.append(move)
                    key = puzzle.key(state)
                return moves[::-1]
            queue.append(child)
    return None


def main():
    print("ubp 1 name=pybfs guarantee=moves complete=yes families=rush,klotski", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0].startswith("#") or words[0] != "solve":
            continue
        request_id, puzzle = read_request(words)
        counts = {}
        moves = solve(puzzle, counts)
        print(f"stat {request_id} " + " ".join(f"{k}={v}" for k, v in counts.items()), flush=True)
        if moves is None:
            print(f"nosolution {request_id}", flush=True)
        else:
            print(" ".join(["solution", request_id] + moves), flush=True)


if __name__ == "__main__":
    main()
