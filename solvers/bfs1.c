/* bfs1.c -- breadth-first search over single-cell steps.
 *
 * Every edge is one step, so the first goal reached has the fewest steps: bfs1 is optimal in
 * steps, not in moves. Its step path is then written as moves by merging consecutive steps of
 * the same piece in the same direction; the merged count can exceed the optimal move count
 * (the harness reports the gap), because the fewest steps and the fewest moves are different
 * questions: a solution that moves one piece three cells in one move costs three steps.
 */
#include "solvers/bfs.h"

static void bfs1_solve(solver_context *ctx, const board *b, uint64_t start,
                       const solver_budget *budget, const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    bfs_search(ctx, b, start, budget, r, BFS_STEPS);
    r->nmoves = moves_merge(r->moves, r->nmoves);
}

static void bfs1_solve_family(solver_context *ctx, const family_problem *p,
                              const solver_budget *budget, const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    bfs_family_search(ctx, p, MEASURE_STEPS, budget, r, false);
}

const solver solver_bfs1 = {
    "bfs1", "breadth-first search over single-cell steps (fewest steps)", GUARANTEE_STEPS, true,
    bfs1_solve, NULL, 0, FAMILY_ALL, bfs1_solve_family,
};
