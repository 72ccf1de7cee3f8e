/* fmt_tiles.c -- the sliding-tile family's text: after a `family: tiles` header, either one
 * board as rows of numbers (the block form) or one puzzle a line (the list form, as Korf's 100
 * circulate). docs/formats.md, "Sliding tiles".
 *
 *     family: tiles              family: tiles
 *     name: two-moves            size: 4x4              (optional when W*H is 9 or 16)
 *     moves: 2                   goal: 0 1 2 ... 15     (optional: Korf's goal)
 *     1 2 0                      korf1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 moves=57
 *     3 4 5                      ...
 *     6 7 8
 *
 * Numbers are separated by one or more spaces; `0` or `.` is the blank. A block ends at a blank
 * line, a header, or the end of the file; a list at a `family:` line or the end. The header
 * lines before the rows are name:, moves: (a count or '-'), goal: (W*H numbers in reading
 * order) and size:. The form is the list's when the first row has a name or a moves= word, or
 * more than 8 numbers, or a size: line came, unless the row has the width that line gives: a
 * board wider than 8 (12x2) is written as a block after its size: line.
 *
 * The invariant: every board this file hands on has W, H >= 2, W*H <= 25, each of 0 .. W*H-1
 * exactly once and a goal that is a permutation; anything else is one line naming the file and
 * the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/scan_internal.h"

#define MAX_WORDS 28    /* a list line: 25 cells, a name and moves= */
#define BLOCK_ROW_MAX 8 /* a first row longer is a list's line */

typedef struct {
    const scan_source *src;
    int width, height;           /* size: (0: none) */
    int goal[TILES_MAX_CELLS];   /* goal: */
    int goal_count, goal_lineno;
} tiles_reader;

/* A line's words: at most MAX_WORDS, from a line of at most LINE_CHARS - 1 characters. */
#define LINE_CHARS 512
typedef struct {
    char copy[LINE_CHARS];
    char *word[MAX_WORDS];
    int n;
} words;

/* Cuts text into its words at the spaces and tabs; false when it has more words or characters
 * than a words holds (no line of a tiles puzzle has: 25 cells, a name and moves=). */
static bool cut_words(const char *text, words *w)
{
    w->n = 0;
    if (strlen(text) >= sizeof w->copy) return false;
    strcpy(w->copy, text);
    for (char *save = NULL, *t = strtok_r(w->copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (w->n == MAX_WORDS) return false;
        w->word[w->n++] = t;
    }
    return true;
}

static int too_long(const tiles_reader *t, int lineno, char *err)
{
    return scan_error(err, t->src, lineno, "more than %d numbers or %d characters on a line",
                      MAX_WORDS, LINE_CHARS - 1);
}

/* A cell's number: a count, or '.' (the blank); -1 when the word is neither. */
static int cell_number(const char *w)
{
    long v;
    if (strcmp(w, ".") == 0) return 0;
    return scan_parse_count(w, &v) && v < 100 ? (int)v : -1;
}

static bool is_header(const char *s)
{
    size_t key = strspn(s, "abcdefghijklmnopqrstuvwxyz");
    return key > 0 && s[key] == ':';
}

/* Builds p from the cells read (reading order), with the reader's goal; row_lineno gives each
 * row's line (NULL: all on `lineno`). */
static int finish_board(tiles_reader *t, int width, int height, const int *cells, int lineno,
                        const int *row_lineno, puzzle *p, char *err)
{
    int n = width * height;
    if (width < TILES_MIN_SIDE || height < TILES_MIN_SIDE || n > TILES_MAX_CELLS)
        return scan_error(err, t->src, lineno,
                          "a %dx%d board: a sliding-tile board is at least 2x2 and at most %d "
                          "cells", width, height, TILES_MAX_CELLS);
    bool seen[TILES_MAX_CELLS] = {false}, blank = false;
    uint8_t cell[TILES_MAX_CELLS], goal[TILES_MAX_CELLS];
    for (int c = 0; c < n; c++) blank |= cells[c] == 0;
    if (!blank) return scan_error(err, t->src, lineno, "the board has no blank (0 or .)");
    for (int c = 0; c < n; c++) {
        if (row_lineno) lineno = row_lineno[c / width];
        if (cells[c] >= n)
            return scan_error(err, t->src, lineno, "%d is not a tile of a %dx%d board (0 to %d)",
                              cells[c], width, height, n - 1);
        if (seen[cells[c]])
            return scan_error(err, t->src, lineno, "tile %d is on the board twice", cells[c]);
        seen[cells[c]] = true;
        cell[c] = (uint8_t)cells[c];
    }
    if (t->goal_count && t->goal_count != n)
        return scan_error(err, t->src, t->goal_lineno,
                          "goal: %d numbers, but the board has %d cells", t->goal_count, n);
    for (int c = 0; c < t->goal_count; c++) goal[c] = (uint8_t)t->goal[c];
    char why[TILES_ERR_MAX];
    if (tiles_init(&p->tiles, width, height, t->goal_count ? goal : NULL, why) < 0)
        return scan_error(err, t->src, t->goal_count ? t->goal_lineno : lineno, "%s", why);
    p->family = FAMILY_TILES;
    key_wide start = tiles_key(&p->tiles, cell);
    p->start = key_low(start);
    p->start_high = key_high(start);
    return 0;
}

/* A header of the tiles' own: goal: or size:. 1 when it was one, 0 when not, -1 on error. */
static int tiles_header(tiles_reader *t, const scan_line *line, puzzle *p, char *err)
{
    const char *s = line->text, *colon = strchr(s, ':');
    const char *value = colon + 1 + strspn(colon + 1, " \t");
    size_t key = (size_t)(colon - s);
    if (key == 4 && strncmp(s, "goal", 4) == 0) {
        words w;
        if (!cut_words(value, &w)) return too_long(t, line->lineno, err);
        if (w.n > TILES_MAX_CELLS)
            return scan_error(err, t->src, line->lineno, "goal: more than %d numbers",
                              TILES_MAX_CELLS);
        for (int i = 0; i < w.n; i++)
            if ((t->goal[i] = cell_number(w.word[i])) < 0)
                return scan_error(err, t->src, line->lineno, "goal: '%s' is not a tile's number",
                                  w.word[i]);
        t->goal_count = w.n;
        t->goal_lineno = line->lineno;
        return 1;
    }
    if (key == 4 && strncmp(s, "size", 4) == 0) {
        int w, h, used = 0;
        if (sscanf(value, "%dx%d%n", &w, &h, &used) != 2 || value[used] || w < 0 || h < 0)
            return scan_error(err, t->src, line->lineno, "size: '%s' is not WxH", value);
        t->width = w, t->height = h;
        return 1;
    }
    if (key == 5 && strncmp(s, "moves", 5) == 0) {
        if (!scan_parse_optimum(value, &p->optimal))
            return scan_error(err, t->src, line->lineno, "moves: '%s' is not a count or '-'",
                              value);
        return 1;
    }
    if (key == 4 && strncmp(s, "name", 4) == 0) {
        if (!*value || strlen(value) >= sizeof p->name)
            return scan_error(err, t->src, line->lineno, "name must be 1 to %zu characters",
                              sizeof p->name - 1);
        strcpy(p->name, value);
        return 1;
    }
    return 0;
}

/* One line of the list form: [NAME] cells [moves=N]. */
static int list_line(tiles_reader *t, const scan_line *line, puzzle *p, char *err)
{
    words line_words;
    if (!cut_words(line->text, &line_words)) return too_long(t, line->lineno, err);
    char **word = line_words.word;
    int count = line_words.n, first = 0, cells[MAX_WORDS];
    if (count > 0 && cell_number(word[0]) < 0 && strncmp(word[0], "moves=", 6) != 0) first = 1;
    scan_default_name(t->src, line->lineno, p);
    if (first) snprintf(p->name, sizeof p->name, "%s", word[0]);
    if (count > first && strncmp(word[count - 1], "moves=", 6) == 0) {
        const char *v = word[--count] + 6;
        if (!scan_parse_optimum(v, &p->optimal))
            return scan_error(err, t->src, line->lineno, "moves=%s is not a count or '-'", v);
    }
    int n = count - first;
    if (n > TILES_MAX_CELLS)
        return scan_error(err, t->src, line->lineno, "%d cells: a sliding-tile board has at most %d",
                          n, TILES_MAX_CELLS);
    for (int i = 0; i < n; i++)
        if ((cells[i] = cell_number(word[first + i])) < 0)
            return scan_error(err, t->src, line->lineno, "'%s' is not a tile's number",
                              word[first + i]);
    int w = t->width, h = t->height;
    if (!w) {   /* no size: a square */
        for (w = 2; w * w < n; w++) {}
        if (w * w != n)
            return scan_error(err, t->src, line->lineno,
                              "%d cells and no size: line (size: WxH gives the shape)", n);
        h = w;
    }
    if (n != w * h)
        return scan_error(err, t->src, line->lineno, "%d cells; a %dx%d board has %d", n, w, h,
                          w * h);
    return finish_board(t, w, h, cells, line->lineno, NULL, p, err);
}

static bool looks_like_list(const tiles_reader *t, const char *text)
{
    words w;
    if (!cut_words(text, &w)) return true;   /* list_line says what is wrong */
    int n = w.n;
    if ((n && cell_number(w.word[0]) < 0) || (n && strncmp(w.word[n - 1], "moves=", 6) == 0))
        return true;
    return t->width ? n != t->width : n > BLOCK_ROW_MAX;
}

static int tiles_read(const scan_source *src, int *at, puzzle *p, int start_lineno,
                      puzzle_list *out, char *err)
{
    tiles_reader t = {src, 0, 0, {0}, 0, 0};
    int k = *at + 1, rows = 0, width = 0, cells[TILES_MAX_CELLS + TILES_MAX_SIDE];
    int row_lineno[TILES_MAX_CELLS];
    bool list = false;
    int listed = 0;
    for (; k < src->count; k++) {
        const scan_line trimmed = {src->line[k].text + strspn(src->line[k].text, " \t"),
                                   src->line[k].lineno};
        const char *s = trimmed.text;
        if (s[0] == '\0' || s[0] == '#') {
            if (rows) break;   /* the block's end */
            continue;
        }
        if (is_header(s)) {
            if (rows || (list && listed) || strncmp(s, "family:", 7) == 0) break;
            int rc = tiles_header(&t, &trimmed, p, err);
            if (rc < 0) return -1;
            if (rc == 0)
                return scan_error(err, src, trimmed.lineno,
                                  "unknown header '%.*s' (a tiles puzzle takes name:, moves:, "
                                  "goal:, size:)", (int)strcspn(s, ":"), s);
            continue;
        }
        if (!rows && !list) list = looks_like_list(&t, s);
        if (list) {
            if (listed++) p = puzzle_list_add(out);
            if (list_line(&t, &trimmed, p, err)) return -1;
            continue;
        }
        words w;
        if (!cut_words(s, &w)) return too_long(&t, trimmed.lineno, err);
        char **word = w.word;
        int n = w.n;
        if (rows == 0) width = n;
        else if (n != width)
            return scan_error(err, src, trimmed.lineno, "row %d has %d numbers, row 1 has %d",
                              rows + 1, n, width);
        if ((rows + 1) * width > TILES_MAX_CELLS)
            return scan_error(err, src, trimmed.lineno,
                              "the board passes %d cells: a sliding-tile board has at most %d",
                              TILES_MAX_CELLS, TILES_MAX_CELLS);
        for (int i = 0; i < n; i++)
            if ((cells[rows * width + i] = cell_number(word[i])) < 0)
                return scan_error(err, src, trimmed.lineno, "'%s' is not a tile's number", word[i]);
        row_lineno[rows++] = trimmed.lineno;
    }
    *at = k - 1;
    if (list) return listed ? 0 : scan_error(err, src, start_lineno, "a tiles list with no puzzle");
    if (!rows) return scan_error(err, src, start_lineno, "family: tiles, but no rows follow");
    if (t.width && (width != t.width || rows != t.height))
        return scan_error(err, src, row_lineno[rows - 1], "the rows make a %dx%d board, size: says %dx%d",
                          width, rows, t.width, t.height);
    char name[PUZZLE_NAME_MAX];
    strcpy(name, p->name);
    scan_default_name(src, start_lineno, p);
    if (name[0]) strcpy(p->name, name);
    return finish_board(&t, width, rows, cells, row_lineno[rows - 1], row_lineno, p, err);
}

/* The tiles' part of the scanner: no lettered grid; the lines after `family: tiles` are its. */
const scan_family tiles_scan = {.read = tiles_read};
