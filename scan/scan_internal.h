/* scan_internal.h -- what the format readers (fmt_*.c) share with scan.c and scan_grid.c. */
#ifndef SCAN_INTERNAL_H
#define SCAN_INTERNAL_H

#include "scan/scan.h"

/* The text of a file cut into lines: line[k].text is NUL-terminated without its newline or
 * trailing white space, lineno counts from 1. */
typedef struct {
    char *text;
    int lineno;
} scan_line;

typedef struct {
    const char *path;
    scan_line *line;
    int count;
} scan_source;

/* A board as a grid of characters, the form every reader produces before validation. */
typedef struct {
    int width, height;
    char cell[BOARD_MAX_SIDE][BOARD_MAX_SIDE];   /* '.' empty, 'x' wall, else a piece label */
    int row_lineno[BOARD_MAX_SIDE];              /* source line of each row, for messages */
    char primary;                                /* label of the primary piece */
    int exit_side;     /* a board_exit, or -1: the far end (right/bottom) of the primary's line */
    int exit_line;     /* row/column the source puts the exit in, or -1: the primary's */
    int exit_lineno;   /* source line that gave the exit, for messages */
    /* Its family (the implied one unless the source says another). For a family whose frame
     * marks an opening (Klotski): its side ('v' '^' '<' '>', 0: none) and cells; or the goal
     * the source gives, the primary's top-left target cell (goal_row -1: none). */
    family_id family;
    char open_side;
    uint64_t open_cells;
    int open_lineno;
    int goal_row, goal_col, goal_lineno;
} scan_grid;

/* Reads a whole file ("-": standard input) into a malloc'ed buffer. Returns 0, or -1 with
 * "path: reason" in err. */
int scan_read_file(const char *path, char **data, size_t *len, char *err);

/* Formats "path:lineno: message" into err and returns -1 (lineno 0: "path: message"). */
int scan_error(char *err, const scan_source *src, int lineno, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* What the scanner asks of a family, defined with its readers in its folder as <name>_scan
 * (rush/scan_grid.c, klotski/scan_klotski.c, tiles/fmt_tiles.c) and tied to it by the registry
 * (common/families.h): the readers of the formats (fmt_*.c) know no family's rules. */
typedef struct {
    /* A lettered grid, validated, into p (its family, board and start): every rule of what a
     * legal board of the family is. Returns 0 or -1 with err set. NULL: the family's text is
     * not a lettered grid. */
    int (*build)(const scan_source *src, const scan_grid *g, puzzle *p, char *err);
    /* The native format: whether the marks in the frame are an opening of one or more cells
     * on one side (Klotski), not exactly one exit (Rush Hour). */
    bool frame_opening;
    /* The headers of the native format that only this family takes, as "name name ..."
     * (Klotski: "slides steps goal"), and how one is read into p and g: 0, or -1 with err
     * set. NULL: none. */
    const char *headers;
    int (*header)(const scan_source *src, int lineno, const char *key, const char *value,
                  scan_grid *g, puzzle *p, char *err);
    /* A family whose text is not a lettered grid (the tiles' numbers) reads the native
     * format's lines after its `family:` header itself, from line index *at until its block
     * or list ends; *at becomes the last line read. p is the puzzle the header started (its
     * name: and moves: may be set already); start_lineno its first line. NULL: none. */
    int (*read)(const scan_source *src, int *at, puzzle *p, int start_lineno, puzzle_list *out,
                char *err);
} scan_family;

/* The scanner's part of family f. */
const scan_family *scan_family_of(family_id f);

/* Validates a grid and turns it into p (by g->family's build). Returns 0 or -1 with err set. */
int scan_build(const scan_source *src, const scan_grid *g, puzzle *p, char *err);
/* A grid with nothing read yet: the implied family, primary 'A', no exit, no goal. */
void scan_grid_init(scan_grid *g);

/* Sets p->name and p->source to "<path as given>:<lineno>" (two files of one name in
 * different folders never share a name). */
void scan_default_name(const scan_source *src, int lineno, puzzle *p);

/* True when s is a whole non-negative decimal number that fits an int; stores it. */
int scan_parse_count(const char *s, long *value);
/* True when s is a known optimum as the files write it, a count or '-' (no solution); stores it
 * (PUZZLE_UNSOLVABLE for '-'). */
int scan_parse_optimum(const char *s, int *optimum);

/* The readers: each appends puzzles to out and returns 0, or returns -1 with err set. */
int fmt_native_read(const scan_source *src, puzzle_list *out, char *err);
int fmt_db_read(const scan_source *src, puzzle_list *out, char *err);
int fmt_kotlin_read(const scan_source *src, puzzle_list *out, char *err);
int fmt_csharp_read(const scan_source *src, puzzle_list *out, char *err);
int fmt_python_read(const scan_source *src, puzzle_list *out, char *err);
int fmt_image_read(const char *path, const unsigned char *data, size_t len, puzzle_list *out,
                   char *err);

/* Format sniffers used by auto-detection, each looking at the first meaningful line. */
int fmt_db_line_looks_like(const char *line);

#endif
