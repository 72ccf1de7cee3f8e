/* fmt_python.c -- the Python seed program's board: a list of lists of integers,
 *     board_605 = [
 *         [2, 3, 4, 4, 4, 0],
 *         ...
 *     ]
 * 0 is empty, 1 the primary piece, any other integer n a piece; the exit is at the right end of
 * the primary piece's row. Integer n becomes the label PIECE_LABELS[n - 1], so 1 is A, 2 is B,
 * ... The variable's name, when there is one, names the puzzle. One puzzle per file.
 *
 * The seed's Klotski boards are the same list followed by two lines giving piece 1's target
 * top-left cell (row and column from 0), which make it a Klotski puzzle:
 *     solved_row = 5
 *     solved_col = 2
 */
#include "scan/scan_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A cursor over the lines of the source, skipping white space, newlines and comments. */
typedef struct {
    const scan_source *src;
    int k;            /* current line index */
    const char *s;    /* position in it */
} cursor;

static void skip_blank(cursor *c)
{
    for (;;) {
        while (*c->s == ' ' || *c->s == '\t') c->s++;
        if (*c->s && *c->s != '#') return;
        if (++c->k >= c->src->count) {
            c->s = "";
            return;
        }
        c->s = c->src->line[c->k].text;
    }
}

static int lineno(const cursor *c)
{
    return c->k < c->src->count ? c->src->line[c->k].lineno : c->src->line[c->src->count - 1].lineno;
}

static int expect(cursor *c, char ch, const char *what, char *err)
{
    skip_blank(c);
    if (*c->s != ch) {
        if (*c->s) return scan_error(err, c->src, lineno(c), "expected %s, found '%c'", what, *c->s);
        return scan_error(err, c->src, lineno(c), "expected %s, found the end of the file", what);
    }
    c->s++;
    return 0;
}

static int read_row(cursor *c, scan_grid *g, char *err)
{
    int row = g->height;
    if (row == BOARD_MAX_SIDE)
        return scan_error(err, c->src, lineno(c), "board is more than %d rows tall", BOARD_MAX_SIDE);
    if (expect(c, '[', "'[' starting a row", err)) return -1;
    g->row_lineno[row] = lineno(c);
    int col = 0;
    for (;;) {
        skip_blank(c);
        if (*c->s == ']') break;
        if (!isdigit((unsigned char)*c->s))
            return scan_error(err, c->src, lineno(c), "expected a piece number, found '%c'",
                              *c->s ? *c->s : ' ');
        long n = 0;
        while (isdigit((unsigned char)*c->s) && n < 1000) n = n * 10 + (*c->s++ - '0');
        if (n > (long)strlen(PIECE_LABELS))
            return scan_error(err, c->src, lineno(c), "piece number %ld is over %zu", n,
                              strlen(PIECE_LABELS));
        if (col == BOARD_MAX_SIDE)
            return scan_error(err, c->src, lineno(c), "row has more than %d cells", BOARD_MAX_SIDE);
        g->cell[row][col++] = n == 0 ? '.' : PIECE_LABELS[n - 1];
        skip_blank(c);
        if (*c->s == ',') c->s++;
    }
    c->s++;
    if (row == 0) g->width = col;
    else if (col != g->width)
        return scan_error(err, c->src, g->row_lineno[row], "row %d has %d cells, expected %d",
                          row + 1, col, g->width);
    g->height++;
    return 0;
}

/* `solved_row = N` or `solved_col = N` after the board: 0, 1 when the text is neither, or -1
 * with err set when it is one of them but wrong. */
static int read_target(cursor *c, scan_grid *g, char *err)
{
    bool row = strncmp(c->s, "solved_row", 10) == 0, col = strncmp(c->s, "solved_col", 10) == 0;
    if (!row && !col) return 1;
    c->s += 10;
    int line = lineno(c);
    if (expect(c, '=', "'=' after solved_row or solved_col", err)) return -1;
    skip_blank(c);
    if (!isdigit((unsigned char)*c->s))
        return scan_error(err, c->src, line, "%s: expected a row or column number from 0",
                          row ? "solved_row" : "solved_col");
    int n = 0;
    while (isdigit((unsigned char)*c->s) && n < 1000) n = n * 10 + (*c->s++ - '0');
    *(row ? &g->goal_row : &g->goal_col) = n;
    g->goal_lineno = line;
    g->family = FAMILY_KLOTSKI;
    return 0;
}

int fmt_python_read(const scan_source *src, puzzle_list *out, char *err)
{
    cursor c = {src, 0, src->count ? src->line[0].text : ""};
    scan_grid g;
    scan_grid_init(&g);
    g.goal_col = -1;
    char name[PUZZLE_NAME_MAX] = "";

    skip_blank(&c);
    int first = lineno(&c);
    if (isalpha((unsigned char)*c.s) || *c.s == '_') {
        size_t n = strcspn(c.s, " \t=");
        if (n >= sizeof name) n = sizeof name - 1;
        memcpy(name, c.s, n);
        name[n] = '\0';
        c.s += n;
        if (expect(&c, '=', "'=' after the name", err)) return -1;
    }
    if (expect(&c, '[', "'[' opening the board", err)) return -1;
    for (;;) {
        skip_blank(&c);
        if (*c.s == ']') break;
        if (read_row(&c, &g, err)) return -1;
        skip_blank(&c);
        if (*c.s == ',') c.s++;
    }
    c.s++;
    skip_blank(&c);
    while (*c.s) {
        int rc = read_target(&c, &g, err);
        if (rc < 0) return -1;
        if (rc > 0) return scan_error(err, src, lineno(&c), "unexpected text after the board");
        skip_blank(&c);
    }
    if (g.height == 0) return scan_error(err, src, first, "the board has no rows");
    if ((g.goal_row >= 0) != (g.goal_col >= 0))
        return scan_error(err, src, g.goal_lineno, "solved_row and solved_col go together");

    puzzle *p = puzzle_list_add(out);
    scan_default_name(src, first, p);
    if (name[0]) strcpy(p->name, name);
    return scan_build(src, &g, p, err);
}
