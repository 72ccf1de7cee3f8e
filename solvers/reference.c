/* reference.c -- the reference answer: the reference BFS, a family's proof of unsolvability,
 * or IDA* with pattern databases where no breadth-first search can finish (reference.h). */
#include "solvers/reference.h"

#include "solvers/bfs.h"
#include "solvers/registry.h"
#include "solvers/setup.h"

solve_status reference_puzzle(const puzzle *p, measure m, const solver_budget *budget, int *units,
                              const char **who)
{
    *who = "the reference BFS";
    *units = 0;
    if (p->family == FAMILY_RUSH) return bfs_reference_puzzle(p, m, budget, units);
    family_problem view;
    puzzle_problem(p, &view);
    if (view.unsolvable && view.unsolvable(view.board, view.start)) {
        *who = "the family's proof of unsolvability";
        return SOLVE_UNSOLVABLE;
    }
    if (view.cluster_states <= REFERENCE_BFS_STATES) return bfs_reference_puzzle(p, m, budget, units);
    *who = "the reference IDA*/pdb";
    solver_setup u;
    char err[SETUP_ERR_MAX];
    setup_init(&u, solver_find("idastar"));
    if (setup_set(&u, SETUP_HEURISTIC, "pdb", err) != 1 || setup_set(&u, "table", "0", err) != 1)
        return SOLVE_BUDGET;   /* not reached: idastar has both */
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget b = {0, budget->max_bytes, budget->max_seconds};
    u.s->solve_family(&ctx, &view, &b, u.param, &r);
    solve_status status = r.status;
    if (status == SOLVE_SOLVED) {
        measure_counts c;
        char why[PUZZLE_ERR_MAX];
        if (puzzle_replay(p, r.text, &c, why) == 0) *units = c.moves;
        else status = SOLVE_BUDGET;   /* cannot be: the replay judges the path it wrote */
    }
    solver_result_free(&r);
    solver_context_free(&ctx);
    return status;
}
