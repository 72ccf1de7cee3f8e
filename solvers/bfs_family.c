/* bfs_family.c -- the breadth-first search of bfs, bfs1 and cluster mode for every family
 * but Rush Hour (whose engine is bfs_engine.c), written once over family.h.
 *
 * Guarantee: fewest units of the measure searched (moves, slides or steps); complete. States
 * are stored in order of their distance from the start, every unit costing one, so the first
 * goal *generated* has the optimal distance: the goal test runs on generation, which saves
 * expanding the whole last level. A search that runs out of states has seen the start's whole
 * cluster and no goal in it, so "no solution" is a proof. The trail is the FIFO queue: states
 * are appended as they are reached and expanded in trail order, each entry's parent rebuilding
 * the solution. Cluster mode runs to exhaustion and keeps the first goal stored (an optimal
 * one, by that order). The one prune is the family's own (family.h's successors_after): from
 * a state it leaves out successors the search stored when it expanded the state's parent (in
 * Klotski's moves, those of the piece that moved last), so the same states are stored in the
 * same order and every guarantee above holds; only `generated` and `duplicates` count fewer.
 */
#include <stdlib.h>

#include "common/xmem.h"
#include "search/space.h"
#include "solvers/bfs.h"

void bfs_family_search(solver_context *ctx, const family_problem *p, measure m,
                       const solver_budget *budget, solver_result *r, bool cluster)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];
    search_trail *trail = &ctx->trail[0];
    stateset_clear_half(seen);
    trail_clear(trail);
    bool added;
    stateset_add(seen, p->start, &added);
    trail_push(trail, p->start, TRAIL_ROOT);
    search_count_level(r, 0, 1);

    search_space space = space_of_family(p, m);
    uint64_t goal = p->is_goal(p->board, p->start) ? 0 : UINT64_MAX;
    uint64_t *child = xmalloc((size_t)p->max_successors * sizeof *child);
    uint64_t level_end = 1;
    int depth = 0;
    bool stopped = false;
    for (uint64_t at = 0; at < trail->count && (cluster || goal == UINT64_MAX); at++) {
        if (at == level_end) {
            depth++;
            level_end = trail->count;
        }
        r->expanded++;
        uint64_t n = (uint64_t)p->max_successors;
        if (search_should_stop(&limits, r, stateset_bytes(seen) + trail_bytes(trail),
                               stateset_bytes_next(seen, n) + trail_bytes_next(trail, n))) {
            stopped = true;
            break;
        }
        int count = space_trail_successors(&space, trail, at, child);
        r->generated += (uint64_t)count;
        for (int k = 0; k < count; k++) {
            stateset_add(seen, child[k], &added);
            if (!added) {
                r->duplicates++;
                continue;
            }
            uint32_t entry = trail_push(trail, child[k], (uint32_t)at);
            search_count_level(r, depth + 1, 1);
            if (goal == UINT64_MAX && p->is_goal(p->board, child[k])) {
                goal = entry;
                if (!cluster) break;
            }
        }
    }
    free(child);
    if (cluster && !stopped) r->cluster_states = trail->count;
    if (goal != UINT64_MAX) search_family_trail_solved(p, m, trail, (uint32_t)goal, r);
    else if (!stopped) r->status = SOLVE_UNSOLVABLE;
    /* The queue is the order of expansion: the trace is its first r->expanded entries. */
    search_trace_trail(ctx->trace, trail, r);
}
