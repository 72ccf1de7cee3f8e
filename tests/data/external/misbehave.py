#!/usr/bin/env python3
"""A solver that misbehaves in one way, for tests/test_external.c: misbehave.py MODE [ARG].

Each mode is one thing a solver brought to the harness may do wrong; where it gives an answer,
that answer starts from the right one, which the teacher's BFS (examples/python/bfs.py) finds.
Run from the repository's root.
"""
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, "examples/python")
import bfs  # noqa: E402

MODE = sys.argv[1]
# A tag the tests look for in ps: digits, so that "sleep 1000.MARK" is a time sleep takes (a
# mode that writes takes a folder here instead).
MARK = sys.argv[2] if len(sys.argv) > 2 else "0"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


claims = {
    "false-nosolution": "ubp 1 name=liar guarantee=moves complete=yes",
    "longer": "ubp 1 name=liar guarantee=moves complete=yes",
    "steps-liar": "ubp 1 name=liar guarantee=steps complete=yes families=klotski",
}.get(MODE, "ubp 1 name=" + MODE)
if MODE == "no-hello":
    say("hello, harness")
else:
    say("# a comment before the first line is allowed")
    say(claims)

for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "solve":
        continue
    rid = words[1]
    if MODE == "rush-only" and "family=klotski" in words:   # it states no families: never asked
        sys.exit(9)
    moves = bfs.solve(bfs.read_request(words)[1])
    if moves is None:   # no puzzle of the tests, but the answer stays the truth
        say(f"nosolution {rid}")
        continue
    right = " ".join(moves)
    if MODE == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif MODE == "exit":
        sys.stderr.write("traceback: something went wrong\n")
        sys.stderr.flush()
        sys.exit(3)
    elif MODE == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)
    elif MODE == "child":
        # a child in the group, and a grandchild that leaves the group (setsid): both must end
        subprocess.Popen(["sleep", "1000." + MARK])
        subprocess.Popen(["setsid", "sleep", "1001." + MARK])
        say(f"solution {rid} {right}")
    elif MODE == "memory":
        hog = []
        while True:
            hog.append(bytearray(8 << 20))
            time.sleep(0.001)
    elif MODE == "hog":   # 1 GiB as fast as it can, every page written
        hog = b"x" * (1 << 30)
        say(f"solution {rid} {right}")
    elif MODE == "write":   # a file at ARG (a folder granted with --sandbox-write), then the answer
        with open(os.path.join(MARK, "written"), "w") as f:
            f.write("by the solver\n")
        say(f"solution {rid} {right}")
    elif MODE == "tmp-hog":   # 1 GiB into a file of its /tmp, a tmpfs charged to its cgroup
        with open("/tmp/hog", "wb") as f:
            for _ in range(1024):
                f.write(b"x" * (1 << 20))
        say(f"solution {rid} {right}")
    elif MODE == "tree":   # 100 MiB in a child, 60 MiB in the solver, at once
        child = subprocess.Popen([sys.executable, "-c",
                                  "import time; b = b'y' * (100 << 20); time.sleep(0.3)"])
        mine = b"x" * (60 << 20)
        child.wait()
        say(f"solution {rid} {right}")
    elif MODE == "malformed":
        say(f"solution{rid}: B+1, A+2")
    elif MODE == "other-id":
        say(f"stat {rid} expanded=3")
        say(f"solution {int(rid) + 1000} B+1 A+2")
    elif MODE == "flood":
        chunk = "x" * 65535 + "\n"
        for _ in range(512):   # 32 MiB
            sys.stderr.write(chunk)
        sys.stderr.write("the last line of the flood\n")
        sys.stderr.flush()
        say(f"stat {rid} expanded=7 generated=9 nodes_per_second=1000 peak_frontier=4")
        say(f"solution {rid} {right}")
    elif MODE == "illegal":   # the first move, slid 7 cells: off any board
        say(f"solution {rid} {moves[0][0]}+7 {right}")
    elif MODE == "false-nosolution":
        say(f"nosolution {rid}")
    elif MODE == "longer":   # the first move, undone, then the solution: legal, two too long
        first = moves[0]
        undo = first[0] + ("-" if first[1] == "+" else "+") + first[2:]
        say(f"solution {rid} {first} {undo} {right}")
    elif MODE == "give-up":
        say(f"unknown {rid} too hard for me")
    elif MODE == "long-line":
        sys.stdout.write("#" + "y" * (2 << 20) + "\n")
        sys.stdout.flush()
    elif MODE == "slow":
        time.sleep(float(MARK))
        say(f"solution {rid} {right}")
    elif MODE in ("fine", "rush-only", "steps-liar"):   # steps-liar: fewest moves, not steps
        say(f"solution {rid} {right}")
