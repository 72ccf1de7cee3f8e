/* space_reduced.h -- is a puzzle of the space solved in fewer than k moves? A breadth-first search
 * over line tables alone, for the minimality test of the enumerator's puzzles.
 *
 * The enumerator asks this of a puzzle with one piece taken away (the line that held it seen
 * through the template of the pieces left, line_template_find), once per piece it could not
 * prove needed otherwise. Its puzzles are small and their counts short, so what matters is
 * what a search costs to start: no board is built, the state is the pair of bitboards the
 * enumerator already holds, and the table of states seen is emptied by moving a stamp on.
 *
 *     reduced_search *rs = reduced_search_new();
 *     reduced_lines lines = ...;                   (each line's tables; one by_mask changed)
 *     int r = reduced_solved_below(rs, &lines, h8, v8, moves);
 *     reduced_search_free(rs);
 */
#ifndef REDUCED_H
#define REDUCED_H

#include <stdint.h>

#include "rush/rush_space.h"

/* A board as its lines: for each row and column its line type and the by_mask of the template
 * it holds (a line without pieces: by_mask NULL). */
typedef struct {
    const space *space;
    uint64_t walls;              /* bit y * 8 + x */
    uint8_t exit_mask;           /* row SPACE_PRIMARY_ROW when the primary stands at the exit */
    const line_type *rowt[SPACE_MAX_SIZE], *colt[SPACE_MAX_SIZE];
    const int16_t *row_by_mask[SPACE_MAX_SIZE], *col_by_mask[SPACE_MAX_SIZE];
} reduced_lines;

typedef struct reduced_search reduced_search;

reduced_search *reduced_search_new(void);
void reduced_search_free(reduced_search *rs);

/* Whether the puzzle of `lines` standing at (h8, v8) (horizontal and vertical pieces' cells)
 * reaches a goal in fewer than `moves` moves: 1 yes, 0 no, -1 out of memory. The start must
 * not be a goal. */
int reduced_solved_below(reduced_search *rs, const reduced_lines *lines, uint64_t h8, uint64_t v8,
                         int moves);

#endif
