/* report.h -- the harness's results: one row per (solver, puzzle) run, the per-solver summary,
 * and the files made of them (CSV, JSON, Markdown), plus reading a CSV or JSON result back for
 * `bench merge`, `bench verify` and `bench compare`.
 *
 * The invariant: a row is self-contained. Its board and its solution use the same letters, so
 * the solution replays on the row's own board; every claim it makes (status, moves, steps,
 * optimum, optimality, excess, correctness) can be checked from the row and the puzzle alone;
 * and it names the run it belongs to (`run`, a checksum of the configuration and the input) and
 * its shard, so that a set of shards can be checked whole before it is merged.
 *
 * CSV columns, in order (docs/man/bench.1.md describes each): see report_columns[]. A cell that
 * does not apply is empty; yes/no cells are empty when unknown. The JSON (schema/
 * bench.schema.json) holds the same values with their types: integers, numbers, booleans,
 * strings, null for an empty cell, the solution as an array of moves.
 */
#ifndef REPORT_H
#define REPORT_H

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/puzzle.h"
#include "solvers/setup.h"

#define REPORT_NONE INT_MIN   /* an integer cell that does not apply or is unknown (excess may
                                 be negative: a solution shorter than a wrong file optimum) */
#define REPORT_ERR_MAX 512
/* A counter a solver did not report (an external solver that sent no stat line for it). */
#define REPORT_UNCOUNTED UINT64_MAX
/* The most solver labels one summary holds. */
#define REPORT_MAX_SOLVERS 64
/* The summary has one entry per family and solver. */
#define REPORT_MAX_SUMMARY (REPORT_MAX_SOLVERS * FAMILY_COUNT)

/* A yes/no claim that may be unknown. */
typedef enum { REPORT_UNKNOWN = -1, REPORT_NO = 0, REPORT_YES = 1 } report_flag;

typedef struct {
    char solver[SETUP_LABEL_MAX];     /* the solver's label: its name, "/heuristic" for a
                                         solver with one (setup.h) */
    char heuristic[16];       /* the lower bound astar or idastar used; empty for others */
    char params[SETUP_PARAMS_MAX];    /* every parameter as NAME=VALUE, space-separated */
    char origin[10];          /* builtin, plugin or external: where the solver came from */
    char guarantee[8];        /* what the solver claims of its solutions: moves, slides, steps,
                                 none */
    report_flag complete;     /* whether it claims its "no solution" is a proof */
    char puzzle[PUZZLE_NAME_MAX];
    char family[8];           /* rush, klotski */
    char board[PUZZLE_BOARD_MAX]; /* database form when it keeps the letters, else native on one line */
    char status[16];          /* solved, unsolvable, budget, gave-up, crashed, protocol-error,
                                 unsupported */
    char budget_hit[8];       /* states, bytes, seconds; empty unless status is budget */
    int moves, slides, steps; /* REPORT_NONE unless solved */
    int optimal_moves;        /* the optimum, or REPORT_NONE when unknown or unsolvable */
    int optimal_slides, optimal_steps;   /* the same in slides and steps, where known */
    report_flag solvable;     /* does the puzzle have a solution (file or reference BFS) */
    report_flag optimal;      /* solved rows: moves == optimal_moves */
    report_flag correct;      /* the answer (solution or "no solution") agrees with what is known */
    int excess;               /* moves - optimal_moves, or REPORT_NONE */
    char replay[8];           /* ok, illegal, or empty when there was nothing to replay */
    uint64_t expanded, generated, duplicates;
    bool peak_known;          /* the build measures the allocator's peak */
    uint64_t peak_bytes;      /* jemalloc's thread peak over the run */
    uint64_t table_bytes;     /* the solver's own count of its largest tables (REPORT_UNCOUNTED
                                 for an external solver) */
    bool rss_known;           /* an external solver's run: peak_rss holds */
    uint64_t peak_rss;        /* its processes' peak resident memory */
    char memory_method[12];   /* which count peak_rss is: cgroup-v2, cgroup-v1, sampled, wait4 */
    double seconds;           /* median over the timed samples, per solve (all times in ns) */
    double seconds_mean, seconds_sd, seconds_min, seconds_max;
    double cpu_seconds;       /* median CPU time of the solving thread, per solve */
    int iterations;           /* solves per timed sample (1, or a batch) */
    int repeat, warmup;       /* timed samples, untimed solves before them */
    char warning[32];         /* spread, first-outlier, both joined by ';', or empty */
    char note[256];           /* the solver's note (table-full; an external solver's crash,
                                 protocol error or reason to give up), or empty */
    char stats[256];          /* an external solver's other counters, KEY=VALUE ..., or empty */
    char *solution;           /* moves separated by spaces (malloc'ed; empty unless solved) */
    int index;                /* the puzzle's position in the whole input */
    int puzzles;              /* how many puzzles the whole input holds */
    int cluster_size;         /* states reachable from the puzzle, as its file says, or REPORT_NONE */
    char id[17];
    char source[PUZZLE_SOURCE_MAX];
    char shard[16];           /* K/N */
    char run[17];             /* checksum of the configuration and the input */
    char *read_from;          /* rows read back: "FILE:LINE" (malloc'ed), else NULL */
} report_row;

typedef struct {
    report_row *row;
    int count, capacity;
} report;

/* Seconds rounded to the nanosecond: every time a row holds is, so that the CSV (%.9f) and the
 * JSON (15 significant digits) print one value the same and read it back unchanged. */
double report_nanoseconds(double seconds);

/* An empty row: every count REPORT_NONE, every claim REPORT_UNKNOWN. */
void report_row_init(report_row *row);
/* Appends an empty row and returns it. */
report_row *report_add(report *r);
void report_free(report *r);

/* Sorts rows by puzzle index, then by the solver's place in the registry. */
void report_sort(report *r);

/* The summary: one entry per family and solver, so that a Klotski run and a Rush Hour run are
 * never averaged together. Time, states and memory are over solved runs only. */
typedef struct {
    char family[16];                /* the rows' family (family_name) */
    char solver[SETUP_LABEL_MAX];   /* the label */
    int runs, solved, budget_hits;
    int gave_up;              /* external solvers: runs that answered "unknown" */
    int errors;               /* external solvers: runs that crashed or broke the protocol */
    int judged;               /* solved runs whose optimum is known */
    int optimal;              /* of those, the optimal ones */
    int proved_unsolvable;    /* correct "no solution" answers (not counted as optimal) */
    int wrong;                /* illegal solutions, false "no solution", solutions of unsolvable */
    int broken_claims;        /* runs that break what their solver promises (report_breaks_claim) */
    int warnings;             /* runs whose timing carries a warning */
    double mean_excess;       /* over judged solved runs; -1 when none */
    int max_excess;
    double median_seconds, p95_seconds, median_expanded, median_peak_bytes, median_peak_rss;
} report_summary;

/* Whether a row breaks its solver's claim: a solution with more moves than the optimum under
 * guarantee=moves, or "no solution" to a solvable puzzle from a solver that claims to be
 * complete. Decided from the row alone, so that a result file read back counts the same. */
bool report_breaks_claim(const report_row *row);

/* Fills out[] (one entry per family and solver present: families in family order, solvers in
 * registry order within each); returns the count. */
int report_summarize(const report *r, report_summary *out, int max);

/* The same figures gathered as rows arrive, for a run that keeps no rows in memory: a few
 * numbers per solved row. */
typedef struct report_tally report_tally;
report_tally *report_tally_new(void);
void report_tally_add(report_tally *t, const report_row *row);
int report_tally_summarize(const report_tally *t, report_summary *out, int max);
void report_tally_free(report_tally *t);

/* Streaming writers, for a run that writes each row as it finishes. CSV: the header, then one
 * line per row. JSON: the opening, each row (first or not), and the closing, which holds the
 * summary and the meta (last, so that it can say whether the run completed). */
void report_csv_header(FILE *f);
void report_csv_row(FILE *f, const report_row *row);
void report_json_begin(FILE *f);
void report_json_row(FILE *f, const report_row *row, bool first);
void report_json_end(FILE *f, const report_summary *sum, int n, json_t *meta);
/* The summary as Markdown: one table, or, when the rows hold several families, one table per
 * family, each under a heading "### FAMILY". */
void report_markdown(FILE *f, const report_summary *sum, int n);

/* Whole files from rows in memory. CSV: the header and every row. JSON: {"schema_version",
 * "rows": [...], "summary": [...], "meta": meta}, one row a line; meta is the caller's object,
 * written as it is. Markdown: the summary table. Each returns 0, or -1 when a write failed
 * (errno says why). */
int report_write_csv(const report *r, FILE *f);
int report_write_json(const report *r, json_t *meta, FILE *f);
int report_write_markdown(const report *r, FILE *f);

/* The row's own board read back by the scanner into one (the caller frees it): the puzzle its
 * solution replays on. Returns 0, or -1 with the reason in why (SCAN_ERR_MAX bytes). */
int report_row_puzzle(const report_row *row, puzzle_list *one, char *why);

/* Reads a result file written by report_write_csv or report_write_json (told apart by their
 * first character), appending its rows, each with where it was read from ("FILE:LINE"). Every cell is
 * checked for its type. Returns 0, or -1 with "FILE:LINE: what is wrong" in err
 * (REPORT_ERR_MAX bytes). */
int report_read(const char *path, report *r, char *err);

/* The members `summary` and `meta` of a results.json, as {"summary": ..., "meta": ...}, read
 * from its last MiB: they close the file (formats.md), so that a file of 160,000 rows is not
 * parsed whole for them. NULL, with "PATH: why" in err, when they are not there. */
json_t *report_read_closing(const char *path, char *err);
/* The same from text held in memory (the file's end, NUL-terminated); where names it in err. */
json_t *report_parse_closing(const char *text, const char *where, char *err);
/* The same from an open stream; path names it in messages. */
int report_read_stream(FILE *f, const char *path, report *r, char *err);

#endif
