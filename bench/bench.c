/* bench.c -- bin/bench: run solvers over puzzles under budgets, measure each run, replay every
 * solution, check every answer against what is known, and write CSV, JSON and a summary.
 * The subcommands live in files of their own: merge.c, verify.c, compare.c.
 *
 * The invariant of a run: every row's claims are decided here against one reference (the
 * file's optimum, or the reference BFS's where the file has none, or always with --verify),
 * and a claim that contradicts it fails the run (exit 4) with one line saying who is wrong. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "report.h"
#include "scan.h"
#include "search.h"
#include "xmem.h"

static const char *usage =
    "usage: bench [options] PATH...           run solvers over puzzle files or directories\n"
    "       bench merge [--csv F] [--json F] RESULT...   join the shards of one run\n"
    "       bench verify RESULT PATH...       check every claim of a result file\n"
    "       bench compare A B                 A against B, per solver (B/A ratios)\n"
    "(each subcommand takes --help)\n"
    "\n"
    "  --solver LIST      solver names, comma-separated, or 'all' (default all)\n"
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
    "  --shard K/N        run the K-th of N disjoint slices of the puzzles (1 <= K <= N)\n"
    "  --format F         input format (default auto; see bin/solve --help)\n"
    "  --progress, --no-progress   progress on stderr (default: when stderr is a terminal)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "PATH - reads puzzles from standard input.\n"
    "Exit status: 0 every check passed, 2 bad input or usage (or an output that could not be\n"
    "written), 4 a check failed (an illegal solution, a non-optimal answer from a solver that\n"
    "promises optimality, a wrong 'no solution', or a file whose optimum is wrong).\n"
    "Budget hits are results, not failures.\n";

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

enum { OPT_SOLVER = CLI_OPT_PROGRAM, OPT_WARMUP, OPT_REPEAT, OPT_MIN_TIME, OPT_CPU, OPT_VERIFY,
       OPT_CSV, OPT_JSON, OPT_MARKDOWN, OPT_OUT, OPT_SHARD, OPT_FORMAT, OPT_PROGRESS,
       OPT_NO_PROGRESS };

static const struct option long_options[] = {
    CLI_STANDARD_OPTIONS,
    CLI_BUDGET_OPTIONS,
    {"solver", required_argument, NULL, OPT_SOLVER},
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
    o->nsolvers = cli_parse_solvers("bench", "all", o->solver);
    o->cpu = -1;
    o->shard_k = o->shard_n = 1;
    o->progress = -1;
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, long_options, NULL)) != -1) {
        if (cli_common_option("bench", usage, code, argv) < 0) return -1;
        int bad = cli_budget_option("bench", code, optarg, &o->timing.budget);
        if (bad < 0) return -1;
        if (bad > 0) continue;
        switch (code) {
        case OPT_SOLVER: bad = (o->nsolvers = cli_parse_solvers("bench", optarg, o->solver)) < 0; break;
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
        }
        if (bad) return -1;
    }
    if (o->progress < 0) o->progress = isatty(STDERR_FILENO);
    return 0;
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

/* ---- judging one run ---------------------------------------------------------------------- */

/* What is known of a puzzle's answer, and from where. */
typedef struct {
    int moves;               /* the optimum, or REPORT_NONE */
    report_flag solvable;
    bool from_file;          /* the file's claim, not checked by the reference BFS */
} reference;

/* The file's answer, or the reference BFS's where the file has none (and always with --verify,
 * which also checks the file's claim against it). */
static reference reference_answer(const bench_options *o, const puzzle *p)
{
    reference file = {REPORT_NONE, REPORT_UNKNOWN, true};
    if (p->optimal != PUZZLE_UNKNOWN) {
        file.solvable = p->optimal == PUZZLE_UNSOLVABLE ? REPORT_NO : REPORT_YES;
        if (p->optimal >= 0) file.moves = p->optimal;
        if (!o->verify) return file;
    }
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget budget = {0, o->timing.budget.max_bytes, 0};
    solver_find("bfs")->solve(&ctx, &p->board, p->start, &budget, &r);
    reference bfs = {r.status == SOLVE_SOLVED ? r.nmoves : REPORT_NONE,
                     r.status == SOLVE_SOLVED ? REPORT_YES
                     : r.status == SOLVE_UNSOLVABLE ? REPORT_NO : REPORT_UNKNOWN,
                     false};
    solver_result_free(&r);
    solver_context_free(&ctx);
    if (bfs.solvable == REPORT_UNKNOWN) return file;   /* the BFS ran out of memory */
    if (file.solvable != REPORT_UNKNOWN && (file.solvable != bfs.solvable || file.moves != bfs.moves)) {
        char said[32], found[32];
        if (file.solvable == REPORT_NO) snprintf(said, sizeof said, "no solution");
        else snprintf(said, sizeof said, "%d moves", file.moves);
        if (bfs.solvable == REPORT_NO) snprintf(found, sizeof found, "no solution");
        else snprintf(found, sizeof found, "%d moves", bfs.moves);
        bench_check_failed("%s: the file says %s, the reference BFS finds %s: the file is wrong",
                           p->name, said, found);
    }
    return bfs;
}

/* Replays the solution and decides the row's claims against the reference. */
static void judge(const bench_options *o, const solver *s, const puzzle *p, reference ref,
                  const solver_result *r, report_row *row)
{
    row->optimal_moves = ref.moves;
    row->solvable = ref.solvable;
    const char *who = ref.from_file ? "the file" : "the reference BFS";
    if (r->status == SOLVE_SOLVED) {
        char why[BOARD_ERR_MAX];
        bool legal = moves_check_solution(&p->board, p->start, r->moves, r->nmoves, why) < 0;
        snprintf(row->replay, sizeof row->replay, legal ? "ok" : "illegal");
        if (!legal) {
            row->correct = REPORT_NO;
            bench_check_failed("%s on %s: illegal solution: %s", s->name, p->name, why);
            return;
        }
        if (ref.solvable == REPORT_NO) {
            row->correct = REPORT_NO;   /* the solution replays: the claim of no solution is wrong */
            bench_check_failed("%s on %s: %s says there is no solution, yet this one replays: "
                               "%s is wrong", s->name, p->name, who, who);
            return;
        }
        row->correct = REPORT_YES;
        if (ref.moves == REPORT_NONE) return;
        row->excess = r->nmoves - ref.moves;
        row->optimal = row->excess == 0 ? REPORT_YES : REPORT_NO;
        if (row->excess < 0)
            bench_check_failed("%s on %s: %d moves, fewer than the optimum %d that %s gives: "
                               "%s is wrong", s->name, p->name, r->nmoves, ref.moves, who, who);
        else if (row->excess > 0 && s->guarantee == GUARANTEE_MOVES)
            bench_check_failed("%s on %s: %d moves, but %s gives the optimum as %d and the solver "
                               "promises the fewest moves: %s", s->name, p->name, r->nmoves, who,
                               ref.moves,
                               ref.from_file ? "the file or the solver is wrong (--verify tells "
                                               "which)"
                                             : "the solver is wrong");
    } else if (r->status == SOLVE_UNSOLVABLE) {
        row->correct = ref.solvable == REPORT_UNKNOWN ? REPORT_UNKNOWN
                       : ref.solvable == REPORT_NO    ? REPORT_YES
                                                      : REPORT_NO;
        if (row->correct == REPORT_NO && (s->complete || o->verify))
            bench_check_failed("%s on %s: says no solution; %s gives the optimum as %d moves",
                               s->name, p->name, who, ref.moves);
    }
}

static void fill_row(const solver *s, const puzzle *p, int index, int count, const char *run,
                     const bench_options *o, const solver_result *r, report_row *row)
{
    snprintf(row->solver, sizeof row->solver, "%s", s->name);
    snprintf(row->puzzle, sizeof row->puzzle, "%s", p->name);
    snprintf(row->source, sizeof row->source, "%s", p->source);
    puzzle_id(p, row->id);
    if (!board_db_keeps_letters(&p->board) || !board_format_db(&p->board, p->start, row->board))
        puzzle_format_board(p, '/', row->board);
    snprintf(row->status, sizeof row->status, "%s", solve_status_name(r->status));
    if (r->status == SOLVE_BUDGET) snprintf(row->budget_hit, sizeof row->budget_hit, "%s", r->budget_hit);
    row->index = index;
    row->puzzles = count;
    snprintf(row->shard, sizeof row->shard, "%d/%d", o->shard_k, o->shard_n);
    snprintf(row->run, sizeof row->run, "%s", run);
    row->expanded = r->expanded;
    row->generated = r->generated;
    row->duplicates = r->duplicates;
    row->table_bytes = r->peak_bytes;
    size_t n = (size_t)r->nmoves * 6 + 1;
    row->solution = xmalloc(n);
    row->solution[0] = '\0';
    if (r->status == SOLVE_SOLVED) {
        row->moves = r->nmoves;
        row->steps = r->steps;
        moves_format_list(&p->board, r->moves, r->nmoves, row->solution, n);
    }
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

/* ---- outputs ------------------------------------------------------------------------------ */

/* mkdir -p. */
static int make_directory(const char *path)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *s = buf + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* The absolute path a file would have (its folder resolved, links included), so that two
 * spellings of one file compare equal before it exists. */
static void resolve(const char *path, char out[PATH_MAX])
{
    char dir[PATH_MAX], base[PATH_MAX], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    snprintf(base, sizeof base, "%s", path);
    const char *d = dirname(dir), *b = basename(base);
    if (realpath(d, real)) snprintf(out, PATH_MAX, "%.2000s/%.2000s", real, b);
    else snprintf(out, PATH_MAX, "%s", path);
    char file[PATH_MAX];
    if (realpath(path, file)) snprintf(out, PATH_MAX, "%s", file);
}

/* Where the results go, opened before the first run so that a bad path costs nothing. */
typedef struct {
    char path[3][PATH_MAX];   /* csv, json, markdown; empty when not wanted */
    FILE *file[3];
} outputs;

static int open_outputs(const bench_options *o, outputs *out)
{
    memset(out, 0, sizeof *out);
    const char *given[3] = {o->csv, o->json, o->markdown};
    const char *in_dir[3] = {"results.csv", "results.json", "summary.md"};
    if (o->out && make_directory(o->out) != 0) {
        fprintf(stderr, "bench: %s: %s\n", o->out, strerror(errno));
        return -1;
    }
    for (int k = 0; k < 3; k++) {
        if (given[k]) snprintf(out->path[k], sizeof out->path[k], "%s", given[k]);
        else if (o->out) snprintf(out->path[k], sizeof out->path[k], "%s/%s", o->out, in_dir[k]);
    }
    /* Two outputs into one file would leave one of them, cut into the other: refuse first. */
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++) {
            if (!out->path[a][0] || !out->path[b][0]) continue;
            char ra[PATH_MAX], rb[PATH_MAX];
            resolve(out->path[a], ra);
            resolve(out->path[b], rb);
            if (strcmp(ra, rb) == 0) {
                fprintf(stderr, "bench: %s and %s name the same file\n", out->path[a], out->path[b]);
                return -1;
            }
        }
    for (int k = 0; k < 3; k++) {
        if (!out->path[k][0]) continue;
        out->file[k] = strcmp(out->path[k], "-") == 0 ? stdout : fopen(out->path[k], "w");
        if (!out->file[k]) {
            fprintf(stderr, "bench: %s: %s\n", out->path[k], strerror(errno));
            return -1;
        }
    }
    return 0;
}

static int write_outputs(outputs *out, const report *rep, json_t *meta)
{
    int rc = 0;
    bool stdout_taken = false;
    for (int k = 0; k < 3; k++) {
        FILE *f = out->file[k];
        if (!f) continue;
        int bad = k == 0 ? report_write_csv(rep, f)
                  : k == 1 ? report_write_json(rep, meta, f)
                           : report_write_markdown(rep, f);
        if (f == stdout) stdout_taken = true;
        else if (fclose(f) != 0) bad = -1;
        if (bad) {
            fprintf(stderr, "bench: %s: %s\n", out->path[k], strerror(errno));
            rc = -1;
        }
    }
    /* The summary goes to stdout unless stdout already carries a result file. */
    if (report_write_markdown(rep, stdout_taken ? stderr : stdout) && !stdout_taken) {
        fprintf(stderr, "bench: standard output: %s\n", strerror(errno));
        rc = -1;
    }
    return rc;
}

/* ---- the main job ------------------------------------------------------------------------- */

static int run_bench(int argc, char **argv)
{
    bench_options o;
    if (parse_options(argc, argv, &o)) return EXIT_BAD_INPUT;
    puzzle_list puzzles = {0};
    if (cli_read_puzzles("bench", argv + optind, argc - optind, o.format, &puzzles))
        return EXIT_BAD_INPUT;
    outputs out;
    if ((o.cpu >= 0 && pin_cpu(o.cpu)) || open_outputs(&o, &out)) {
        puzzle_list_free(&puzzles);
        return EXIT_BAD_INPUT;
    }

    json_t *meta = bench_describe_begin(&o, &puzzles, argc, argv);
    const char *run = json_string_value(json_object_get(meta, "run"));
    report rep = {0};
    int total = 0, done = 0;
    for (int i = 0; i < puzzles.count; i++) total += i % o.shard_n == o.shard_k - 1;
    total *= o.nsolvers;
    double start = search_now();
    for (int i = 0; i < puzzles.count; i++) {
        if (i % o.shard_n != o.shard_k - 1) continue;
        const puzzle *p = &puzzles.items[i];
        reference ref = reference_answer(&o, p);
        for (int s = 0; s < o.nsolvers; s++) {
            solver_result r;
            report_row *row = report_add(&rep);
            timing_run(&o.timing, o.solver[s], p, &r, row);
            fill_row(o.solver[s], p, i, puzzles.count, run, &o, &r, row);
            judge(&o, o.solver[s], p, ref, &r, row);
            solver_result_free(&r);
            if (o.progress) show_progress(++done, total, start, false);
        }
    }
    if (o.progress) show_progress(done, total, start, true);
    bench_describe_end(meta);

    report_sort(&rep);   /* the canonical order, the same as `bench merge` gives */
    int rc = write_outputs(&out, &rep, meta);
    int warned = 0;
    for (int k = 0; k < rep.count; k++) warned += rep.row[k].warning[0] != '\0';
    if (warned)
        fprintf(stderr, "bench: warning: %d of %d runs have unsteady timings (max > %gx min, or a "
                        "slow first sample): see the warning column; try --warmup and --repeat\n",
                warned, rep.count, TIMING_SPREAD);
    if (bench_failures) fprintf(stderr, "bench: %d check(s) failed\n", bench_failures);
    json_decref(meta);
    report_free(&rep);
    puzzle_list_free(&puzzles);
    if (rc) return EXIT_BAD_INPUT;
    return bench_failures ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

int main(int argc, char **argv)
{
    cli_begin();
    static const struct {
        const char *name;
        int (*main)(int, char **);
    } sub[] = {{"merge", bench_merge}, {"verify", bench_verify}, {"compare", bench_compare}};
    for (size_t k = 0; argc >= 2 && k < sizeof sub / sizeof *sub; k++)
        if (strcmp(argv[1], sub[k].name) == 0) return sub[k].main(argc - 1, argv + 1);
    return run_bench(argc, argv);
}
