/* probe-interleaved.c -- the reference BFS of one or more builds of libunblock beside the limit
 * probe, in one process, interleaved: scripts/probe-interleaved.sh builds and runs it.
 *
 * On a shared machine whose speed drifts from second to second, two programs run one after the
 * other see different machines: pairs of whole runs of a database file scatter by +-15%. Here
 * every contender runs the same block of puzzles (BLOCK, default 64) in turn, their order
 * rotating from block to block and from round to round, so that each block's contenders run
 * within milliseconds of each other and a drift of the machine falls on all alike; within a
 * block a contender's caches stay warm, as in a run of its own. Each round's summed seconds
 * give a ratio to the probe; the rounds' ratios are the figure, their range its noise.
 *
 * The probe is compiled from its own source in its own unit (probe-interleaved.sh: its
 * functions renamed from outside, nothing of it kept), and answers through probe_load,
 * probe_run and probe_want. Each build of libunblock is opened with dlopen (RTLD_DEEPBIND, so
 * that its own functions call each other) and searched through bfs_search_<path>, the engine
 * of one vector path, with a context of its own, as bin/solve runs it: one context for every
 * puzzle. Every answer is checked against the database line (optimum or cluster size).
 *
 * A build's solver_context is held in a buffer larger than any layout it may have (the driver
 * never reads its fields); its solver_result is read through this checkout's layout, so the
 * builds compared must share that (the commit that changes it is compared from there on). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scan/scan.h"
#include "solvers/bfs.h"

int probe_load(const char *file, int most);
long probe_run(int i, int cluster);
long probe_want(int i, int cluster);

typedef void search_fn(solver_context *, const board *, uint64_t, const solver_budget *,
                       solver_result *, bfs_mode);

enum { MAX_CONTENDERS = 8, MAX_ROUNDS = 64, CONTEXT_ROOM = 1 << 16 };

typedef struct {
    const char *name;
    search_fn *search;
    void (*result_free)(solver_result *);
    void (*begin_run)(void *);
    void *context;
    double total, round[MAX_ROUNDS];
} contender;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *symbol(void *lib, const char *path, const char *name)
{
    void *s = dlsym(lib, name);
    if (!s) {
        fprintf(stderr, "probe-interleaved: %s: no %s\n", path, name);
        exit(2);
    }
    return s;
}

static void open_build(contender *c, const char *path, const char *cpu)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!lib) {
        fprintf(stderr, "probe-interleaved: %s\n", dlerror());
        exit(2);
    }
    char name[64];
    snprintf(name, sizeof name, "bfs_search_%s", cpu);
    c->name = path;
    c->search = (search_fn *)symbol(lib, path, name);
    c->result_free = (void (*)(solver_result *))symbol(lib, path, "solver_result_free");
    c->begin_run = (void (*)(void *))symbol(lib, path, "solver_context_begin_run");
    void (*init)(void *) = (void (*)(void *))symbol(lib, path, "solver_context_init");
    c->context = aligned_alloc(64, CONTEXT_ROOM);
    init(c->context);
}

/* Puzzles [from, to) by contender c; exits on a wrong answer. */
static void run_block(contender *c, int index, const puzzle_list *list, int from, int to,
                      bool cluster)
{
    static const solver_budget unlimited = {0, 0, 0};
    for (int i = from; i < to; i++) {
        long got;
        if (index == 0) {
            got = probe_run(i, cluster);
        } else {
            solver_result r;
            c->begin_run(c->context);
            c->search(c->context, &list->items[i].board, list->items[i].start, &unlimited, &r,
                      cluster ? BFS_CLUSTER : BFS_MOVES);
            got = cluster ? (long)r.cluster_states : moves_text_count(r.text);
            c->result_free(&r);
        }
        if (got != probe_want(i, cluster)) {
            fprintf(stderr, "probe-interleaved: %s: line %d: %ld, the file says %ld\n", c->name,
                    i + 1, got, probe_want(i, cluster));
            exit(1);
        }
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 6 || (strcmp(argv[1], "solve") && strcmp(argv[1], "cluster"))) {
        fprintf(stderr, "usage: probe-interleaved solve|cluster FILE ROUNDS avx512|avx2|portable "
                        "LIBUNBLOCK.so...\n");
        return 2;
    }
    bool cluster = strcmp(argv[1], "cluster") == 0;
    int rounds = atoi(argv[3]), ncont = argc - 5 + 1;
    const char *block_env = getenv("BLOCK");
    int block = block_env ? atoi(block_env) : 64;
    if (rounds < 1 || rounds > MAX_ROUNDS || ncont > MAX_CONTENDERS || block < 1) {
        fprintf(stderr, "probe-interleaved: 1-%d rounds, at most %d builds, BLOCK >= 1\n",
                MAX_ROUNDS, MAX_CONTENDERS - 1);
        return 2;
    }
    contender c[MAX_CONTENDERS] = {{.name = "probe"}};
    for (int k = 1; k < ncont; k++) open_build(&c[k], argv[4 + k], argv[4]);

    puzzle_list list = {0};
    char err[512];
    if (scan_path(argv[2], SCAN_AUTO, &list, err) < 0) {
        fprintf(stderr, "probe-interleaved: %s\n", err);
        return 2;
    }
    if (probe_load(argv[2], list.count) != list.count) {
        fprintf(stderr, "probe-interleaved: %s: the probe reads a different number of lines\n",
                argv[2]);
        return 2;
    }
    for (int r = 0; r < rounds; r++)
        for (int from = 0, b = 0; from < list.count; from += block, b++) {
            int to = from + block < list.count ? from + block : list.count;
            for (int turn = 0; turn < ncont; turn++) {
                int k = (b + r + turn) % ncont;
                double t0 = now();
                run_block(&c[k], k, &list, from, to, cluster);
                c[k].round[r] += now() - t0;
            }
        }
    printf("%s, %s, %d puzzles, %d rounds, blocks of %d, path %s\n", argv[2], argv[1],
           list.count, rounds, block, argv[4]);
    for (int k = 0; k < ncont; k++) {
        double ratio[MAX_ROUNDS];
        for (int r = 0; r < rounds; r++) {
            c[k].total += c[k].round[r];
            ratio[r] = c[k].round[r] / c[0].round[r];
        }
        qsort(ratio, (size_t)rounds, sizeof *ratio, by_value);
        printf("%-40s %.4f s a round; time / probe's: %.3f (rounds: median %.3f, %.3f-%.3f)\n",
               c[k].name, c[k].total / rounds, c[k].total / c[0].total, ratio[rounds / 2],
               ratio[0], ratio[rounds - 1]);
    }
    puzzle_list_free(&list);
    return 0;
}
