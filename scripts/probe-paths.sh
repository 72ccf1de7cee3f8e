#!/bin/bash
# probe-paths.sh RUSH2_C FILE [RUNS] [CPU] -- the reference BFS on each vector path this
# processor runs (UNBLOCK_CPU=avx512, avx2, portable; common/cpu.h) beside the limit probe, an
# anchor kept outside the repository (RUSH2_C: its one C file), built for the same level:
# -march=native for avx512, -march=x86-64-v3 for avx2 and portable (the probe needs AVX2). On
# FILE (6x6 database lines `MOVES BOARD CLUSTER`), RUNS times each (default 3), the project and
# the probe alternating, pinned to processor CPU (default 1): solve mode (summed solver
# seconds) and cluster mode (states a second). Prints medians and ranges, and the ratio
# project/probe three ways: of the medians, the median and range of the ratios of each run's
# pair (the project and the probe one after the other: on a shared machine whose speed drifts
# from minute to minute, the steadier figure), and of the best runs. Run from the repository's
# root after make.
set -eu
src=${1:?usage: probe-paths.sh RUSH2_C FILE [RUNS] [CPU]}
file=${2:?usage: probe-paths.sh RUSH2_C FILE [RUNS] [CPU]}
runs=${3:-3}
cpu=${4:-1}
[[ -x bin/solve ]] || { echo "probe-paths.sh: run from the repository's root after make" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -march=native -std=c11 "$src" -o "$tmp/probe-avx512" -lxxhash
gcc -O3 -march=x86-64-v3 -std=c11 "$src" -o "$tmp/probe-avx2" -lxxhash
sum() { # bin/solve --json lines -> summed seconds and cluster states
    python3 -c '
import json, sys
t = s = 0.0
for line in open(sys.argv[1]):
    r = json.loads(line); t += float(r["seconds"]); s += float(r.get("cluster_states") or 0)
print(t, s)' "$1"
}
for path in avx512 avx2 portable; do
    if ! UNBLOCK_CPU=$path bin/solve --list > /dev/null 2>&1; then
        echo "$path: not on this processor"
        continue
    fi
    probe=$tmp/probe-avx2
    [[ $path = avx512 ]] && probe=$tmp/probe-avx512
    rm -f "$tmp"/{probe-solve,proj-solve,probe-rate,proj-rate}
    for ((i = 0; i < runs; i++)); do
        taskset -c "$cpu" "$probe" solve "$file" 1 2> /dev/null |
            sed -n 's/.*median=\([0-9.]*\) s.*/\1/p' >> "$tmp/probe-solve"
        UNBLOCK_CPU=$path taskset -c "$cpu" bin/solve --json "$file" > "$tmp/s.json"
        sum "$tmp/s.json" | cut -d' ' -f1 >> "$tmp/proj-solve"
        taskset -c "$cpu" "$probe" cluster "$file" 1 2> /dev/null |
            sed -n 's/.* \([0-9.]*\) M\/s.*/\1/p' >> "$tmp/probe-rate"
        UNBLOCK_CPU=$path taskset -c "$cpu" bin/solve --json --cluster "$file" > "$tmp/c.json"
        sum "$tmp/c.json" | awk '{ printf "%.3f\n", $2 / $1 / 1e6 }' >> "$tmp/proj-rate"
    done
    python3 - "$tmp" "$path" <<'PY'
import statistics as st, sys
d, path = sys.argv[1], sys.argv[2]
v = {n: [float(x) for x in open(f"{d}/{n}")] for n in ("probe-solve", "proj-solve", "probe-rate", "proj-rate")}
m = {n: st.median(x) for n, x in v.items()}
r = lambda n: f"{min(v[n]):.3f}-{max(v[n]):.3f}"
pairs = lambda a, b: [x / y for x, y in zip(v[a], v[b])]
time_pairs, speed_pairs = pairs("proj-solve", "probe-solve"), pairs("proj-rate", "probe-rate")
print(f"{path}: solve mode, summed seconds: project {m['proj-solve']:.3f} ({r('proj-solve')})  "
      f"probe {m['probe-solve']:.3f} ({r('probe-solve')})  time project/probe: medians "
      f"{m['proj-solve'] / m['probe-solve']:.2f}, pairs {st.median(time_pairs):.2f} "
      f"({min(time_pairs):.2f}-{max(time_pairs):.2f}), best runs "
      f"{min(v['proj-solve']) / min(v['probe-solve']):.2f}")
print(f"{path}: cluster mode, M states/s: project {m['proj-rate']:.2f} ({r('proj-rate')})  "
      f"probe {m['probe-rate']:.2f} ({r('probe-rate')})  speed project/probe: medians "
      f"{m['proj-rate'] / m['probe-rate']:.2f}, pairs {st.median(speed_pairs):.2f} "
      f"({min(speed_pairs):.2f}-{max(speed_pairs):.2f}), best runs "
      f"{max(v['proj-rate']) / max(v['probe-rate']):.2f}")
PY
done
