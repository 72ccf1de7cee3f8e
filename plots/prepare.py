#!/usr/bin/python3
"""prepare.py DIR -- the data of the figures of a bench result (DIR/results.csv and its meta in
DIR/results.json), read by column name, into DIR/plots/data/: the files plots/bench.gp plots and
vars.gp, the variables it needs (make-plots.sh runs both).

Every label keeps the colour, marker and dash that plots/styles.tsv gives it, so that a solver
looks the same in every figure of every run; a label it does not list is drawn grey.
"""
import csv
import json
import math
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
results = sys.argv[1]
data = os.path.join(results, "plots", "data")
os.makedirs(data, exist_ok=True)
csv.field_size_limit(sys.maxsize)   # a depth-first search's solution can be megabytes
with open(os.path.join(results, "results.csv"), newline="") as f:
    reader = csv.reader(f)
    header = next(reader)
    # Every column but the solutions and texts, which no figure reads: a row of a 160,000-row
    # file costs a small dict, not one of every column.
    kept = [k for k, name in enumerate(header) if name not in ("solution", "note", "stats")]
    rows = [{header[k]: line[k] for k in kept} for line in reader]


def read_meta(path):
    """The run's meta, the JSON file's last member: read from the file's end, so that a file of
    160,000 rows is not parsed whole for it."""
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        f.seek(max(0, f.tell() - (1 << 20)))
        tail = f.read().decode("utf-8", "replace")
    at = tail.rfind('"meta":')
    return json.JSONDecoder().raw_decode(tail[at + 7:].lstrip())[0]


try:
    meta = read_meta(os.path.join(results, "results.json"))
except (OSError, ValueError):
    meta = {}

labels = list(dict.fromkeys(r["solver"] for r in rows))
files = [s.replace("/", "-") for s in labels]
styles = {}
for line in open(os.path.join(here, "styles.tsv")):
    if line.strip() and not line.startswith("#"):
        label, colour, marker, dash = line.rstrip("\n").split("\t")
        styles[label] = (colour, marker, dash)
# A solver brought by the run (an external program or a plugin) has no line there: it gets a
# marker and a dash of its own kind (gnuplot's star and a dash-dot line for an external solver,
# its plus and dash-dot-dot for a plugin) and a colour of Paul Tol's muted palette, in the
# order it appears.
origin = {r["solver"]: r.get("origin", "builtin") for r in rows}
brought = ["#332288", "#117733", "#44AA99", "#88CCEE", "#AA4499", "#882255", "#999933"]
kinds = {"external": ("3", "4"), "plugin": ("1", "5")}
style, n_brought = [], 0
for s in labels:
    if s in styles:
        style.append(styles[s])
    elif origin[s] in kinds:
        marker, dash = kinds[origin[s]]
        style.append((brought[n_brought % len(brought)], marker, dash))
        n_brought += 1
    else:
        style.append(("#777777", "1", "1"))


def number(text):
    return float(text) if text not in ("", None) else None


def solved(r):
    return r["status"] == "solved"


def write(name, lines):
    with open(os.path.join(data, name), "w") as f:
        for line in lines:
            f.write("\t".join(str(v) for v in line) + "\n")


# rows-FILE.tsv: each solver's rows, the columns bench.gp reads by name, with their header
# (one file a solver, so that a plot over every solver reads each row once, not once a solver).
columns = ["solver", "status", "optimal_moves", "excess", "expanded", "peak_bytes", "seconds",
           "table_bytes", "cluster_size"]
by_solver = {}
for r in rows:
    by_solver.setdefault(r["solver"], []).append([r.get(c, "") for c in columns])
for label, file in zip(labels, files):
    write(f"rows-{file}.tsv", [columns] + by_solver[label])
has_peak = any((number(r["peak_bytes"]) or 0) > 0 for r in rows)
memory = "peak_bytes" if has_peak else "table_bytes"


def quartiles(values):
    v = sorted(values)
    n = len(v)
    return v[(n - 1) // 4], statistics.median(v), v[(3 * n - 1) // 4]


for label, file in zip(labels, files):
    mine = [r for r in rows if r["solver"] == label]
    # cactus: its solved runs, fastest first: rank, time, rank among the optimal ones.
    runs = sorted((number(r["seconds"]), r["excess"] == "0") for r in mine if solved(r))
    optimal, lines = 0, []
    for rank, (seconds, is_optimal) in enumerate(runs, 1):
        optimal += is_optimal
        lines.append((rank, seconds, optimal if is_optimal else ""))
    write(f"cactus-{file}.dat", lines)
    # For each optimal move count, the quartiles of time, states and memory over solved runs.
    for metric in ("seconds", "expanded", memory):
        by_moves = {}
        for r in mine:
            value = number(r[metric])
            if solved(r) and r["optimal_moves"] != "" and value and value > 0:
                by_moves.setdefault(int(r["optimal_moves"]), []).append(value)
        write(f"q-{metric}-{file}.dat", [(m,) + quartiles(v) for m, v in sorted(by_moves.items())])

# paired-FILE.dat: each label against bfs on the puzzles both solved: bfs's time and states,
# then its own.
bfs = {r["id"]: r for r in rows if r["solver"] == "bfs" and solved(r)}
has_paired = bool(bfs) and labels[0] == "bfs" and len(labels) > 1
for label, file in zip(labels[1:], files[1:]):
    write(f"paired-{file}.dat", [(bfs[r["id"]]["seconds"], r["seconds"], bfs[r["id"]]["expanded"],
                                  r["expanded"]) for r in rows
                                 if r["solver"] == label and solved(r) and r["id"] in bfs])

# tradeoff.dat: bfs and every informed pairing (a label with a heuristic): median states
# expanded and median time per expanded state over solved runs.
tradeoff = []
for label in labels:
    if label != "bfs" and "/" not in label:
        continue
    runs = [r for r in rows if r["solver"] == label and solved(r) and number(r["expanded"])]
    if runs:
        tradeoff.append((label, statistics.median(number(r["expanded"]) for r in runs),
                         statistics.median(number(r["seconds"]) / number(r["expanded"]) for r in runs)))
write("tradeoff.dat", tradeoff)

# size-FILE.dat: per board side, the median time and states of each label's solved runs, over
# the boards written in database form (every square board with its exit at the right of row 2).
sides = set()
for label, file in zip(labels, files):
    by_side = {}
    for r in rows:
        board = r.get("board") or ""
        side = math.isqrt(len(board))
        if r["solver"] == label and solved(r) and "/" not in board and side * side == len(board) > 0:
            by_side.setdefault(side, []).append(r)
    sides |= set(by_side)
    write(f"size-{file}.dat", [(side, statistics.median(number(x["seconds"]) for x in v),
                                statistics.median(number(x["expanded"]) for x in v), len(v))
                               for side, v in sorted(by_side.items())])

# What each figure leaves out, said in its title: runs not solved (time, memory), and runs of
# puzzles whose optimum is unknown or that have none (every figure over the optimal move count).
not_solved = sum(not solved(r) for r in rows)
no_optimum = sum(r["optimal_moves"] == "" for r in rows)
no_cluster = sum(not solved(r) or not r.get("cluster_size") for r in rows)
unpaired = sum(r["solver"] != "bfs" and not (solved(r) and r["id"] in bfs) for r in rows)
proofs = [sum(r["solver"] == s and r["status"] == "unsolvable" and r["correct"] == "yes"
              for r in rows) for s in labels]
budget = meta.get("budget", {})


def count(v, unit=""):
    for suffix, n in (("Gi", 1 << 30), ("Mi", 1 << 20), ("M", 10 ** 6)):
        if v and v % n == 0 and suffix.endswith("i") == bool(unit):
            return "%d %s%s" % (v // n, suffix, unit)
    return "%s %s" % (v, unit) if unit else str(v)


flags = {"--verify", "--progress", "--no-progress"}
args, paths = meta.get("command", [])[1:], []
for k, a in enumerate(args):   # the operands: not an option, nor an option's value
    prev = args[k - 1] if k else ""
    if not a.startswith("-") and not (prev.startswith("-") and "=" not in prev and prev not in flags):
        paths.append(a)
caption = "%s (%s puzzles); budgets %s states, %s, %g s a run; %s, %s cores; commit %s" % (
    " ".join(paths) or "?", meta.get("puzzles", "?"), count(budget.get("max_states")),
    count(budget.get("max_bytes"), "B"), budget.get("max_seconds", 0), meta.get("cpu", "?"),
    meta.get("cores", "?"), meta.get("commit", "?"))

with open(os.path.join(data, "vars.gp"), "w") as f:
    def var(name, value):
        f.write("%s = %s\n" % (name, json.dumps(value) if isinstance(value, str) else value))
    var("solvers", " ".join(labels))
    var("files", " ".join(files))
    var("colors", " ".join(s[0] for s in style))
    var("markers", " ".join(s[1] for s in style))
    var("dashes", " ".join(s[2] for s in style))
    var("proofs", " ".join(str(p) for p in proofs))
    var("memcol", memory)
    var("caption", caption.replace('"', "'"))
    var("budget_seconds", float(budget.get("max_seconds", 0) or 0))
    var("clock_resolution", float(meta.get("clock_resolution_seconds", 1e-9) or 1e-9))
    var("total_puzzles", len(rows) // max(len(labels), 1))
    var("not_solved", not_solved)
    var("no_optimum", no_optimum)
    var("no_cluster", no_cluster)
    var("unpaired", unpaired)
    var("has_solved", int(any(solved(r) for r in rows)))
    var("has_peak", int(has_peak))
    var("has_tradeoff", int(len(tradeoff) > 1))
    var("has_paired", int(has_paired))
    var("has_clusters", int(any(r.get("cluster_size") for r in rows)))
    var("has_sizes", int(len(sides) > 1))
