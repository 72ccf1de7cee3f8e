/* scan.h -- reading puzzles from files: the scanner's front door.
 *
 * scan_path reads a file, or every puzzle file below a directory, in any format the scanner
 * knows, and appends the puzzles to a list. On bad input it appends nothing and returns -1 with
 * one line in err naming the file, the line (or image region) and what is wrong, for example
 *     corpus/x.txt:12: piece C is not a straight line of 2 or 3 cells
 *
 * Formats (docs/formats.md has the details):
 *   native  our multi-line bordered grid with an optional header (name, moves, cluster, primary)
 *   db      the database line `MOVES BOARD [CLUSTER] [NAME]`, or a bare 36-character board
 *   kotlin  one row per line, '-' empty, hex digits for pieces, '0' the primary piece
 *   csharp  `W H`, H rows of tokens, the prisoner's letter, the exit cell `X Y`
 *   python  a Python list of lists of integers, 0 empty, 1 the primary piece
 *   image   a PNG or JPEG screenshot of the Unblock Me game
 * SCAN_AUTO detects the format of each file from its content.
 */
#ifndef SCAN_H
#define SCAN_H

#include <stddef.h>

#include "common/puzzle.h"

#define SCAN_ERR_MAX 512
/* The most one file may hold: the whole published database is about 100 MB. */
#define SCAN_MAX_BYTES (256u << 20)
#define SCAN_MAX_TEXT "256 MiB"

typedef enum {
    SCAN_AUTO, SCAN_NATIVE, SCAN_DB, SCAN_KOTLIN, SCAN_CSHARP, SCAN_PYTHON, SCAN_IMAGE
} scan_format;

/* The format called `name` ("auto", "native", "db", "kotlin", "csharp", "python", "image"),
 * or -1. */
int scan_format_from_name(const char *name);

/* Reads `path`: a file, "-" for standard input, or a directory, read recursively in sorted
 * order, taking the files ending in .txt, .ub, .png, .jpg and .jpeg and skipping files and
 * folders whose names start with '.' and folders whose names start with '_' (large sets, read
 * only when named). Inside a folder, what is not a regular file (a FIFO, a device) is skipped
 * with a line on stderr, and a folder reached twice (links) is read once. A file over
 * SCAN_MAX_BYTES, or one whose first block holds NUL bytes and is no picture, is bad input.
 * Messages quote no raw bytes: anything but printable ASCII is written \xHH. Returns the number
 * of puzzles appended, or -1 with err set and nothing appended. */
int scan_path(const char *path, scan_format format, puzzle_list *out, char *err);

/* Rewrites a message (SCAN_ERR_MAX bytes) in place with every byte that is not printable
 * ASCII as \xHH, so that a message quoting the input is always one line of plain text.
 * Returns -1. */
int scan_escape(char *err);

/* Reads puzzles from text already in memory; `path` is used in names and messages. */
int scan_text(const char *path, const char *text, size_t len, scan_format format,
              puzzle_list *out, char *err);

/* Writes the screenshot scanner's view of the picture at image_path as a PNG at out_path: the
 * board region, the tile grid, each tile's class, the blocks and the exit it found, drawn over
 * the picture. Works also when the scan fails, which is when it is most useful. Returns 0, or
 * -1 with err set. */
int scan_image_overlay(const char *image_path, const char *out_path, char *err);

#endif
