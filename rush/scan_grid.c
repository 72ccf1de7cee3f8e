/* scan_grid.c -- from a grid of characters to a validated board. Every text format and the
 * image scanner end here, so every rule about what a legal board is lives in one place. */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cells of one label, in row-major order. */
typedef struct {
    char label;
    int count;
    int row[BOARD_MAX_SIDE * BOARD_MAX_SIDE], col[BOARD_MAX_SIDE * BOARD_MAX_SIDE];
} label_cells;

static void collect(const scan_grid *g, char label, label_cells *lc)
{
    lc->label = label;
    lc->count = 0;
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++)
            if (g->cell[r][c] == label) {
                lc->row[lc->count] = r;
                lc->col[lc->count] = c;
                lc->count++;
            }
}

/* Number of 4-connected groups the label's cells form. */
static int components(const scan_grid *g, const label_cells *lc)
{
    char seen[BOARD_MAX_SIDE][BOARD_MAX_SIDE] = {{0}};
    int stack_r[64], stack_c[64], groups = 0;
    for (int k = 0; k < lc->count; k++) {
        if (seen[lc->row[k]][lc->col[k]]) continue;
        groups++;
        int top = 0;
        stack_r[top] = lc->row[k];
        stack_c[top++] = lc->col[k];
        seen[lc->row[k]][lc->col[k]] = 1;
        while (top > 0) {
            int r = stack_r[--top], c = stack_c[top];
            static const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
            for (int d = 0; d < 4; d++) {
                int nr = r + dr[d], nc = c + dc[d];
                if (nr < 0 || nc < 0 || nr >= g->height || nc >= g->width) continue;
                if (seen[nr][nc] || g->cell[nr][nc] != lc->label) continue;
                seen[nr][nc] = 1;
                stack_r[top] = nr;
                stack_c[top++] = nc;
            }
        }
    }
    return groups;
}

/* Checks that a label's cells form one straight piece of 2 or 3 cells and adds it. */
static int add_piece(const scan_source *src, const scan_grid *g, const label_cells *lc,
                     board *b, char *err)
{
    int line = g->row_lineno[lc->row[0]];
    int last = lc->count - 1;
    bool same_row = lc->row[0] == lc->row[last];
    bool same_col = true;
    for (int k = 1; k < lc->count; k++) same_col &= lc->col[k] == lc->col[0];
    /* Row-major order makes a straight run's cells consecutive in this list. */
    bool straight = (same_row && lc->col[last] - lc->col[0] == last) ||
                    (same_col && lc->row[last] - lc->row[0] == last);

    if (!straight && components(g, lc) > 1)
        return scan_error(err, src, line, "piece %c appears in two places", lc->label);
    if (!straight)
        return scan_error(err, src, line, "piece %c is not a straight line of 2 or 3 cells",
                          lc->label);
    if (lc->count == 1)
        return scan_error(err, src, line,
                          "piece %c is a single cell; pieces are 2 or 3 cells long (x is a wall)",
                          lc->label);
    if (lc->count > 3)
        return scan_error(err, src, line,
                          "piece %c is %d cells long; pieces are 2 or 3 cells long", lc->label,
                          lc->count);

    char why[BOARD_ERR_MAX];
    if (board_add_piece(b, lc->label, same_row, lc->count, lc->row[0], lc->col[0], why))
        return scan_error(err, src, line, "%s", why);
    return 0;
}

static int rush_build(const scan_source *src, const scan_grid *g, puzzle *p, char *err)
{
    board *b = &p->board;
    char why[BOARD_ERR_MAX];
    int first_line = g->row_lineno[0];
    p->family = FAMILY_RUSH;
    if (board_init(b, g->width, g->height, why)) return scan_error(err, src, first_line, "%s", why);

    bool done[256] = {false};
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++) {
            unsigned char ch = (unsigned char)g->cell[r][c];
            if (ch == '.') continue;
            if (ch == 'x') {
                if (board_add_wall(b, r, c, why))
                    return scan_error(err, src, g->row_lineno[r], "%s", why);
                continue;
            }
            if (done[ch]) continue;
            done[ch] = true;
            label_cells lc = {0};
            collect(g, (char)ch, &lc);
            if (add_piece(src, g, &lc, b, err)) return -1;
        }

    int pi = board_find_label(b, g->primary);
    if (pi < 0) return scan_error(err, src, first_line, "no primary piece %c", g->primary);
    const board_piece *pp = &b->piece[pi];
    int exit_side = g->exit_side >= 0 ? g->exit_side : pp->horizontal ? EXIT_RIGHT : EXIT_DOWN;
    int exit_lineno = g->exit_lineno > 0 ? g->exit_lineno : first_line;
    if (board_finish(b, g->primary, (board_exit)exit_side, why))
        return scan_error(err, src, exit_lineno, "%s", why);
    if (g->exit_line >= 0 && g->exit_line != pp->line)
        return scan_error(err, src, exit_lineno,
                          "exit in %s %d is not in line with primary piece %c (%s %d)",
                          pp->horizontal ? "row" : "column", g->exit_line, pp->label,
                          pp->horizontal ? "row" : "column", pp->line);
    p->start = board_start_key(b);
    return 0;
}

/* Rush Hour's part of the scanner: its grids, whose frame marks exactly one exit. */
const scan_family rush_scan = {.build = rush_build};
