#!/usr/bin/env python3
"""make-random-puzzles.py -- random N x N puzzles as database lines, their answers from bin/solve.

    scripts/make-random-puzzles.py SIZE COUNT SEED [--min-moves M] > FILE

Draws boards at random (Python's generator seeded with SEED, so the same arguments give the
same file): the primary car in row 2, then cars and trucks at random places until the board
holds between SIZE + 4 and 2 * SIZE + 2 pieces, no horizontal piece to the right of the primary
in its row (it could never leave). Each board goes through `bin/solve --cluster --json`, the
reference BFS, capped at 300,000 states a cluster; boards it solves within the cap in at least
M moves (default 8) are kept, with the optimum and the cluster size it found, until COUNT are
written. The answers are the reference BFS's own: a set to measure speed on board sizes the
databases do not cover (docs/performance.md), not an independent check of the BFS. Run from
the project's root after `make`.
"""
import json
import random
import subprocess
import sys


def random_board(n, rng):
    grid = [[None] * n for _ in range(n)]   # a piece number per cell; 0 is the primary
    col = rng.randrange(0, n - 3)
    grid[2][col] = grid[2][col + 1] = 0
    pieces = 1
    want = rng.randint(n + 4, 2 * n + 2)
    for _ in range(400):
        if pieces == want:
            break
        length = 3 if rng.random() < 0.3 else 2
        horizontal = rng.random() < 0.5
        r, c = rng.randrange(n), rng.randrange(n)
        cells = [(r, c + k) if horizontal else (r + k, c) for k in range(length)]
        if any(y >= n or x >= n or grid[y][x] is not None for y, x in cells):
            continue
        if horizontal and r == 2 and c > col:
            continue
        for y, x in cells:
            grid[y][x] = pieces
        pieces += 1
    # Letters in reading order of each piece's first cell, as the databases write them.
    letters = iter("BCDEFGHIJKLMNOPQRSTUVWXYZ")
    label = {0: "A"}
    out = []
    for row in grid:
        for p in row:
            if p is None:
                out.append("o")
                continue
            if p not in label:
                label[p] = next(letters)
            out.append(label[p])
    return "".join(out)


def main():
    args = sys.argv[1:]
    min_moves = 8
    if "--min-moves" in args:
        i = args.index("--min-moves")
        min_moves = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    n, count, seed = int(args[0]), int(args[1]), int(args[2])
    rng = random.Random(seed)
    kept = 0
    print(f"# {count} random {n}x{n} puzzles, seed {seed}, at least {min_moves} moves: "
          f"MOVES BOARD CLUSTER_SIZE, answers from the reference BFS "
          f"(scripts/make-random-puzzles.py {n} {count} {seed} --min-moves {min_moves})")
    while kept < count:
        boards = [random_board(n, rng) for _ in range(200)]
        run = subprocess.run(["bin/solve", "--cluster", "--json", "--max-states", "300K", "-"],
                             input="\n".join(boards) + "\n", capture_output=True, text=True)
        for line in run.stdout.splitlines():
            r = json.loads(line)
            if r["status"] != "solved" or r["moves"] < min_moves or kept == count:
                continue
            print(f"{r['moves']} {r['db']} {r['cluster_states']}")
            kept += 1


if __name__ == "__main__":
    main()
