/* scan_klotski.c -- from a grid of characters to a validated Klotski board: every rule about
 * what a legal Klotski board is lives here, as scan_grid.c holds Rush Hour's. Each piece is the
 * cells of one letter, which must be connected; the target comes from the opening marked in the
 * frame or from a `goal:` the source gives, never both. */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <string.h>

static int klotski_build(const scan_source *src, const scan_grid *g, puzzle *p, char *err)
{
    klotski_board *b = &p->klotski;
    char why[KLOTSKI_ERR_MAX];
    int first_line = g->row_lineno[0];
    p->family = FAMILY_KLOTSKI;
    if (klotski_init(b, g->width, g->height, why)) return scan_error(err, src, first_line, "%s", why);

    bool done[256] = {false};
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++) {
            unsigned char ch = (unsigned char)g->cell[r][c];
            if (ch == '.') continue;
            if (ch == 'x') {
                klotski_add_wall(b, r, c, why);   /* inside the grid: cannot fail */
                continue;
            }
            if (done[ch]) continue;
            done[ch] = true;
            uint64_t cells = 0;
            for (int rr = 0; rr < g->height; rr++)
                for (int cc = 0; cc < g->width; cc++)
                    if (g->cell[rr][cc] == (char)ch) cells |= 1ull << (rr * 8 + cc);
            if (klotski_add_piece(b, (char)ch, cells, why))
                return scan_error(err, src, g->row_lineno[r], "%s", why);
        }
    if (klotski_finish(b, g->primary, why)) return scan_error(err, src, first_line, "%s", why);

    if (g->open_side && g->goal_row >= 0)
        return scan_error(err, src, g->goal_lineno,
                          "goal: given, and an opening marked in the frame: give one of them");
    if (g->open_side) {
        int target = klotski_target_for_opening(b, g->open_side, g->open_cells);
        if (target < 0)
            return scan_error(err, src, g->open_lineno,
                              "the opening does not fit piece %c: it must cover exactly the "
                              "cells inside the marks, against that edge", g->primary);
        klotski_set_target_anchor(b, target, why);   /* a placement that fits: cannot fail */
    } else if (g->goal_row >= 0) {
        if (klotski_set_target(b, g->goal_row, g->goal_col, why))
            return scan_error(err, src, g->goal_lineno, "%s", why);
    } else
        return scan_error(err, src, first_line,
                          "no goal: mark the opening in the frame (v ^ < >) or give goal: X Y");
    p->start = klotski_start_key(b);
    return 0;
}

/* Its own headers of the native format: `slides:` and `steps:`, its other optima, and
 * `goal: X Y`, the primary's target top-left cell. */
static int klotski_header(const scan_source *src, int lineno, const char *key, const char *value,
                          scan_grid *g, puzzle *p, char *err)
{
    if (strcmp(key, "goal") == 0) {
        int x, y, used = 0;
        if (sscanf(value, "%d %d%n", &x, &y, &used) != 2 || value[used] || x < 0 || y < 0)
            return scan_error(err, src, lineno,
                              "goal: '%s' is not two counts X Y (column, row, from 0)", value);
        g->goal_col = x;
        g->goal_row = y;
        g->goal_lineno = lineno;
        return 0;
    }
    int *optimum = strcmp(key, "slides") == 0 ? &p->optimal_slides : &p->optimal_steps;
    if (!scan_parse_optimum(value, optimum))
        return scan_error(err, src, lineno, "%s: '%s' is not a count or '-'", key, value);
    return 0;
}

/* Klotski's part of the scanner: its grids, whose frame marks the opening. */
const scan_family klotski_scan = {.build = klotski_build, .frame_opening = true,
                                  .headers = "slides steps goal", .header = klotski_header};
