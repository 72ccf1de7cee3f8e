/* helpers.h -- what the test suites share: loading corpus files, board transforms, running
 * the programs. */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <stdbool.h>

#include "common/puzzle.h"
#include "rush/moves.h"
#include "scan/scan.h"
#include "solvers/setup.h"

/* Reads a puzzle file or directory, failing the test on error. */
puzzle_list th_load(const char *path);

/* Scans text; returns the count (or -1) and leaves the message in err. */
int th_scan(const char *text, puzzle_list *out, char *err);

/* The puzzle mirrored left-right (exit moves to the other side) or transposed (rows become
 * columns: a right exit becomes a bottom exit). Same labels, same optimal answer. */
puzzle th_mirror(const puzzle *p);
puzzle th_transpose(const puzzle *p);
/* p on a size x size board: the same pieces and walls in the same cells, the exit on the same
 * side of the larger board (so more room to slide; answers unknown). */
puzzle th_widen(const puzzle *p, int size);

/* An independent successor list: every legal move found by walking cell by cell. */
int th_naive_moves(const board *b, uint64_t key, move *out);

/* Is `to` one legal move from `from`, by th_naive_moves? */
bool th_one_move(const board *b, uint64_t from, uint64_t to);

/* The textbook breadth-first search, with none of solvers/bfs.c's prunes and the naive walker
 * for successors (one-cell moves only, when steps): the independent answer the solvers are
 * checked against. The goal is tested when a state is generated. */
typedef struct {
    int length;              /* moves (or steps) to the first goal generated; -1 for none */
    move *path;              /* those moves (malloc'ed) */
    uint64_t expanded;       /* states expanded until then */
    int nlevels;
    uint64_t levels[256];    /* states first reached at each depth */
} th_bfs;
th_bfs th_textbook_bfs(const board *b, uint64_t start, bool steps);
void th_bfs_free(th_bfs *r);

/* A fresh scratch folder (dir: 64 bytes), failing the test when it cannot be made; it is
 * removed with all it holds when the test's process exits (unless UB_KEEP_SCRATCH is set). */
void th_scratch(char *dir);

/* Runs a shell command, capturing stdout and stderr (malloc'ed, NUL-terminated); returns the
 * exit status. UB_BIN names the directory of the programs under test. */
int th_run(const char *command, char **out, char **err);
const char *th_bin(void);

/* Runs bin/enumerate with `args` under each `ulimit -v` from from_kb to to_kb KB, step_kb apart,
 * and asserts that every run finishes (exit 0) or ends with one line on stderr beginning
 * "enumerate:" and exit 1 (out of memory, a thread that could not start) or 2 (an output not
 * written). Returns how many did not finish. */
int th_enumerate_short_of_memory(const char *args, int from_kb, int step_kb, int to_kb);

/* Each case's text (cases[k][0]) written to a file k.txt and given to bin/solve: exit status 2
 * and one line on stderr, from "k.txt:" on equal to cases[k][1]. */
void th_bad_inputs(const char *const cases[][2], size_t n);

/* True when the programs and this suite are the sanitized build (UB_BIN names build/san). */
bool th_sanitized(void);

/* bench report's page's own #selftest, run in headless Chromium on DIR/report.html: the line
 * it wrote into the page, then the count of console messages (malloc'ed). */
char *th_page_selftest(const char *dir);

/* Every suite's teardown (each test file declares TestSuite(name, .fini = th_check_leaks)).
 * Under AddressSanitizer a leak the test left aborts its process, which fails the run's exit
 * status: Criterion itself passes a test whose process LeakSanitizer reports at exit.
 * Elsewhere it does nothing. */
void th_check_leaks(void);

/* Solves with the solver a label names ("bfs", "astar/pdb": setup.h) at its default
 * parameters, and checks the solution replays to the goal. */
solver_result th_solve(solver_context *ctx, const char *solver_name, const puzzle *p,
                       const solver_budget *budget);
/* The same with a setup's parameters. */
solver_result th_solve_setup(solver_context *ctx, const solver_setup *u, const puzzle *p,
                             const solver_budget *budget);
/* The moves of a solved Rush Hour result: its solution's words (rush/moves.h). */
int th_moves(const solver_result *r);
/* A solved result's three measures, by its replay on p, which must pass. */
measure_counts th_units(const puzzle *p, const solver_result *r);

#endif
