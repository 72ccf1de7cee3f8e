/* dfs.c -- depth-first search with a visited set.
 *
 * Always take the first successor (in the generator's fixed order) that has not been seen
 * before; back up when a state has none left. The visited set makes it complete (every
 * reachable state is entered at most once) but nothing makes it short: the solution is the
 * path on the stack when the goal appears, often hundreds of moves long. The stack is explicit
 * (search/pathstack.h), so depth is limited by memory, never by the C stack.
 *
 * The family form (every family but Rush Hour) takes the successors in slides, a piece in one
 * direction any distance, as the seed program's DFS did on Klotski.
 */
#include "search/search.h"

static void dfs_solve(solver_context *ctx, const board *b, uint64_t start,
                      const solver_budget *budget, const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];
    pathstack *path = &ctx->stack;
    stateset_clear(seen, false);

    bool added;
    stateset_add(seen, start, &added);
    if (board_is_goal(b, start)) {
        search_solved(r);
        return;
    }
    search_stack_begin(path, &limits, b, start, TRACE_NO_BOUND, r);

    uint64_t key;
    move m;
    while (pathstack_advance(path, &key, &m)) {
        stateset_add(seen, key, &added);
        if (!added) {
            r->duplicates++;
            continue;
        }
        if (board_is_goal(b, key)) {
            search_stack_solved(path, m, r);
            return;
        }
        search_stack_expand(path, &limits, key, TRACE_NO_BOUND, r);
        /* Every new state is expanded and checked here, so the next check comes before the
         * next key is added. */
        if (search_should_stop(&limits, r, stateset_bytes(seen) + pathstack_bytes(path),
                               stateset_bytes_next(seen, 1) + pathstack_bytes_next(path)))
            return;
        search_stack_descend(path, b, key, m, MOVES_SKIP_NONE, r);
    }
}

static void dfs_solve_family(solver_context *ctx, const family_problem *p,
                             const solver_budget *budget, const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    const measure m = MEASURE_SLIDES;
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];
    pathstack *path = &ctx->stack;
    stateset_clear(seen, false);

    bool added;
    stateset_add(seen, p->start, &added);
    if (p->is_goal(p->board, p->start)) {
        search_family_solved(p, m, &p->start, 1, r);
        return;
    }
    search_family_stack_begin(path, &limits, p, m, TRACE_NO_BOUND, r);
    uint64_t key;
    move via;
    while (pathstack_advance(path, &key, &via)) {
        stateset_add(seen, key, &added);
        if (!added) {
            r->duplicates++;
            continue;
        }
        if (p->is_goal(p->board, key)) {
            search_family_stack_solved(path, p, m, key, r);
            return;
        }
        search_stack_expand(path, &limits, key, TRACE_NO_BOUND, r);
        if (search_should_stop(&limits, r, stateset_bytes(seen) + pathstack_bytes(path),
                               stateset_bytes_next(seen, 1) + pathstack_bytes_next(path)))
            return;
        search_family_stack_descend(path, p, m, key, r);
    }
}

const solver solver_dfs = {
    "dfs", "depth-first search with a visited set (any solution, usually long)", GUARANTEE_NONE, true,
    dfs_solve, NULL, 0, FAMILY_ALL, dfs_solve_family,
};
