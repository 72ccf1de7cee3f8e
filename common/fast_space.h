/* fast_space.h -- the registry's compile-time half (common/family.c is the other): the family
 * whose view has a fast space (family.h's `fast`), bound to the names search/space.h compiles
 * the solvers' loops over.
 *
 * A fast space is a family's own specialization of its view, which a solver's loop inlines:
 * the same states in moves, their successors in the same order, with prunes that leave out
 * only what the search would find stored already (the family's header says which and why). Its
 * operations, each always inlined (named here, defined in the family's folder):
 *
 *     fast_is_goal(f, key)                         the goal test
 *     fast_successors(f, key, skip, child)         successors, but those `skip` rules out
 *                                                  (FAST_NO_SKIP: none); FAST_ROOM at most
 *     fast_skip_after(f, parent, key)              the `skip` for key's successors, reached
 *                                                  from parent
 *     fast_level_successors(f, parent, root, key, child)   those a breadth-first level needs
 *
 * One family has one today, Rush Hour (rush/rush_fast.h: its bitboards and vector generators).
 * A second would make this a list, and SPACE_DISPATCH compile a loop for each. */
#ifndef FAST_SPACE_H
#define FAST_SPACE_H

#include "rush/rush_fast.h"

typedef board fast_space;

#define FAST_ROOM RUSH_FAST_ROOM
#define FAST_NO_SKIP RUSH_FAST_NO_SKIP

#define fast_is_goal rush_fast_is_goal
#define fast_successors rush_fast_successors
#define fast_skip_after rush_fast_skip_after
#define fast_level_successors rush_fast_level_successors

#endif
