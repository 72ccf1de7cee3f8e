/* fmt_native.c -- the native format: a bordered grid with an optional header.
 *
 *     name: python-605          header lines, all optional, in any order:
 *     moves: 32                   name, moves (a count or '-'), cluster, primary (default A)
 *     +------+                  top border; a '^' in it marks an exit on top
 *     |BCDDD.|                  rows: '.' (or 'o') empty, 'x' wall, letters pieces
 *     |BC.EF.|
 *     |BAAEF.>                  '>' in the right border: the exit; '<' in the left border
 *     |GGH.F.|
 *     |..HII.|
 *     |.JJKK.|
 *     +------+                  bottom border; a 'v' in it marks an exit at the bottom
 *
 * A file holds any number of puzzles one after another; blank lines and '#' comment lines may
 * stand between them. Exactly one exit marker per puzzle.
 *
 * A `family: NAME` header says the puzzle's family (docs/formats.md), and the header comes
 * before the grid, so that a border is read knowing it: what differs by family is the
 * family's part of the scanner (scan_internal.h, scan_family). Klotski's frame marks its
 * opening, one mark under (or beside) each open cell, all on one side, and it takes headers
 * of its own (`slides:`, `steps:`, `goal: X Y`); the sliding tiles read the lines after the
 * header themselves (tiles/fmt_tiles.c).
 */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    puzzle *p;
    scan_grid g;
    int start_lineno;   /* first line of the puzzle (header or border) */
    bool in_grid;
    bool have_header;
    int exits;
} native_reader;

static bool is_label(char c) { return c != '\0' && strchr(PIECE_LABELS, c) != NULL; }

/* Klotski: one more marked cell of the opening on `side`; a mark on another side is an error
 * (returned as -1 from read_border and read_row through klotski_mark_ok). */
static void note_opening(native_reader *r, char side, int row, int col, int lineno)
{
    if (r->g.open_side && r->g.open_side != side) r->exits = -1;
    if (r->exits < 0) return;
    r->g.open_side = side;
    r->g.open_cells |= 1ull << (row * 8 + col);
    r->g.open_lineno = lineno;
    r->exits = 1;
}

static void note_exit(native_reader *r, board_exit side, int line, int lineno)
{
    if (scan_family_of(r->g.family)->frame_opening) {
        static const char marks[4] = {'>', '<', 'v', '^'};
        int row = side == EXIT_UP ? 0 : side == EXIT_DOWN ? r->g.height - 1 : line;
        int col = side == EXIT_LEFT ? 0 : side == EXIT_RIGHT ? r->g.width - 1 : line;
        note_opening(r, marks[side], row, col, lineno);
        return;
    }
    r->exits++;
    r->g.exit_side = side;
    r->g.exit_line = line;
    r->g.exit_lineno = lineno;
}

/* Whether `key` (len bytes) is one of the words of list ("a b c"). */
static bool listed(const char *list, const char *key, size_t len)
{
    for (const char *w = list; w && *w; w += strcspn(w, " "), w += strspn(w, " "))
        if (strcspn(w, " ") == len && strncmp(w, key, len) == 0) return true;
    return false;
}

/* "rush, klotski or tiles": the registry's families, for a message. */
static void family_names(char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int f = 0; f < FAMILY_COUNT && n < size; f++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", f == 0 ? "" : f + 1 < FAMILY_COUNT ? ", " : " or ",
                              family_name((family_id)f));
}

/* A header no family takes: which one does, if any. */
static int header_elsewhere(const scan_source *src, const native_reader *r, const scan_line *line,
                            size_t key_len, char *err)
{
    const char *s = line->text;
    for (int f = 0; f < FAMILY_COUNT; f++)
        if (f != (int)r->g.family && listed(scan_family_of((family_id)f)->headers, s, key_len))
            return scan_error(err, src, line->lineno, "%.*s: is a header of the %s family (family: %s "
                              "first)", (int)key_len, s, family_name((family_id)f),
                              family_name((family_id)f));
    return scan_error(err, src, line->lineno, "unknown header '%.*s'", (int)key_len, s);
}

static int read_header(const scan_source *src, native_reader *r, const scan_line *line, char *err)
{
    const char *s = line->text;
    const char *colon = strchr(s, ':');
    if (!colon) {
        char all[160] = "family:, name:, moves:, cluster:, primary:";
        for (int f = 0; f < FAMILY_COUNT; f++)
            for (const char *w = scan_family_of((family_id)f)->headers; w && *w;
                 w += strcspn(w, " "), w += strspn(w, " "))
                snprintf(all + strlen(all), sizeof all - strlen(all), ", %.*s:", (int)strcspn(w, " "), w);
        return scan_error(err, src, line->lineno, "expected a header (%s) or a border +---+", all);
    }
    const char *value = colon + 1 + strspn(colon + 1, " \t");
    size_t key_len = (size_t)(colon - s);
    const scan_family *sf = scan_family_of(r->g.family);
    if (!r->have_header) r->start_lineno = line->lineno;
    r->have_header = true;
    if (key_len == 4 && strncmp(s, "name", 4) == 0) {
        if (!*value || strlen(value) >= sizeof r->p->name)
            return scan_error(err, src, line->lineno, "name must be 1 to %zu characters",
                              sizeof r->p->name - 1);
        strcpy(r->p->name, value);
    } else if (key_len == 5 && strncmp(s, "moves", 5) == 0) {
        if (!scan_parse_optimum(value, &r->p->optimal))
            return scan_error(err, src, line->lineno, "moves: '%s' is not a count or '-'", value);
    } else if (key_len == 6 && strncmp(s, "family", 6) == 0) {
        int f = family_parse(value);
        if (f < 0) {
            char names[96];
            family_names(names, sizeof names);
            return scan_error(err, src, line->lineno, "family: '%s' is not %s", value, names);
        }
        r->g.family = (family_id)f;
    } else if (key_len == 7 && strncmp(s, "cluster", 7) == 0) {
        if (!scan_parse_count(value, &r->p->cluster))
            return scan_error(err, src, line->lineno, "cluster: '%s' is not a count", value);
    } else if (key_len == 7 && strncmp(s, "primary", 7) == 0) {
        if (!is_label(value[0]) || value[1])
            return scan_error(err, src, line->lineno, "primary: '%s' is not a piece letter", value);
        r->g.primary = value[0];
    } else if (listed(sf->headers, s, key_len)) {
        char key[16];
        snprintf(key, sizeof key, "%.*s", (int)key_len, s);
        return sf->header(src, line->lineno, key, value, &r->g, r->p, err);
    } else
        return header_elsewhere(src, r, line, key_len, err);
    return 0;
}

/* A top or bottom border: '+', width marks ('-' or the exit arrow), '+'. */
static int read_border(const scan_source *src, native_reader *r, const scan_line *line, bool top,
                       char *err)
{
    const char *s = line->text;
    size_t len = strlen(s);
    char arrow = top ? '^' : 'v';
    if (len < 3 || s[len - 1] != '+')
        return scan_error(err, src, line->lineno, "border must look like +------+");
    int width = (int)len - 2;
    if (r->exits < 0)
        return scan_error(err, src, r->g.open_lineno, "the opening is marked on two sides");
    if (top) {
        if (width > BOARD_MAX_SIDE)
            return scan_error(err, src, line->lineno, "board is %d cells wide; at most %d", width,
                              BOARD_MAX_SIDE);
        r->g.width = width;
    } else if (width != r->g.width)
        return scan_error(err, src, line->lineno, "bottom border is %d wide, top border %d",
                          width, r->g.width);
    for (int c = 0; c < width; c++) {
        if (s[c + 1] == arrow) note_exit(r, top ? EXIT_UP : EXIT_DOWN, c, line->lineno);
        else if (s[c + 1] != '-')
            return scan_error(err, src, line->lineno, "unexpected '%c' in the border", s[c + 1]);
    }
    if (r->exits < 0)
        return scan_error(err, src, line->lineno, "the opening is marked on two sides");
    return 0;
}

static int read_row(const scan_source *src, native_reader *r, const scan_line *line, char *err)
{
    const char *s = line->text;
    int len = (int)strlen(s), row = r->g.height;
    if (row == BOARD_MAX_SIDE)
        return scan_error(err, src, line->lineno, "board is more than %d rows tall",
                          BOARD_MAX_SIDE);
    if (len != r->g.width + 2)
        return scan_error(err, src, line->lineno, "row %d has %d cells, expected %d", row + 1,
                          len - 2 < 0 ? 0 : len - 2, r->g.width);
    char left = s[0], right = s[len - 1];
    if ((left != '|' && left != '<') || (right != '|' && right != '>'))
        return scan_error(err, src, line->lineno, "row must start with | or < and end with | or >");
    if (left == '<') note_exit(r, EXIT_LEFT, row, line->lineno);
    if (right == '>') note_exit(r, EXIT_RIGHT, row, line->lineno);
    if (r->exits < 0)
        return scan_error(err, src, line->lineno, "the opening is marked on two sides");
    for (int c = 0; c < r->g.width; c++) {
        char ch = s[c + 1];
        if (ch == 'o') ch = '.';
        if (ch == '\t')
            return scan_error(err, src, line->lineno, "a tab in column %d: a row holds one "
                              "character a cell ('.' for an empty one)", c + 1);
        if (ch != '.' && ch != 'x' && !is_label(ch))
            return scan_error(err, src, line->lineno, "unknown character '%c' in column %d", ch,
                              c + 1);
        r->g.cell[row][c] = ch;
    }
    r->g.row_lineno[row] = line->lineno;
    r->g.height++;
    return 0;
}

static void start_puzzle(native_reader *r, puzzle_list *out)
{
    memset(r, 0, sizeof *r);
    r->p = puzzle_list_add(out);
    scan_grid_init(&r->g);
}

static int finish_puzzle(const scan_source *src, native_reader *r, int lineno, char *err)
{
    if (r->g.height == 0) return scan_error(err, src, lineno, "board has no rows");
    char name[PUZZLE_NAME_MAX];
    strcpy(name, r->p->name);
    scan_default_name(src, r->start_lineno, r->p);
    if (name[0]) strcpy(r->p->name, name);
    if (scan_family_of(r->g.family)->frame_opening) return scan_build(src, &r->g, r->p, err);
    if (r->exits == 0)
        return scan_error(err, src, lineno, "board has no exit marker (< > ^ v in the border)");
    if (r->exits > 1)
        return scan_error(err, src, lineno, "board has %d exit markers; it needs exactly one",
                          r->exits);
    return scan_build(src, &r->g, r->p, err);
}

int fmt_native_read(const scan_source *src, puzzle_list *out, char *err)
{
    native_reader r = {0};
    bool open = false;   /* a puzzle has been started and not finished */
    for (int k = 0; k < src->count; k++) {
        /* Indentation is allowed (text pasted from elsewhere often has it): columns count
         * from the first character that is not a space or a tab. */
        const scan_line trimmed = {src->line[k].text + strspn(src->line[k].text, " \t"),
                                   src->line[k].lineno};
        const scan_line *line = &trimmed;
        const char *s = line->text;
        if (!open) {
            start_puzzle(&r, out);
            open = true;
        }
        if (r.in_grid) {
            if (s[0] == '+') {
                if (read_border(src, &r, line, false, err)) return -1;
                if (finish_puzzle(src, &r, line->lineno, err)) return -1;
                open = false;
            } else if (read_row(src, &r, line, err))
                return -1;
        } else if (s[0] == '\0' || s[0] == '#') {
            continue;
        } else if (s[0] == '+') {
            if (!r.have_header) r.start_lineno = line->lineno;
            if (read_border(src, &r, line, true, err)) return -1;
            r.in_grid = true;
        } else if (read_header(src, &r, line, err)) {
            return -1;
        } else if (scan_family_of(r.g.family)->read) {   /* its own text: the tiles' numbers */
            if (scan_family_of(r.g.family)->read(src, &k, r.p, r.start_lineno, out, err)) return -1;
            open = false;
        }
    }
    if (open && (r.in_grid || r.have_header))
        return scan_error(err, src, r.start_lineno, "puzzle is not finished by a bottom border");
    if (open) out->count--;   /* the puzzle started for trailing blank lines */
    return 0;
}
