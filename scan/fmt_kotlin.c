/* fmt_kotlin.c -- the Kotlin seed program's grid: one row per line, '-' empty, each piece a hex
 * digit '0'-'f', '0' the primary piece, the exit at the right end of the primary piece's row.
 * The board is as wide and tall as the text. Digit v becomes the label PIECE_LABELS[v], so
 * '0' is A, '1' is B, ... 'f' is P. One puzzle per file. */
#include "scan/scan_internal.h"

#include <string.h>

int fmt_kotlin_read(const scan_source *src, puzzle_list *out, char *err)
{
    scan_grid g;
    scan_grid_init(&g);
    int first = 0;
    for (int k = 0; k < src->count; k++) {
        const scan_line *line = &src->line[k];
        int len = (int)strlen(line->text);
        if (len == 0) continue;
        if (g.height == 0) {
            first = line->lineno;
            g.width = len;
        }
        if (len > BOARD_MAX_SIDE)
            return scan_error(err, src, line->lineno, "row has %d cells; at most %d", len,
                              BOARD_MAX_SIDE);
        if (len != g.width)
            return scan_error(err, src, line->lineno, "row %d has %d cells, expected %d",
                              g.height + 1, len, g.width);
        if (g.height == BOARD_MAX_SIDE)
            return scan_error(err, src, line->lineno, "board is more than %d rows tall",
                              BOARD_MAX_SIDE);
        for (int c = 0; c < len; c++) {
            char ch = line->text[c];
            const char *hex = "0123456789abcdef", *at = strchr(hex, ch);
            if (ch == '-') g.cell[g.height][c] = '.';
            else if (at && ch) g.cell[g.height][c] = PIECE_LABELS[at - hex];
            else
                return scan_error(err, src, line->lineno,
                                  "unknown character '%c' in column %d (want - or 0-f)", ch,
                                  c + 1);
        }
        g.row_lineno[g.height++] = line->lineno;
    }
    if (g.height == 0) return scan_error(err, src, 0, "no puzzle in this file");
    puzzle *p = puzzle_list_add(out);
    scan_default_name(src, first, p);
    return scan_build(src, &g, p, err);
}
