/* space_lettering.c -- a state of the space as the published database letters it (space_lettering.h). */
#include "rush/space_lettering.h"

#include <stdlib.h>
#include <string.h>

#include "rush/board.h"

/* A piece or a wall, with its place in the database's lettering order. */
typedef struct {
    int order, row, col, length;
    bool horizontal, primary, wall;
} piece_at;

static int piece_order(const void *a, const void *b)
{
    return ((const piece_at *)a)->order - ((const piece_at *)b)->order;
}

/* The database's lettering (the published database's, checked on all 3,012 sample lines): the
 * primary row first, then the other rows top to bottom, each left to right, their horizontal
 * pieces and walls (a wall takes a letter though it is drawn 'x'); then the vertical pieces
 * column by column, each top to bottom. */
static int letter_order(const piece_at *q, int n)
{
    if (!q->horizontal && !q->wall) return (n + 1) * n + q->col * n + q->row;
    return (q->row == SPACE_PRIMARY_ROW ? 0 : q->row + 1) * n + q->col;
}

/* The pieces of a line's placement, appended to pieces[]. */
static int line_pieces(const line_type *t, const line_template *tp, uint8_t mask, bool horizontal,
                       int line, piece_at *pieces, int count)
{
    int p = tp->by_mask[mask];
    uint8_t starts = t->placement[p].starts;
    for (int i = 0; i < tp->npieces; i++, starts &= (uint8_t)(starts - 1)) {
        int at = __builtin_ctz(starts);
        piece_at *q = &pieces[count++];
        *q = (piece_at){.row = horizontal ? line : at, .col = horizontal ? at : line,
                        .length = tp->length[i], .horizontal = horizontal,
                        .primary = horizontal && line == SPACE_PRIMARY_ROW};
    }
    return count;
}

int space_letter_board(const space_lines *l, uint64_t h8, uint64_t v8, bool mirrored, char *text)
{
    int n = l->n, count = 0;
    piece_at pieces[2 * SPACE_MAX_SIZE * LINE_MAX_PIECES + SPACE_MAX_SIZE * SPACE_MAX_SIZE];
    for (int y = 0; y < n; y++)
        count = line_pieces(l->rowt[y], l->rowtp[y], (uint8_t)(h8 >> (8 * y)), true, y, pieces, count);
    for (int x = 0; x < n; x++)
        count = line_pieces(l->colt[x], l->coltp[x], space_column_bits(v8, x), false, x, pieces, count);
    for (uint64_t w = l->walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w);
        pieces[count++] = (piece_at){.row = cell / 8, .col = cell % 8, .length = 1, .wall = true};
    }
    for (int i = 0; i < count; i++) {
        piece_at *q = &pieces[i];
        if (mirrored) q->row = n - q->row - (q->horizontal || q->wall ? 1 : q->length);
        q->order = letter_order(q, n);
    }
    qsort(pieces, (size_t)count, sizeof *pieces, piece_order);
    memset(text, 0, (size_t)(n * n + 1));
    int letter = 1;   /* PIECE_LABELS[0] is the primary's 'A' */
    if (count > (int)sizeof PIECE_LABELS - 1) return -1;
    for (int i = 0; i < count; i++) {
        const piece_at *q = &pieces[i];
        char label = q->primary ? 'A' : q->wall ? 'x' : PIECE_LABELS[letter];
        if (!q->primary) letter++;
        for (int k = 0; k < q->length; k++)
            text[(q->row + (q->horizontal ? 0 : k)) * n + q->col + (q->horizontal ? k : 0)] = label;
    }
    for (int c = 0; c < n * n; c++)
        if (!text[c]) text[c] = 'o';
    text[n * n] = 0;
    return 0;
}

