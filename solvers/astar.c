/* astar.c -- A* search with an admissible lower bound (bounds/heuristic.h; the heuristic
 * parameter chooses which).
 *
 * States are expanded in order of f = g + h, g the moves from the start and h a lower bound on
 * the moves left. The goal test runs when a state is taken from the queue, not when it is
 * generated: with h admissible, every state on an optimal path has f at most the optimum, so
 * some state of that path is always queued ahead of any worse goal, and the first goal taken
 * is optimal. A cheaper path to a state already reached is recorded as a new trail entry and
 * queued again, even when the state was expanded (closed) already: with a consistent h that
 * never happens (the g of a state is final when it is expanded), and with an admissible but
 * inconsistent one (mustmove) it is what keeps the answer optimal. The old queue item is
 * recognised as stale when it comes out. The trail keeps the parent links and a g per entry;
 * the state set maps each state to its best trail entry, with CLOSED marking states expanded.
 * Like bfs it never expands the piece that moved last (any state that reaches is a sibling,
 * reached no dearer from the parent).
 *
 * It searches in moves with the bound --heuristic chooses among the family's (bounds/heuristic.h,
 * family_bound: Rush Hour's blockers, mustmove and pattern databases; Klotski's pattern
 * database of the primary alone, proved in klotski/klotski.h; the tiles' Manhattan distance,
 * linear conflicts and pattern databases), a child's bound worked out from its parent's; on a
 * family's view it leaves out the moves the family's successors_after leaves out (Klotski: the
 * piece that moved last's; the tiles: the move back), for the same reason.
 */
#include <stdlib.h>

#include "common/grow.h"
#include "common/xmem.h"
#include "search/bucketq.h"
#include "search/space.h"
#include "solvers/bounds/heuristic.h"

#define CLOSED 0x80000000u

typedef struct {
    uint16_t *g;        /* g of each trail entry */
    uint64_t capacity;
} g_table;

static void g_store(g_table *t, uint32_t at, int g)
{
    GROW(t->g, t->capacity, (uint64_t)at + 1, 4096);
    t->g[at] = (uint16_t)g;
}

/* The most bytes the g table holds through n more trail entries (GROW doubles it by realloc,
 * old and new arrays side by side). */
static uint64_t g_bytes_next(const g_table *t, const search_trail *trail, uint64_t n)
{
    uint64_t bytes = t->capacity * sizeof *t->g;
    return trail->count + n <= t->capacity ? bytes : 3 * (bytes ? bytes : 4096 * sizeof *t->g);
}

/* Records key reached from trail entry `parent` with cost g and queues it. */
static void open_state(search_trail *trail, stateset *set, uint64_t slot, g_table *gt,
                       bucketq *open, uint64_t key, uint32_t parent, int g, int h)
{
    uint32_t at = trail_push(trail, key, parent);
    g_store(gt, at, g);
    set->value[slot] = at;
    bucketq_push(open, g + h, at);
}

/* Its own parameter, then the bounds' (each family's, bound_params.h). */
enum { PARAM_HEURISTIC, PARAM_BOUND, NPARAMS = PARAM_BOUND + HEURISTIC_BOUND_PARAMS };

static const solver_param astar_params[NPARAMS] = {
    [PARAM_HEURISTIC] = HEURISTIC_PARAM,
#include "solvers/bounds/bound_params.h"
};

/* The lower bound of key, reached from `parent` whose bound is h_parent (the start: parent
 * itself): the family's bound --heuristic chose (bounds/heuristic.h); HEURISTIC_DEAD where no
 * goal can be reached. */
static inline int astar_bound(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    int h = parent == key ? fb->h(fb, key) : fb->h_after(fb, parent, h_parent, key);
    return h < 0 ? HEURISTIC_DEAD : h;
}

/* The search, written once: compiled into the entry below once a space (param: the solve's
 * parameters, NULL for the defaults). */
SPACE_INLINE void astar_search(solver_context *ctx, const search_space *sp,
                               const family_problem *view, const int *param,
                               const solver_budget *budget, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    family_id family = view->family;
    uint64_t start = view->start;
    int kind = solver_param_value(astar_params, param, PARAM_HEURISTIC, family);
    family_bound fb;
    heuristic_options o = heuristic_options_of(astar_params, param, PARAM_BOUND, family);
    if (heuristic_family_begin(&fb, view, MEASURE_MOVES, kind, o, budget, r) < 0) return;
    stateset *set = &ctx->set[0];
    search_trail *trail = &ctx->trail[0];
    stateset_clear(set, true);
    trail_clear(trail);
    bucketq open;
    bucketq_init(&open);
    g_table gt = {NULL, 0};
    uint64_t room = (uint64_t)space_room(sp), local[FAST_ROOM];
    uint64_t *child = sp->fast ? local : xmalloc(room * sizeof *child);

    int h0 = astar_bound(&fb, start, 0, start);
    bool added;
    if (h0 != HEURISTIC_DEAD)
        open_state(trail, set, stateset_add(set, start, &added), &gt, &open, start, TRAIL_ROOT, 0,
                   h0);

    int f;
    uint32_t at;
    while (bucketq_pop(&open, &f, &at)) {
        uint64_t key = trail->key[at];
        uint64_t slot = stateset_find(set, key);
        if (set->value[slot] != at) continue;   /* stale: closed, or a cheaper entry exists */
        set->value[slot] |= CLOSED;
        if (space_is_goal(sp, key)) {
            space_trail_solved(sp, trail, at, r);
            break;
        }
        if (search_expand(&limits, r)) {
            uint32_t from = trail->parent[at];
            search_trace_step(&limits, trace_step_of(key, from == TRAIL_ROOT ? 0 : trail->key[from],
                                                gt.g[at], f - gt.g[at]));
        }
        uint64_t bound_bytes = fb.bytes;
        uint64_t bytes = stateset_bytes(set) + trail_bytes(trail) + open.bytes +
                         gt.capacity * sizeof *gt.g + bound_bytes;
        uint64_t next = stateset_bytes_next(set, room) + trail_bytes_next(trail, room) +
                        bucketq_bytes_next(&open, room) + g_bytes_next(&gt, trail, room) +
                        bound_bytes;
        if (search_should_stop(&limits, r, bytes, next)) break;

        int n = space_trail_successors(sp, trail, at, child);
        r->generated += (uint64_t)n;
        int g = gt.g[at] + 1;
        for (int k = 0; k < n; k++) {
            uint64_t s = stateset_add(set, child[k], &added);
            /* (A dead state holds CLOSED | 0: entry 0, the start, has g = 0, never beaten.) */
            if (!added && gt.g[set->value[s] & ~CLOSED] <= g) {
                r->duplicates++;
                continue;
            }
            int h = astar_bound(&fb, key, f - gt.g[at], child[k]);
            if (h == HEURISTIC_DEAD) {
                set->value[s] = CLOSED;   /* never worth opening */
                continue;
            }
            open_state(trail, set, s, &gt, &open, child[k], at, g, h);
        }
        if (open.size > r->peak_frontier) r->peak_frontier = open.size;
    }
    if (child != local) free(child);
    bucketq_free(&open);
    free(gt.g);
    heuristic_family_end(&fb);
}

static void astar_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                        const int *param, solver_result *r)
{
    SPACE_DISPATCH(p, MEASURE_MOVES, sp, astar_search(ctx, sp, p, param, budget, r));
}

const solver solver_astar = {
    "astar", "A* with an admissible, consistent lower bound", GUARANTEE_MOVES, true, astar_solve,
    astar_params, NPARAMS, FAMILY_ALL, false,
};
