#!/bin/sh
# same-outputs.sh -- whether two builds write the same files on the shipped corpus, but for what
# depends on time: the check a change that should alter no behaviour (a refactoring) must pass.
#
#   scripts/same-outputs.sh OLD_BIN NEW_BIN [WORK_DIR]
#
# Runs, with each build's programs: bin/bench --solver all on corpus/ (CSV, JSON, Markdown),
# bin/solve --json on corpus/ with every solver and in cluster mode, and bin/enumerate on 4x4,
# 5x5 and 5x5 with a wall, in WORK_DIR when given (kept, to look into), else in a temporary
# folder removed at exit. Then compares the files with these left out: timings and what
# depends on them (seconds, cpu_seconds, iterations, timing warnings, medians and p95 of
# time, states per CPU second; and bin/bench's peak_bytes, since jemalloc refreshes its peak
# counter every 64 KiB of a thread's allocations, so the batches timed before a run move where
# the refreshes fall: one build run twice differs there), the run's description (meta: date, host, load, commit,
# version, flags, command), the enumerator's shard object and thread count. Prints one line per
# file, "same" or where it first differs, and exits 1 when any differs.
set -eu
old=${1:?usage: same-outputs.sh OLD_BIN NEW_BIN [WORK_DIR]}
new=${2:?usage: same-outputs.sh OLD_BIN NEW_BIN [WORK_DIR]}
if [ $# -ge 3 ]; then work=$3; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/old" "$work/new"
for side in old new; do
    b=$(eval echo "\$$side")
    d="$work/$side"
    "$b/bench" --no-progress --solver all --out "$d/bench" corpus/ > "$d/bench.stdout" 2> /dev/null || true
    "$b/solve" --json --solver all corpus/ > "$d/solve.json" 2> /dev/null || true
    "$b/solve" --json --cluster corpus/ > "$d/cluster.json" 2> /dev/null || true
    for space in "4 0" "5 0" "5 1"; do
        set -- $space
        "$b/enumerate" --no-progress --size "$1" --walls "$2" --jobs 2 --out "$d/enumerate-$1-$2.txt"
    done
done
python3 - "$work" <<'PY'
import csv, io, json, re, sys
csv.field_size_limit(sys.maxsize)   # a depth-first solution of millions of moves is one field
work = sys.argv[1]
TIMED = {"seconds", "seconds_mean", "seconds_sd", "seconds_min", "seconds_max", "cpu_seconds",
         "iterations", "warning", "median_seconds", "p95_seconds", "warnings",
         "states_per_cpu_second", "jobs", "shard", "peak_bytes", "median_peak_bytes"}
def scrub(v):
    if isinstance(v, dict):
        return {k: scrub(x) for k, x in v.items() if k not in TIMED and k != "meta"}
    if isinstance(v, list):
        return [scrub(x) for x in v]
    return v
def csv_rows(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    return [{k: x for k, x in r.items() if k not in TIMED} for r in rows]
def json_lines(text):
    return [scrub(json.loads(l)) for l in text.splitlines() if l.strip()]
def json_doc(text):
    return scrub(json.loads(text))
def markdown(text):   # the summary table without its time, memory and warning columns
    out = []
    for line in text.splitlines():
        cells = line.split("|")
        out.append("|".join(c for i, c in enumerate(cells) if i not in (10, 11, 13, 14)))
    return out
def enumerated(text):
    head, _, lines = text.partition("\n")
    return [scrub(json.loads(head[len("# enumerate "):]))] + lines.splitlines()
files = [("bench/results.csv", csv_rows), ("bench/results.json", json_doc),
         ("bench/summary.md", markdown), ("solve.json", json_lines), ("cluster.json", json_lines)]
files += [(f"enumerate-{s}.txt", enumerated) for s in ("4-0", "5-0", "5-1")]
differ = 0
for name, read in files:
    a = read(open(f"{work}/old/{name}").read())
    b = read(open(f"{work}/new/{name}").read())
    if a == b:
        print(f"{name}: same ({len(a)} records)")
        continue
    differ = 1
    if isinstance(a, list) and isinstance(b, list):
        k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"{name}: differs at record {k + 1} ({len(a)} against {len(b)} records)")
        if k < min(len(a), len(b)):
            print(f"  old: {str(a[k])[:400]}\n  new: {str(b[k])[:400]}")
    else:
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                print(f"{name}: differs in '{key}'")
sys.exit(differ)
PY
