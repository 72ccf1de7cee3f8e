/* iddfs_zone.c -- the seed C# solver's 2015 program: iterative deepening with zone pruning.
 *
 * The program the seed page's "iterative deepening" and "most puzzles solved in less than 15
 * seconds" describe, ported from its rules (common/zone.h defines the zones, the move order and
 * the goal). Depth-first searches with limits 1, 2, ... up to the depth parameter (199). Number
 * the moves of the current path m_0 .. m_{n-1}, m_{n-1} being the candidate. A candidate that
 * moves the piece that moved last is never generated; then, in this order:
 *
 *   Independence. Moves i and j are independent unless Ea(i) overlaps Lv(j), Ea(j) overlaps
 *   Lv(i), E(i) overlaps La(j), or E(j) overlaps La(i): neither uses cells the other frees.
 *
 *   Canonical order (prune). Only when n >= 2 and m_{n-1}, m_{n-2} are independent (the two
 *   could be played in either order). Then for k = 3, 4, ... while n-k >= 0: if m_{n-2} is
 *   independent of m_{n-k} and m_{n-1} is not, allow; if m_{n-1} is independent of m_{n-k} and
 *   m_{n-2} is not, prune. If the loop ends, prune when the piece of m_{n-1} comes before the
 *   piece of m_{n-2} in letter order. Of two orders of independent moves, one is kept.
 *
 *   Cycles (2015). If n < 3, allow. Let p be the latest i <= n-2 moving the same piece as
 *   m_{n-1}; if none, allow. Over i in p+1 .. n-2, "left covered" when La(m_p) overlaps E(m_i)
 *   or Lv(m_p) overlaps Ea(m_i), "enter freed" when Ea(m_{n-1}) overlaps Lv(m_i) or E(m_{n-1})
 *   overlaps La(m_i); allow as soon as both have been seen, in any order; prune otherwise.
 *
 *   Repetition: a candidate reaching a state of the current path is pruned.
 *
 *   Table. Per iteration, the states reached and the depth each was first reached at: a state
 *   reached again at the same or a greater depth is pruned, else its depth is lowered. The
 *   author capped the table (the table parameter, 50,000 states): past the cap, new states are
 *   not recorded, and the result's note says "table-full".
 *
 * Guarantee: none. The canonical order and cycle rules are heuristics, and a table cut made by
 * a deeper visit that the rules later forbid can hide a state, so the first solution found need
 * not be the shortest, and "no solution" (after the last limit) is not a proof. One liberty,
 * which changes no answer: when an iteration meets no state at its depth limit, the next
 * iteration would search the same tree again (the rules see only the path, the table is
 * rebuilt), so the search stops there.
 */
#include <stdlib.h>

#include "xmem.h"
#include "zone.h"

enum { PARAM_DEPTH, PARAM_TABLE, NPARAMS };

static const solver_param iddfs_zone_params[NPARAMS] = {
    [PARAM_DEPTH] = {"depth", "deepest iteration in moves (the final slide not counted)", 199, 1, 1000, NULL},
    [PARAM_TABLE] = {"table", "states the table records per iteration", 50000, 0, 1 << 30, NULL},
};

typedef struct {
    const board *b;
    uint8_t order[BOARD_MAX_PIECES], rank[BOARD_MAX_PIECES];   /* rank: place in letter order */
    int limit;                  /* this iteration's depth limit */
    uint64_t table_cap;
    stateset *table;            /* state -> depth first reached at, this iteration */
    bool cut_off;               /* this iteration met a state at its limit */
    bool table_full;
    zone_move *path;            /* m_0 .. m_{n-1} */
    uint64_t *keys;             /* keys[0] the start, keys[i + 1] the state after m_i */
    int path_capacity;
    search_limits limits;
    solver_result *r;
} iddfs_zone_search;

typedef enum { NOT_FOUND, FOUND, STOPPED } iddfs_zone_outcome;

static bool independent(const zone_move *i, const zone_move *j)
{
    return !((i->Ea & j->Lv) || (j->Ea & i->Lv) || (i->E & j->La) || (j->E & i->La));
}

/* Canonical order: true when the candidate path[n - 1] is pruned. */
static bool out_of_order(const iddfs_zone_search *z, int n)
{
    if (n < 2) return false;
    const zone_move *last = &z->path[n - 1], *before = &z->path[n - 2];
    if (!independent(last, before)) return false;
    for (int k = 3; n - k >= 0; k++) {
        bool before_free = independent(before, &z->path[n - k]);
        bool last_free = independent(last, &z->path[n - k]);
        if (before_free && !last_free) return false;
        if (last_free && !before_free) return true;
    }
    return z->rank[last->m.piece] < z->rank[before->m.piece];
}

/* Cycles (2015): the candidate path[n - 1] moves a piece again only after moves covered what
 * the piece left and freed what it now enters. */
static bool not_a_cycle(const iddfs_zone_search *z, int n)
{
    if (n < 3) return true;
    const zone_move *c = &z->path[n - 1];
    int p = n - 2;
    while (p >= 0 && z->path[p].m.piece != c->m.piece) p--;
    if (p < 0) return true;
    const zone_move *prev = &z->path[p];
    bool left_covered = false, enter_freed = false;
    for (int i = p + 1; i <= n - 2; i++) {
        const zone_move *m = &z->path[i];
        left_covered |= (prev->La & m->E) || (prev->Lv & m->Ea);
        enter_freed |= (c->Ea & m->Lv) || (c->E & m->La);
        if (left_covered && enter_freed) return true;
    }
    return false;
}

/* The table: true when `key`, reached at depth n, was reached before no deeper. */
static bool reached_before(iddfs_zone_search *z, uint64_t key, int n)
{
    uint64_t found = stateset_find(z->table, key);
    if (found != UINT64_MAX) {
        if (z->table->value[found] <= (uint32_t)n) return true;
        z->table->value[found] = (uint32_t)n;
    } else if (z->table->count < z->table_cap) {
        bool added;
        uint64_t slot = stateset_add(z->table, key, &added);   /* may grow the table */
        z->table->value[slot] = (uint32_t)n;
    } else {
        z->table_full = true;
    }
    return false;
}

/* Searches on from keys[n], the state after n moves. */
static iddfs_zone_outcome search(iddfs_zone_search *z, int n)
{
    const board *b = z->b;
    solver_result *r = z->r;
    uint64_t key = z->keys[n], occ = board_occupancy(b, key);
    if (zone_clear_run(b, key, occ)) {
        zone_solved(b, z->path, n, key, r);
        return FOUND;
    }
    if (n == z->limit) {
        z->cut_off = true;
        return NOT_FOUND;
    }
    r->expanded++;
    uint64_t path_bytes = (uint64_t)z->path_capacity * (sizeof *z->path + sizeof *z->keys);
    if (search_should_stop(&z->limits, r, path_bytes + stateset_bytes(z->table),
                           path_bytes + stateset_bytes_next(z->table, MOVES_MAX)))
        return STOPPED;
    if ((uint32_t)n + 1 > r->peak_frontier) r->peak_frontier = (uint32_t)n + 1;

    move cand[MOVES_MAX];
    int count = zone_candidates(b, z->order, key, occ, n ? z->path[n - 1].m.piece : -1, cand);
    r->generated += (uint64_t)count;
    for (int k = 0; k < count; k++) {
        z->path[n] = zone_of(b, key, cand[k]);
        if (out_of_order(z, n + 1) || !not_a_cycle(z, n + 1) ||
            zone_on_path(z->keys, n + 1, z->path[n].key) ||
            reached_before(z, z->path[n].key, n + 1)) {
            r->duplicates++;   /* counted as pruned */
            continue;
        }
        z->keys[n + 1] = z->path[n].key;
        iddfs_zone_outcome o = search(z, n + 1);
        if (o != NOT_FOUND) return o;
    }
    return NOT_FOUND;
}

static void iddfs_zone_solve(solver_context *ctx, const board *b, uint64_t start,
                             const solver_budget *budget, const int *param, solver_result *r)
{
    int deepest = solver_param_value(iddfs_zone_params, param, PARAM_DEPTH);
    iddfs_zone_search z = {
        .b = b,
        .table_cap = (uint64_t)solver_param_value(iddfs_zone_params, param, PARAM_TABLE),
        .table = &ctx->set[0],
        .path_capacity = deepest + 1,
        .r = r,
    };
    search_begin(&z.limits, budget, r);
    zone_piece_order(b, z.order);
    for (int k = 0; k < b->npieces; k++) z.rank[z.order[k]] = (uint8_t)k;
    z.path = xmalloc((size_t)z.path_capacity * sizeof *z.path);
    z.keys = xmalloc((size_t)(z.path_capacity + 1) * sizeof *z.keys);
    z.keys[0] = start;

    iddfs_zone_outcome o = NOT_FOUND;
    for (z.limit = 1; z.limit <= deepest && o == NOT_FOUND; z.limit++) {
        r->iterations++;
        stateset_clear(z.table, true);
        z.cut_off = false;
        o = search(&z, 0);
        if (!z.cut_off) break;   /* the next iteration would search the same tree */
    }
    if (z.table_full) r->note = "table-full";
    free(z.path);
    free(z.keys);
}

const solver solver_iddfs_zone = {
    "iddfs-zone", "the seed C# solver's 2015 program: iterative deepening with zone pruning",
    GUARANTEE_NONE, false, iddfs_zone_solve, iddfs_zone_params, NPARAMS,
};
