/* iddfs.c -- iterative deepening depth-first search, with no table.
 *
 * Depth-first searches with limits 1, 2, 3, ...; the first limit at which a goal appears is
 * the optimal move count, because every shorter path was searched by an earlier iteration. No
 * table of visited states: memory is the path alone, time is exponential in the depth. The one
 * prune is the safe one every iterative deepener uses: never move the piece that moved last
 * (two moves of one piece in a row are never better than one, so some optimal path survives).
 * An iteration in which no path was cut off by the limit has seen every state reachable under
 * that prune, so the search ends with a proof of "no solution"; otherwise the budget ends it.
 * It is the control for the zone solvers (zone13.c, iddfs_zone.c): the same search without
 * their rules.
 *
 * On a family's view (a family with no fast space) it deepens in moves with no prune at all:
 * the view does not say which piece moved, so every successor is searched, and an iteration
 * that cuts off nothing still proves "no solution". On the fast space (Rush Hour's) the prune
 * is the space's own after the move that reached a state (common/fast_space.h).
 */
#include "search/space.h"

/* The deepest limit tried: a safety net far beyond any board's diameter. */
#define IDDFS_MAX_LIMIT 100000

/* The search, written once: compiled into the entry below once a space (the fast space leaves
 * out the piece that moved last, space_stack_descend's skip; the view takes every successor). */
SPACE_INLINE void iddfs_search(solver_context *ctx, const search_space *sp, uint64_t start,
                               const solver_budget *budget, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    pathstack *path = &ctx->stack;
    if (space_is_goal(sp, start)) {
        space_start_solved(sp, start, r);
        return;
    }
    for (uint32_t limit = 1; limit <= IDDFS_MAX_LIMIT; limit++) {
        r->iterations++;
        bool cut_off = false;
        space_stack_begin(path, &limits, sp, start, TRACE_NO_BOUND, r);
        uint64_t key;
        while (pathstack_advance(path, &key)) {
            if (space_is_goal(sp, key)) {
                space_stack_solved(path, sp, key, r);
                return;
            }
            if (pathstack_depth(path) == limit) {   /* key is at depth limit: a leaf */
                cut_off = true;
                continue;
            }
            search_stack_expand(path, &limits, key, TRACE_NO_BOUND, r);
            if (search_should_stop(&limits, r, pathstack_bytes(path), pathstack_bytes_next(path)))
                return;
            space_stack_descend(path, sp, key, true, r);
        }
        if (!cut_off) return;   /* everything reachable was searched: no solution */
    }
    r->status = SOLVE_BUDGET;
    r->budget_hit = "states";
}

static void iddfs_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                        const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    SPACE_DISPATCH(p, MEASURE_MOVES, sp, iddfs_search(ctx, sp, p->start, budget, r));
}

const solver solver_iddfs = {
    "iddfs", "iterative deepening DFS, no table (the control for the zone solvers)",
    GUARANTEE_MOVES, true, iddfs_solve, NULL, 0, FAMILY_ALL, false,
};
