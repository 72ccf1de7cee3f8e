/* dfs.c -- depth-first search with a visited set.
 *
 * Always take the first successor (in the generator's fixed order) that has not been seen
 * before; back up when a state has none left. The visited set makes it complete (every
 * reachable state is entered at most once) but nothing makes it short: the solution is the
 * path on the stack when the goal appears, often hundreds of moves long. The stack is explicit
 * (search/pathstack.h), so depth is limited by memory, never by the C stack.
 *
 * It takes the successors in slides, a piece in one direction any distance, as the seed
 * program's DFS did on Klotski (on Rush Hour, where a piece has one line, slides are moves).
 */
#include "search/space.h"

/* The search, written once: compiled into the entry below once a space (search/space.h). */
SPACE_INLINE void dfs_search(solver_context *ctx, const search_space *sp, uint64_t start,
                             const solver_budget *budget, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];
    pathstack *path = &ctx->stack;
    stateset_clear(seen, false);

    bool added;
    stateset_add(seen, start, &added);
    if (space_is_goal(sp, start)) {
        space_start_solved(sp, start, r);
        return;
    }
    space_stack_begin(path, &limits, sp, start, TRACE_NO_BOUND, r);

    uint64_t key;
    while (pathstack_advance(path, &key)) {
        stateset_add(seen, key, &added);
        if (!added) {
            r->duplicates++;
            continue;
        }
        if (space_is_goal(sp, key)) {
            space_stack_solved(path, sp, key, r);
            return;
        }
        search_stack_expand(path, &limits, key, TRACE_NO_BOUND, r);
        /* Every new state is expanded and checked here, so the next check comes before the
         * next key is added. */
        if (search_should_stop(&limits, r, stateset_bytes(seen) + pathstack_bytes(path),
                               stateset_bytes_next(seen, 1) + pathstack_bytes_next(path)))
            return;
        space_stack_descend(path, sp, key, false, r);
    }
}

static void dfs_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                      const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    SPACE_DISPATCH(p, MEASURE_SLIDES, sp, dfs_search(ctx, sp, p->start, budget, r));
}

const solver solver_dfs = {
    "dfs", "depth-first search with a visited set (any solution, usually long)", GUARANTEE_NONE, true,
    dfs_solve, NULL, 0, FAMILY_ALL, false,
};
