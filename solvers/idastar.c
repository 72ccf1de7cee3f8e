/* idastar.c -- IDA* with a transposition table (the design of Fogleman's solver).
 *
 * Depth-first searches bounded by f = g + h <= bound, the bound starting at h(start) and
 * raised each time to the smallest f that exceeded it. With an admissible h the first goal
 * found is optimal: every cheaper path would have stayed within an earlier bound. The
 * transposition table remembers, for the current iteration, the smallest g at which each state
 * was reached; reaching it again with a g no smaller cannot find anything the first visit did
 * not, so that branch is cut. The table turns the exponential tree of plain iterative
 * deepening into (roughly) one pass over the states within the bound per iteration.
 *
 * States whose f exceeded the bound are kept in the table too, marked CUT, so that a later,
 * cheaper arrival within the bound clears the mark. The next bound is the smallest f among the
 * states still CUT when the iteration ends; when none is, every state connected to the start
 * was searched and there is no solution. (Taking the smallest f ever cut instead lets long
 * depth-first detours raise the bound one step at a time, iteration after iteration.)
 *
 * The family form (every family but Rush Hour) searches in moves with the family's own bound,
 * its pattern database of the primary alone (family.h's lower_bound: for Klotski the moves the
 * primary needs with only the walls standing, proved in common/klotski.h), so it runs as
 * idastar/pdb; and with no prune of the piece that moved last, which the family view does not
 * name.
 */
#include "search/search.h"
#include "solvers/bounds/heuristic.h"

#define CUT 0x80000000u

enum { PARAM_HEURISTIC, NPARAMS };

static const solver_param idastar_params[NPARAMS] = {
    [PARAM_HEURISTIC] = HEURISTIC_PARAM,
};

/* The smallest f among the states still CUT in the table, or HEURISTIC_DEAD. */
static int next_bound(const heuristic *h, const stateset *table)
{
    int best = HEURISTIC_DEAD;
    for (uint64_t j = 0; j < table->used; j++) {
        if (!table->slot[j] || !(table->value[j] & CUT)) continue;
        int f = (int)(table->value[j] & ~CUT) + heuristic_moves(h, table->slot[j] - 1);
        if (f < best) best = f;
    }
    return best;
}

/* The iterations, from the bound at the start until a goal is found within one. */
static void idastar_search(solver_context *ctx, const board *b, uint64_t start,
                           const heuristic *lower, search_limits *limits, solver_result *r)
{
    stateset *table = &ctx->set[0];
    pathstack *path = &ctx->stack;
    int h_start = heuristic_moves(lower, start), bound = h_start;
    if (bound == HEURISTIC_DEAD) return;   /* no solution */
    if (bound == 0) {
        search_solved(r);
        return;
    }
    for (;;) {
        r->iterations++;
        bool added;
        stateset_clear(table, true);
        uint64_t root = stateset_add(table, start, &added);   /* may grow the table: first */
        table->value[root] = 0;
        search_stack_begin(path, limits, b, start, h_start, r);
        uint64_t key;
        move m;
        while (pathstack_advance(path, &key, &m)) {
            uint32_t g = pathstack_depth(path);   /* moves to key */
            uint64_t slot = stateset_add(table, key, &added);
            if (!added && (table->value[slot] & ~CUT) <= g) {
                r->duplicates++;   /* reached before no dearer, searched or cut then */
                continue;
            }
            int h = heuristic_moves(lower, key);
            if (h == HEURISTIC_DEAD) {
                table->value[slot] = g;   /* nothing to search beyond it */
                continue;
            }
            if ((int)g + h > bound) {
                table->value[slot] = g | CUT;
                continue;
            }
            if (h == 0) {
                search_stack_solved(path, m, r);
                return;
            }
            table->value[slot] = g;
            search_stack_expand(path, limits, key, h, r);
            /* Cut and dead states join the table without an expansion: until the next check,
             * at most the successors waiting on the stack (and the next state's) are added. */
            if (search_should_stop(limits, r,
                                   stateset_bytes(table) + pathstack_bytes(path) + lower->bytes,
                                   stateset_bytes_next(table, path->top + MOVES_MAX) +
                                       pathstack_bytes_next(path) + lower->bytes))
                return;
            search_stack_descend(path, b, key, m, m.piece, r);
        }
        bound = next_bound(lower, table);
        if (bound == HEURISTIC_DEAD) return;   /* nothing is left beyond the bound */
    }
}

static void idastar_solve(solver_context *ctx, const board *b, uint64_t start,
                          const solver_budget *budget, const int *param, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    heuristic lower;
    int kind = solver_param_value(idastar_params, param, PARAM_HEURISTIC);
    heuristic_begin(&lower, b, start, kind, budget, r);
    idastar_search(ctx, b, start, &lower, &limits, r);
    heuristic_free(&lower);
}

/* The smallest f among the states still CUT, with the family's bound; -1 when none is. */
static int next_bound_family(const family_problem *p, const stateset *table)
{
    int best = -1;
    for (uint64_t j = 0; j < table->used; j++) {
        if (!table->slot[j] || !(table->value[j] & CUT)) continue;
        int f = (int)(table->value[j] & ~CUT) + p->lower_bound(p->board, table->slot[j] - 1, MEASURE_MOVES);
        if (best < 0 || f < best) best = f;
    }
    return best;
}

static void idastar_solve_family(solver_context *ctx, const family_problem *p,
                                 const solver_budget *budget, const int *param, solver_result *r)
{
    (void)param;   /* the bound is the family's (see the top) */
    const measure m = MEASURE_MOVES;
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    stateset *table = &ctx->set[0];
    pathstack *path = &ctx->stack;
    int h_start = p->lower_bound(p->board, p->start, m), bound = h_start;
    if (bound < 0) return;   /* no solution */
    if (p->is_goal(p->board, p->start)) {
        search_family_solved(p, m, &p->start, 1, r);
        return;
    }
    for (;;) {
        r->iterations++;
        bool added;
        stateset_clear(table, true);
        uint64_t root = stateset_add(table, p->start, &added);
        table->value[root] = 0;
        search_family_stack_begin(path, &limits, p, m, h_start, r);
        uint64_t key;
        move via;
        while (pathstack_advance(path, &key, &via)) {
            uint32_t g = pathstack_depth(path);
            uint64_t slot = stateset_add(table, key, &added);
            if (!added && (table->value[slot] & ~CUT) <= g) {
                r->duplicates++;
                continue;
            }
            int h = p->lower_bound(p->board, key, m);
            if (h < 0) {
                table->value[slot] = g;
                continue;
            }
            if ((int)g + h > bound) {
                table->value[slot] = g | CUT;
                continue;
            }
            if (p->is_goal(p->board, key)) {
                search_family_stack_solved(path, p, m, key, r);
                return;
            }
            table->value[slot] = g;
            search_stack_expand(path, &limits, key, h, r);
            if (search_should_stop(&limits, r, stateset_bytes(table) + pathstack_bytes(path),
                                   stateset_bytes_next(table, path->top + (uint64_t)p->max_successors) +
                                       pathstack_bytes_next(path)))
                return;
            search_family_stack_descend(path, p, m, key, r);
        }
        bound = next_bound_family(p, table);
        if (bound < 0) return;
    }
}

const solver solver_idastar = {
    "idastar", "IDA* with a transposition table and an admissible lower bound", GUARANTEE_MOVES,
    true, idastar_solve, idastar_params, NPARAMS, FAMILY_ALL, idastar_solve_family,
};
