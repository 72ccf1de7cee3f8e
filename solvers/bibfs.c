/* bibfs.c -- bidirectional breadth-first search over multi-cell moves.
 *
 * Where the backward search starts. The goal is a set: the primary piece at the exit and the
 * other pieces anywhere they fit. Moves are reversible, so searching backward is searching
 * forward from that set. The backward side is seeded with the goal states the family's view
 * lists (family.h's goal_states). On Rush Hour (rush/moves.c) those are the goal *placements*
 * that can share the start's cluster: each piece at each offset of its line, in every combination that
 * overlaps nothing and keeps, in every line, the order of the pieces sliding along it and of
 * its walls as they stand at the start. That order is an invariant of a cluster (a piece never
 * leaves its line, and passes neither another piece of its line nor a wall), so no goal state
 * of the start's cluster is left out. It is a necessary condition only: the seeds are still a
 * superset of the reachable goal states, and the extra ones are harmless, because a meeting
 * state is reached by real moves from both the start and a seed, so every path found is
 * legal, and a seed the start cannot reach can never be met. No seed at all proves that no
 * goal is reachable.
 *
 * Which side to expand. Each step expands one whole BFS level of the side whose frontier is
 * smaller (fewer states to expand). When the seeds are many, the forward side does most of the
 * work and the backward side stays small; when the start's cluster is large, the backward
 * side shares the depth.
 *
 * Why the first meeting is optimal. Every state new to one side is looked up in the other
 * side's set. Suppose the sides have completed depths df and db and no state has been found in
 * both. Any path of length L <= df + db from the start to a goal has a state v at distance
 * i <= df from the start and L - i <= db from the goal set, so v is in both sets, and the side
 * that stored v last would have found it in the other: so the optimum L >= df + db + 1. While
 * the next level (say forward, to df + 1) is expanded, a meeting at a new state c gives a path
 * of df + 1 + d_back(c) <= df + db + 1 <= L moves, hence exactly L: the first meeting is
 * optimal, and the search stops there.
 *
 * When the goal placements number more than BIBFS_MAX_GOALS (8x8 boards with many pieces have
 * billions), seeding them would cost more than the whole forward search and could exhaust any
 * memory budget: bibfs then drops them and searches forward only, testing for the goal as each
 * state is generated. That is the reference BFS, with the same optimality proof.
 *
 * On a family's view (every family with no fast space) it searches in moves the same way, from
 * the goal states the family lists (family.h's goal_states: for Klotski every way to fill the
 * board around the primary at its target), each side with the family's own prune (family.h's
 * successors_after: in Klotski, the piece that moved last), which leaves each side storing
 * the same states in the same order as without it: the same proof holds.
 *
 * Each side is a breadth-first search (the backward one from many roots) and uses bfs.c's two
 * prunes, the piece that moved last and the moves that commute with that move: they leave
 * each side storing the same states in the same order, so the first meeting is the same too.
 */
#include <stdlib.h>

#include "common/xmem.h"
#include "search/space.h"
#include "solvers/bfs.h"

/* One side of the search: its set (state -> trail index), its trail, and the level being
 * expanded, trail[begin .. end). */
typedef struct {
    stateset *set;
    search_trail *trail;
    uint64_t begin, end;
    int depth;   /* of the level being expanded */
} side;

static uint64_t both_bytes(const side *s)
{
    return stateset_bytes(s[0].set) + trail_bytes(s[0].trail) + stateset_bytes(s[1].set) +
           trail_bytes(s[1].trail);
}

/* The most both sides hold once side `me` has taken n more states. */
static uint64_t both_bytes_next(const side *s, int me, uint64_t n)
{
    const side *own = &s[me], *other = &s[1 - me];
    return stateset_bytes_next(own->set, n) + trail_bytes_next(own->trail, n) +
           stateset_held_bytes(other->set) + trail_held_bytes(other->trail);
}

/* Goal placements beyond this many make the backward side a search larger than the forward
 * one (an 8x8 board with many pieces has billions of them, nearly all in other clusters):
 * bibfs then searches forward only, with the goal test at generation, which is breadth-first
 * search and as exact. */
#define BIBFS_MAX_GOALS (1u << 16)

typedef enum { SEEDED, SEED_BUDGET, SEED_TOO_MANY } seed_result;

/* Builds the solution through the meeting state, forward trail entry f and backward entry g:
 * the keys of both trails, written in the family's notation. */
static void meet(const family_problem *p, const side *s, uint32_t f, uint32_t g, solver_result *r)
{
    int n = 0;
    for (uint32_t i = f; i != TRAIL_ROOT; i = s[0].trail->parent[i]) n++;
    for (uint32_t i = s[1].trail->parent[g]; i != TRAIL_ROOT; i = s[1].trail->parent[i]) n++;
    uint64_t *keys = xmalloc((size_t)n * sizeof *keys);
    int k = 0;
    for (uint32_t i = f; i != TRAIL_ROOT; i = s[0].trail->parent[i]) keys[k++] = s[0].trail->key[i];
    for (int a = 0, z = k - 1; a < z; a++, z--) {
        uint64_t t = keys[a];
        keys[a] = keys[z];
        keys[z] = t;
    }
    for (uint32_t i = s[1].trail->parent[g]; i != TRAIL_ROOT; i = s[1].trail->parent[i])
        keys[k++] = s[1].trail->key[i];
    search_path_solved(p, MEASURE_MOVES, keys, n, r);
    free(keys);
}


/* Expands one level of side `me` (0 forward, 1 backward), each state's successors into child
 * (space_room of them). Returns true when the search is over: solved, or stopped by the
 * budget. Written once: inlined into each family's entry. */
SPACE_INLINE bool expand_level(const search_space *sp, side *s, int me, bool forward_only,
                               search_limits *limits, uint64_t *child, solver_result *r)
{
    side *own = &s[me], *other = &s[1 - me];
    uint64_t level_end = own->end, room = (uint64_t)space_room(sp);
    for (uint64_t at = own->begin; at < level_end; at++) {
        uint64_t key = own->trail->key[at];
        if (search_expand(limits, r)) {
            uint32_t from = own->trail->parent[at];
            trace_step step = trace_step_of(key, from == TRAIL_ROOT ? 0 : own->trail->key[from],
                                            own->depth, TRACE_NO_BOUND);
            step.backward = me == 1;
            search_trace_step(limits, step);
        }
        if (search_should_stop(limits, r, both_bytes(s), both_bytes_next(s, me, room)))
            return true;
        int n = space_level_successors(sp, own->trail, at, child);
        r->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            bool added;
            uint64_t slot = stateset_add(own->set, child[k], &added);
            if (!added) {
                r->duplicates++;
                continue;
            }
            uint32_t mine = trail_push(own->trail, child[k], (uint32_t)at);
            own->set->value[slot] = mine;
            if (forward_only && space_is_goal(sp, child[k])) {
                space_trail_solved(sp, own->trail, mine, r);
                return true;
            }
            uint64_t theirs = stateset_find(other->set, child[k]);
            if (theirs != UINT64_MAX) {
                uint32_t t = other->set->value[theirs];
                if (me == 0) meet(sp->p, s, mine, t, r);
                else meet(sp->p, s, t, mine, r);
                return true;
            }
        }
    }
    own->begin = level_end;
    own->end = own->trail->count;
    own->depth++;
    if (own->end - own->begin > r->peak_frontier) r->peak_frontier = own->end - own->begin;
    return false;
}

/* Seeding: each goal state the family gives counted as generated, under the bytes and seconds
 * budgets. */
typedef struct {
    side *back;
    search_limits *limits;
    solver_result *r;
    const side *both;
    bool over_budget;
} family_seeding;

static bool seed_one(uint64_t key, void *ctx)
{
    family_seeding *f = ctx;
    if (search_over_budget(f->limits, f->r, both_bytes(f->both), both_bytes_next(f->both, 1, 1))) {
        f->over_budget = true;
        return false;
    }
    bool added;
    uint64_t slot = stateset_add(f->back->set, key, &added);
    if (added) f->back->set->value[slot] = trail_push(f->back->trail, key, TRAIL_ROOT);
    f->r->generated++;
    return true;
}

/* Seeds the backward side from the goal states the family lists that may share the start's
 * cluster (family.h's goal_states; Rush Hour's: the goal placements that keep the start's
 * order, above). */
static seed_result seed_side(const family_problem *p, side *s, search_limits *limits,
                             solver_result *r)
{
    family_seeding seeding = {&s[1], limits, r, s, false};
    if (p->goal_states(p->board, p->start, BIBFS_MAX_GOALS, seed_one, &seeding) < 0)
        return SEED_TOO_MANY;
    return seeding.over_budget ? SEED_BUDGET : SEEDED;
}

/* The search, written once and compiled once a space (search/space.h). What the spaces keep
 * apart: the fast space seeds before it tests the start, and when the goals are too many
 * searches forward with its own levels; the view tests the start first, and then leaves the
 * search to the reference BFS. */
SPACE_INLINE void bibfs_search(solver_context *ctx, const search_space *sp, const family_problem *p,
                               const solver_budget *budget, solver_result *r)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    uint64_t start = p->start;
    if (!sp->fast && space_is_goal(sp, start)) {
        space_start_solved(sp, start, r);
        return;
    }
    side s[2] = {{&ctx->set[0], &ctx->trail[0], 0, 0, 0}, {&ctx->set[1], &ctx->trail[1], 0, 0, 0}};
    for (int i = 0; i < 2; i++) {
        stateset_clear(s[i].set, true);
        trail_clear(s[i].trail);
    }
    seed_result seeded = seed_side(p, s, &limits, r);
    if (seeded == SEED_BUDGET) return;
    bool forward_only = seeded == SEED_TOO_MANY;
    if (forward_only) {
        stateset_clear(s[1].set, true);
        trail_clear(s[1].trail);
        if (!sp->fast) {   /* breadth-first search forward, as exact */
            bfs_run(ctx, p, MEASURE_MOVES, budget, r, false);
            return;
        }
    }
    s[1].end = s[1].trail->count;
    bool added;
    uint64_t slot = stateset_add(s[0].set, start, &added);   /* may grow the table: first */
    s[0].set->value[slot] = trail_push(s[0].trail, start, TRAIL_ROOT);
    s[0].end = 1;
    if (sp->fast) {   /* the start may be a goal: a seed, or (forward only) tested */
        uint64_t seed = stateset_find(s[1].set, start);
        if (seed != UINT64_MAX || (forward_only && space_is_goal(sp, start))) {
            if (forward_only) space_start_solved(sp, start, r);
            else meet(sp->p, s, 0, s[1].set->value[seed], r);
            return;
        }
    }
    uint64_t local[FAST_ROOM];
    uint64_t *child = sp->fast ? local : xmalloc((size_t)space_room(sp) * sizeof *child);
    if (forward_only) {
        while (s[0].end > s[0].begin && !expand_level(sp, s, 0, true, &limits, child, r))
            r->iterations++;
    } else {
        /* Either side running dry means every state connected to it has been seen without a
         * meeting: the start and the goals are in different clusters. */
        while (s[0].end > s[0].begin && s[1].end > s[1].begin) {
            r->iterations++;
            int me = s[0].end - s[0].begin <= s[1].end - s[1].begin ? 0 : 1;
            if (expand_level(sp, s, me, false, &limits, child, r)) break;
        }
    }
    if (child != local) free(child);
}

static void bibfs_solve(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                        const int *param, solver_result *r)
{
    (void)param;   /* no parameters */
    SPACE_DISPATCH(p, MEASURE_MOVES, sp, bibfs_search(ctx, sp, p, budget, r));
}

const solver solver_bibfs = {
    "bibfs", "bidirectional BFS from the start and from the goal placements that keep its order",
    GUARANTEE_MOVES, true, bibfs_solve, NULL, 0, FAMILY_ALL, false,
};
