#!/bin/bash
# test-cluster.sh -- the cluster path on a real Slurm: a one-node cluster started in a temporary
# folder (munge key, slurm.conf, state and spool there, ports of its own), then
#   1. bin/bench in 4 shards as a job array (scripts/bench.slurm), one task cancelled mid-run
#      with scancel and the same array submitted again, which resumes it and skips the others;
#      the merged result must equal a single run row for row (ids, statuses, moves, solutions,
#      states expanded);
#   2. Korf and Felner's two easiest 24-puzzles as a 2-task array (docs/cluster.md's recipe for
#      their 50), the pattern databases built once into a shared cache; the merge must equal a
#      single run row for row;
#   3. bin/enumerate 5x5 in 4 shards as a job array (scripts/enumerate.slurm); the merged
#      database must equal a single run's.
# Every daemon it started is stopped at the end, whatever happened, and nothing is left running.
# Where the daemons cannot start it fails with the reason: never a silent skip.
#
# Usage: scripts/test-cluster.sh    (as root, from the repository root, after make; make
# test-cluster installs slurmctld, slurmd and munge first)
# Prints what it does and "test-cluster: N passed, 0 failed"; exits 1 on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
T=$(mktemp -d /tmp/ub-cluster.XXXXXX)
chmod 755 "$T"
passed=0
say() { echo "test-cluster: $*"; }
fail() {
    say "FAILED: $*"
    for log in "$T"/*.log; do [ -s "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }; done
    exit 1
}
pass() { passed=$((passed + 1)); say "ok: $*"; }

for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
    command -v "$tool" > /dev/null || fail "$tool is not installed (make test-cluster installs it)"
done
[ "$(id -u)" -eq 0 ] || fail "a one-node Slurm is started as root here; run as root"

# ---- the cluster --------------------------------------------------------------------------
stop_all() {
    for d in slurmd slurmctld munged; do
        [ -s "$T/$d.pid" ] && kill "$(cat "$T/$d.pid")" 2> /dev/null || true
    done
    for _ in $(seq 50); do
        alive=0
        for d in slurmd slurmctld munged; do
            [ -s "$T/$d.pid" ] && kill -0 "$(cat "$T/$d.pid")" 2> /dev/null && alive=1
        done
        [ $alive -eq 0 ] && break
        sleep 0.1
    done
    for d in slurmd slurmctld munged; do
        [ -s "$T/$d.pid" ] && kill -9 "$(cat "$T/$d.pid")" 2> /dev/null || true
    done
}
finish() {
    status=$?
    stop_all
    left=$(pgrep -f "$T" || true)
    if [ -n "$left" ]; then
        say "FAILED: processes of the test cluster still running: $left"
        kill -9 $left 2> /dev/null || true
        status=1
    fi
    [ $status -eq 0 ] && rm -rf "$T"
    [ $status -ne 0 ] && say "its files are kept in $T"
    exit $status
}
trap finish EXIT

host=$(hostname -s)
port=$((20000 + $$ % 20000))
export SLURM_CONF="$T/slurm.conf"
mkdir -p "$T/state" "$T/spool" "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 700 "$T/munge"
chmod 400 "$T/munge/munge.key"
munged --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.sock" \
    --pid-file="$T/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munge/munge.seed" \
    || fail "munged did not start"
cat > "$SLURM_CONF" << EOF
ClusterName=ubtest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
KillWait=10
SlurmdTimeout=60
NodeName=$host CPUs=$(nproc) RealMemory=8192 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 100); do
    state=$(sinfo -h -N -o '%T' 2> /dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.2
done
[ "$state" = idle ] || fail "the node is '$state', not idle, 20 s after the daemons started"
pass "a one-node Slurm ($host, ports $port and $((port + 1))) is up"

# Waits for every task of job $1 to leave the queue.
wait_job() {
    for _ in $(seq 1200); do
        [ -z "$(squeue -h -j "$1" 2> /dev/null)" ] && return 0
        sleep 0.25
    done
    fail "job $1 still queued or running after 5 minutes"
}

# Whether two results.csv files hold the same rows (their order aside), by what a run decides:
# ids, statuses, answers, counters and verdicts, not times.
same_rows() {
    python3 - "$1" "$2" << 'PY' || fail "the merged rows differ from the single run's ($2)"
import csv, sys
keys = ("id", "solver", "status", "budget_hit", "moves", "steps", "solution", "expanded",
        "generated", "duplicates", "optimal", "correct")
def rows(path):
    return sorted(tuple(r[k] for k in keys) for r in csv.DictReader(open(path)))
single, merged = rows(sys.argv[1]), rows(sys.argv[2])
if single != merged:
    diff = [r for r in single if r not in merged][:3]
    print(f"{len(single)} rows single, {len(merged)} merged; first differing: {diff}")
    sys.exit(1)
print(f"{len(single)} rows, the same")
PY
}

# ---- bench: 4 shards, one cancelled mid-run and resumed --------------------------------------
bench_args='--solver bfs,iddfs --max-states 2M corpus/ladder.txt'
D=$T/bench
job=$(SHARDS=4 DIR=$D ARGS=$bench_args sbatch --parsable --array=1-4 \
      --output="$T/bench-%a.out" scripts/bench.slurm)
# Task 2 is cancelled once it has written two rows, well before its last.
for _ in $(seq 600); do
    rows=$(tail -n +2 "$D/shard-2/results.csv.partial" 2> /dev/null | wc -l || true)
    [ "${rows:-0}" -ge 2 ] && break
    sleep 0.05
done
[ "${rows:-0}" -ge 2 ] || fail "shard 2 wrote fewer than two rows in 30 s"
scancel "${job}_2"
wait_job "$job"
[ -s "$D/shard-2/results.csv.partial" ] && [ ! -e "$D/shard-2/results.csv" ] \
    || fail "the cancelled shard 2 did not keep its partial rows (or was not cut short)"
cut=$(tail -n +2 "$D/shard-2/results.csv.partial" | wc -l)
cp "$D/shard-2/results.csv.partial" "$T/cut.csv"
pass "bench task 2 cancelled with $cut rows kept; the other tasks finished"
before=$(stat -c %Y "$D/shard-1/results.csv")
job=$(SHARDS=4 DIR=$D ARGS=$bench_args sbatch --parsable --array=1-4 \
      --output="$T/bench-again-%a.out" scripts/bench.slurm)
wait_job "$job"
for i in 1 2 3 4; do [ -s "$D/shard-$i/results.csv" ] || fail "shard $i has no results.csv"; done
[ "$(stat -c %Y "$D/shard-1/results.csv")" = "$before" ] || fail "finished shard 1 was run again"
# Resumed, not run again: every whole row kept at the cut is in the result as it was, times too.
kept=$(head -n -1 "$T/cut.csv" | grep -cvxFf "$D/shard-2/results.csv" || true)
[ "$kept" = 0 ] || fail "$kept rows of the cut shard 2 are not in its resumed result as they were"
pass "the same array again: shard 2 resumed from its $cut rows, the finished shards skipped"
bin/bench merge --csv "$D/results.csv" --json "$D/results.json" "$D"/shard-*/results.csv \
    > /dev/null || fail "the merge of the four shards was refused"
# shellcheck disable=SC2086
bin/bench --no-progress --out "$T/single" $bench_args > /dev/null || fail "the single run failed"
same_rows "$T/single/results.csv" "$D/results.csv"
pass "merged bench shards equal a single run row for row"

# ---- bench: Korf and Felner's two easiest 24-puzzles, one a task ------------------------------
# The recipe of docs/cluster.md for their 50, on the two easiest. The pattern databases are
# built once, by the single run, into a cache the tasks share (XDG_CACHE_HOME travels in the
# environment), as on a cluster's shared file system.
export XDG_CACHE_HOME=$T/cache
{ echo 'family: tiles'; echo 'size: 5x5'; grep -E '^kf(38|40) ' corpus/tiles/_korf24/korf-felner-24.txt; } > "$T/kf2.txt"
korf_args="--solver idastar --max-states 0 --max-seconds 0 $T/kf2.txt"
# shellcheck disable=SC2086
bin/bench --no-progress --out "$T/kf-single" $korf_args > /dev/null 2> "$T/kf-single.log" \
    || fail "the single run of the two 24-puzzles failed"
job=$(SHARDS=2 DIR=$T/kf ARGS=$korf_args sbatch --parsable --array=1-2 \
      --output="$T/kf-%a.out" scripts/bench.slurm)
wait_job "$job"
bin/bench merge --csv "$T/kf/results.csv" "$T"/kf/shard-*/results.csv > /dev/null \
    || fail "the merge of the two 24-puzzle shards was refused"
same_rows "$T/kf-single/results.csv" "$T/kf/results.csv"
grep -c ',yes,yes,' "$T/kf/results.csv" | grep -qx 2 || fail "the 24-puzzles' rows are not both optimal and correct"
pass "Korf and Felner's #38 and #40, a task each, optimal, equal to a single run row for row"

# ---- enumerate: 5x5 in 4 shards -----------------------------------------------------------
job=$(sbatch --parsable --array=1-4 --export=ALL,N=5,K=0,SHARDS=4,DIR="$T/space" \
      --output="$T/enumerate-%a.out" scripts/enumerate.slurm)
wait_job "$job"
bin/enumerate merge --out "$T/space/database.txt" "$T"/space/shard-*.txt > /dev/null \
    || fail "the merge of the enumerate shards was refused"
bin/enumerate --no-progress --size 5 --walls 0 --out "$T/space-single.txt" > /dev/null \
    || fail "the single enumerate run failed"
cmp -s <(grep -v '^#' "$T/space/database.txt") <(grep -v '^#' "$T/space-single.txt") \
    || fail "the merged 5x5 database differs from a single run's"
pass "merged enumerate shards equal a single run ($(grep -vc '^#' "$T/space-single.txt") lines)"

say "$passed passed, 0 failed"
