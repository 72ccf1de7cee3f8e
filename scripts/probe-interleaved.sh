#!/bin/bash
# probe-interleaved.sh RUSH2_C FILE MODE ROUNDS PATH [LIBUNBLOCK.so...] -- the reference BFS of
# each build of libunblock (default: this checkout's, build/pic/libunblock.so from `make lib`)
# beside the limit probe, an anchor kept outside the repository (RUSH2_C: its one C file), in one
# process, interleaved a block of puzzles at a time (scripts/probe-interleaved.c says why), on
# FILE (6x6 database lines `MOVES BOARD CLUSTER`), in MODE (solve or cluster), ROUNDS rounds.
# PATH (avx512, avx2 or portable) is the engine searched and the level the probe is built for:
# -march=native for avx512, -march=x86-64-v3 otherwise, as scripts/probe-paths.sh builds it.
# Prints each contender's seconds a round and its time over the probe's: of the totals, and the
# median and range of the rounds. BLOCK=N sets the puzzles a block (64). Pin it with taskset.
# Run from the repository's root after make and make lib.
set -eu
usage="usage: probe-interleaved.sh RUSH2_C FILE solve|cluster ROUNDS avx512|avx2|portable [LIB...]"
src=${1:?$usage}
file=${2:?$usage}
mode=${3:?$usage}
rounds=${4:?$usage}
path=${5:?$usage}
shift 5
libs=("$@")
[[ ${#libs[@]} -gt 0 ]] || libs=(build/pic/libunblock.so)
[[ -f build/opt/libub.a && -f ${libs[0]} ]] ||
    { echo "probe-interleaved.sh: run from the repository's root after make and make lib" >&2; exit 2; }
march=x86-64-v3
[[ $path = avx512 ]] && march=native
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The probe's unit: its source as it is, its main renamed, and three functions that read the
# file with its own parser and run its own search.
cat > "$tmp/probe.c" <<EOF
#define main probe_main
#include "$(realpath "$src")"
#undef main
static Puzzle *lines;
int probe_load(const char *file, int most)
{
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    lines = malloc(sizeof *lines * ((size_t)most + 1));
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f)) if (n <= most && parse(line, &lines[n])) n++;
    fclose(f);
    build_lists();
    Q = aligned_alloc(2u << 20, sizeof(uint64_t) * QCAP);
    QP = malloc(QCAP);
    T = aligned_alloc(2u << 20, (sizeof(uint64_t) << 24) + (4u << 20));
    return n;
}
long probe_run(int i, int cluster) { uint64_t expanded = 0; return bfs(&lines[i], cluster, &expanded); }
long probe_want(int i, int cluster) { return cluster ? lines[i].cluster : lines[i].moves; }
EOF
gcc -O3 -march=$march -std=c11 -w -c "$tmp/probe.c" -o "$tmp/probe.o"
gcc -O2 -std=gnu11 -Wall -Wextra -Werror -I. -c scripts/probe-interleaved.c -o "$tmp/driver.o"
gcc "$tmp/driver.o" "$tmp/probe.o" build/opt/libub.a -o "$tmp/probe-interleaved" -ldl -lxxhash \
    -ljansson -lpng -lturbojpeg -lseccomp -lm -ljemalloc
"$tmp/probe-interleaved" "$mode" "$file" "$rounds" "$path" "${libs[@]}"
