/* space.h -- the space a solver written once searches: a family's view (common/family.h) in one
 * measure, or the family's own fast space (the view's `fast`: common/fast_space.h, Rush Hour's
 * bitboards with their generator and its prunes).
 *
 * A solver has one entry (search/solver.h). It writes its loop once, as an always-inlined
 * function over a search_space, and calls it through SPACE_DISPATCH, which compiles the loop
 * twice, once a space, and runs the copy the puzzle's family has. Every function here is
 * always inlined too, so in each copy `s->fast` is known (NULL, or the pointer the dispatch
 * tested) and the other space's branch is gone: the fast space's loop makes the calls a hand-written one would, and pays
 * nothing for the view's.
 *
 *     SPACE_DISPATCH(p, MEASURE_MOVES, sp, my_search(ctx, sp, p->start, budget, r));
 *     ...  int n = space_successors(sp, key, skip, child);
 *          if (space_is_goal(sp, child[0])) ...
 *
 * `skip` is the fast space's prune (fast_space.h: space_skip_after gives it, FAST_NO_SKIP
 * leaves out nothing); the view's successors are all of them. A solution is the path of keys,
 * written in the family's notation by its view (search.h's search_path_solved), in either
 * space.
 */
#ifndef SPACE_H
#define SPACE_H

#include "common/fast_space.h"
#include "search/search.h"

#define SPACE_INLINE static inline __attribute__((always_inline))

typedef struct {
    const family_problem *p;   /* the view: its solutions' notation, and its space when not fast */
    const fast_space *fast;    /* the fast space, or NULL: the view's */
    measure m;                 /* the measure searched (the fast space's is moves) */
} search_space;

/* Runs `call` with `sp` (a const search_space *) the space of view p: its fast space when the
 * family has one, else the view in measure m. `call` is compiled once for each, and within each
 * copy the space is a constant: the one place where a solver meets the choice, written once. */
#define SPACE_DISPATCH(p, m, sp, call)                                                           \
    do {                                                                                         \
        if ((p)->fast) {                                                                         \
            const search_space sp##_fast = {(p), (const fast_space *)(p)->fast, MEASURE_MOVES};  \
            const search_space *sp = &sp##_fast;                                                 \
            call;                                                                                \
        } else {                                                                                 \
            const search_space sp##_view = {(p), NULL, (m)};                                     \
            const search_space *sp = &sp##_view;                                                 \
            call;                                                                                \
        }                                                                                        \
    } while (0)

/* The view's space in measure m (a search that has no fast form). */
SPACE_INLINE search_space space_of_family(const family_problem *p, measure m)
{
    return (search_space){p, NULL, m};
}

/* The most successors a state has. */
SPACE_INLINE int space_room(const search_space *s)
{
    return s->fast ? FAST_ROOM : s->p->max_successors;
}

SPACE_INLINE bool space_is_goal(const search_space *s, uint64_t key)
{
    return s->fast ? fast_is_goal(s->fast, key) : s->p->is_goal(s->p->board, key);
}

SPACE_INLINE int space_successors(const search_space *s, uint64_t key, int skip, uint64_t *child)
{
    if (s->fast) return fast_successors(s->fast, key, skip, child);
    return s->p->successors(s->p->board, key, s->m, child);
}

/* The prune for key's successors, key reached from parent (the view has none). */
SPACE_INLINE int space_skip_after(const search_space *s, uint64_t parent, uint64_t key)
{
    return s->fast ? fast_skip_after(s->fast, parent, key) : FAST_NO_SKIP;
}

/* The successors of trail entry `at` that a breadth- or best-first search has not met
 * already from its parent: the fast space's prune after the move that reached it, another
 * family's through its successors_after (family.h), all of them at the root. */
SPACE_INLINE int space_trail_successors(const search_space *s, const search_trail *t,
                                        uint64_t at, uint64_t *child)
{
    uint32_t parent = t->parent[at];
    if (s->fast)
        return fast_successors(s->fast, t->key[at],
                               parent == TRAIL_ROOT ? FAST_NO_SKIP
                                                    : fast_skip_after(s->fast, t->key[parent], t->key[at]),
                               child);
    if (parent == TRAIL_ROOT || !s->p->successors_after)
        return s->p->successors(s->p->board, t->key[at], s->m, child);
    return s->p->successors_after(s->p->board, t->key[parent], t->key[at], s->m, child);
}

/* The successors of trail entry `at` that a breadth-first level takes (bibfs's sides): on the
 * fast space those its level prune lets through (fast_space.h); on the view,
 * space_trail_successors. */
SPACE_INLINE int space_level_successors(const search_space *s, const search_trail *t, uint64_t at,
                                        uint64_t *child)
{
    if (!s->fast) return space_trail_successors(s, t, at, child);
    uint32_t parent = t->parent[at];
    return fast_level_successors(s->fast, parent == TRAIL_ROOT ? 0 : t->key[parent],
                                 parent == TRAIL_ROOT, t->key[at], child);
}

/* The start, a goal, is the solution: no move. */
SPACE_INLINE void space_start_solved(const search_space *s, uint64_t start, solver_result *r)
{
    search_path_solved(s->p, s->m, &start, 1, r);
}

/* The path from the trail's root to entry `at` is the solution. */
SPACE_INLINE void space_trail_solved(const search_space *s, const search_trail *t, uint32_t at,
                                     solver_result *r)
{
    search_trail_solved(s->p, s->m, t, at, r);
}

/* The depth-first bookkeeping. space_stack_begin empties the stack and pushes the start with
 * its successors, counting (and tracing, h its bound) the start's expansion;
 * space_stack_descend pushes key, a successor of the top frame, with its successors, pruned
 * (on the fast space) after the move that reached it when `prune` is set; both count the
 * successors, and the descent the depth. search.h's search_stack_expand counts the expansion
 * of key before the budget check that precedes its descent. */
SPACE_INLINE void space_stack_push(pathstack *ps, const search_space *s, uint64_t key, int skip,
                                   solver_result *r)
{
    int n = space_successors(s, key, skip, pathstack_room(ps, (uint32_t)space_room(s), NULL));
    pathstack_push_made(ps, key, n);
    r->generated += (uint64_t)n;
}

SPACE_INLINE void space_stack_begin(pathstack *ps, search_limits *l, const search_space *s,
                                    uint64_t start, int h, solver_result *r)
{
    pathstack_clear(ps);
    space_stack_push(ps, s, start, FAST_NO_SKIP, r);
    if (search_expand(l, r)) search_trace_step(l, trace_step_of(start, 0, 0, h));
}

SPACE_INLINE void space_stack_descend(pathstack *ps, const search_space *s, uint64_t key,
                                      bool prune, solver_result *r)
{
    space_stack_push(ps, s, key, prune ? space_skip_after(s, pathstack_top(ps)->key, key) : FAST_NO_SKIP,
                     r);
    if (pathstack_depth(ps) > r->peak_frontier) r->peak_frontier = pathstack_depth(ps);
}

/* The path on the stack, then `last` (a successor of the top frame), is the solution. */
SPACE_INLINE void space_stack_solved(const pathstack *ps, const search_space *s, uint64_t last,
                                     solver_result *r)
{
    search_stack_solved(ps, s->p, s->m, last, r);
}

#endif
