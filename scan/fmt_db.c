/* fmt_db.c -- the database line: `MOVES BOARD [CLUSTER] [NAME]  # comment`, or a bare board.
 *
 * BOARD is N x N cells row by row, its length telling the size (16, 25, 36, 49 or 64: 4x4 to
 * 8x8; 36 is the published 6x6 database): 'o' or '.' empty, 'x' a wall, 'A' the primary piece,
 * other upper-case letters pieces; the exit is at the right end of row 2 whatever the size.
 * A BOARD whose rows are joined by '/' is a Klotski board (bin/enumerate --family klotski):
 * W x H cells, each piece the cells of one letter, A the primary, which is to stand over an
 * opening under the bottom border, in the middle (its columns from (W - its width) / 2). MOVES
 * is the optimal move count or '-' for no solution; a token of digits after the board is the
 * cluster size, any other token the puzzle's name. One puzzle per line; blank lines and '#'
 * comments are skipped.
 */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <string.h>

#define DB_PRIMARY_ROW 2

/* The side of a board of len cells, or 0 when no square board of 4x4 to 8x8 has as many. */
static int db_side(size_t len)
{
    for (int n = BOARD_MIN_SIDE; n <= BOARD_MAX_SIDE; n++)
        if ((size_t)(n * n) == len) return n;
    return 0;
}

static bool board_char(char c)
{
    return c == 'o' || c == '.' || c == 'x' || (c >= 'A' && c <= 'Z');
}

static bool looks_like_board(const char *tok)
{
    return strlen(tok) >= BOARD_MIN_SIDE && strspn(tok, "o.xABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(tok);
}

/* Rows of a Klotski board joined by '/', well formed or not (reading it says what is wrong). */
static bool looks_like_klotski_board(const char *tok)
{
    return strchr(tok, '/') && strspn(tok, "/.ox" PIECE_LABELS) == strlen(tok);
}

/* A Klotski board's rows joined by '/': its width and height, or false. */
static bool klotski_board_shape(const char *tok, int *width, int *height)
{
    if (!looks_like_klotski_board(tok)) return false;
    int w = (int)strcspn(tok, "/"), h = 0;
    for (const char *row = tok;; row += w + 1) {
        if ((int)strcspn(row, "/") != w || w < KLOTSKI_MIN_SIDE || w > KLOTSKI_MAX_SIDE) return false;
        h++;
        if (!row[w]) break;
    }
    if (h < KLOTSKI_MIN_SIDE || h > KLOTSKI_MAX_SIDE) return false;
    *width = w, *height = h;
    return true;
}

static bool board_token(const char *tok)
{
    return (looks_like_board(tok) && db_side(strlen(tok))) || looks_like_klotski_board(tok);
}

static bool looks_like_moves(const char *tok)
{
    return strcmp(tok, "-") == 0 || strspn(tok, "0123456789") == strlen(tok);
}

/* Splits s in place at white space into at most max tokens; returns the count, or max + 1 when
 * there are more. */
static int tokenize(char *s, char **tok, int max)
{
    int n = 0;
    for (char *t = strtok(s, " \t"); t; t = strtok(NULL, " \t")) {
        if (n == max) return max + 1;
        tok[n++] = t;
    }
    return n;
}

int fmt_db_line_looks_like(const char *line)
{
    char copy[256], *tok[3];
    snprintf(copy, sizeof copy, "%s", line);
    char *hash = strchr(copy, '#');
    if (hash) *hash = '\0';
    int n = tokenize(copy, tok, 2);
    if (n >= 1 && board_token(tok[0])) return 1;
    return n >= 2 && looks_like_moves(tok[0]) &&
           (looks_like_board(tok[1]) || looks_like_klotski_board(tok[1]));
}

/* A Klotski board (rows joined by '/'), its opening in the middle of the bottom border under
 * the primary's columns. */
static int read_klotski_board(const scan_source *src, int lineno, const char *text, int width,
                              int height, puzzle *p, char *err)
{
    scan_grid g;
    scan_grid_init(&g);
    g.family = FAMILY_KLOTSKI;
    g.width = width, g.height = height;
    int first = width, last = -1;
    for (int r = 0; r < height; r++) {
        g.row_lineno[r] = lineno;
        for (int c = 0; c < width; c++) {
            char ch = text[r * (width + 1) + c];
            g.cell[r][c] = ch == 'o' ? '.' : ch;
            if (ch == g.primary) first = c < first ? c : first, last = c > last ? c : last;
        }
    }
    if (last >= 0) {   /* without a primary, building the board says so */
        int from = (width - (last - first + 1)) / 2;
        g.open_side = 'v';
        g.open_lineno = lineno;
        for (int c = from; c <= from + last - first; c++) g.open_cells |= 1ull << ((height - 1) * 8 + c);
    }
    return scan_build(src, &g, p, err);
}

static int read_board(const scan_source *src, int lineno, const char *text, puzzle *p, char *err)
{
    int width, height;
    if (klotski_board_shape(text, &width, &height))
        return read_klotski_board(src, lineno, text, width, height, p, err);
    if (strchr(text, '/'))
        return scan_error(err, src, lineno, "'%.40s' is not a Klotski board: rows of %d to %d "
                          "cells, all as wide, %d to %d of them, joined by '/'", text,
                          KLOTSKI_MIN_SIDE, KLOTSKI_MAX_SIDE, KLOTSKI_MIN_SIDE, KLOTSKI_MAX_SIDE);
    size_t len = strlen(text);
    int side = db_side(len);
    if (!side)
        return scan_error(err, src, lineno, "board has %zu characters; a database board has 16, "
                          "25, 36, 49 or 64 (4x4 to 8x8), or is a Klotski board's rows joined by '/'", len);
    scan_grid g;
    scan_grid_init(&g);
    g.width = g.height = side;
    g.exit_side = EXIT_RIGHT, g.exit_line = DB_PRIMARY_ROW, g.exit_lineno = lineno;
    for (int i = 0; i < side * side; i++) {
        char c = text[i];
        if (!board_char(c))
            return scan_error(err, src, lineno, "unknown character '%c' at board position %d", c,
                              i + 1);
        g.cell[i / side][i % side] = c == 'o' ? '.' : c;
    }
    for (int r = 0; r < side; r++) g.row_lineno[r] = lineno;
    return scan_build(src, &g, p, err);
}

static int read_line(const scan_source *src, const scan_line *line, puzzle *p, char *err)
{
    char copy[1024];
    if (strlen(line->text) >= sizeof copy)
        return scan_error(err, src, line->lineno, "line too long");
    strcpy(copy, line->text);
    char *hash = strchr(copy, '#');
    if (hash) *hash = '\0';

    char *tok[5] = {NULL};
    int n = tokenize(copy, tok, 4);
    if (n == 0) return scan_error(err, src, line->lineno, "expected MOVES BOARD [CLUSTER] [NAME]");
    if (n > 4)
        return scan_error(err, src, line->lineno,
                          "too many fields; expected MOVES BOARD [CLUSTER] [NAME]");
    int at = 0;
    scan_default_name(src, line->lineno, p);
    if (!board_token(tok[0])) {
        if (!scan_parse_optimum(tok[0], &p->optimal))
            return scan_error(err, src, line->lineno,
                              "'%s' is not a move count; expected MOVES BOARD [CLUSTER] [NAME]",
                              tok[0]);
        at = 1;
        if (n < 2) return scan_error(err, src, line->lineno, "no board after the move count");
    }
    if (read_board(src, line->lineno, tok[at], p, err)) return -1;
    bool have_cluster = false, have_name = false;
    for (int k = at + 1; k < n; k++) {
        if (!have_cluster && !have_name && scan_parse_count(tok[k], &p->cluster))
            have_cluster = true;
        else if (!have_name && strlen(tok[k]) < sizeof p->name) {
            strcpy(p->name, tok[k]);
            have_name = true;
        } else
            return scan_error(err, src, line->lineno, "unexpected field '%.40s'", tok[k]);
    }
    return 0;
}

int fmt_db_read(const scan_source *src, puzzle_list *out, char *err)
{
    for (int k = 0; k < src->count; k++) {
        const char *s = src->line[k].text;
        s += strspn(s, " \t");
        if (*s == '\0' || *s == '#') continue;
        if (read_line(src, &src->line[k], puzzle_list_add(out), err)) return -1;
    }
    return 0;
}
