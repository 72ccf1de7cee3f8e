/* idastar.c -- IDA*: with a transposition table (the design of Fogleman's solver), or
 * without one (Korf's), as `table` says; by default as the puzzle's family says
 * (family_table_pays: the table on Rush Hour and Klotski, Korf's form on the sliding tiles).
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
 * It searches in moves with the bound --heuristic chooses among the family's (bounds/heuristic.h,
 * family_bound: Rush Hour's blockers, mustmove and pattern databases; Klotski's pattern database
 * of the primary alone; the tiles' Manhattan distance, linear conflicts and pattern databases).
 * On a family's view it leaves out no successor, as the view names no piece; on Rush Hour's fast
 * space, the piece that moved last. The table's loop is written once (idastar_table), compiled
 * once a space (search/space.h).
 *
 * table=0 is Korf's IDA* (Korf 1985), in every family: no transposition table, a depth-first
 * search per threshold that leaves out only a move back to the state just left (on Rush Hour,
 * any move of the piece that moved last, which holds it), successors in the family's order, the
 * threshold raised to the least f that passed it. It is optimal for the same reason, and needs
 * memory for the path alone. `generated` counts the successors made, up to the one that
 * reaches the goal: Korf's count less one, the start (on the tiles with the Manhattan
 * distance, his published counts exactly; tests/test_tiles.c). Its loop is written once and
 * inlined into one function a space, so that the tiles' search makes one call a state, the
 * bound's `expand`.
 *
 * On a board whose keys are two words (family.h, key_words: the tiles past 16 cells) Korf's form
 * runs over the view's wide calls and the bound's expand_wide, a third copy of the same loop;
 * the table's form runs over the board's numbered view (search/numbered.h), its table holding
 * the numbers. On the 24-puzzle with the 6-6-6-6 databases and reflection its counts are
 * Korf and Felner's published ones exactly (tests/test_tiles_wide.c).
 */
#include <limits.h>
#include <stdlib.h>

#include "common/xmem.h"
#include "search/numbered.h"
#include "search/space.h"
#include "solvers/bounds/heuristic.h"

#define CUT 0x80000000u

/* Its own parameters, then the bounds' (each family's, bound_params.h). */
enum { PARAM_HEURISTIC, PARAM_TABLE, PARAM_BOUND, NPARAMS = PARAM_BOUND + HEURISTIC_BOUND_PARAMS };

/* The table's default is the family's: whether a table of the states met pays for itself. */
static int table_of_family(family_id f)
{
    return family_table_pays(f);
}

static const solver_param idastar_params[NPARAMS] = {
    [PARAM_HEURISTIC] = HEURISTIC_PARAM,
    [PARAM_TABLE] = {"table", "1: the transposition table; 0: none, Korf's IDA*", SOLVER_PARAM_AUTO,
                     0, 1, NULL, 0, table_of_family},
#include "solvers/bounds/bound_params.h"
};

/* Korf's IDA*'s deepest path: its arrays' room, and the recursion's depth. A search that
 * reaches it stops as on a bytes budget (the row's note says which). */
#define KORF_MAX_DEPTH 1000

/* ---- The transposition table's form, written once ------------------------------------------
 *
 * Compiled once a space (search/space.h): the fast space (Rush Hour's) leaves out the moves of
 * the piece that moved last and works out each state's bound as it is taken from the stack; a
 * family's view takes every successor with its bound from the bound's
 * incremental expansion (the Manhattan distance's one tile, the pattern databases' lookups
 * overlapped), none left out, so that the table, not the expansion, cuts the way back. A
 * state no goal can be reached from has the bound -1. */
typedef struct {
    search_space sp;
    const family_bound *fb;
} bounded_space;

SPACE_INLINE int bound_of(const bounded_space *s, uint64_t key)
{
    return s->fb->h(s->fb, key);
}

/* Pushes key with its successors, and counts them: on the fast space pruned after the move
 * from the top frame (none at the root), on the view each with its bound. */
SPACE_INLINE void push_successors(pathstack *ps, const bounded_space *s, uint64_t key, int h,
                                  solver_result *r)
{
    if (s->sp.fast) {
        int skip = pathstack_depth(ps) ? space_skip_after(&s->sp, pathstack_top(ps)->key, key) : FAST_NO_SKIP;
        space_stack_push(ps, &s->sp, key, skip, r);
        return;
    }
    int *hs;
    uint64_t *child = pathstack_room(ps, (uint32_t)space_room(&s->sp), &hs);
    int n = s->fb->expand(s->fb, key, key, h, child, hs);
    pathstack_push_made(ps, key, n);
    r->generated += (uint64_t)n;
}

/* The bound of the state pathstack_advance gave last. */
SPACE_INLINE int bound_popped(const bounded_space *s, const pathstack *ps, uint64_t key)
{
    return s->sp.fast ? bound_of(s, key) : pathstack_last_h(ps);
}

/* The smallest f among the states still CUT in the table, or -1 when none is. */
SPACE_INLINE int next_bound(const bounded_space *s, const stateset *table)
{
    int best = -1;
    for (uint64_t j = 0; j < table->used; j++) {
        if (!table->slot[j] || !(table->value[j] & CUT)) continue;
        int f = (int)(table->value[j] & ~CUT) + bound_of(s, table->slot[j] - 1);
        if (best < 0 || f < best) best = f;
    }
    return best;
}

/* The iterations, from the bound at the start until a goal is found within one. */
SPACE_INLINE void idastar_table(solver_context *ctx, const bounded_space *s, uint64_t start,
                                search_limits *limits, solver_result *r)
{
    const search_space *sp = &s->sp;
    stateset *table = &ctx->set[0];
    pathstack *path = &ctx->stack;
    int h_start = bound_of(s, start), bound = h_start;
    if (bound < 0) return;   /* no solution */
    if (space_is_goal(sp, start)) {
        space_start_solved(sp, start, r);
        return;
    }
    for (;;) {
        r->iterations++;
        bool added;
        stateset_clear(table, true);
        uint64_t root = stateset_add(table, start, &added);   /* may grow the table: first */
        table->value[root] = 0;
        pathstack_clear(path);
        push_successors(path, s, start, h_start, r);
        if (search_expand(limits, r)) search_trace_step(limits, trace_step_of(start, 0, 0, h_start));
        uint64_t key;
        while (pathstack_advance(path, &key)) {
            uint32_t g = pathstack_depth(path);   /* moves to key */
            uint64_t slot = stateset_add(table, key, &added);
            if (!added && (table->value[slot] & ~CUT) <= g) {
                r->duplicates++;   /* reached before no dearer, searched or cut then */
                continue;
            }
            int h = bound_popped(s, path, key);
            if (h < 0) {
                table->value[slot] = g;   /* nothing to search beyond it */
                continue;
            }
            if ((int)g + h > bound) {
                table->value[slot] = g | CUT;
                continue;
            }
            if (space_is_goal(sp, key)) {
                space_stack_solved(path, sp, key, r);
                return;
            }
            table->value[slot] = g;
            search_stack_expand(path, limits, key, h, r);
            /* Cut and dead states join the table without an expansion: until the next check,
             * at most the successors waiting on the stack (and the next state's) are added. */
            if (search_should_stop(limits, r, stateset_bytes(table) + pathstack_bytes(path) + s->fb->bytes,
                                   stateset_bytes_next(table, path->top + (uint64_t)space_room(sp)) +
                                       pathstack_bytes_next(path) + s->fb->bytes))
                return;
            push_successors(path, s, key, h, r);
            if (pathstack_depth(path) > r->peak_frontier) r->peak_frontier = pathstack_depth(path);
        }
        bound = next_bound(s, table);
        if (bound < 0) return;   /* nothing is left beyond the bound */
    }
}

/* ---- Korf's IDA* ----------------------------------------------------------------------------- */

/* Korf's IDA* (table=0): a depth-first search per threshold with no memory of the states but
 * the path, the only duplicate it leaves out a move back to the state just left (on the fast
 * space, what its prune after the move from the parent leaves out, which includes it). Written
 * once for three spaces: the fast space, the view, and the view of a board whose keys are two
 * words (family.h, key_words), each its own function with its own key's width. */
typedef enum { KORF_FAST, KORF_FAMILY, KORF_WIDE } korf_space;

typedef struct {
    const fast_space *fast;       /* the fast space, or NULL: the view */
    const family_problem *p;      /* the view: its bound's expansion, its solutions' notation */
    const family_bound *fb;
    search_limits *limits;
    solver_result *r;
    int bound, next;      /* this iteration's threshold; the least f past it (INT_MAX: none) */
    bool stop;            /* a budget stopped the search */
    int room;             /* the most successors a state has */
    size_t key_bytes;     /* a key's: 8, or 16 on a wide board */
    uint64_t generated, bytes;
    void *child[KORF_MAX_DEPTH + 1];   /* each depth's successors, made when first reached */
    int *h[KORF_MAX_DEPTH + 1];        /* and their bounds */
    uint64_t path[KORF_MAX_DEPTH + 1];
    key_wide path_wide[KORF_MAX_DEPTH + 1];   /* a wide board's */
} korf_search;

/* Depth g's arrays, made when the search first reaches it. */
static void korf_room(korf_search *k, int g)
{
    k->child[g] = xmalloc((size_t)k->room * k->key_bytes);
    k->h[g] = xmalloc((size_t)k->room * sizeof *k->h[g]);
    k->bytes += (size_t)k->room * (k->key_bytes + sizeof(int));
}

static bool korf_dfs_family(korf_search *k, uint64_t key, uint64_t parent, int g, int h);
static bool korf_dfs_fast(korf_search *k, uint64_t key, uint64_t parent, int g, int h);
static bool korf_dfs_wide(korf_search *k, key_wide key, key_wide parent, int g, int h);

/* Whether key is a goal, without a call where the space allows. */
static inline __attribute__((always_inline)) bool korf_is_goal(const korf_search *k, key_wide key,
                                                               const korf_space space)
{
    if (space == KORF_WIDE) return (key & k->p->wide.goal_mask) == k->p->wide.goal_value;
    if (space == KORF_FAMILY) return ((uint64_t)key & k->p->goal_mask) == k->p->goal_value;
    return fast_is_goal(k->fast, (uint64_t)key);
}

/* Key's successors but its parent (the fast space: its prune after the move from the
 * parent), with their bounds, into depth g's arrays; returns how many. */
static inline __attribute__((always_inline)) int korf_expand(korf_search *k, key_wide key,
                                                             key_wide parent, int g, int h,
                                                             const korf_space space)
{
    void *child = k->child[g];
    int *hs = k->h[g];
    if (space == KORF_WIDE) return k->fb->expand_wide(k->fb, key, g ? parent : key, h, child, hs);
    if (space == KORF_FAMILY)
        return k->fb->expand(k->fb, (uint64_t)key, g ? (uint64_t)parent : (uint64_t)key, h, child, hs);
    int n = fast_successors(k->fast, (uint64_t)key,
                            g ? fast_skip_after(k->fast, (uint64_t)parent, (uint64_t)key) : FAST_NO_SKIP,
                            child);
    for (int i = 0; i < n; i++) hs[i] = k->fb->h(k->fb, ((uint64_t *)child)[i]);
    return n;
}

/* Searches below key (reached by g moves from the start, from parent, with bound h, g + h
 * within the threshold): true when a goal was found. Inlined into one function per space
 * (`space` a constant; a one-word space's keys come in zero-extended, and only their low word
 * is read), so that each runs its own family's calls and nothing else. */
static inline __attribute__((always_inline)) bool korf_dfs(korf_search *k, key_wide key,
                                                           key_wide parent, int g, int h,
                                                           const korf_space space)
{
    const bool wide = space == KORF_WIDE;
    if (wide) k->path_wide[g] = key;
    else k->path[g] = (uint64_t)key;
    if (korf_is_goal(k, key, space)) {
        if (wide) search_path_solved_wide(k->p, MEASURE_MOVES, k->path_wide, g + 1, k->r);
        else search_path_solved(k->p, MEASURE_MOVES, k->path, g + 1, k->r);
        return true;
    }
    if (search_expand(k->limits, k->r))
        search_trace_step(k->limits, trace_step_of_wide(key, parent, g, h));
    if (search_should_stop(k->limits, k->r, k->bytes, k->bytes)) {
        k->stop = true;
        return false;
    }
    if (g == KORF_MAX_DEPTH) {   /* the path's room is spent: a stop, not a proof */
        k->r->status = SOLVE_BUDGET;
        k->r->budget_hit = "bytes";
        k->r->note = "Korf's IDA* keeps paths of at most 1000 moves";
        k->stop = true;
        return false;
    }
    if (__builtin_expect(!k->child[g], 0)) korf_room(k, g);
    int n = korf_expand(k, key, parent, g, h, space), *hs = k->h[g];
    k->generated += (uint64_t)n;
    for (int i = 0; i < n; i++) {
        int f = g + 1 + hs[i];
        if (hs[i] < 0) continue;
        if (f > k->bound) {
            if (f < k->next) k->next = f;
            continue;
        }
        bool found;
        if (wide) found = korf_dfs_wide(k, ((key_wide *)k->child[g])[i], key, g + 1, hs[i]);
        else if (space == KORF_FAMILY)
            found = korf_dfs_family(k, ((uint64_t *)k->child[g])[i], (uint64_t)key, g + 1, hs[i]);
        else found = korf_dfs_fast(k, ((uint64_t *)k->child[g])[i], (uint64_t)key, g + 1, hs[i]);
        if (found) {
            k->generated -= (uint64_t)(n - 1 - i);   /* as Korf counts: none after the goal's */
            return true;
        }
        if (k->stop) return false;
    }
    return false;
}

static bool korf_dfs_family(korf_search *k, uint64_t key, uint64_t parent, int g, int h)
{
    return korf_dfs(k, key, parent, g, h, KORF_FAMILY);
}

static bool korf_dfs_fast(korf_search *k, uint64_t key, uint64_t parent, int g, int h)
{
    return korf_dfs(k, key, parent, g, h, KORF_FAST);
}

static bool korf_dfs_wide(korf_search *k, key_wide key, key_wide parent, int g, int h)
{
    return korf_dfs(k, key, parent, g, h, KORF_WIDE);
}

/* The thresholds, from the start's bound h, until a goal is found within one. */
static void idastar_korf(korf_search *k, key_wide start, int h)
{
    solver_result *r = k->r;
    for (k->bound = h; h >= 0 && !k->stop; k->bound = k->next) {
        r->iterations++;
        k->next = INT_MAX;
        bool found = k->p->key_words == 2 ? korf_dfs_wide(k, start, start, 0, h)
                     : k->fast            ? korf_dfs_fast(k, (uint64_t)start, (uint64_t)start, 0, h)
                                          : korf_dfs_family(k, (uint64_t)start, (uint64_t)start, 0, h);
        if (found || k->stop || k->next == INT_MAX) break;
    }
    r->generated = k->generated;
    for (int d = 0; d <= KORF_MAX_DEPTH && k->child[d]; d++) free(k->child[d]), free(k->h[d]);
    free(k);
}

static korf_search *korf_new(const search_space *sp, const family_bound *fb,
                             search_limits *limits, solver_result *r)
{
    korf_search *k = xcalloc(1, sizeof *k);
    k->fast = sp->fast, k->p = sp->p, k->fb = fb, k->limits = limits, k->r = r;
    k->room = space_room(sp);
    k->key_bytes = sp->p->key_words == 2 ? sizeof(key_wide) : sizeof(uint64_t);
    k->bytes = fb->bytes + sizeof *k;
    return k;
}

/* The search in either form, compiled once a space (search/space.h). */
SPACE_INLINE void idastar_search(solver_context *ctx, const search_space *sp, uint64_t start,
                                 const family_bound *fb, bool table, search_limits *limits,
                                 solver_result *r)
{
    if (table) {
        bounded_space s = {*sp, fb};
        idastar_table(ctx, &s, start, limits, r);
    } else
        idastar_korf(korf_new(sp, fb, limits, r), start, fb->h(fb, start));
}

static void idastar_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                          const int *param, solver_result *r)
{
    bool table = solver_param_value(idastar_params, param, PARAM_TABLE, p->family) != 0;
    if (table && p->key_words == 2) {   /* the table holds one-word keys: the states numbered */
        numbered_solve(idastar_solve, ctx, p, budget, param, r);
        return;
    }
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    int kind = solver_param_value(idastar_params, param, PARAM_HEURISTIC, p->family);
    heuristic_options o = heuristic_options_of(idastar_params, param, PARAM_BOUND, p->family);
    family_bound fb;
    if (heuristic_family_begin(&fb, p, MEASURE_MOVES, kind, o, budget, r) < 0) return;
    if (p->key_words == 2) {   /* Korf's form over the wide keys themselves */
        search_space sp = space_of_family(p, MEASURE_MOVES);
        idastar_korf(korf_new(&sp, &fb, &limits, r), p->wide.start, fb.h_wide(&fb, p->wide.start));
    } else
        SPACE_DISPATCH(p, MEASURE_MOVES, sp, idastar_search(ctx, sp, p->start, &fb, table, &limits, r));
    heuristic_family_end(&fb);
}

const solver solver_idastar = {
    "idastar", "IDA* with an admissible lower bound, a transposition table where it pays", GUARANTEE_MOVES,
    true, idastar_solve, idastar_params, NPARAMS, FAMILY_ALL, true,
};
