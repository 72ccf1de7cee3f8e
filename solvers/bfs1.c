/* bfs1.c -- breadth-first search over single-cell steps.
 *
 * Every edge is one step, so the first goal reached has the fewest steps: bfs1 is optimal in
 * steps, not in moves. Its step path is then written as moves by merging consecutive steps of
 * the same piece in the same direction; the merged count can exceed the optimal move count
 * (the harness reports the gap), because the fewest steps and the fewest moves are different
 * questions: a solution that moves one piece three cells in one move costs three steps.
 */
#include "solvers/bfs.h"

static void bfs1_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                       const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    bfs_run(ctx, p, MEASURE_STEPS, budget, r, false);
}

const solver solver_bfs1 = {
    "bfs1", "breadth-first search over single-cell steps (fewest steps)", GUARANTEE_STEPS, true,
    bfs1_solve, NULL, 0, FAMILY_ALL, true,
};
