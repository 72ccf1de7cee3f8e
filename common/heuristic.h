/* heuristic.h -- a lower bound on the moves left, for the informed solvers (astar, idastar).
 *
 * heuristic_moves(b, key) never overestimates the fewest moves from key to the goal
 * (admissible) and changes by at most one per move (consistent); heuristic.c proves both.
 * HEURISTIC_DEAD marks states from which the goal cannot be reached at all.
 */
#ifndef HEURISTIC_H
#define HEURISTIC_H

#include "board.h"

#define HEURISTIC_DEAD 0xFFFF

int heuristic_moves(const board *b, uint64_t key);

#endif
