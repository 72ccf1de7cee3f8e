/* bench.h -- what the files of bin/bench share: the run's options, the run description, the
 * failed-check counter, and the subcommands' entry points (each in a file of its own). */
#ifndef BENCH_H
#define BENCH_H

#include <jansson.h>
#include <stdbool.h>

#include "cli.h"
#include "puzzle.h"
#include "timing.h"

typedef struct {
    const solver *solver[CLI_MAX_SOLVERS];
    int nsolvers;
    timing_plan timing;       /* budget, warmup, repeat, min_seconds */
    int cpu;                  /* --cpu N, or -1 */
    bool verify;
    const char *csv, *json, *markdown, *out;
    int shard_k, shard_n;
    int progress;             /* -1: when stderr is a terminal */
    scan_format format;
} bench_options;

/* A failed check: one line "bench: CHECK FAILED: ..." on stderr, counted in bench_failures. */
void bench_check_failed(const char *format, ...) __attribute__((format(printf, 1, 2)));
extern int bench_failures;

/* The checksum naming a run: the configuration that decides the rows (solvers, budgets,
 * repetitions, --verify, the input's puzzles with their names and known answers), but not
 * the shard. Rows of shards of one run carry the same checksum. out: 17 bytes. */
void bench_run_checksum(const bench_options *o, const puzzle_list *puzzles, char out[17]);

/* The run's description for the JSON file's "meta", typed (README "bin/bench" lists the keys).
 * Call bench_describe_begin before the first solve and bench_describe_end after the last. */
json_t *bench_describe_begin(const bench_options *o, const puzzle_list *puzzles, int argc,
                             char **argv);
void bench_describe_end(json_t *meta);

/* The subcommands: argv[0] is the subcommand's name. Each returns an exit status. */
int bench_merge(int argc, char **argv);
int bench_verify(int argc, char **argv);
int bench_compare(int argc, char **argv);

#endif
