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
 * The search is in the measure the parameter `metric` names (moves, slides or steps), over the
 * family's view (bfs_family.c), or, where the family has a fast space (family.h's `fast`: Rush
 * Hour's bitboards), over that: the engine, rush/bfs_engine.c, with the two prunes that make
 * it fast and the proof that they store the same states in the same order (on Rush Hour, where
 * a piece has one line, slides are moves). That file is compiled three times
 * (Makefile): portable, with AVX2 and with AVX-512, and bfs_family.c twice, portable and with
 * AVX2; this file picks the widest build the processor runs, or the one UNBLOCK_CPU names
 * (common/cpu.h). All return the same results (tests/test_bfs.c, tests/test_klotski.c).
 */
#include "solvers/bfs.h"

#include "common/cpu.h"

bool bfs_avx2_available(void)
{
    return cpu_widest() >= CPU_AVX2;
}

bool bfs_avx512_available(void)
{
    return cpu_widest() == CPU_AVX512;
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

void bfs_run(solver_context *ctx, const family_problem *p, measure m, const solver_budget *budget,
             solver_result *r, bool cluster)
{
    if (p->key_words == 2) bfs_wide_search(ctx, p, m, budget, r, cluster);
    else if (p->fast) bfs_fast(ctx, p->fast, p->start, m, budget, r, cluster);   /* rush/rush_bfs.c */
    else bfs_family_search(ctx, p, m, budget, r, cluster);
}

enum { PARAM_METRIC, NPARAMS };

static const solver_param bfs_params[NPARAMS] = {
    [PARAM_METRIC] = BFS_METRIC_PARAM,
};

static void bfs_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                      const int *param, solver_result *r)
{
    measure m = (measure)solver_param_value(bfs_params, param, PARAM_METRIC, p->family);
    bfs_run(ctx, p, m, budget, r, false);
}

const uint64_t *bfs_cluster_states(const solver_context *ctx)
{
    return ctx->trail[0].key;   /* the queue: every state stored, in breadth-first order */
}

solve_status bfs_reference_puzzle(const puzzle *p, measure m, const solver_budget *budget,
                                  int *units)
{
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    family_problem view;
    puzzle_problem(p, &view);
    bfs_run(&ctx, &view, m, budget, &r, false);
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
    family_problem view;
    puzzle_problem(p, &view);
    bfs_run(ctx, &view, MEASURE_MOVES, budget, r, true);
}

const solver solver_bfs = {
    "bfs", "breadth-first search over multi-cell moves (the reference)", GUARANTEE_MOVES, true,
    bfs_solve, bfs_params, NPARAMS, FAMILY_ALL, true,
};
