#!/usr/bin/env python3
"""A breadth-first sliding-tile solver over the line protocol (docs/external.md), for the
tests: it declares families=tiles, reads `solve ID WxH TILES GOAL family=tiles ...`, and answers
with the fewest moves, `12D 7L ...` (a tile and the way it moves), or nosolution when the goal is
out of reach. With the argument `liar`, it adds a move and its undoing to every solution and
still claims the fewest moves, which the harness must catch."""
import sys
from collections import deque

liar = sys.argv[1:] == ["liar"]
print("ubp 1 name=tilesbfs guarantee=moves complete=yes families=tiles", flush=True)
WAYS = {(-1, 0): "D", (1, 0): "U", (0, -1): "R", (0, 1): "L"}   # the blank's step -> the tile's way


def solve(w, h, start, goal):
    seen = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            path = []
            while seen[s] is not None:
                s, token = seen[s]
                path.append(token)
            return path[::-1]
        b = s.index(0)
        r, c = divmod(b, w)
        for (dr, dc), way in WAYS.items():
            rr, cc = r + dr, c + dc
            if 0 <= rr < h and 0 <= cc < w:
                n = rr * w + cc
                t = list(s)
                t[b], t[n] = t[n], 0
                t = tuple(t)
                if t not in seen:
                    seen[t] = (s, "%d%s" % (s[n], way))
                    queue.append(t)
    return None


for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "solve":
        continue
    rid, (w, h) = words[1], map(int, words[2].split("x"))
    start = tuple(int(x) for x in words[3].split(","))
    goal = tuple(int(x) for x in words[4].split(","))
    path = solve(w, h, start, goal)
    if path is None:
        print("nosolution", rid, flush=True)
        continue
    if liar and path:   # the first tile moved back and forth once more
        tile, way = path[0][:-1], path[0][-1]
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}[way]
        path = [path[0], tile + back] + path
    print("solution", rid, *path, flush=True)
