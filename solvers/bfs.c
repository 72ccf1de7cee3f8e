/* bfs.c -- the reference solver: breadth-first search over multi-cell moves; also the engine
 * of bfs1 (single-cell steps) and of cluster mode.
 *
 * States are visited in order of their distance in moves from the start, so the first time a
 * goal state is generated its depth is the optimal move count. The goal test runs when a state
 * is generated rather than when it is expanded: that saves expanding the whole last level.
 * The trail doubles as the FIFO queue: states are appended as they are reached and expanded in
 * trail order, and each entry's parent index rebuilds the solution.
 *
 * One prune, exact for multi-cell moves (not for steps, where a second step of the same piece
 * reaches a new cell): a state S reached from P by moving piece i is never
 * expanded with moves of piece i. Only i moved, so its free segment in S is the one it had in
 * P, and every position of i in that segment is P itself or a child of P, all of which were
 * stored when P was expanded. Skipping them changes nothing but the generated and duplicate
 * counters (each skipped successor would have been a duplicate).
 *
 * Cluster mode runs the same search to exhaustion and reports how many states are reachable;
 * it also remembers the first goal state it stores, which BFS order makes an optimal one, so a
 * cluster run returns the solution too.
 */
#include "bfs.h"

void bfs_search(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                solver_result *r, bfs_mode mode)
{
    bool cluster = mode == BFS_CLUSTER, steps = mode == BFS_STEPS;
    search_limits limits;
    search_begin(&limits, budget, r);
    stateset *seen = &ctx->set[0];
    search_trail *queue = &ctx->trail[0];
    stateset_clear(seen, false);
    trail_clear(queue);

    bool added;
    stateset_add(seen, start, &added);
    trail_push(queue, start, TRAIL_ROOT);
    search_count_level(r, 0, 1);

    uint64_t child[MOVES_MAX];
    uint64_t level_end = 1;   /* the level being expanded ends at queue index level_end */
    uint32_t goal = board_is_goal(b, start) ? 0 : TRAIL_ROOT;
    int depth = 0;
    for (uint64_t head = 0; head < queue->count && (cluster || goal == TRAIL_ROOT); head++) {
        if (head == level_end) {
            search_count_level(r, depth + 1, queue->count - level_end);
            depth++;
            level_end = queue->count;
        }
        r->expanded++;
        if (search_should_stop(&limits, r, stateset_bytes(seen) + trail_bytes(queue))) return;
        uint64_t key = queue->key[head];
        int n = steps ? moves_generate_steps(b, key, MOVES_SKIP_NONE, child, NULL)
                      : moves_generate(b, key, trail_last_piece(b, queue, head), child, NULL);
        int fresh = stateset_add_many(seen, child, n, child);
        r->generated += (uint64_t)n;
        r->duplicates += (uint64_t)(n - fresh);
        for (int k = 0; k < fresh; k++) {
            uint32_t at = trail_push(queue, child[k], (uint32_t)head);
            if (goal == TRAIL_ROOT && board_is_goal(b, child[k])) {
                goal = at;
                if (!cluster) break;
            }
        }
    }
    if (queue->count > level_end) search_count_level(r, depth + 1, queue->count - level_end);
    r->cluster_states = queue->count;
    if (goal != TRAIL_ROOT) {
        search_append_path(b, queue, goal, false, r);
        search_solved(r);
    }
}

static void bfs_solve(solver_context *ctx, const board *b, uint64_t start,
                      const solver_budget *budget, solver_result *r)
{
    bfs_search(ctx, b, start, budget, r, BFS_MOVES);
}

void bfs_cluster(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                 solver_result *r)
{
    bfs_search(ctx, b, start, budget, r, BFS_CLUSTER);
}

const solver solver_bfs = {
    "bfs", "breadth-first search over multi-cell moves (the reference)", GUARANTEE_MOVES, true,
    bfs_solve,
};
