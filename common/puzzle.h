/* puzzle.h -- a board with what is known about it, and lists of puzzles.
 *
 * A puzzle is what the scanner produces and the harness runs: the board, where it came from,
 * its name, and, where the source says so, its optimal move count and cluster size.
 */
#ifndef PUZZLE_H
#define PUZZLE_H

#include "board.h"

#define PUZZLE_UNKNOWN (-1)      /* optimal: not given by the source */
#define PUZZLE_UNSOLVABLE (-2)   /* optimal: the source says there is no solution */
#define PUZZLE_NAME_MAX 64
#define PUZZLE_SOURCE_MAX 320

typedef struct {
    board board;
    uint64_t start;                   /* key of the starting position */
    char name[PUZZLE_NAME_MAX];       /* the source's name, else "<file base>:<line>" */
    char source[PUZZLE_SOURCE_MAX];   /* "<file>:<line>" where the puzzle starts */
    int optimal;                      /* known optimal moves, or PUZZLE_UNKNOWN/UNSOLVABLE */
    long cluster;                     /* known cluster size, or -1 */
} puzzle;

typedef struct {
    puzzle *items;
    int count, capacity;
} puzzle_list;

/* Appends a zeroed puzzle (optimal unknown, cluster -1) and returns it. */
puzzle *puzzle_list_add(puzzle_list *list);
/* Appends every puzzle of `from` to `to`, and empties `from`. */
void puzzle_list_take(puzzle_list *to, puzzle_list *from);
void puzzle_list_free(puzzle_list *list);

/* A stable identifier: XXH3-64 of the board's native grid text, as 16 hex digits (out[17]).
 * The same board has the same id whatever file or format it was read from. */
void puzzle_id(const puzzle *p, char out[17]);

/* The puzzle in native format, metadata header and grid (see README "Native format"). The
 * result is malloc'ed; the caller frees it. */
char *puzzle_format_native(const puzzle *p);

#endif
