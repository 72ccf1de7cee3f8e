/* run.c -- a run of bin/bench: a first pass over the input that only reads and checks it, a
 * second that hands each puzzle of the shard to every chosen solver, a row per run (judge.c
 * decides its claims, results.c writes it).
 *
 * The invariant of a run: nothing is solved before the whole input was read and found good,
 * and nothing finished is lost: a row is written as its run ends, a signal abandons only the
 * run in progress. */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "search/search.h"

int bench_failures;

void bench_check_failed(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fputs("bench: CHECK FAILED: ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
    bench_failures++;
}

/* Pins the process to one CPU, so that its timings are not spread over cores. */
static int pin_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        fprintf(stderr, "bench: --cpu %d: %s\n", cpu, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- progress ----------------------------------------------------------------------------- */

static void show_progress(int done, int total, double start, bool last)
{
    static double shown;
    double now = search_now();
    if (!last && now - shown < 0.1) return;
    shown = now;
    double rate = done / (now - start + 1e-9);
    int eta = rate > 0 ? (int)((total - done) / rate) : 0;
    fprintf(stderr, "\r  %d/%d runs  %.1f runs/s  ETA %d:%02d   ", done, total, rate, eta / 60,
            eta % 60);
    if (last) fputc('\n', stderr);
}

/* ---- the main job ------------------------------------------------------------------------- */

/* The first pass reads every puzzle, keeping none, so that bad input fails the run before
 * anything is solved, and so that the run's checksum covers the whole input. */
static void digest_puzzle(const puzzle *p, void *ctx)
{
    bench_input_add(ctx, p);
}

static int read_input(const bench_options *o, char **paths, int npaths, puzzle_sink *sink,
                      void *ctx)
{
    return cli_read_puzzles_each("bench", paths, npaths, o->format, sink, ctx);
}

/* The second pass: every puzzle of this shard, each chosen solver, a row each. */
typedef struct {
    const bench_options *o;
    bench_results *results;
    const char *run;
    bench_input seen;          /* the input as this pass reads it: it must match the first */
    reference_memo *memo;      /* the clusters the reference searched whole */
    int count, done, total;
    double start;
    bool failed_write;
} job;

static void run_puzzle(const puzzle *p, void *ctx)
{
    job *j = ctx;
    const bench_options *o = j->o;
    int index = j->seen.count;
    bench_input_add(&j->seen, p);
    if (cli_stopping_signal || j->failed_write || index % o->shard_n != o->shard_k - 1) return;
    bool looked_up = false;
    reference ref;
    for (int s = 0; s < o->nsetups && !cli_stopping_signal; s++) {
        const solver_setup *u = &o->setup[s];
        char label[SETUP_LABEL_MAX];
        setup_label(u, label);
        if (bench_results_has(j->results, index, label)) {
            j->done++;
            continue;
        }
        if (!looked_up) ref = bench_reference(o, j->memo, p), looked_up = true;
        solver_result r;
        report_row row;
        report_row_init(&row);
        timing_run(&o->timing, u, p, &r, &row);
        if (!cli_stopping_signal) {   /* an interrupted run is abandoned, not recorded */
            bench_fill_row(u, p, index, j->count, j->run, o, &r, &row);
            bench_judge(o, u, p, ref, &r, &row);
            if (bench_results_add(j->results, &row)) j->failed_write = true;
            j->done++;
            free(row.solution);
        }
        solver_result_free(&r);
        if (o->progress) show_progress(j->done, j->total, j->start, false);
    }
}

int bench_run(const bench_options *o, char **paths, int npaths, int argc, char **argv)
{
    cli_catch_interrupts();   /* abandons the run in progress; the finished rows are kept */
    bench_input input;
    bench_input_begin(&input);
    int rc = read_input(o, paths, npaths, digest_puzzle, &input);
    bench_input_end(&input);
    if (rc) return cli_stopping_signal ? 128 + cli_stopping_signal : EXIT_BAD_INPUT;
    if (o->cpu >= 0 && pin_cpu(o->cpu)) return EXIT_BAD_INPUT;

    char run[17];
    bench_run_checksum(o, &input, run);
    bench_results *results = bench_results_open(o, run, o->resume);
    if (!results) return EXIT_BAD_INPUT;
    json_t *meta = bench_describe_begin(o, &input, argc, argv);
    job j = {o, results, run, {0}, reference_memo_new(), input.count, 0, 0, search_now(), false};
    for (int i = 0; i < input.count; i++) j.total += i % o->shard_n == o->shard_k - 1;
    j.total *= o->nsetups;
    bench_input_begin(&j.seen);
    rc = read_input(o, paths, npaths, run_puzzle, &j);
    bench_input_end(&j.seen);
    if (o->progress) show_progress(j.done, j.total, j.start, true);
    if (rc == 0 && !cli_stopping_signal && (j.seen.count != input.count || j.seen.digest != input.digest)) {
        fprintf(stderr, "bench: the input changed while the run read it\n");
        rc = -1;
    }
    bool complete = rc == 0 && !cli_stopping_signal && !j.failed_write;
    bench_describe_end(meta, complete, cli_signal_name(cli_stopping_signal), j.memo);
    reference_memo_free(j.memo);
    if (bench_results_close(results, meta, complete, j.done, j.total) || j.failed_write) rc = -1;
    json_decref(meta);
    if (bench_failures) fprintf(stderr, "bench: %d check(s) failed\n", bench_failures);
    if (cli_stopping_signal) return 128 + cli_stopping_signal;
    if (rc) return EXIT_BAD_INPUT;
    return bench_failures ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

