/* space_lettering.h -- a state of a skeleton written as the published database writes its boards:
 * N * N characters, 'o' empty, 'x' a wall, 'A' the primary, and the other pieces lettered
 * B, C, ... first along the primary's row, then along the other rows top to bottom, each left
 * to right, for horizontal pieces and walls (a wall takes a letter though it is drawn 'x'),
 * then for the vertical pieces column by column, each top to bottom. That order is the
 * published database's own (checked on all 3,012 sample lines, walls included). */
#ifndef SPACE_LETTERING_H
#define SPACE_LETTERING_H

#include <stdbool.h>
#include <stdint.h>

#include "rush/space_line.h"
#include "rush/rush_space.h"

/* A skeleton's lines: each row's and column's type and template, and its walls. */
typedef struct {
    int n;
    const line_type *rowt[SPACE_MAX_SIZE], *colt[SPACE_MAX_SIZE];
    const line_template *rowtp[SPACE_MAX_SIZE], *coltp[SPACE_MAX_SIZE];
    uint64_t walls;
} space_lines;

/* The board of the state whose horizontal and vertical pieces stand on h8 and v8 (bit
 * y * 8 + x), or of its top-bottom mirror image when `mirrored`, into text (n * n + 1 bytes).
 * Returns 0, or -1 when it has more pieces than there are letters. */
int space_letter_board(const space_lines *l, uint64_t h8, uint64_t v8, bool mirrored, char *text);

#endif
