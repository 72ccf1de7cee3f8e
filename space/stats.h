/* stats.h -- what exploring a puzzle space yields: database lines, and the statistics that
 * add up over units, shards and runs (space_stats_add is associative and commutative, so the
 * totals do not depend on the order units finish in). */
#ifndef SPACE_STATS_H
#define SPACE_STATS_H

#include <stdint.h>

#define SPACE_MAX_MOVES 256
#define SPACE_BOARD_MAX 65
#define SPACE_ERR_MAX 256    /* a reason a space cannot be made or explored */

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
    uint64_t mirrored;     /* states reported as the mirror image of an expanded state (rush_space.h);
                            * expanded + mirrored = states */
    uint64_t candidates;   /* packed states: every piece flush left or up (the anchor's) */
    uint64_t clusters, solvable, minimal;
    uint64_t by_moves[SPACE_MAX_MOVES];   /* database lines by move count */
    space_puzzle hardest;  /* the first database line in database order; moves -1: none */
    /* The largest cluster: its size, its canonical (smallest) state, and its puzzle's moves
     * (-1: the cluster has no goal). */
    space_puzzle largest;
} space_stats;

/* Database order: more moves first, then the board's text. */
int space_puzzle_compare(const space_puzzle *a, const space_puzzle *b);
/* Whether a's cluster comes before b's as the largest: more states, then the smaller text. */
int space_puzzle_larger(const space_puzzle *a, const space_puzzle *b);

void space_stats_init(space_stats *s);
void space_stats_add(space_stats *to, const space_stats *from);

/* Appends p; returns 0, or -1 when out of memory (l unchanged). */
int space_puzzles_push(space_puzzles *l, const space_puzzle *p);
void space_puzzles_free(space_puzzles *l);

#endif
