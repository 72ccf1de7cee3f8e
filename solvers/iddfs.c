/* iddfs.c -- iterative deepening depth-first search, plain (`iddfs`) and with the seed C#
 * solver's zone pruning (`iddfs-zone`).
 *
 * Depth-first searches with limits 0, 1, 2, ...; the first limit at which a goal appears is
 * the optimal move count. No table of visited states: memory is the path alone, time is
 * exponential in the depth. Both variants use the safe prune every iterative deepener uses:
 * never move the piece that moved last (two moves of one piece in a row are never better than
 * one). An iteration in which no path was cut off by the limit has seen every state reachable
 * under the prunes, so the search ends with "no solution"; otherwise the budget ends it.
 *
 * Zone pruning, as read here. A move of piece P from offset o to o + d *uncovers* the cells of
 * P at o that it no longer holds and *covers* the cells at o + d that it did not hold (each a
 * straight run of cells: a zone with a position, an orientation and a length). On the current
 * path m_1 .. m_k, a candidate move m is tried only if both rules allow it:
 *   (a) purpose: m covers at least one cell that some earlier move m_j (j <= k) uncovered.
 *       The first move of a path (k = 0) is exempt: nothing has been uncovered yet.
 *   (b) revisiting a piece: if m_j is the latest earlier move of the same piece, there must be
 *       moves m_a and m_b with j < a < b <= k such that m_a covers a cell m_j uncovered and
 *       m_b uncovers a cell m covers (the covering move older than the uncovering one). With
 *       no earlier move of the piece the rule does not apply.
 * "Covers a zone" is read as sharing at least one cell with it. Whether the rules keep the
 * optimum and completeness is not claimed: the harness measures it (README, solver table).
 */
#include "search.h"

/* The deepest limit tried: a safety net far beyond any board's diameter. */
#define IDDFS_MAX_LIMIT 100000

/* Cells a move leaves (uncover) and enters (cover), given the state before it. */
static void zones(const board *b, uint64_t before, move m, uint64_t *uncover, uint64_t *cover)
{
    int from = board_offset(b, before, m.piece), to = from + m.delta;
    *uncover = b->cells[m.piece][from] & ~b->cells[m.piece][to];
    *cover = b->cells[m.piece][to] & ~b->cells[m.piece][from];
}

/* Rules (a) and (b) above for move m from the top of the path, in one pass over the path's
 * moves (the zones of move j are recomputed from the state before it). */
static bool zone_allows(const board *b, const pathstack *path, move m)
{
    uint32_t k = pathstack_depth(path) - 1;   /* moves on the path so far */
    if (k == 0) return true;
    uint64_t uncover_m, cover_m, u, c;
    zones(b, path->frame[k].key, m, &uncover_m, &cover_m);

    bool purposeful = false;
    uint32_t same = 0;   /* latest earlier move of the same piece, 0 if none */
    for (uint32_t j = 1; j <= k; j++) {
        zones(b, path->frame[j - 1].key, path->frame[j].via, &u, &c);
        purposeful |= (u & cover_m) != 0;
        if (path->frame[j].via.piece == m.piece) same = j;
    }
    if (!purposeful) return false;
    if (!same) return true;

    uint64_t uncover_same, cover_same;
    zones(b, path->frame[same - 1].key, path->frame[same].via, &uncover_same, &cover_same);
    bool covered = false;   /* some move after `same` has covered what it uncovered */
    for (uint32_t j = same + 1; j <= k; j++) {
        zones(b, path->frame[j - 1].key, path->frame[j].via, &u, &c);
        if (covered && (u & cover_m)) return true;
        covered |= (c & uncover_same) != 0;
    }
    return false;
}

static void iddfs_run(solver_context *ctx, const board *b, uint64_t start,
                      const solver_budget *budget, solver_result *r, bool zone)
{
    search_limits limits;
    search_begin(&limits, budget, r);
    pathstack *path = &ctx->stack;
    if (board_is_goal(b, start)) {
        search_solved(r);
        return;
    }
    for (uint32_t limit = 1; limit <= IDDFS_MAX_LIMIT; limit++) {
        r->iterations++;
        bool cut_off = false;
        search_stack_begin(path, b, start, r);
        uint64_t key;
        move m;
        while (pathstack_advance(path, &key, &m)) {
            if (zone && !zone_allows(b, path, m)) {
                r->duplicates++;   /* counted as pruned */
                continue;
            }
            if (board_is_goal(b, key)) {
                search_stack_solved(path, m, r);
                return;
            }
            if (pathstack_depth(path) == limit) {   /* key is at depth limit: a leaf */
                cut_off = true;
                continue;
            }
            r->expanded++;
            if (search_should_stop(&limits, r, pathstack_bytes(path), pathstack_bytes_next(path)))
                return;
            search_stack_descend(path, b, key, m, m.piece, r);
        }
        if (!cut_off) return;   /* everything reachable was searched: no solution */
    }
    r->status = SOLVE_BUDGET;
    r->budget_hit = "states";
}

static void iddfs_solve(solver_context *ctx, const board *b, uint64_t start,
                        const solver_budget *budget, solver_result *r)
{
    iddfs_run(ctx, b, start, budget, r, false);
}

static void iddfs_zone_solve(solver_context *ctx, const board *b, uint64_t start,
                             const solver_budget *budget, solver_result *r)
{
    iddfs_run(ctx, b, start, budget, r, true);
}

const solver solver_iddfs = {
    "iddfs", "iterative deepening DFS, no table (the control for iddfs-zone)", GUARANTEE_MOVES, true,
    iddfs_solve,
};

const solver solver_iddfs_zone = {
    "iddfs-zone", "iterative deepening DFS with the seed C# solver's zone pruning",
    GUARANTEE_NONE, false, iddfs_zone_solve,
};
