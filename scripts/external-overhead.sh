#!/bin/sh
# external-overhead.sh -- what bin/bench costs an external solver, with one that answers every
# request at once (tests/data/external/instant.c, built here), in the sandbox and without it
# (--no-sandbox), side by side:
#   session mode: the round trip of a request, write to answer, over the 3,012 sample puzzles
#                 (the rows' `seconds`: median and p95);
#   fresh mode:   a process per puzzle, start to exit, over the first 300 of them (median, p95),
#                 all of it overhead, since the solver's own work is nil.
# ROUNDS=N (default 1) runs each of the four N times, alternating sandbox and none. CPU=N pins
# the harness (and so the solver) to processor N. Run from the repository's root after make.
set -e
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"   # the sandboxed solver runs as nobody: it must be able to read it
cc -O2 -o "$tmp/instant" tests/data/external/instant.c
sample=corpus/_database/fogleman-sample.txt
pin=""
[ -n "${CPU:-}" ] && pin="taskset -c $CPU"
figures() { # CSV -> median and p95 of seconds, in microseconds
    awk -v cols=seconds -f plots/columns.awk "$1" | sort -g |
        awk '{ v[NR] = $1 } END { printf "median %.1f us, p95 %.1f us, %d requests\n", v[int((NR + 1) / 2)] * 1e6, v[int(NR * 0.95)] * 1e6, NR }'
}
grep -v '^#' "$sample" | head -300 > "$tmp/300.txt"
round=1
while [ "$round" -le "${ROUNDS:-1}" ]; do
    for sandbox in on off; do
        flag="--sandbox-read $tmp"
        [ "$sandbox" = off ] && flag="--no-sandbox"
        # shellcheck disable=SC2086
        $pin bin/bench --no-progress --min-time 0 $flag --solver instant \
            --external "instant=$tmp/instant" --csv "$tmp/session.csv" "$sample" > /dev/null
        echo "sandbox $sandbox, session mode, round trip: $(figures "$tmp/session.csv")"
    done
    for sandbox in on off; do
        flag="--sandbox-read $tmp"
        [ "$sandbox" = off ] && flag="--no-sandbox"
        # shellcheck disable=SC2086
        $pin bin/bench --no-progress --fresh-process $flag --solver instant \
            --external "instant=$tmp/instant" --csv "$tmp/fresh.csv" "$tmp/300.txt" > /dev/null
        echo "sandbox $sandbox, fresh mode, start to exit: $(figures "$tmp/fresh.csv")"
    done
    round=$((round + 1))
done
