/* helpers.h -- what the test suites share: loading corpus files, board transforms, running
 * the programs. */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <stdbool.h>

#include "puzzle.h"
#include "scan.h"
#include "solver.h"

/* Reads a puzzle file or directory, failing the test on error. */
puzzle_list th_load(const char *path);

/* Scans text; returns the count (or -1) and leaves the message in err. */
int th_scan(const char *text, puzzle_list *out, char *err);

/* The puzzle mirrored left-right (exit moves to the other side) or transposed (rows become
 * columns: a right exit becomes a bottom exit). Same labels, same optimal answer. */
puzzle th_mirror(const puzzle *p);
puzzle th_transpose(const puzzle *p);

/* An independent successor list: every legal move found by walking cell by cell. */
int th_naive_moves(const board *b, uint64_t key, move *out);

/* Runs a shell command, capturing stdout and stderr (malloc'ed, NUL-terminated); returns the
 * exit status. UB_BIN names the directory of the programs under test. */
int th_run(const char *command, char **out, char **err);
const char *th_bin(void);

/* Solves with the named solver and checks the solution replays to the goal. */
solver_result th_solve(solver_context *ctx, const char *solver_name, const puzzle *p,
                       const solver_budget *budget);

#endif
