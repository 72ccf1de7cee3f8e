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
 *
 * Where the family offers a memo (family.h's family_memo: Klotski's lists by the set of empty
 * cells), the successors come from it: the same lists in the same order, so the same search.
 * Each successor is written at the trail's end and the trail moves past it only when the table
 * found it new, and the goal test is the view's mask, so that no branch waits on the table.
 */
#include <stdlib.h>

#include "common/xmem.h"
#include "search/space.h"
#include "solvers/bfs.h"

/* This file is compiled twice (Makefile's AVX2 twins): portable, and on x86-64 again with
 * AVX2, BMI1 and BMI2, where the state table reads four slots with one load; solvers/bfs.c
 * picks the build the processor runs. Both give the same results (tests/test_klotski.c). */
#ifdef AVX2_TWIN
#define BFS_FAMILY_SEARCH bfs_family_search_avx2
#else
#define BFS_FAMILY_SEARCH bfs_family_search_portable
#endif

/* Makes room for n more states in the table and the trail before they are added, the trail's
 * first `end` entries being exactly the table's keys: a table that must grow is rebuilt from
 * them (stateset_reserve_from). Called only when the trail passes the length at which either
 * could grow. (Rush Hour's engine, whose table forgets, makes its room in bfs_engine.c.) */
static void make_room(stateset *seen, search_trail *trail, uint64_t end, uint64_t n)
{
    trail->count = end;
    stateset_reserve_from(seen, n, trail->key, end);
    trail_reserve(trail, n);
}

/* The successors of trail entry `at` that the search generates, from the memo when the family
 * gave one. */
static int successors(const family_problem *p, const search_space *space, void *memo,
                      const search_trail *trail, uint64_t at, uint64_t *out)
{
    if (!memo) return space_trail_successors(space, trail, at, out);
    uint32_t parent = trail->parent[at];
    if (parent == TRAIL_ROOT) return p->memo->successors(memo, trail->key[at], out);
    return p->memo->successors_after(memo, trail->key[parent], trail->key[at], out);
}

void BFS_FAMILY_SEARCH(solver_context *ctx, const family_problem *p, measure m,
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
    void *memo = p->memo ? p->memo->make(p->board, m) : NULL;
    uint64_t goal = p->is_goal(p->board, p->start) ? 0 : UINT64_MAX;
    uint64_t most = (uint64_t)p->max_successors;
    uint64_t *child = xmalloc(most * sizeof *child);
    uint64_t end = 1;         /* the trail's length, kept in a local while the loop runs */
    uint64_t level_end = 1;   /* the level being expanded ends at trail entry level_end */
    int depth = 0;
    bool stopped = false;
    /* The bytes held change when the table or the trail grows, which takes the trail past
     * `calm` entries, and when the memo works out a set: counted again then and at every
     * 256th expansion, where search_should_stop looks at them (a memo grows by a set of a few
     * hundred bytes at most between two counts). */
    uint64_t calm = 0;
    for (uint64_t at = 0; at < end && (cluster || goal == UINT64_MAX); at++) {
        if (at == level_end) {
            search_count_level(r, depth + 1, end - level_end);
            depth++;
            level_end = end;
        }
        r->expanded++;
        if (end > calm || (r->expanded & 255) == 0 || r->expanded > limits.state_limit) {
            trail->count = end;
            uint64_t memo_bytes = memo ? p->memo->bytes(memo) : 0;
            uint64_t bytes = stateset_bytes(seen) + trail_bytes(trail) + memo_bytes;
            uint64_t next = stateset_bytes_next(seen, most) + trail_bytes_next(trail, most) +
                            memo_bytes;
            uint64_t least = seen->room < trail->run_capacity ? seen->room : trail->run_capacity;
            calm = least > most ? least - most : 0;
            if (search_should_stop(&limits, r, bytes, next)) {
                stopped = true;
                break;
            }
        }
        int count = successors(p, &space, memo, trail, at, child);
        r->generated += (uint64_t)count;
        if (end > calm) make_room(seen, trail, end, (uint64_t)count);
        /* Each successor is written at the trail's end, which moves past it only if the table
         * found it new, so that no branch waits on the table; in solve mode the trail ends at
         * the first goal, the state's later successors unlooked at. */
        stateset_batch batch = stateset_batch_begin(seen);
        uint64_t *keys = trail->key;
        uint32_t *parents = trail->parent;
        uint64_t first = end;   /* every new key joins the trail: end - first of them */
        int k = 0;
        while (k < count) {
            uint64_t next_key = child[k++];
            unsigned is_new = stateset_batch_add(&batch, STATESET_HASH_DEFAULT, next_key);
            keys[end] = next_key;
            parents[end] = (uint32_t)at;
            end += is_new;
            if (__builtin_expect(is_new & ((next_key & p->goal_mask) == p->goal_value), 0) &&
                goal == UINT64_MAX) {
                goal = end - 1;
                if (!cluster) break;
            }
        }
        r->duplicates += (uint64_t)k - (end - first);
        stateset_batch_end(&batch, end - first);
    }
    trail->count = end;
    if (end > level_end) search_count_level(r, depth + 1, end - level_end);
    free(child);
    if (memo) p->memo->free(memo);
    /* Stopped, what was stored: all reachable, what the cluster holds at least; and a stop
     * stays one, a goal found before it notwithstanding (the cluster is not whole). */
    if (cluster) r->cluster_states = trail->count;
    if (!stopped && goal != UINT64_MAX) search_trail_solved(p, m, trail, (uint32_t)goal, r);
    else if (!stopped) r->status = SOLVE_UNSOLVABLE;
    /* The queue is the order of expansion: the trail's first r->expanded entries. */
    search_trace_trail(ctx->trace, trail, r);
}
