/* bfs.c -- the reference solver: breadth-first search over multi-cell moves. Every other
 * solver's answer, and every file's claim, is checked against it.
 *
 * Guarantee: fewest moves; complete. States are visited in order of their distance in moves
 * from the start, so the first time a goal state is generated its depth is the optimal move
 * count, and a search that runs out of states has seen the whole cluster of the start, which
 * holds no goal: "no solution" is a proof. The goal test runs when a state is generated rather
 * than when it is expanded: that saves expanding the whole last level. The trail doubles as the
 * FIFO queue: states are appended as they are reached and expanded in trail order, and each
 * entry's parent index rebuilds the solution.
 *
 * Cluster mode runs the same search to exhaustion and reports how many states are reachable;
 * it also remembers the first goal state it stores, which BFS order makes an optimal one, so a
 * cluster run returns the solution too. bfs1 runs it over single-cell steps.
 *
 * For every other family the same search is bfs_family.c, over family.h, in the measure the
 * parameter `metric` names (moves, slides or steps). On Rush Hour, where a piece has one line,
 * slides are moves, and steps are bfs1's search.
 *
 * The search itself, with the two prunes that make it fast and the proof that they store the
 * same states in the same order, is solvers/bfs_engine.c. That file is compiled three times
 * (Makefile): portable, with AVX2 and with AVX-512, and bfs_family.c twice, portable and with
 * AVX2; this file picks the widest build the processor runs, or the one UNBLOCK_CPU names
 * (common/cpu.h). All return the same results (tests/test_bfs.c, tests/test_klotski.c).
 */
#include "solvers/bfs.h"

#include <string.h>

#include "common/cpu.h"

bool bfs_avx2_available(void)
{
    return cpu_widest() >= CPU_AVX2;
}

bool bfs_avx512_available(void)
{
    return cpu_widest() == CPU_AVX512;
}

/* The path in force (common/cpu.h): the widest the processor runs, or UNBLOCK_CPU's. */
static void bfs_engine(solver_context *ctx, const board *b, uint64_t start,
                       const solver_budget *budget, solver_result *r, bfs_mode mode)
{
#ifdef HAVE_AVX2_TWINS
    if (cpu_in_force() == CPU_AVX512) {
        bfs_search_avx512(ctx, b, start, budget, r, mode);
        return;
    }
    if (cpu_in_force() == CPU_AVX2) {
        bfs_search_avx2(ctx, b, start, budget, r, mode);
        return;
    }
#endif
    bfs_search_portable(ctx, b, start, budget, r, mode);
}

void bfs_family_search(solver_context *ctx, const family_problem *p, measure m,
                       const solver_budget *budget, solver_result *r, bool cluster)
{
#ifdef HAVE_AVX2_TWINS
    if (cpu_in_force() >= CPU_AVX2) {
        bfs_family_search_avx2(ctx, p, m, budget, r, cluster);
        return;
    }
#endif
    bfs_family_search_portable(ctx, p, m, budget, r, cluster);
}

void bfs_search(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                solver_result *r, bfs_mode mode)
{
    bfs_engine(ctx, b, start, budget, r, mode);
    /* The queue is the order of expansion: the trace is its first r->expanded entries. */
    search_trace_trail(ctx->trace, &ctx->trail[0], r);
}

enum { PARAM_METRIC, NPARAMS };

static const solver_param bfs_params[NPARAMS] = {
    [PARAM_METRIC] = BFS_METRIC_PARAM,
};

static void bfs_solve(solver_context *ctx, const board *b, uint64_t start,
                      const solver_budget *budget, const int *param, solver_result *r)
{
    if (solver_param_value(bfs_params, param, PARAM_METRIC, FAMILY_RUSH) != MEASURE_STEPS) {
        bfs_search(ctx, b, start, budget, r, BFS_MOVES);
        return;
    }
    bfs_search(ctx, b, start, budget, r, BFS_STEPS);
    r->nmoves = moves_merge(r->moves, r->nmoves);
}

static void bfs_solve_family(solver_context *ctx, const family_problem *p,
                             const solver_budget *budget, const int *param, solver_result *r)
{
    measure m = (measure)solver_param_value(bfs_params, param, PARAM_METRIC, p->family);
    bfs_family_search(ctx, p, m, budget, r, false);
}

void bfs_cluster(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                 const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    bfs_search(ctx, b, start, budget, r, BFS_CLUSTER);
}

const uint64_t *bfs_cluster_states(const solver_context *ctx)
{
    return ctx->trail[0].key;   /* the queue: every state stored, in breadth-first order */
}

solve_status bfs_reference(const board *b, uint64_t start, const solver_budget *budget, int *moves)
{
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_bfs.solve(&ctx, b, start, budget, NULL, &r);
    solve_status status = r.status;
    *moves = r.nmoves;
    solver_result_free(&r);
    solver_context_free(&ctx);
    return status;
}

solve_status bfs_reference_puzzle(const puzzle *p, measure m, const solver_budget *budget,
                                  int *units)
{
    if (p->family == FAMILY_RUSH && m != MEASURE_STEPS)
        return bfs_reference(&p->board, p->start, budget, units);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    family_problem view;
    if (p->family == FAMILY_RUSH) {
        bfs_search(&ctx, &p->board, p->start, budget, &r, BFS_STEPS);
    } else {
        puzzle_problem(p, &view);
        bfs_family_search(&ctx, &view, m, budget, &r, false);
    }
    solve_status status = r.status;
    /* BFS order: the goal's depth is the last level the search reached. */
    *units = status == SOLVE_SOLVED ? r.nlevels - 1 : 0;
    solver_result_free(&r);
    solver_context_free(&ctx);
    return status;
}

void bfs_cluster_puzzle(solver_context *ctx, const puzzle *p, const solver_budget *budget,
                        solver_result *r)
{
    if (p->family == FAMILY_RUSH) {
        bfs_cluster(ctx, &p->board, p->start, budget, NULL, r);
        return;
    }
    family_problem view;
    puzzle_problem(p, &view);
    bfs_family_search(ctx, &view, MEASURE_MOVES, budget, r, true);
}

const solver solver_bfs = {
    "bfs", "breadth-first search over multi-cell moves (the reference)", GUARANTEE_MOVES, true,
    bfs_solve, bfs_params, NPARAMS, FAMILY_ALL, bfs_solve_family,
};
