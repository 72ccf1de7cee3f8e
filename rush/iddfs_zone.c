/* iddfs_zone.c -- the seed C# solver's 2015 program: iterative deepening with zone pruning.
 *
 * The program the seed page's "iterative deepening" and "most puzzles solved in less than 15
 * seconds" describe, ported from its rules (rush/zone.h defines the zones, the move order and
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
#include "rush/zone.h"

enum { PARAM_DEPTH, PARAM_TABLE, NPARAMS };

static const solver_param iddfs_zone_params[NPARAMS] = {
    [PARAM_DEPTH] = {"depth", "deepest iteration in moves (the final slide not counted)", 199, 1, 1000, NULL, 0, NULL},
    [PARAM_TABLE] = {"table", "states the table records per iteration", 50000, 0, 1 << 30, NULL, 0, NULL},
};

typedef struct {
    zone_search base;           /* first: the search hands its rules this */
    uint8_t rank[BOARD_MAX_PIECES];   /* each piece's place in letter order */
    uint64_t table_cap;
    stateset *table;            /* state -> depth first reached at, this iteration */
    bool table_full;
} iddfs_zone_search;

static bool independent(const zone_move *i, const zone_move *j)
{
    return !((i->Ea & j->Lv) || (j->Ea & i->Lv) || (i->E & j->La) || (j->E & i->La));
}

/* Canonical order: true when the candidate path[n - 1] is pruned. */
static bool out_of_order(const iddfs_zone_search *z, int n)
{
    if (n < 2) return false;
    const zone_move *path = z->base.path, *last = &path[n - 1], *before = &path[n - 2];
    if (!independent(last, before)) return false;
    for (int k = 3; n - k >= 0; k++) {
        bool before_free = independent(before, &path[n - k]);
        bool last_free = independent(last, &path[n - k]);
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
    int p = zone_previous_move(&z->base, n);
    if (p < 0) return true;
    const zone_move *path = z->base.path, *c = &path[n - 1], *prev = &path[p];
    bool left_covered = false, enter_freed = false;
    for (int i = p + 1; i <= n - 2; i++) {
        const zone_move *m = &path[i];
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

/* The 2015 rules, in the program's order: canonical order, cycles, repetition, the table. */
static bool pruned(zone_search *base, int n)
{
    iddfs_zone_search *z = (iddfs_zone_search *)base;
    return out_of_order(z, n) || !not_a_cycle(z, n) || zone_repeats(base, n) ||
           reached_before(z, base->path[n - 1].key, n);
}

static void iddfs_zone_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                             const int *param, solver_result *r)
{
    const board *b = p->fast;   /* Rush Hour's, whose fast space is its board */
    uint64_t start = p->start;
    int deepest = solver_param_value(iddfs_zone_params, param, PARAM_DEPTH, p->family);
    iddfs_zone_search z = {
        .table_cap = (uint64_t)solver_param_value(iddfs_zone_params, param, PARAM_TABLE, p->family),
        .table = &ctx->set[0],
    };
    zone_search_begin(&z.base, ctx, b, start, deepest, budget, r);
    z.base.table = z.table;
    z.base.pruned = pruned;
    for (int k = 0; k < b->npieces; k++) z.rank[z.base.order[k]] = (uint8_t)k;

    zone_outcome o = ZONE_NOT_FOUND;
    for (z.base.limit = 1; z.base.limit <= deepest && o == ZONE_NOT_FOUND; z.base.limit++) {
        r->iterations++;
        stateset_clear(z.table, true);
        z.base.cut_off = false;
        o = zone_search_from(&z.base, 0);
        if (!z.base.cut_off) break;   /* the next iteration would search the same tree */
    }
    if (z.table_full) r->note = "table-full";
    zone_search_end(&z.base);
}

const solver solver_iddfs_zone = {
    "iddfs-zone", "the seed C# solver's 2015 program: iterative deepening with zone pruning",
    GUARANTEE_NONE, false, iddfs_zone_solve, iddfs_zone_params, NPARAMS, FAMILY_BIT(FAMILY_RUSH), false,
};
