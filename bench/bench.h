/* bench.h -- what the files of bin/bench share: the run's options, the run description, the
 * failed-check counter, and the subcommands' entry points (each in a file of its own). */
#ifndef BENCH_H
#define BENCH_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "bench/report.h"
#include "bench/timing.h"
#include "cli/cli.h"
#include "common/puzzle.h"
#include "solvers/reference.h"

typedef struct {
    solver_setup setup[CLI_MAX_SETUPS];   /* the solvers with their parameters, in row order */
    int nsetups;
    timing_plan timing;       /* budget, warmup, repeat, min_seconds */
    int cpu;                  /* --cpu N, or -1 */
    bool verify;
    const char *csv, *json, *markdown, *out;
    bool resume;              /* --resume DIR: out is DIR */
    int shard_k, shard_n;
    int progress;             /* -1: when stderr is a terminal */
    scan_format format;
} bench_options;

/* ---- judge.c: one run turned into a row ---- */

/* What is known of a puzzle's answer, and from where. */
typedef struct {
    int moves;               /* the optimum, or REPORT_NONE */
    report_flag solvable;
    bool from_file;          /* the file's claim, not checked by the reference BFS */
    int slides, steps;       /* the optima in the other measures, or REPORT_NONE (Rush Hour: slides
                                are moves, steps not sought) */
    const char *who;         /* who answered, for messages: "the reference BFS", ... */
} reference;

/* The file's answer, or the reference BFS's where the file has none (and always with --verify,
 * which also checks the file's claim against it, failing the run when they differ). For Rush
 * Hour that is the fewest moves (its slides are its moves); a family whose measures differ
 * (Klotski) has each of the three the file does not give found, under the run's whole budget
 * (a Klotski cluster may be past any machine's reach: then it is unknown). The memo keeps the
 * clusters the reference searched whole, for the run's next puzzles (solvers/reference.h). */
reference bench_reference(const bench_options *o, reference_memo *memo, const puzzle *p);
/* Fills the row's identity and counters from the result: solver (the setup's label),
 * heuristic, params, puzzle, board (in its own letters), status, moves, solution, note, index
 * of `count`, shard, run. */
void bench_fill_row(const solver_setup *u, const puzzle *p, int index, int count, const char *run,
                    const bench_options *o, const solver_result *r, report_row *row);
/* Replays the solution and decides the row's claims (optimal_moves, solvable, optimal,
 * correct, excess, replay) against ref; a contradiction fails the run. */
void bench_judge(const bench_options *o, const solver_setup *u, const puzzle *p, reference ref,
                 const solver_result *r, report_row *row);

/* ---- results.c: the result files of a run ---- */

/* Where the results go: CSV, JSON and Markdown, each a file or standard output, written under
 * a temporary name (PATH.partial) row by row, flushed after each row, and renamed into place
 * only when the run completes. An interrupted run leaves the .partial files, valid CSV and
 * JSON whose meta says "complete": false, and never touches an earlier complete set. */
typedef struct bench_results bench_results;

/* Opens the outputs the options name (refusing two names for one file) and writes their
 * openings. With resume, the rows of DIR's interrupted run are read back first, checked to
 * belong to this run (same checksum and shard), written again and counted into the summary.
 * Returns NULL after printing one line. */
bench_results *bench_results_open(const bench_options *o, const char *run, bool resume);
/* True when the run being resumed has the row for (puzzle index, solver). */
bool bench_results_has(const bench_results *res, int index, const char *solver);
/* Writes one row to every output and flushes it. Returns 0, or -1 after printing one line. */
int bench_results_add(bench_results *res, const report_row *row);
/* Ends the files: the summary and the meta (complete or not); renames them into place when
 * complete, else leaves the partial files. Prints the summary table (stdout, or stderr when
 * stdout carries a result file) and, when incomplete, how to resume. Frees res. Returns 0,
 * or -1 after printing one line. */
int bench_results_close(bench_results *res, json_t *meta, bool complete, int runs_done,
                        int runs_total);

/* A failed check: one line "bench: CHECK FAILED: ..." on stderr, counted in bench_failures. */
void bench_check_failed(const char *format, ...) __attribute__((format(printf, 1, 2)));
extern int bench_failures;

/* What a run's input is, gathered puzzle by puzzle without keeping any: how many, and a
 * digest of each one's id, known answer and name in order. */
typedef struct {
    int count;
    uint64_t digest;     /* valid after bench_input_end */
    void *state;         /* the running hash */
} bench_input;
void bench_input_begin(bench_input *in);
void bench_input_add(bench_input *in, const puzzle *p);
void bench_input_end(bench_input *in);

/* The checksum naming a run: the configuration that decides the rows (solvers, budgets,
 * repetitions, --verify) and the input's digest and count, but not the shard. Rows of the
 * shards of one run carry the same checksum. out: 17 bytes. */
void bench_run_checksum(const bench_options *o, const bench_input *in, char out[17]);

/* The run's description for the JSON file's "meta", typed (docs/man/bench.1.md lists the keys).
 * Call bench_describe_begin before the first solve and bench_describe_end after the last, with
 * whether the run completed, if a signal stopped it, the signal's name, and what the reference
 * did (the memo's counts: puzzles searched one at a time, clusters searched whole, puzzles
 * answered from them). */
json_t *bench_describe_begin(const bench_options *o, const bench_input *in, int argc,
                             char **argv);
void bench_describe_end(json_t *meta, bool complete, const char *interrupted_by,
                        const reference_memo *memo);

/* The command a run was started with (argv, and the folder it ran in), kept in DIR/run.json
 * as the run starts, so that `bench --resume DIR` alone carries the run on: its options, paths
 * and external solvers' commands are all in it. err holds 512 bytes. */
int bench_command_save(const char *dir, int argc, char **argv, char *err);
/* Reads it back: *argv (*argc strings, malloc'ed, NULL-terminated) and the folder (n bytes). */
int bench_command_load(const char *dir, int *argc, char ***argv, char *folder, size_t n, char *err);

/* ---- run.c: the run ---- */

/* Runs every setup of o on every puzzle of the paths (npaths of them) and writes the results;
 * argc and argv are the command, which the run's description records. Returns the exit status
 * (docs/bench.md): 0, 2 bad input or an output that could not be written, 4 a check failed,
 * 128 + the signal that interrupted it. */
int bench_run(const bench_options *o, char **paths, int npaths, int argc, char **argv);

/* ---- the subcommands, each returning an exit status ---- */

/* merge.c: joins the result files of the shards of one run into `csv` ("-": standard output)
 * and, unless NULL, `json`, after checking that they are the whole run and nothing else. */
int bench_merge(const char *csv, const char *json, char **files, int nfiles);
/* verify.c: checks every claim of every row of `result` against the puzzles of the paths and
 * the reference BFS (run within `budget`). */
int bench_verify(const char *result, char **paths, int npaths, const solver_budget *budget);
/* compare.c: result B against result A, per solver, as ratios B/A with bootstrap intervals
 * (`resamples`); Markdown on stdout, and CSV and JSON where not NULL. */
int bench_compare(const char *path_a, const char *path_b, const char *csv, const char *json,
                  int resamples);
/* html.c: the page of the run in folder dir, written to out_path (NULL: dir/report.html): its
 * figures drawn first when gnuplot is there (plots/make-plots.sh), and a state graph in the
 * drill-down of each puzzle whose cluster has at most graph_max states (bench/drill.h). */
int bench_report(const char *dir, const char *out_path, uint64_t graph_max, int jobs);

#endif
