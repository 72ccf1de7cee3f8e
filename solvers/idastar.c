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
#include <limits.h>
#include <stdlib.h>

#include "common/xmem.h"
#include "search/search.h"
#include "solvers/bounds/heuristic.h"

#define CUT 0x80000000u

enum { PARAM_HEURISTIC, PARAM_TABLE, PARAM_PARTITION, PARAM_REFLECT, NPARAMS };

static const solver_param idastar_params[NPARAMS] = {
    [PARAM_HEURISTIC] = HEURISTIC_PARAM,
    [PARAM_TABLE] = {"table", "1: the transposition table; 0: none, Korf's IDA* (other families)",
                     1, 0, 1, NULL},
    [PARAM_PARTITION] = HEURISTIC_PARTITION_PARAM,
    [PARAM_REFLECT] = HEURISTIC_REFLECT_PARAM,
};

/* Korf's IDA*'s deepest path. */
#define KORF_MAX_DEPTH 1000

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
static int next_bound_family(const family_bound *fb, const stateset *table)
{
    int best = -1;
    for (uint64_t j = 0; j < table->used; j++) {
        if (!table->slot[j] || !(table->value[j] & CUT)) continue;
        int f = (int)(table->value[j] & ~CUT) + fb->h(fb, table->slot[j] - 1);
        if (best < 0 || f < best) best = f;
    }
    return best;
}

/* The iterations with the transposition table, as on Rush Hour's boards. */
static void idastar_table_family(solver_context *ctx, const family_problem *p,
                                 const family_bound *fb, search_limits *limits, solver_result *r)
{
    const measure m = MEASURE_MOVES;
    stateset *table = &ctx->set[0];
    pathstack *path = &ctx->stack;
    int h_start = fb->h(fb, p->start), bound = h_start;
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
        search_family_stack_begin(path, limits, p, m, h_start, r);
        uint64_t key;
        move via;
        while (pathstack_advance(path, &key, &via)) {
            uint32_t g = pathstack_depth(path);
            uint64_t slot = stateset_add(table, key, &added);
            if (!added && (table->value[slot] & ~CUT) <= g) {
                r->duplicates++;
                continue;
            }
            int h = fb->h(fb, key);
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
            search_stack_expand(path, limits, key, h, r);
            if (search_should_stop(limits, r, stateset_bytes(table) + pathstack_bytes(path) + fb->bytes,
                                   stateset_bytes_next(table, path->top + (uint64_t)p->max_successors) +
                                       pathstack_bytes_next(path) + fb->bytes))
                return;
            search_family_stack_descend(path, p, m, key, r);
        }
        bound = next_bound_family(fb, table);
        if (bound < 0) return;
    }
}

/* Korf's IDA* (table=0): a depth-first search per threshold with no memory of the states but
 * the path, the only duplicate it leaves out a move back to the parent. */
typedef struct {
    const family_problem *p;
    const family_bound *fb;
    search_limits *limits;
    solver_result *r;
    int bound, next;      /* this iteration's threshold; the least f past it (INT_MAX: none) */
    bool stop;            /* a budget stopped the search */
    int room;             /* the most successors a state has */
    uint64_t generated;
    uint64_t *child;      /* each depth's successors, room a depth */
    int *h;               /* and their bounds */
    uint64_t path[KORF_MAX_DEPTH + 1];
} korf_search;

/* Searches below key (reached by g moves from the start, from parent, with bound h, g + h
 * within the threshold): true when a goal was found, its path in k->path[0 .. g]. */
static bool korf_dfs(korf_search *k, uint64_t key, uint64_t parent, int g, int h)
{
    k->path[g] = key;
    if ((key & k->p->goal_mask) == k->p->goal_value) {   /* is_goal, without the call */
        search_family_solved(k->p, MEASURE_MOVES, k->path, g + 1, k->r);
        return true;
    }
    if (search_expand(k->limits, k->r))
        search_trace_step(k->limits, trace_step_of(key, parent, g, h));
    if (search_should_stop(k->limits, k->r, k->fb->bytes, k->fb->bytes) || g == KORF_MAX_DEPTH) {
        k->stop = true;
        return false;
    }
    uint64_t *child = k->child + (size_t)g * (size_t)k->room;
    int *hs = k->h + (size_t)g * (size_t)k->room;
    int n = k->fb->expand(k->fb, key, g ? parent : key, h, child, hs);   /* all but the parent */
    k->generated += (uint64_t)n;
    for (int i = 0; i < n; i++) {
        int f = g + 1 + hs[i];
        if (hs[i] < 0) continue;
        if (f > k->bound) {
            if (f < k->next) k->next = f;
            continue;
        }
        if (korf_dfs(k, child[i], key, g + 1, hs[i])) {
            k->generated -= (uint64_t)(n - 1 - i);   /* as Korf counts: none after the goal's */
            return true;
        }
        if (k->stop) return false;
    }
    return false;
}

static void idastar_korf(const family_problem *p, const family_bound *fb, search_limits *limits,
                         solver_result *r)
{
    korf_search *k = xmalloc(sizeof *k);
    size_t slots = (size_t)(KORF_MAX_DEPTH + 1) * (size_t)p->max_successors;
    *k = (korf_search){p, fb, limits, r, 0, 0, false, p->max_successors, 0,
                       xmalloc(slots * sizeof *k->child), xmalloc(slots * sizeof *k->h), {0}};
    int h = fb->h(fb, p->start);
    r->peak_bytes = fb->bytes;
    for (k->bound = h; h >= 0 && !k->stop; k->bound = k->next) {
        r->iterations++;
        k->next = INT_MAX;
        if (korf_dfs(k, p->start, p->start, 0, h) || k->stop || k->next == INT_MAX) break;
    }
    r->generated = k->generated;
    free(k->child);
    free(k->h);
    free(k);
}

static void idastar_solve_family(solver_context *ctx, const family_problem *p,
                                 const solver_budget *budget, const int *param, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    int kind = solver_param_value(idastar_params, param, PARAM_HEURISTIC);
    heuristic_options o = {solver_param_value(idastar_params, param, PARAM_PARTITION),
                           solver_param_value(idastar_params, param, PARAM_REFLECT) != 0};
    family_bound fb;
    if (heuristic_family_begin(&fb, p, MEASURE_MOVES, kind, o, budget, r) < 0) return;
    if (solver_param_value(idastar_params, param, PARAM_TABLE))
        idastar_table_family(ctx, p, &fb, &limits, r);
    else
        idastar_korf(p, &fb, &limits, r);
}

const solver solver_idastar = {
    "idastar", "IDA* with a transposition table and an admissible lower bound", GUARANTEE_MOVES,
    true, idastar_solve, idastar_params, NPARAMS, FAMILY_ALL, idastar_solve_family,
};
