/* micro.c -- bin/micro: micro-benchmarks of the core and the solvers, on Google Benchmark.
 *
 *   movegen/<puzzle>          successor generation, per state, over every state of a cluster
 *   stateset/<op>/<hash>      inserting / finding every state of a cluster, XXH3 against the
 *                             multiplicative hash, per key
 *   solve/<solver>/<puzzle>   one whole solve, fresh context each time, budget 2M states
 *   klotski/movegen/<measure> Klotski's successors in moves, slides or steps, per state, over
 *                             every state of the classic's cluster
 *   klotski/cluster/<measure> the reference BFS's cluster mode over the classic (25,955 states)
 * The Rush Hour puzzles are fixed database lines (easy 10 moves, medium 30, hard 51). Each solve run
 * is labelled with its status ("budget" when the 2M-state budget stopped it). Flags are Google
 * Benchmark's own: --benchmark_filter=REGEX, --benchmark_format=json, --benchmark_repetitions=N,
 * --benchmark_list_tests. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/micro.h"
#include "cli/cli.h"
#include "common/xmem.h"
#include "scan/scan.h"
#include "search/numbered.h"
#include "search/search.h"
#include "search/space.h"
#include "solvers/bfs.h"
#include "solvers/registry.h"

static const struct {
    const char *name, *line;
} fixed[] = {
    /* the first puzzle of 10, 30 and 51 moves in corpus/_database/fogleman-sample.txt */
    {"easy", "10 BBBCCIoDDDHIoFAAHooFoGHooFoGEEoooooo 1061"},
    {"medium", "30 BBBCCLoooJxLAAIJooHoIJEEHFFoKMGGooKM 7346"},
    {"hard", "51 xCCoLMooJoLMAAJoLNHIDDDNHIoKEExooKGG 9360"},
};
#define NFIXED (sizeof fixed / sizeof *fixed)

typedef struct {
    puzzle p;
    uint64_t *states;   /* every state of the cluster, in BFS order */
    uint64_t nstates;
} fixture;

static fixture fixtures[NFIXED];

/* Klotski's classic, as corpus/klotski/classic.txt gives it. */
static const char klotski_classic[] = "family: klotski\nname: classic\n+----+\n|BAAC|\n|BAAC|\n"
                                      "|DEEF|\n|DGHF|\n|I..J|\n+-vv-+\n";
static puzzle klotski;
static uint64_t *klotski_states, klotski_nstates;

static void load_klotski(void)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    if (scan_text("micro", klotski_classic, sizeof klotski_classic - 1, SCAN_AUTO, &list, err) != 1) {
        fprintf(stderr, "micro: %s\n", err);
        exit(2);
    }
    klotski = list.items[0];
    puzzle_list_free(&list);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget unlimited = {0, 0, 0};
    bfs_cluster_puzzle(&ctx, &klotski, &unlimited, &r);
    klotski_nstates = ctx.trail[0].count;
    klotski_states = xmalloc(klotski_nstates * sizeof *klotski_states);
    memcpy(klotski_states, ctx.trail[0].key, klotski_nstates * sizeof *klotski_states);
    solver_result_free(&r);
    solver_context_free(&ctx);
}

/* The family's generator, as every solver written once calls it: through its view. */
static void bench_klotski_movegen(micro_state *st, const void *arg)
{
    measure m = (measure)(intptr_t)arg;
    family_problem view;
    puzzle_problem(&klotski, &view);
    uint64_t *keys = xmalloc((size_t)view.max_successors * sizeof *keys), sum = 0;
    while (micro_keep_running(st))
        for (uint64_t i = 0; i < klotski_nstates; i++)
            sum += (uint64_t)view.successors(view.board, klotski_states[i], m, keys);
    free(keys);
    micro_keep(sum);
    micro_set_items_processed(st, micro_iterations(st) * (int64_t)klotski_nstates);
}

static void bench_klotski_cluster(micro_state *st, const void *arg)
{
    measure m = (measure)(intptr_t)arg;
    solver_budget unlimited = {0, 0, 0};
    family_problem view;
    puzzle_problem(&klotski, &view);
    while (micro_keep_running(st)) {
        solver_context ctx;
        solver_context_init(&ctx);
        solver_result r;
        bfs_family_search(&ctx, &view, m, &unlimited, &r, true);
        solver_result_free(&r);
        solver_context_free(&ctx);
    }
    micro_set_items_processed(st, micro_iterations(st) * (int64_t)klotski_nstates);
}

static void load(fixture *f, const char *line)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    if (scan_text("micro", line, strlen(line), SCAN_DB, &list, err) != 1) {
        fprintf(stderr, "micro: %s\n", err);
        exit(2);
    }
    f->p = list.items[0];
    puzzle_list_free(&list);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget unlimited = {0, 0, 0};
    bfs_cluster_puzzle(&ctx, &f->p, &unlimited, &r);
    f->nstates = ctx.trail[0].count;
    f->states = xmalloc(f->nstates * sizeof *f->states);
    memcpy(f->states, ctx.trail[0].key, f->nstates * sizeof *f->states);
    solver_result_free(&r);
    solver_context_free(&ctx);
}

/* The generator of the puzzle's fast space, as the solvers' loops compiled for it call it
 * (search/space.h). */
static void bench_movegen(micro_state *st, const void *arg)
{
    const fixture *f = arg;
    family_problem view;
    puzzle_problem(&f->p, &view);
    uint64_t keys[FAST_ROOM], sum = 0;
    while (micro_keep_running(st))
        for (uint64_t i = 0; i < f->nstates; i++)
            sum += (uint64_t)fast_successors(view.fast, f->states[i], FAST_NO_SKIP, keys);
    micro_keep(sum);
    micro_set_items_processed(st, micro_iterations(st) * (int64_t)f->nstates);
}

typedef struct {
    const fixture *f;
    stateset_hash hash;
    bool lookup;
} set_case;

static void bench_stateset(micro_state *st, const void *arg)
{
    const set_case *c = arg;
    stateset s;
    stateset_init(&s, c->hash);
    bool added;
    uint64_t found = 0;
    if (c->lookup)
        for (uint64_t i = 0; i < c->f->nstates; i++) stateset_add(&s, c->f->states[i], &added);
    while (micro_keep_running(st)) {
        if (c->lookup) {
            for (uint64_t i = 0; i < c->f->nstates; i++)
                found += stateset_find(&s, c->f->states[i]) != UINT64_MAX;
        } else {
            stateset_clear(&s, false);
            for (uint64_t i = 0; i < c->f->nstates; i++) stateset_add(&s, c->f->states[i], &added);
        }
    }
    micro_keep(found);
    micro_set_items_processed(st, micro_iterations(st) * (int64_t)c->f->nstates);
    stateset_free(&s);
}

typedef struct {
    const solver *s;
    const fixture *f;
} solve_case;

static void bench_solve(micro_state *st, const void *arg)
{
    const solve_case *c = arg;
    solver_budget budget = {2000000, 0, 0};
    solve_status status = SOLVE_SOLVED;
    while (micro_keep_running(st)) {
        solver_context ctx;
        solver_context_init(&ctx);
        solver_result r;
        family_problem view;
        puzzle_problem(&c->f->p, &view);
        numbered_run(c->s, &ctx, &view, &budget, NULL, &r);
        status = r.status;
        solver_result_free(&r);
        solver_context_free(&ctx);
    }
    micro_set_label(st, solve_status_name(status));
}

int main(int argc, char **argv)
{
    cli_begin();   /* UNBLOCK_CPU, as every program reads it */
    /* Every other flag is Google Benchmark's own: --help lists them after our two lines. */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            cli_print_version("micro");
            return 0;
        }
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            fputs("usage: micro [--version] [Google Benchmark flags]\n"
                  "  --version   the version and commit\n"
                  "Google Benchmark's flags:\n",
                  stdout);
    }
    static set_case sets[NFIXED][4];
    static solve_case solves[NFIXED][16];
    char name[128];
    for (size_t k = 0; k < NFIXED; k++) load(&fixtures[k], fixed[k].line);
    for (size_t k = 0; k < NFIXED; k++) {
        snprintf(name, sizeof name, "movegen/%s", fixed[k].name);
        micro_register(name, bench_movegen, &fixtures[k]);
    }
    for (size_t k = 0; k < NFIXED; k++)
        for (int v = 0; v < 4; v++) {
            set_case *c = &sets[k][v];
            *c = (set_case){&fixtures[k], v & 1 ? STATESET_HASH_XXH3 : STATESET_HASH_MUL, v >= 2};
            snprintf(name, sizeof name, "stateset/%s/%s/%s", c->lookup ? "find" : "insert",
                     c->hash == STATESET_HASH_XXH3 ? "xxh3" : "mul", fixed[k].name);
            micro_register(name, bench_stateset, c);
        }
    load_klotski();
    for (int m = 0; m < MEASURE_COUNT; m++) {
        snprintf(name, sizeof name, "klotski/movegen/%s", measure_name((measure)m));
        micro_register(name, bench_klotski_movegen, (const void *)(intptr_t)m);
    }
    for (int m = 0; m < MEASURE_COUNT; m++) {
        snprintf(name, sizeof name, "klotski/cluster/%s", measure_name((measure)m));
        micro_register(name, bench_klotski_cluster, (const void *)(intptr_t)m);
    }
    for (int s = 0; solver_all[s] && s < 16; s++)
        for (size_t k = 0; k < NFIXED; k++) {
            solves[k][s] = (solve_case){solver_all[s], &fixtures[k]};
            snprintf(name, sizeof name, "solve/%s/%s", solver_all[s]->name, fixed[k].name);
            micro_register(name, bench_solve, &solves[k][s]);
        }
    return micro_main(argc, argv);
}
