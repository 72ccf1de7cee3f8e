/* report.h -- the harness's results: one row per (solver, puzzle) run, and the files made of
 * them (CSV, JSON, the Markdown summary), plus reading a CSV back for `bench merge` and
 * `bench verify`.
 *
 * CSV columns, in order (README "bin/bench" describes each):
 *   solver,puzzle,board,status,moves,steps,optimal_moves,optimal,excess,expanded,generated,
 *   peak_bytes,seconds,solution,index,id,source,budget_hit,duplicates,table_bytes,
 *   seconds_min,seconds_max,repeat,replay
 * A cell that does not apply is empty. Fields holding a comma or a quote are quoted.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define REPORT_COLUMNS 24
#define REPORT_NONE (-1)         /* an integer cell that does not apply */
#define REPORT_UNSOLVABLE (-2)   /* optimal_moves: the puzzle has no solution */

typedef struct {
    char solver[16];
    char puzzle[64];
    char board[128];       /* 36-character form, else the native grid on one line */
    char status[12];       /* solved, unsolvable, budget */
    int moves, steps;      /* REPORT_NONE unless solved */
    int optimal_moves;     /* a count, REPORT_UNSOLVABLE, or REPORT_NONE (unknown) */
    char optimal[8];       /* yes, no, unknown */
    int excess;            /* moves - optimal_moves, or REPORT_NONE */
    uint64_t expanded, generated, duplicates;
    uint64_t peak_bytes;   /* jemalloc's thread peak over the run (0 when unavailable) */
    uint64_t table_bytes;  /* the solver's own count of its largest tables */
    double seconds, seconds_min, seconds_max;   /* median, and spread, of `repeat` runs */
    int repeat;
    int index;             /* the puzzle's position in the whole input */
    char id[17];
    char source[320];
    char budget_hit[8];
    char replay[8];        /* ok, illegal, or empty when there was nothing to replay */
    char *solution;        /* moves separated by spaces (malloc'ed) */
} report_row;

typedef struct {
    report_row *row;
    int count, capacity;
} report;

report_row *report_add(report *r);
void report_free(report *r);

/* Sorts rows by puzzle index, then by the solver's place in the registry. */
void report_sort(report *r);

void report_write_csv(const report *r, FILE *f);

/* The run's description for the JSON file: key/value pairs of strings. */
typedef struct {
    const char *key[24];
    char value[24][256];
    int count;
} report_meta;
void report_meta_add(report_meta *m, const char *key, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

void report_write_json(const report *r, const report_meta *meta, FILE *f);

/* The per-solver summary table. */
void report_write_markdown(const report *r, FILE *f);

/* Reads a CSV written by report_write_csv, appending its rows. Returns 0, or -1 with a message
 * "FILE:LINE: ..." in err (256 bytes). */
int report_read_csv(const char *path, report *r, char *err);

#endif
