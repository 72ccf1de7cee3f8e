/* family_greedy.c -- a plugin that takes Klotski alone, for tests/test_external.c: greedy
 * best-first on the family's own lower bound, written over family.h's view of a puzzle, as a
 * plugin for any family would be. No guarantee; it keeps
 * every state it has seen, so it is complete. */
#include <stdlib.h>
#include <unblock.h>

static void greedy_family(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                          const int *param, solver_result *r)
{
    (void)param;
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];
    search_trail *trail = &ctx->trail[0];
    stateset_clear(seen, false);
    trail_clear(trail);
    bucketq open;
    bucketq_init(&open);
    uint64_t *child = malloc((size_t)p->max_successors * sizeof *child);
    bool added;
    stateset_add(seen, p->start, &added);
    bucketq_push(&open, p->lower_bound(p->board, p->start, MEASURE_MOVES),
                 trail_push(trail, p->start, TRAIL_ROOT));
    int h;
    uint32_t at;
    while (bucketq_pop(&open, &h, &at)) {
        uint64_t key = trail->key[at];
        if (p->is_goal(p->board, key)) {
            search_trail_solved(p, MEASURE_MOVES, trail, at, r);
            break;
        }
        search_expand(&limits, r);
        uint64_t bytes = stateset_bytes(seen) + trail_bytes(trail) + open.bytes;
        uint64_t next = stateset_bytes_next(seen, p->max_successors) +
                        trail_bytes_next(trail, p->max_successors) + bucketq_bytes_next(&open, p->max_successors);
        if (search_should_stop(&limits, r, bytes, next)) break;
        int n = p->successors(p->board, key, MEASURE_MOVES, child);
        r->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            stateset_add(seen, child[k], &added);
            if (!added) r->duplicates++;
            else bucketq_push(&open, p->lower_bound(p->board, child[k], MEASURE_MOVES), trail_push(trail, child[k], at));
        }
    }
    free(child);
    bucketq_free(&open);
}

static const solver greedy_family_solver = {
    "kgreedy", "greedy best-first on the family's bound (a Klotski plugin)", GUARANTEE_NONE, true,
    greedy_family, NULL, 0, FAMILY_BIT(FAMILY_KLOTSKI), false,
};

UNBLOCK_PLUGIN("kgreedy", &greedy_family_solver);
