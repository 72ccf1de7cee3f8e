/* fmt_csharp.c -- the C# seed program's file:
 *     W H            board size
 *     A 0 B C C C    H rows of W tokens: '0' empty, 'x' a wall, letters pieces
 *     ...
 *     F              the prisoner (primary piece)
 *     5 2            the exit cell X Y (0-based column, row) on the board's edge
 * The exit cell lies in the prisoner's line at one end of it, which gives the exit's side. One
 * puzzle per file. */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <string.h>

static int read_size(const scan_source *src, const scan_line *line, scan_grid *g, char *err)
{
    char extra;
    if (sscanf(line->text, "%d %d %c", &g->width, &g->height, &extra) != 2)
        return scan_error(err, src, line->lineno, "expected the board size 'W H'");
    if (g->width < BOARD_MIN_SIDE || g->width > BOARD_MAX_SIDE || g->height < BOARD_MIN_SIDE ||
        g->height > BOARD_MAX_SIDE)
        return scan_error(err, src, line->lineno,
                          "board is %dx%d; sizes from 4x4 to 8x8 are supported", g->width,
                          g->height);
    return 0;
}

static int read_row(const scan_source *src, const scan_line *line, scan_grid *g, int row,
                    char *err)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", line->text);
    int c = 0;
    for (char *t = strtok(copy, " \t"); t; t = strtok(NULL, " \t"), c++) {
        if (c == g->width)
            return scan_error(err, src, line->lineno, "row %d has more than %d cells", row + 1,
                              g->width);
        bool letter = strlen(t) == 1 && strchr(PIECE_LABELS, t[0]);
        if (strcmp(t, "0") == 0) g->cell[row][c] = '.';
        else if (strcmp(t, "x") == 0) g->cell[row][c] = 'x';
        else if (letter) g->cell[row][c] = t[0];
        else
            return scan_error(err, src, line->lineno, "unknown cell '%.20s' in column %d", t, c + 1);
    }
    if (c != g->width)
        return scan_error(err, src, line->lineno, "row %d has %d cells, expected %d", row + 1, c,
                          g->width);
    g->row_lineno[row] = line->lineno;
    return 0;
}

/* Which side the exit cell (x, y) stands on for a primary piece in the given line. */
static int exit_from_cell(const scan_grid *g, int x, int y, bool horizontal, int *side, int *line)
{
    if (horizontal) {
        *line = y;
        *side = x == 0 ? EXIT_LEFT : x == g->width - 1 ? EXIT_RIGHT : -1;
    } else {
        *line = x;
        *side = y == 0 ? EXIT_UP : y == g->height - 1 ? EXIT_DOWN : -1;
    }
    return *side >= 0 ? 0 : -1;
}

int fmt_csharp_read(const scan_source *src, puzzle_list *out, char *err)
{
    const scan_line *line[BOARD_MAX_SIDE + 3];
    int n = 0;
    for (int k = 0; k < src->count; k++) {
        if (src->line[k].text[0] == '\0') continue;
        if (n == BOARD_MAX_SIDE + 3)
            return scan_error(err, src, src->line[k].lineno, "unexpected text after the exit");
        line[n++] = &src->line[k];
    }
    if (n == 0) return scan_error(err, src, 0, "no puzzle in this file");
    scan_grid g;
    scan_grid_init(&g);
    if (read_size(src, line[0], &g, err)) return -1;
    if (n != g.height + 3)
        return scan_error(err, src, line[n - 1]->lineno,
                          "expected %d rows, the prisoner and the exit; found %d lines after "
                          "the size", g.height, n - 1);
    for (int r = 0; r < g.height; r++)
        if (read_row(src, line[1 + r], &g, r, err)) return -1;

    const scan_line *prisoner = line[1 + g.height], *exit = line[2 + g.height];
    if (strlen(prisoner->text) != 1 || !strchr(PIECE_LABELS, prisoner->text[0]))
        return scan_error(err, src, prisoner->lineno, "expected the prisoner's letter");
    g.primary = prisoner->text[0];

    int x, y;
    char extra;
    if (sscanf(exit->text, "%d %d %c", &x, &y, &extra) != 2)
        return scan_error(err, src, exit->lineno, "expected the exit cell 'X Y'");
    /* The prisoner's orientation decides how the exit cell is read, so look it up first. */
    bool vertical = false;
    for (int r = 0; r + 1 < g.height; r++)
        for (int c = 0; c < g.width; c++)
            if (g.cell[r][c] == g.primary && g.cell[r + 1][c] == g.primary) vertical = true;
    bool horizontal = !vertical;
    g.exit_lineno = exit->lineno;
    if (x < 0 || y < 0 || x >= g.width || y >= g.height ||
        exit_from_cell(&g, x, y, horizontal, &g.exit_side, &g.exit_line))
        return scan_error(err, src, exit->lineno,
                          "exit cell (%d, %d) is not at an end of the prisoner's %s", x, y,
                          horizontal ? "row" : "column");

    puzzle *p = puzzle_list_add(out);
    scan_default_name(src, line[0]->lineno, p);
    return scan_build(src, &g, p, err);
}
