/* rush_fast.h -- Rush Hour's fast space: its board's bitboard calls, as the solvers' loops
 * compiled for it inline them (common/fast_space.h binds them to the names search/space.h
 * uses; family.h's `fast` is the board).
 *
 * The invariant: over the same keys, the fast space is the view in moves (rush/moves.c's
 * moves_problem) with two prunes that leave the states a search stores, and their order,
 * as they are. A state's successors leave out the piece `skip` (what the piece that moved
 * last can reach, a search has reached from its parent already), and a breadth-first level
 * leaves out also the moves that commute with the last one (rush/moves.h, moves_filter_commuting:
 * their states are stored from elsewhere in the same level, in the same order). */
#ifndef RUSH_FAST_H
#define RUSH_FAST_H

#include "rush/moves.h"

#define RUSH_FAST_ROOM MOVES_MAX
#define RUSH_FAST_NO_SKIP MOVES_SKIP_NONE

static inline __attribute__((always_inline)) bool rush_fast_is_goal(const board *b, uint64_t key)
{
    return board_is_goal(b, key);
}

/* Every successor of key but those of piece `skip` (RUSH_FAST_NO_SKIP: none left out). */
static inline __attribute__((always_inline)) int rush_fast_successors(const board *b, uint64_t key,
                                                                     int skip, uint64_t *child)
{
    return moves_generate(b, key, skip, child, NULL);
}

/* The prune after the move from parent to key: the piece that moved. */
static inline __attribute__((always_inline)) int rush_fast_skip_after(const board *b,
                                                                     uint64_t parent, uint64_t key)
{
    return board_moved_piece(b, parent, key);
}

/* The successors a breadth-first level takes from key, reached from parent (root: key is a
 * root, all of them). */
static inline __attribute__((always_inline)) int rush_fast_level_successors(const board *b,
                                                                           uint64_t parent, bool root,
                                                                           uint64_t key,
                                                                           uint64_t *child)
{
    return moves_generate_filtered(b, key, moves_filter_level(b, parent, root, key, false), child,
                                   NULL, BOARD_MAX_SIDE);
}

#endif
