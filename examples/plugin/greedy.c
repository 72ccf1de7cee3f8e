/* greedy.c -- a solver plugin for unblock-bench, built out of tree: greedy best-first search on
 * the blocker bound, a strategy the harness does not have built in.
 *
 * Greedy best-first always expands the open state that looks closest to the goal: the one with
 * the smallest lower bound h (the blocker bound: 1 + the pieces between the primary piece and
 * the exit, + 1 if one of them cannot clear the lane in one move), ignoring how many moves it
 * took to get there. It heads for the goal fast and expands few states, but it promises nothing
 * about the length of what it finds: guarantee none. It keeps every state it has seen and never
 * opens one twice, so when its queue runs dry it has seen the whole cluster of the start:
 * complete, its "no solution" is a proof.
 *
 *     cc -shared -fPIC greedy.c $(pkg-config --cflags --libs unblock) -o greedy.so
 *     bin/bench --plugin ./greedy.so --solver bfs,greedy corpus/
 */
#include <unblock.h>

static void greedy_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                         const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    const board *b = p->board;   /* a Rush Hour puzzle's view holds its board */
    uint64_t start = p->start;
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *seen = &ctx->set[0];     /* the context's memory: a run of many puzzles allocates once */
    search_trail *trail = &ctx->trail[0];
    stateset_clear(seen, false);
    trail_clear(trail);
    bucketq open;
    bucketq_init(&open);

    bool added;
    stateset_add(seen, start, &added);
    bucketq_push(&open, heuristic_blockers(b, start), trail_push(trail, start, TRAIL_ROOT));
    uint64_t child[MOVES_MAX];
    int h;
    uint32_t at;
    while (bucketq_pop(&open, &h, &at)) {
        uint64_t key = trail->key[at];
        if (board_is_goal(b, key)) {
            search_trail_solved(p, MEASURE_MOVES, trail, at, r);   /* written in the notation */
            break;
        }
        /* Counted through the harness, so that bin/solve --trace and bin/render --graph can show
         * the walk: the trace wants the state's parent and depth, worked out only when traced. */
        if (search_expand(&limits, r)) {
            uint32_t parent = trail->parent[at];
            int g = 0;
            for (uint32_t up = at; trail->parent[up] != TRAIL_ROOT; up = trail->parent[up]) g++;
            search_trace_step(&limits, trace_step_of(key, parent == TRAIL_ROOT ? 0 : trail->key[parent], g,
                                                heuristic_blockers(b, key)));
        }
        /* Budgets are hard caps: say what the tables hold and will hold after this expansion. */
        uint64_t bytes = stateset_bytes(seen) + trail_bytes(trail) + open.bytes;
        uint64_t next = stateset_bytes_next(seen, MOVES_MAX) + trail_bytes_next(trail, MOVES_MAX) +
                        bucketq_bytes_next(&open, MOVES_MAX);
        if (search_should_stop(&limits, r, bytes, next)) break;
        /* Not the piece that moved last: what it can reach, its parent reached already. */
        uint32_t parent = trail->parent[at];
        int skip = parent == TRAIL_ROOT ? MOVES_SKIP_NONE : board_moved_piece(b, trail->key[parent], key);
        int n = moves_generate(b, key, skip, child, NULL);
        r->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            stateset_add(seen, child[k], &added);
            if (!added) {
                r->duplicates++;
                continue;
            }
            bucketq_push(&open, heuristic_blockers(b, child[k]), trail_push(trail, child[k], at));
        }
        if (open.size > r->peak_frontier) r->peak_frontier = open.size;
    }
    bucketq_free(&open);
}

static const solver greedy = {
    "greedy", "greedy best-first search on the blocker bound (a plugin)", GUARANTEE_NONE, true,
    greedy_solve, NULL, 0, FAMILY_BIT(FAMILY_RUSH), false,
};

UNBLOCK_PLUGIN("greedy", &greedy);
