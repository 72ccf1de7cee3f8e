#!/bin/sh
# enumerate-parallel.sh -- a puzzle space in shards on GNU parallel, then one merge.
#
#   scripts/enumerate-parallel.sh N K SHARDS DIR [PARALLEL_OPTION...]
#
# Runs `bin/enumerate --size N --walls K --shard I/SHARDS --jobs 1 --out DIR/shard-I.txt` for
# every I from 1 to SHARDS under GNU parallel, then `bin/enumerate merge` of all of them into DIR/database.txt
# and DIR/stats.json. The extra options go to parallel: `-j 8`, or
# `--sshlogin 4/host1,4/host2 --workdir /path/to/unblock-bench` to run on other machines (each
# with the same checkout built; shard files land in the shared DIR, or add --return). Run it
# again after an interruption: finished shards are skipped, a cut one resumes from its
# checkpoint (DIR/shard-I.txt.checkpoint).
set -eu
if [ $# -lt 4 ]; then
    echo "usage: $0 N K SHARDS DIR [PARALLEL_OPTION...]" >&2
    exit 2
fi
n=$1 k=$2 shards=$3 dir=$4
enumerate=${ENUMERATE:-bin/enumerate}
shift 4
mkdir -p "$dir"
seq 1 "$shards" | parallel --halt now,fail=1 "$@" \
    "test -s $dir/shard-{}.txt || $enumerate --no-progress --size $n --walls $k --shard {}/$shards --jobs 1 --out $dir/shard-{}.txt"
files=$(seq 1 "$shards" | sed "s|.*|$dir/shard-&.txt|")
# shellcheck disable=SC2086 # one argument per shard file
"$enumerate" merge --out "$dir/database.txt" --stats "$dir/stats.json" $files
