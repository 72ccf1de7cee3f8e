#!/usr/bin/env python3
"""random-tiles.py -- random sliding-tile layouts of one board, in the tiles' list form.

    scripts/random-tiles.py WIDTH HEIGHT COUNT SEED [--all] > FILE

Draws COUNT layouts of a WIDTH x HEIGHT board uniformly at random (Python's generator seeded
with SEED, so the same arguments give the same file), each a name and the tiles on each cell
in reading order, 0 the blank (docs/formats.md, "Sliding tiles"). By default only layouts of
the goal's parity (Korf's goal: the blank top-left), which can be solved, are kept; with --all,
every draw, half of them unsolvable. No answers are written: the reference finds them. The set
bin/bench is timed on where a whole board's puzzles share one cluster (docs/performance.md).
"""
import random
import sys


def solvable(cells, width):
    """Parity against Korf's goal: the inversions of the tiles, plus, on an even width, the
    blank's row counted from the top."""
    tiles = [t for t in cells if t]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles))
                     if tiles[i] > tiles[j])
    if width % 2:
        return inversions % 2 == 0
    return (inversions + cells.index(0) // width) % 2 == 0


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 4 or any(a not in ("--all",) for a in argv[1:] if a.startswith("--")):
        sys.exit(__doc__.strip().splitlines()[2].strip())
    width, height, count, seed = (int(a) for a in args)
    rng = random.Random(seed)
    keep_all = "--all" in argv
    print("family: tiles")
    print(f"size: {width}x{height}")
    n = 0
    while n < count:
        cells = list(range(width * height))
        rng.shuffle(cells)
        if not keep_all and not solvable(cells, width):
            continue
        n += 1
        print(f"random{n} " + " ".join(str(t) for t in cells))


if __name__ == "__main__":
    main(sys.argv)
