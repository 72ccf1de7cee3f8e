/* zone13.c -- the seed C# solver's 2013 program: one depth-first search with zone pruning.
 *
 * The program the seed page pictures as "horror code", ported from its rules (rush/zone.h
 * defines the zones, the move order and the goal). One depth-first search to a depth limit,
 * stopping at the first solution. Number the moves of the current path m_0 .. m_{n-1}, m_{n-1}
 * being the candidate. A candidate is dropped when it moves the piece that moved last, or when
 * it repeats a state of the current path; then two rules, with the swept zones E and Lv:
 *
 *   Purpose (window W). If n <= W, allow. Otherwise allow only if E(m_{n-1}) overlaps Lv(m_i)
 *   for some i in n-1-W .. n-2: a move must enter cells that one of the last W moves left.
 *
 *   Cycles. If n < 3, allow. Let p be the latest i <= n-2 moving the same piece as m_{n-1}; if
 *   there is none, allow. Over i in p+1 .. n-2, let lastL be the last i where Lv(m_p) overlaps
 *   E(m_i) (a move covered what the piece left) and lastE the last i where E(m_{n-1}) overlaps
 *   Lv(m_i) (a move freed what the piece now enters). Prune if there is no lastL, or no lastE,
 *   or, with the order check on, lastL > lastE. A piece may move again only when something
 *   happened in between that makes it worth it.
 *
 * Guarantee: none. Neither rule preserves shortest paths or completeness, and the depth limit
 * cuts long solutions: the solution is the first the order finds, and "no solution" means only
 * that the search found none (the harness marks it wrong when the puzzle is solvable).
 * Parameters: window (W, default 4), depth (the limit, default 50 moves, the final slide not
 * counted), order (the order check, 1 on, 0 off).
 *
 * Ablation. This project's first port of these rules (the iddfs-zone of version 0.4) misread
 * them three ways; the ablation parameter puts back one misreading at a time, everything else
 * as the author wrote it, so that docs/solvers.md can say what each did:
 *   first-move    the purpose rule exempts only the first move and looks back over every
 *                 earlier move (instead of exempting n <= W and looking back W moves);
 *   gained-cells  both rules use the cells a move gains and frees (Ea and La) instead of the
 *                 cells it sweeps (E and Lv);
 *   strict-order  the cycle rule asks for a covering move strictly before a freeing one (the
 *                 first covering index below the last freeing one) instead of comparing last
 *                 indices and allowing a tie.
 */
#include "rush/zone.h"

enum { PARAM_WINDOW, PARAM_DEPTH, PARAM_ORDER, PARAM_ABLATION, NPARAMS };
enum { AS_WRITTEN, FIRST_MOVE, GAINED_CELLS, STRICT_ORDER };

static const char *const ablations[] = {"none", "first-move", "gained-cells", "strict-order"};

static const solver_param zone13_params[NPARAMS] = {
    [PARAM_WINDOW] = {"window", "purpose rule: the moves a move must follow up on", 4, 1, 200, NULL, 0, NULL},
    [PARAM_DEPTH] = {"depth", "depth limit in moves (the final slide not counted)", 50, 1, 1000, NULL, 0, NULL},
    [PARAM_ORDER] = {"order", "cycle rule's order check (1 on, 0 off)", 1, 0, 1, NULL, 0, NULL},
    [PARAM_ABLATION] = {"ablation", "put back one misreading of version 0.4", AS_WRITTEN, 0,
                        STRICT_ORDER, ablations, 0, NULL},
};

typedef struct {
    zone_search base;    /* first: the search hands its rules this */
    int window;
    bool order_check;
    int ablation;
} zone13_search;

/* The zones the rules read: the swept ones, or (ablation) those gained and freed. */
static uint64_t entered(const zone13_search *z, const zone_move *m)
{
    return z->ablation == GAINED_CELLS ? m->Ea : m->E;
}

static uint64_t left(const zone13_search *z, const zone_move *m)
{
    return z->ablation == GAINED_CELLS ? m->La : m->Lv;
}

/* Purpose: the candidate path[n - 1] enters cells one of the W moves before it left. */
static bool purposeful(const zone13_search *z, int n)
{
    const zone_move *path = z->base.path;
    int window = z->ablation == FIRST_MOVE ? n - 1 : z->window;
    if (n <= (z->ablation == FIRST_MOVE ? 1 : z->window)) return true;
    for (int i = n - 1 - window; i <= n - 2; i++)
        if (entered(z, &path[n - 1]) & left(z, &path[i])) return true;
    return false;
}

/* Cycles: the candidate path[n - 1] moves a piece again only after a move covered what the
 * piece left and a move freed what it now enters (that one no earlier, with the order check). */
static bool not_a_cycle(const zone13_search *z, int n)
{
    if (n < 3) return true;
    const zone_move *path = z->base.path, *c = &path[n - 1];
    int p = zone_previous_move(&z->base, n);
    if (p < 0) return true;
    int first_left = -1, last_left = -1, last_entered = -1;
    for (int i = p + 1; i <= n - 2; i++) {
        if (left(z, &path[p]) & entered(z, &path[i])) {
            if (first_left < 0) first_left = i;
            last_left = i;
        }
        if (entered(z, c) & left(z, &path[i])) last_entered = i;
    }
    if (last_left < 0 || last_entered < 0) return false;
    if (z->ablation == STRICT_ORDER) return first_left < last_entered;
    return !(z->order_check && last_left > last_entered);
}

/* The 2013 rules, in the program's order: repetition, purpose, cycles. */
static bool pruned(zone_search *base, int n)
{
    const zone13_search *z = (const zone13_search *)base;
    return zone_repeats(base, n) || !purposeful(z, n) || !not_a_cycle(z, n);
}

static void zone13_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                         const int *param, solver_result *r)
{
    const board *b = p->fast;   /* Rush Hour's, whose fast space is its board */
    uint64_t start = p->start;
    (void)ctx;   /* the path is all it keeps */
    zone13_search z = {
        .window = solver_param_value(zone13_params, param, PARAM_WINDOW, p->family),
        .order_check = solver_param_value(zone13_params, param, PARAM_ORDER, p->family) != 0,
        .ablation = solver_param_value(zone13_params, param, PARAM_ABLATION, p->family),
    };
    int depth = solver_param_value(zone13_params, param, PARAM_DEPTH, p->family);
    zone_search_begin(&z.base, ctx, b, start, depth, budget, r);
    z.base.limit = depth;
    z.base.pruned = pruned;
    r->iterations = 1;
    zone_search_from(&z.base, 0);   /* nothing found leaves the status at "no solution" */
    zone_search_end(&z.base);
}

const solver solver_zone13 = {
    "zone13", "the seed C# solver's 2013 program: one DFS with zone pruning",
    GUARANTEE_NONE, false, zone13_solve, zone13_params, NPARAMS, FAMILY_BIT(FAMILY_RUSH), false,
};
