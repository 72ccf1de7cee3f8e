/* bench.c -- bin/bench: the command line of the run and of its subcommands (merge, verify,
 * compare, report). What each does lives in bench/: run.c the run, merge.c, verify.c,
 * compare.c and html.c the subcommands. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/drill.h"
#include "cli/pages.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "external/external.h"

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
    "  --external NAME=COMMAND  a solver that is another program, speaking the line protocol\n"
    "                     of docs/external.md (repeatable); its stderr goes to NAME.stderr.log\n"
    "                     in the --out folder or beside the first result file\n"
    "  --fresh-process    start an external solver once per puzzle, not once per run\n"
    "  --no-sandbox       run external solvers unconfined (default: in a sandbox that hides\n"
    "                     the inputs, outputs and $HOME, with no network; docs/external.md)\n"
    "  --sandbox-read PATH, --sandbox-write PATH   grant a sandboxed solver a path (repeatable)\n"
    "  --plugin FILE      load the solvers of a plugin (a shared object; repeatable; not\n"
    "                     sandboxed: it runs in this process)\n"
    "  --max-states N     per run: stop after N expanded states (default 5M; 0: no limit)\n"
    "  --max-bytes N      per run: stop when the solver's tables exceed N (default 2Gi; 0: none)\n"
    "  --max-seconds S    per run: stop after S seconds (default 30; 0: no limit)\n"
    "                     counts take K M G T (powers of 1000) or Ki Mi Gi Ti (powers of 1024)\n"
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
    "  --resume DIR       carry on the run interrupted in DIR; alone, it takes the run's options\n"
    "                     and paths from DIR/run.json (options given too must keep the run's\n"
    "                     configuration)\n"
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

/* ---- the run ------------------------------------------------------------------------------ */

/* One code per option name, whichever subcommand takes it. */
enum { OPT_LIST = CLI_OPT_PROGRAM, OPT_WARMUP, OPT_REPEAT, OPT_MIN_TIME, OPT_CPU, OPT_VERIFY,
       OPT_CSV, OPT_JSON, OPT_MARKDOWN, OPT_OUT, OPT_SHARD, OPT_FORMAT, OPT_PROGRESS,
       OPT_NO_PROGRESS, OPT_RESUME, OPT_RESAMPLES, OPT_GRAPH_MAX, OPT_JOBS };

static const struct option run_options[] = {
    CLI_STANDARD_OPTIONS,
    CLI_BUDGET_OPTIONS,
    CLI_SOLVER_OPTIONS,
    CLI_EXTERNAL_OPTIONS,
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

/* Reads the run's options into o and c; *list is set by --list. Solvers are not yet looked up:
 * the run's external solvers and plugins are added first (run_main). */
static int parse_options(int argc, char **argv, bench_options *o, cli_choice *c, bool *list)
{
    memset(o, 0, sizeof *o);
    o->timing = (timing_plan){0, 1, 1e-4, cli_default_budget()};
    cli_choice_init("all", c);
    o->cpu = -1;
    o->shard_k = o->shard_n = 1;
    o->progress = -1;
    *list = false;
    optind = 0;   /* a full start: the options may be read twice (--resume DIR) */
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, run_options, NULL)) != -1) {
        if (cli_common_option("bench", usage, code, argv) < 0) return -1;
        int bad = cli_budget_option("bench", code, optarg, &o->timing.budget);
        if (bad == 0) bad = cli_choice_option("bench", code, optarg, c);
        if (bad < 0) return -1;
        if (bad > 0) continue;
        switch (code) {
        case OPT_LIST: *list = true; break;
        case OPT_WARMUP: bad = cli_parse_int("bench", "--warmup", optarg, 0, 1000, &o->timing.warmup); break;
        case OPT_REPEAT: bad = cli_parse_int("bench", "--repeat", optarg, 1, 1000, &o->timing.repeat); break;
        case OPT_MIN_TIME: bad = cli_parse_seconds("bench", "--min-time", optarg, &o->timing.min_seconds); break;
        case OPT_CPU: bad = cli_parse_int("bench", "--cpu", optarg, 0, CPU_SETSIZE - 1, &o->cpu); break;
        case OPT_VERIFY: o->verify = true; break;
        case OPT_CSV: o->csv = optarg; break;
        case OPT_JSON: o->json = optarg; break;
        case OPT_MARKDOWN: o->markdown = optarg; break;
        case OPT_OUT: o->out = optarg; break;
        case OPT_SHARD: bad = cli_parse_shard("bench", optarg, &o->shard_k, &o->shard_n); break;
        case OPT_FORMAT: bad = cli_parse_format("bench", optarg, &o->format); break;
        case OPT_PROGRESS: o->progress = 1; break;
        case OPT_NO_PROGRESS: o->progress = 0; break;
        case OPT_RESUME: o->resume = true, o->out = optarg; break;
        }
        if (bad) return -1;
    }
    if (o->progress < 0) o->progress = isatty(STDERR_FILENO);
    return 0;
}

/* `--resume DIR` with no paths: the command the run was started with (DIR/run.json), with the
 * options given now after it, so that they are read last; the run's checksum then holds each
 * row kept to this run's configuration (bench/results.c). *argv is malloc'ed. */
static int resumed_command(const char *dir, int argc, char **argv, int *rargc, char ***rargv)
{
    char err[512], folder[4096], cwd[4096];
    int n;
    char **saved;
    if (bench_command_load(dir, &n, &saved, folder, sizeof folder, err)) {
        fprintf(stderr, "bench: --resume %s: %s (give the options and paths of the run)\n", dir, err);
        return -1;
    }
    if (!getcwd(cwd, sizeof cwd) || strcmp(cwd, folder) != 0) {
        fprintf(stderr, "bench: --resume %s: the run was started in %s; resume it from there\n",
                dir, folder);
        for (int k = 0; k < n; k++) free(saved[k]);
        free(saved);
        return -1;
    }
    *rargc = n + argc - 1;
    *rargv = xcalloc((size_t)*rargc + 1, sizeof **rargv);
    for (int k = 0; k < n; k++) (*rargv)[k] = saved[k];
    for (int k = 1; k < argc; k++) (*rargv)[n + k - 1] = argv[k];
    free(saved);
    return 0;
}

/* Where external solvers' stderr logs go: the --out folder, else the folder of the first
 * result file, else NULL (this program's stderr). */
static const char *log_folder(const bench_options *o, char *buf, size_t n)
{
    if (o->out) return o->out;
    const char *file[] = {o->csv, o->json, o->markdown};
    for (int k = 0; k < 3; k++)
        if (file[k] && strcmp(file[k], "-") != 0) {
            const char *slash = strrchr(file[k], '/');
            if (!slash) return ".";
            snprintf(buf, n, "%.*s", (int)(slash - file[k]), file[k]);
            return buf[0] ? buf : "/";
        }
    return NULL;
}

/* What external solvers must not see: the inputs (they hold the known answers) and the run's
 * outputs, the --out folder or each result file and its .partial (never the folder a result
 * file is in: it may be the solver's own). The stderr logs hide themselves (external.c). */
static int hide_from_solvers(const bench_options *o, char **paths, int npaths)
{
    char partial[3][4096];
    const char *out[] = {o->out, o->csv, o->json, o->markdown, partial[0], partial[1], partial[2]};
    for (int k = 0; k < 3; k++)
        if (out[1 + k]) snprintf(partial[k], sizeof partial[k], "%s.partial", out[1 + k]);
        else out[4 + k] = NULL;
    return cli_hide_paths("bench", (const char *const *)paths, npaths) ||
           cli_hide_paths("bench", out, 7);
}

static int run_main(int argc, char **argv)
{
    bench_options o;
    cli_choice choice;
    bool list;
    if (parse_options(argc, argv, &o, &choice, &list)) return EXIT_BAD_INPUT;
    if (o.resume && optind == argc && !list) {
        int rargc;
        static char **rargv;   /* for the program's life: the options point into it */
        if (resumed_command(o.out, argc, argv, &rargc, &rargv)) return EXIT_BAD_INPUT;
        argc = rargc, argv = rargv;
        if (parse_options(argc, argv, &o, &choice, &list)) return EXIT_BAD_INPUT;
    }
    char buf[4096];
    const char *logs = log_folder(&o, buf, sizeof buf);
    if (o.out && outfile_make_dirs(o.out) != 0) {
        fprintf(stderr, "bench: %s: %s\n", o.out, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    pages_choose(o.timing.budget.max_bytes);
    if (hide_from_solvers(&o, argv + optind, argc - optind) ||
        cli_load_solvers("bench", &choice, logs, o.timing.budget.max_seconds))
        return EXIT_BAD_INPUT;
    if (list) {
        cli_print_solvers(stdout);
        return EXIT_SOLVED;
    }
    /* Rows come in registry order of solvers, whatever the list's order: the order a merge of
     * shards gives too. */
    if ((o.nsetups = cli_choice_setups("bench", &choice, o.setup)) < 0) return EXIT_BAD_INPUT;
    if (o.out && !o.resume) {
        char err[512];
        if (bench_command_save(o.out, argc, argv, err)) {
            fprintf(stderr, "bench: %s\n", err);
            return EXIT_BAD_INPUT;
        }
    }
    int rc = bench_run(&o, argv + optind, argc - optind, argc, argv);
    if (external_shutdown() && rc == EXIT_SOLVED) {
        fprintf(stderr, "bench: an external solver's stderr log could not be written\n");
        rc = EXIT_BAD_INPUT;
    }
    return rc;
}

/* ---- merge -------------------------------------------------------------------------------- */

static const char *merge_usage =
    "usage: bench merge [--csv F|-] [--json F] RESULT...\n"
    "Joins the result files (CSV or JSON) of the shards of one run into one, in run order,\n"
    "after checking that every shard is there exactly once, from one run configuration.\n"
    "\n"
    "  --csv F|-          write the merged rows as CSV (default: standard output)\n"
    "  --json F           also write them as JSON\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 merged, 2 bad input (a missing, repeated or overlapping shard, shards of\n"
    "different runs, an unreadable file) or usage.\n";

static int merge_main(int argc, char **argv)
{
    static const struct option options[] = {CLI_STANDARD_OPTIONS,
                                            {"csv", required_argument, NULL, OPT_CSV},
                                            {"json", required_argument, NULL, OPT_JSON},
                                            {NULL, 0, NULL, 0}};
    const char *csv = "-", *json = NULL;
    int code;
    optind = 1;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, options, NULL)) != -1) {
        if (cli_common_option("bench merge", merge_usage, code, argv) < 0) return EXIT_BAD_INPUT;
        if (code == OPT_CSV) csv = optarg;
        if (code == OPT_JSON) json = optarg;
    }
    if (optind >= argc) {
        fprintf(stderr, "bench merge: no result file given (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    return bench_merge(csv, json, argv + optind, argc - optind);
}

/* ---- verify ------------------------------------------------------------------------------- */

static const char *verify_usage =
    "usage: bench verify [--max-bytes N] RESULT PATH...\n"
    "Checks every claim of every row of RESULT (a bench CSV or JSON file) against the puzzles\n"
    "of the PATHs (matched by id) and the reference BFS: the board, status, moves, slides,\n"
    "steps and solution (replayed), solvable, the optima, optimal, excess, correct, and that a\n"
    "solver promising the fewest moves (slides, steps) gave them. Prints 'N rows, M puzzles,\n"
    "K failed' and at most the first 10 failures; a promise the reference BFS could not decide\n"
    "(it ran out of memory) is listed as not checked, and counted.\n"
    "\n"
    "  --max-bytes N      memory for the reference BFS (default 2Gi)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 every claim holds, 2 bad input or usage, 4 a claim failed or a row names\n"
    "a puzzle that is not among the PATHs.\n";

static int verify_main(int argc, char **argv)
{
    static const struct option options[] = {
        CLI_STANDARD_OPTIONS, {"max-bytes", required_argument, NULL, CLI_OPT_MAX_BYTES}, {NULL, 0, NULL, 0}};
    solver_budget budget = {0, cli_default_budget().max_bytes, 0};
    int code;
    optind = 1;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, options, NULL)) != -1) {
        if (cli_common_option("bench verify", verify_usage, code, argv) < 0) return EXIT_BAD_INPUT;
        if (cli_budget_option("bench verify", code, optarg, &budget) < 0) return EXIT_BAD_INPUT;
    }
    if (argc - optind < 2) {
        fprintf(stderr, "bench verify: needs a result file and the puzzle paths (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    return bench_verify(argv[optind], argv + optind + 1, argc - optind - 1, &budget);
}

/* ---- compare ------------------------------------------------------------------------------ */

static const char *compare_usage =
    "usage: bench compare [--csv F|-] [--json F|-] [--resamples N] A B\n"
    "Compares result B with result A (each a result file, CSV or JSON, or a bench --out\n"
    "folder), pairing rows by puzzle id and solver. Per solver: the geometric mean of B/A for\n"
    "time, states expanded and peak memory over the puzzles both solved, each with a 95%\n"
    "bootstrap confidence interval; the share of puzzles where B is faster; and the puzzles\n"
    "whose answers differ. Markdown on standard output.\n"
    "\n"
    "  --csv F|-          also write the per-solver figures as CSV\n"
    "  --json F|-         also write them, and the differing answers, as JSON\n"
    "  --resamples N      bootstrap resamples (default 2000)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 compared, 2 bad input or usage.\n";

static int compare_main(int argc, char **argv)
{
    static const struct option options[] = {CLI_STANDARD_OPTIONS,
                                            {"csv", required_argument, NULL, OPT_CSV},
                                            {"json", required_argument, NULL, OPT_JSON},
                                            {"resamples", required_argument, NULL, OPT_RESAMPLES},
                                            {NULL, 0, NULL, 0}};
    const char *csv = NULL, *json = NULL;
    int resamples = 2000, code;
    optind = 1;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, options, NULL)) != -1) {
        if (cli_common_option("bench compare", compare_usage, code, argv) < 0) return EXIT_BAD_INPUT;
        if (code == OPT_CSV) csv = optarg;
        if (code == OPT_JSON) json = optarg;
        if (code == OPT_RESAMPLES &&
            cli_parse_int("bench compare", "--resamples", optarg, 100, 1000000, &resamples))
            return EXIT_BAD_INPUT;
    }
    if (argc - optind != 2) {
        fprintf(stderr, "bench compare: needs two results, A and B (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    if (csv && json && strcmp(csv, json) == 0) {
        fprintf(stderr, "bench compare: --csv and --json name the same file\n");
        return EXIT_BAD_INPUT;
    }
    return bench_compare(argv[optind], argv[optind + 1], csv, json, resamples);
}

/* ---- report ------------------------------------------------------------------------------- */

static const char *report_usage =
    "usage: bench report [--out FILE] [--graph-max N] [--jobs J] DIR\n"
    "Writes DIR/report.html (or FILE): one self-contained page with the run's metadata and\n"
    "summary, its figures (drawn into DIR/plots first, when gnuplot is there), a sortable,\n"
    "filterable and paged table of every puzzle, each puzzle's solutions move by move and, for\n"
    "a small cluster, its state graph with each built-in solver's walk through it, step by step.\n"
    "\n"
    "  --out FILE         the page to write (default DIR/report.html)\n"
    "  --graph-max N      state graphs for clusters of at most N states (default 1000; 0:\n"
    "                     none)\n"
    "  --jobs J           figures and graph layouts drawn J at a time (default: the online\n"
    "                     processors)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 written, 2 bad input or usage, or the page could not be written.\n";

static int report_main(int argc, char **argv)
{
    static const struct option options[] = {CLI_STANDARD_OPTIONS,
                                            {"out", required_argument, NULL, 'o'},
                                            {"graph-max", required_argument, NULL, OPT_GRAPH_MAX},
                                            {"jobs", required_argument, NULL, OPT_JOBS},
                                            {NULL, 0, NULL, 0}};
    const char *out = NULL;
    unsigned long long graph_max = DRILL_GRAPH_MAX;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus;
    int code;
    optind = 1;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS "o:", options, NULL)) != -1) {
        if (cli_common_option("bench report", report_usage, code, argv) < 0) return EXIT_BAD_INPUT;
        if (code == 'o') out = optarg;
        if (code == OPT_GRAPH_MAX && cli_parse_count("bench report", "--graph-max", optarg, &graph_max))
            return EXIT_BAD_INPUT;
        if (code == OPT_JOBS && cli_parse_int("bench report", "--jobs", optarg, 1, 64, &jobs))
            return EXIT_BAD_INPUT;
    }
    if (argc - optind != 1) {
        fprintf(stderr, "bench report: give one result folder (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    return bench_report(argv[optind], out, graph_max, jobs);
}

int main(int argc, char **argv)
{
    cli_begin();
    static const struct {
        const char *name;
        int (*main)(int, char **);
    } sub[] = {{"merge", merge_main},
               {"verify", verify_main},
               {"compare", compare_main},
               {"report", report_main}};
    for (size_t k = 0; argc >= 2 && k < sizeof sub / sizeof *sub; k++)
        if (strcmp(argv[1], sub[k].name) == 0) return sub[k].main(argc - 1, argv + 1);
    return run_main(argc, argv);
}
