/* protocol.h -- the line protocol external solvers speak, version 1 (docs/external.md): the
 * request the harness writes for a puzzle, and the lines a solver answers with, read one at a
 * time. Nothing here starts a process or reads a pipe (external/process.h does), so every line
 * a solver may write can be fed to it from a test or a fuzzer.
 *
 *     solver:  ubp 1 name=N guarantee=moves|slides|steps|none complete=yes|no
 *              families=rush,klotski
 *     harness: solve ID WxH CELLS PRIMARY EXIT [states=N] [seconds=S] [bytes=B]
 *              solve ID WxH CELLS PRIMARY X,Y family=klotski [states=N] [seconds=S] [bytes=B]
 *     solver:  stat ID KEY=INTEGER ...      (any number)
 *              solution ID MOVE ... | nosolution ID | unknown ID [TEXT]
 *
 * A solver that states no families takes Rush Hour's alone, so version 1's solvers written
 * before Klotski never see a request they cannot read. A Klotski move is a piece's letter and
 * the directions of its one-cell steps (AD BLL CUR).
 *
 * A line starting with '#' is a comment, in both directions. The invariant: a line is either
 * part of the protocol, with every field checked, or a protocol error with a one-line reason;
 * nothing a solver writes is passed on unchecked.
 */
#ifndef UBP_PROTOCOL_H
#define UBP_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/puzzle.h"
#include "search/solver.h"

#define UBP_VERSION 1
/* A line a solver writes may be at most this long; a longer one is a protocol error. */
#define UBP_LINE_MAX (1u << 20)
#define UBP_ERR_MAX 256
#define UBP_NAME_MAX 64
/* The request line: the command, the id, the size, 64 cells, the goal, the budgets. */
#define UBP_REQUEST_MAX 256
/* A counter the solver did not report. */
#define UBP_UNCOUNTED UINT64_MAX

/* What a solver states in its first line. Unstated: no name, guarantee none, complete no,
 * Rush Hour only. */
typedef struct {
    char name[UBP_NAME_MAX];
    solver_guarantee guarantee;
    bool complete;
    unsigned families;   /* FAMILY_BIT of each family it takes */
} ubp_claims;

/* Whether line is a comment ('#' first). */
static inline bool ubp_comment(const char *line)
{
    return line[0] == '#';
}

/* Reads the solver's first line (not a comment). Returns 0, or -1 with a reason in err
 * (UBP_ERR_MAX bytes). */
int ubp_parse_hello(const char *line, ubp_claims *claims, char *err);

/* The request for puzzle p (at its start), with the budget's limits (those that are not 0),
 * into out (UBP_REQUEST_MAX bytes), '\n' included. Returns its length. */
int ubp_format_request(char *out, uint64_t id, const puzzle *p, const solver_budget *budget);

/* An answer gathered line by line. */
typedef struct {
    bool done;                 /* its last line (solution, nosolution or unknown) was read */
    solve_status status;       /* SOLVED, UNSOLVABLE or GAVE_UP, once done */
    char *notation;            /* the solution: its words in the family's notation, one space
                                  apart (malloc'ed; "" when the start is solved) */
    uint64_t expanded, generated, duplicates;   /* the stat counters with columns of their own;
                                                   UBP_UNCOUNTED until a stat line gives one */
    char *stats;               /* every other stat, "KEY=VALUE ..." (malloc'ed, or NULL) */
    char *text;                /* an unknown's text (malloc'ed, or NULL) */
} ubp_answer;

/* One line of the answer to request id, on puzzle p. Returns 0 (a comment or a stat: more is to
 * come), 1 (the answer is done), or -1 with a reason in err: a protocol error (a line that is
 * not the protocol, an answer for another id, a move in no notation of this puzzle's family or
 * of a piece it does not have, a line after the answer). Whether the moves are legal is the
 * replay's to say (puzzle_replay). */
int ubp_read_line(const char *line, uint64_t id, const puzzle *p, ubp_answer *a, char *err);
/* Frees what a holds and empties it (every counter UBP_UNCOUNTED again). */
void ubp_answer_free(ubp_answer *a);

/* A line as a note may quote it: at most `max` characters, bytes that are not printable ASCII
 * as \xHH, "..." where it was cut. out holds 4 * max + 4 bytes. */
void ubp_quote(const char *line, size_t len, size_t max, char *out);

#endif
