/* space.h -- the space a solver written once searches: a family's view (common/family.h) in one
 * measure, or the family's own fast space (the view's `fast`: Rush Hour's bitboards, with
 * their generator and its prunes).
 *
 * A solver has one entry (search/solver.h). It writes its loop once, as an always-inlined
 * function over a search_space, and calls it through SPACE_DISPATCH, which compiles the loop
 * twice, once a space, and runs the copy the puzzle's family has. Every function here is
 * always inlined too, so in each copy `s->p` is a known constant and the other space's branch
 * is gone: the fast space's loop makes the calls a hand-written one would, and pays nothing
 * for the view's.
 *
 *     SPACE_DISPATCH(p, MEASURE_MOVES, sp, my_search(ctx, sp, p->start, budget, r));
 *     ...  int n = space_successors(sp, key, skip, child);
 *          if (space_is_goal(sp, child[0])) ...
 *
 * `skip` is the fast space's prune, the piece that need not move (MOVES_SKIP_NONE: none); the
 * view's successors are all of them.
 */
#ifndef SPACE_H
#define SPACE_H

#include "search/search.h"

#define SPACE_INLINE static inline __attribute__((always_inline))

typedef struct {
    const board *b;              /* the fast space (p NULL) */
    const family_problem *p;     /* the view (b NULL), searched in measure m */
    measure m;
} search_space;

/* Runs `call` with `sp` (a const search_space *) the space of view p: its fast space when the
 * family has one, else the view in measure m. `call` is compiled once for each, and within each
 * copy the space is a constant: the one place where a solver meets the choice, written once. */
#define SPACE_DISPATCH(p, m, sp, call)                                                           \
    do {                                                                                         \
        if ((p)->fast) {                                                                         \
            const search_space sp##_fast = {(const board *)(p)->fast, NULL, MEASURE_MOVES};      \
            const search_space *sp = &sp##_fast;                                                 \
            call;                                                                                \
        } else {                                                                                 \
            const search_space sp##_view = {NULL, (p), (m)};                                     \
            const search_space *sp = &sp##_view;                                                 \
            call;                                                                                \
        }                                                                                        \
    } while (0)

/* The fast space's own calls, for a loop that keeps its board apart (Korf's IDA*): the goal
 * test, and the successors with the moves that reach them, leaving out piece `skip`. */
SPACE_INLINE bool space_fast_is_goal(const board *b, uint64_t key)
{
    return board_is_goal(b, key);
}

SPACE_INLINE int space_fast_moves(const board *b, uint64_t key, int skip, uint64_t *child,
                                  move *moves)
{
    return moves_generate(b, key, skip, child, moves);
}

/* The view's space in measure m (a search that has no fast form). */
SPACE_INLINE search_space space_of_family(const family_problem *p, measure m)
{
    return (search_space){NULL, p, m};
}

/* The most successors a state has. */
SPACE_INLINE int space_room(const search_space *s)
{
    return s->p ? s->p->max_successors : MOVES_MAX;
}

SPACE_INLINE bool space_is_goal(const search_space *s, uint64_t key)
{
    return s->p ? s->p->is_goal(s->p->board, key) : board_is_goal(s->b, key);
}

SPACE_INLINE int space_successors(const search_space *s, uint64_t key, int skip, uint64_t *child)
{
    if (s->p) return s->p->successors(s->p->board, key, s->m, child);
    return moves_generate(s->b, key, skip, child, NULL);
}

/* The successors of trail entry `at` that a breadth- or best-first search has not met
 * already from its parent: Rush Hour's without the piece that moved last (trail_last_piece),
 * another family's through its successors_after (family.h), all of them at the root. */
SPACE_INLINE int space_trail_successors(const search_space *s, const search_trail *t,
                                        uint64_t at, uint64_t *child)
{
    if (!s->p) return moves_generate(s->b, t->key[at], trail_last_piece(s->b, t, at), child, NULL);
    uint32_t parent = t->parent[at];
    if (parent == TRAIL_ROOT || !s->p->successors_after)
        return s->p->successors(s->p->board, t->key[at], s->m, child);
    return s->p->successors_after(s->p->board, t->key[parent], t->key[at], s->m, child);
}

/* The successors of trail entry `at` that a breadth-first level takes (bibfs's sides): on the
 * fast space those the reference BFS's two prunes let through (the piece that moved last, and
 * the moves that commute with the last move: they store the same states in the same order,
 * rush/bfs_engine.c); on the view, space_trail_successors. */
SPACE_INLINE int space_level_successors(const search_space *s, const search_trail *t, uint64_t at,
                                        uint64_t *child)
{
    if (s->p) return space_trail_successors(s, t, at, child);
    return moves_generate_filtered(s->b, t->key[at], trail_bfs_filter(s->b, t, at, false), child,
                                   NULL, BOARD_MAX_SIDE);
}

/* The start, a goal, is the solution: no move. */
SPACE_INLINE void space_start_solved(const search_space *s, uint64_t start, solver_result *r)
{
    if (s->p) search_family_solved(s->p, s->m, &start, 1, r);
    else search_solved(r);
}

/* The path from the trail's root to entry `at` is the solution. */
SPACE_INLINE void space_trail_solved(const search_space *s, const search_trail *t, uint32_t at,
                                     solver_result *r)
{
    if (s->p) {
        search_family_trail_solved(s->p, s->m, t, at, r);
        return;
    }
    search_append_path(s->b, t, at, false, r);
    search_solved(r);
}

/* The depth-first bookkeeping (search.h's search_stack_* and search_family_stack_*). Rush
 * Hour's frames keep the move that reached them (`via`); another family's keep keys only. */
SPACE_INLINE void space_stack_begin(pathstack *ps, search_limits *l, const search_space *s,
                                    uint64_t start, int h, solver_result *r)
{
    if (s->p) search_family_stack_begin(ps, l, s->p, s->m, h, r);
    else search_stack_begin(ps, l, s->b, start, h, r);
}

SPACE_INLINE void space_stack_descend(pathstack *ps, const search_space *s, uint64_t key, move via,
                                      int skip, solver_result *r)
{
    if (s->p) search_family_stack_descend(ps, s->p, s->m, key, r);
    else search_stack_descend(ps, s->b, key, via, skip, r);
}

/* The path on the stack, then `last` (reached by `via` from the top frame), is the solution. */
SPACE_INLINE void space_stack_solved(const pathstack *ps, const search_space *s, uint64_t last,
                                     move via, solver_result *r)
{
    if (s->p) search_family_stack_solved(ps, s->p, s->m, last, r);
    else search_stack_solved(ps, via, r);
}

#endif
