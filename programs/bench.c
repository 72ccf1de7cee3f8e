/* bench.c -- bin/bench: options, signals, and the run: a first pass over the input that only
 * reads and checks it, a second that hands each puzzle of the shard to every chosen solver, a
 * row per run (judge.c decides its claims, results.c writes it). The subcommands live in files
 * of their own: merge.c, verify.c, compare.c.
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
#include <unistd.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "search/search.h"

static const char *usage =
    "usage: bench [options] PATH...           run solvers over puzzle files or directories\n"
    "       bench merge [--csv F] [--json F] RESULT...   join the shards of one run\n"
    "       bench verify RESULT PATH...       check every claim of a result file\n"
    "       bench compare A B                 A against B, per solver (B/A ratios)\n"
    "       bench report DIR                  DIR/report.html: the run as one web page\n"
    "(each subcommand takes --help)\n"
    "\n"
    "  --solver LIST      solver names, comma-separated, or 'all' (default all)\n"
    "  --param NAME=V     set a parameter of every chosen solver that has it (repeatable)\n"
    "  --heuristic H      the lower bound of astar and idastar, or 'all': a row per pairing\n"
    "  --list             list the solvers with their parameters and exit\n"
    "  --max-states N     per run: stop after N expanded states (default 5M; 0: no limit)\n"
    "  --max-bytes N      per run: stop when the solver's tables exceed N (default 2Gi; 0: none)\n"
    "  --max-seconds S    per run: stop after S seconds (default 30; 0: no limit)\n"
    "                     counts take K M G (powers of 1000) or Ki Mi Gi (powers of 1024)\n"
    "  --warmup N         solve N times before timing, not counted (default 0)\n"
    "  --repeat N         time N samples; report median, mean, sd, min, max (default 1)\n"
    "  --min-time S       time a solve shorter than S in batches that span S (default 0.0001;\n"
    "                     0: never)\n"
    "  --cpu N            pin the run to CPU N\n"
    "  --verify           also run the reference BFS on every puzzle and hold every answer,\n"
    "                     'no solution' claims included, to it\n"
    "  --csv F|-          write the rows as CSV\n"
    "  --json F|-         write the run's description, the rows and the summary as JSON\n"
    "  --markdown F       write the summary table to F (it is always printed at the end)\n"
    "  --out DIR          write DIR/results.csv, DIR/results.json, DIR/summary.md\n"
    "  --resume DIR       carry on the run interrupted in DIR (give the same options and paths)\n"
    "  --shard K/N        run the K-th of N disjoint slices of the puzzles (1 <= K <= N)\n"
    "  --format F         input format (default auto; see bin/solve --help)\n"
    "  --progress, --no-progress   progress on stderr (default: when stderr is a terminal)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "PATH - reads puzzles from standard input. Rows are written as runs finish, under\n"
    "NAME.partial until the run completes; SIGINT or SIGTERM keeps the finished rows.\n"
    "Exit status: 0 every check passed, 2 bad input or usage (or an output that could not be\n"
    "written), 4 a check failed (an illegal solution, a non-optimal answer from a solver that\n"
    "promises optimality, a wrong 'no solution', or a file whose optimum is wrong).\n"
    "Budget hits are results, not failures. Interrupted: 130 (SIGINT) or 143 (SIGTERM).\n";

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

/* ---- options ------------------------------------------------------------------------------ */

enum { OPT_LIST = CLI_OPT_PROGRAM, OPT_WARMUP, OPT_REPEAT, OPT_MIN_TIME, OPT_CPU, OPT_VERIFY,
       OPT_CSV, OPT_JSON, OPT_MARKDOWN, OPT_OUT, OPT_SHARD, OPT_FORMAT, OPT_PROGRESS,
       OPT_NO_PROGRESS, OPT_RESUME };

static const struct option long_options[] = {
    CLI_STANDARD_OPTIONS,
    CLI_BUDGET_OPTIONS,
    CLI_SOLVER_OPTIONS,
    {"list", no_argument, NULL, OPT_LIST},
    {"warmup", required_argument, NULL, OPT_WARMUP},
    {"repeat", required_argument, NULL, OPT_REPEAT},
    {"min-time", required_argument, NULL, OPT_MIN_TIME},
    {"cpu", required_argument, NULL, OPT_CPU},
    {"verify", no_argument, NULL, OPT_VERIFY},
    {"csv", required_argument, NULL, OPT_CSV},
    {"json", required_argument, NULL, OPT_JSON},
    {"markdown", required_argument, NULL, OPT_MARKDOWN},
    {"out", required_argument, NULL, OPT_OUT},
    {"shard", required_argument, NULL, OPT_SHARD},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"resume", required_argument, NULL, OPT_RESUME},
    {NULL, 0, NULL, 0},
};

static int parse_shard(const char *text, bench_options *o)
{
    char extra;
    if (sscanf(text, "%d/%d%c", &o->shard_k, &o->shard_n, &extra) != 2 || o->shard_n < 1 ||
        o->shard_k < 1 || o->shard_k > o->shard_n) {
        fprintf(stderr, "bench: --shard: '%s' is not K/N with 1 <= K <= N\n", text);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, bench_options *o)
{
    memset(o, 0, sizeof *o);
    o->timing = (timing_plan){0, 1, 1e-4, cli_default_budget()};
    cli_choice choice;
    if (cli_choice_init("bench", "all", &choice)) return -1;
    o->cpu = -1;
    o->shard_k = o->shard_n = 1;
    o->progress = -1;
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, long_options, NULL)) != -1) {
        if (cli_common_option("bench", usage, code, argv) < 0) return -1;
        int bad = cli_budget_option("bench", code, optarg, &o->timing.budget);
        if (bad == 0) bad = cli_choice_option("bench", code, optarg, &choice);
        if (bad < 0) return -1;
        if (bad > 0) continue;
        switch (code) {
        case OPT_LIST: cli_print_solvers(stdout); exit(EXIT_SOLVED);
        case OPT_WARMUP: bad = cli_parse_int("bench", "--warmup", optarg, 0, 1000, &o->timing.warmup); break;
        case OPT_REPEAT: bad = cli_parse_int("bench", "--repeat", optarg, 1, 1000, &o->timing.repeat); break;
        case OPT_MIN_TIME: bad = cli_parse_seconds("bench", "--min-time", optarg, &o->timing.min_seconds); break;
        case OPT_CPU: bad = cli_parse_int("bench", "--cpu", optarg, 0, CPU_SETSIZE - 1, &o->cpu); break;
        case OPT_VERIFY: o->verify = true; break;
        case OPT_CSV: o->csv = optarg; break;
        case OPT_JSON: o->json = optarg; break;
        case OPT_MARKDOWN: o->markdown = optarg; break;
        case OPT_OUT: o->out = optarg; break;
        case OPT_SHARD: bad = parse_shard(optarg, o); break;
        case OPT_FORMAT: bad = cli_parse_format("bench", optarg, &o->format); break;
        case OPT_PROGRESS: o->progress = 1; break;
        case OPT_NO_PROGRESS: o->progress = 0; break;
        case OPT_RESUME: o->resume = true, o->out = optarg; break;
        }
        if (bad) return -1;
    }
    if (o->progress < 0) o->progress = isatty(STDERR_FILENO);
    /* Rows come in registry order of solvers, whatever the list's order: the order a merge of
     * shards gives too. */
    return (o->nsetups = cli_choice_setups("bench", &choice, o->setup)) < 0 ? -1 : 0;
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
        if (!looked_up) ref = bench_reference(o, p), looked_up = true;
        solver_result r;
        report_row row;
        report_row_init(&row);
        timing_run(&o->timing, u, p, &r, &row);
        if (!cli_stopping_signal) {   /* an interrupted run is abandoned, not recorded */
            bench_fill_row(u, p, index, j->count, j->run, o, &r, &row);
            bench_judge(o, u->s, p, ref, &r, &row);
            if (bench_results_add(j->results, &row)) j->failed_write = true;
            j->done++;
            free(row.solution);
        }
        solver_result_free(&r);
        if (o->progress) show_progress(j->done, j->total, j->start, false);
    }
}

static int run_bench(int argc, char **argv)
{
    bench_options o;
    if (parse_options(argc, argv, &o)) return EXIT_BAD_INPUT;
    cli_catch_interrupts();   /* abandons the run in progress; the finished rows are kept */
    bench_input input;
    bench_input_begin(&input);
    int rc = read_input(&o, argv + optind, argc - optind, digest_puzzle, &input);
    bench_input_end(&input);
    if (rc) return cli_stopping_signal ? 128 + cli_stopping_signal : EXIT_BAD_INPUT;
    if (o.cpu >= 0 && pin_cpu(o.cpu)) return EXIT_BAD_INPUT;

    char run[17];
    bench_run_checksum(&o, &input, run);
    bench_results *results = bench_results_open(&o, run, o.resume);
    if (!results) return EXIT_BAD_INPUT;
    json_t *meta = bench_describe_begin(&o, &input, argc, argv);
    job j = {&o, results, run, {0}, input.count, 0, 0, search_now(), false};
    for (int i = 0; i < input.count; i++) j.total += i % o.shard_n == o.shard_k - 1;
    j.total *= o.nsetups;
    bench_input_begin(&j.seen);
    rc = read_input(&o, argv + optind, argc - optind, run_puzzle, &j);
    bench_input_end(&j.seen);
    if (o.progress) show_progress(j.done, j.total, j.start, true);
    if (rc == 0 && !cli_stopping_signal && (j.seen.count != input.count || j.seen.digest != input.digest)) {
        fprintf(stderr, "bench: the input changed while the run read it\n");
        rc = -1;
    }
    bool complete = rc == 0 && !cli_stopping_signal && !j.failed_write;
    bench_describe_end(meta, complete, cli_signal_name(cli_stopping_signal));
    if (bench_results_close(results, meta, complete, j.done, j.total) || j.failed_write) rc = -1;
    json_decref(meta);
    if (bench_failures) fprintf(stderr, "bench: %d check(s) failed\n", bench_failures);
    if (cli_stopping_signal) return 128 + cli_stopping_signal;
    if (rc) return EXIT_BAD_INPUT;
    return bench_failures ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

int main(int argc, char **argv)
{
    cli_begin();
    static const struct {
        const char *name;
        int (*main)(int, char **);
    } sub[] = {{"merge", bench_merge},
               {"verify", bench_verify},
               {"compare", bench_compare},
               {"report", bench_report}};
    for (size_t k = 0; argc >= 2 && k < sizeof sub / sizeof *sub; k++)
        if (strcmp(argv[1], sub[k].name) == 0) return sub[k].main(argc - 1, argv + 1);
    return run_bench(argc, argv);
}
