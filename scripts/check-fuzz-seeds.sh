#!/bin/sh
# check-fuzz-seeds.sh -- every seed of a libFuzzer target fits its -max_len, so that the fuzzer
# mutates whole inputs, not the prefixes it would cut them to (a 48 KB results file under
# -max_len=8192 once left the JSON reader nothing but broken prefixes). The regression inputs of
# tests/data/fuzz/TARGET are replayed whole (-runs=0) and are not held to it.
#
# Usage: scripts/check-fuzz-seeds.sh MAX_LEN DIR...
# Prints one line per seed over MAX_LEN bytes and exits 1 if there is any.
set -eu
max=${1:?usage: check-fuzz-seeds.sh MAX_LEN DIR...}
shift
status=0
for dir in "$@"; do
    for f in $(find "$dir" -type f -size +"$max"c); do
        echo "$f: $(wc -c < "$f") bytes, over the target's -max_len=$max"
        status=1
    done
done
exit $status
