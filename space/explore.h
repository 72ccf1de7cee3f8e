/* explore.h -- every cluster of one unit of the space, analysed: the database lines it gives
 * and what it adds to the statistics.
 *
 *     space_explorer *e = space_explorer_new(&space);
 *     space_explore_unit(e, unit, &lines, &stats);   (any units, in any order)
 *     space_explorer_free(e);
 *
 * One explorer per thread; the space is only read.
 */
#ifndef EXPLORE_H
#define EXPLORE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "space/space.h"

#define SPACE_MAX_MOVES 256
#define SPACE_BOARD_MAX 65

/* A database line: MOVES BOARD CLUSTER_SIZE. */
typedef struct {
    int moves;
    uint64_t cluster;
    char board[SPACE_BOARD_MAX];
} space_puzzle;

typedef struct {
    space_puzzle *item;
    uint64_t count, capacity;
} space_puzzles;

typedef struct {
    uint64_t units, skeletons, states;
    uint64_t expanded;     /* states whose moves were generated: each state once */
    uint64_t mirrored;     /* states reported as the mirror image of an expanded state (space.h);
                            * expanded + mirrored = states */
    uint64_t candidates;   /* packed states: every piece flush left or up (the anchor's) */
    uint64_t clusters, solvable, minimal;
    uint64_t by_moves[SPACE_MAX_MOVES];   /* database lines by move count */
    space_puzzle hardest;  /* the first database line in database order; moves -1: none */
    /* The largest cluster: its size, its canonical (smallest) state, and its puzzle's moves
     * (-1: the cluster has no goal). */
    space_puzzle largest;
} space_stats;

typedef struct space_explorer space_explorer;

space_explorer *space_explorer_new(const space *s);
void space_explorer_free(space_explorer *e);

/* Whether a unit may report its mirror image as well, leaving that unit out (space.h: on spaces
 * where the primary's row is the middle row; the default). Off, every state is expanded; the
 * lines and every figure but expanded and mirrored are the same either way. */
void space_explorer_use_mirror(space_explorer *e, bool on);

/* Explores unit: appends its database lines to *lines (in no order) and adds its figures to
 * *stats. Returns 0; -1 when it cannot be explored (space_explorer_failure says why); or
 * SPACE_STOPPED when *stop (NULL: never) turned non-zero before the unit was done, checked
 * between skeletons: then *lines and *stats hold part of the unit and must be thrown away. */
#define SPACE_STOPPED 1
int space_explore_unit(space_explorer *e, uint64_t unit, space_puzzles *lines, space_stats *stats,
                       const volatile sig_atomic_t *stop);

/* Why the last space_explore_unit returned -1, as a phrase ("out of memory", "a distance of
 * 254 moves or more ...", a limit of the numbering passed). */
const char *space_explorer_failure(const space_explorer *e);

/* Database order: more moves first, then the board's text. */
int space_puzzle_compare(const space_puzzle *a, const space_puzzle *b);
void space_stats_init(space_stats *s);
void space_stats_add(space_stats *to, const space_stats *from);
int space_puzzles_push(space_puzzles *l, const space_puzzle *p);
void space_puzzles_free(space_puzzles *l);

#endif
