/* bench.c -- bin/bench: run solvers over puzzles under budgets, measure each run, replay every
 * solution, check every answer against what is known, and write CSV, JSON and a summary.
 * Also `bench merge` (join shard CSVs) and `bench verify` (replay the solutions of a CSV). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "cli.h"
#include "report.h"
#include "scan.h"
#include "search.h"
#include "xmem.h"

static const char *usage =
    "usage: bench [options] PATH...           run solvers over puzzle files or directories\n"
    "       bench merge [--csv F] CSV...        join shard results into one, in run order\n"
    "       bench verify CSV PATH...            replay every solution of a results CSV\n"
    "\n"
    "  --solver LIST      solver names, comma-separated, or 'all' (default all)\n"
    "  --max-states N     per run: stop after N expanded states (default 5M; K, M, G)\n"
    "  --max-bytes N      per run: stop when the solver's tables exceed N (default 2G)\n"
    "  --max-seconds S    per run: stop after S seconds (default 30)\n"
    "  --repeat N         run each solve N times; report the median time and the spread\n"
    "  --verify           also run the reference BFS on every puzzle and hold every answer,\n"
    "                     'no solution' claims included, to it\n"
    "  --csv F|-          write the rows as CSV\n"
    "  --json F|-         write the rows and the run's description as JSON\n"
    "  --markdown F       write the summary table to F (it is always printed at the end)\n"
    "  --out DIR          write DIR/results.csv, DIR/results.json, DIR/summary.md\n"
    "  --shard K/N        run the K-th of N disjoint slices of the puzzles (1 <= K <= N)\n"
    "  --format F         input format (default auto; see bin/solve --help)\n"
    "  --progress, --no-progress   progress on stderr (default: when stderr is a terminal)\n"
    "  --help             this text\n"
    "\n"
    "Exit status: 0 every check passed, 2 bad input or usage, 4 a check failed (an illegal\n"
    "solution, a non-optimal answer from a solver that promises optimality, or a wrong\n"
    "'no solution'). Budget hits are results, not failures.\n";

typedef struct {
    const solver *solver[CLI_MAX_SOLVERS];
    int nsolvers;
    solver_budget budget;
    int repeat;
    bool verify;
    const char *csv, *json, *markdown, *out;
    int shard_k, shard_n;
    int progress;   /* -1: when stderr is a terminal */
    scan_format format;
} options;

static int failures;

/* A failed check: one loud line on stderr; the exit status becomes 4. */
static void check_failed(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void check_failed(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fputs("bench: CHECK FAILED: ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
    failures++;
}

/* ---- options ------------------------------------------------------------------------------ */

static int parse_shard(const char *text, options *o)
{
    char extra;
    if (sscanf(text, "%d/%d%c", &o->shard_k, &o->shard_n, &extra) != 2 || o->shard_n < 1 ||
        o->shard_k < 1 || o->shard_k > o->shard_n) {
        fprintf(stderr, "bench: --shard: '%s' is not K/N with 1 <= K <= N\n", text);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, options *o, int *first_path)
{
    memset(o, 0, sizeof *o);
    o->budget = (solver_budget){5000000, 2ull << 30, 30.0};
    o->nsolvers = cli_parse_solvers("bench", "all", o->solver);
    o->repeat = 1;
    o->shard_k = o->shard_n = 1;
    o->progress = -1;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        bool bad = false;
        if (a[0] != '-') break;
        int b = cli_budget_option("bench", argc, argv, &i, &o->budget);
        if (b < 0) return -1;
        if (b > 0) continue;
        unsigned long long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            exit(EXIT_SOLVED);
        } else if (strcmp(a, "--verify") == 0) o->verify = true;
        else if (strcmp(a, "--progress") == 0) o->progress = 1;
        else if (strcmp(a, "--no-progress") == 0) o->progress = 0;
        else if ((v = cli_value("bench", argc, argv, &i, "--solver", &bad))) {
            if ((o->nsolvers = cli_parse_solvers("bench", v, o->solver)) < 0) return -1;
        } else if ((v = cli_value("bench", argc, argv, &i, "--repeat", &bad))) {
            if (cli_parse_count("bench", "--repeat", v, false, &n)) return -1;
            if (n < 1 || n > 1000) {
                fprintf(stderr, "bench: --repeat: '%s' is not between 1 and 1000\n", v);
                return -1;
            }
            o->repeat = (int)n;
        } else if ((v = cli_value("bench", argc, argv, &i, "--csv", &bad))) o->csv = v;
        else if ((v = cli_value("bench", argc, argv, &i, "--json", &bad))) o->json = v;
        else if ((v = cli_value("bench", argc, argv, &i, "--markdown", &bad))) o->markdown = v;
        else if ((v = cli_value("bench", argc, argv, &i, "--out", &bad))) o->out = v;
        else if ((v = cli_value("bench", argc, argv, &i, "--shard", &bad))) {
            if (parse_shard(v, o)) return -1;
        } else if ((v = cli_value("bench", argc, argv, &i, "--format", &bad))) {
            if (cli_parse_format("bench", v, &o->format)) return -1;
        } else {
            if (!bad) fprintf(stderr, "bench: unknown option '%s' (see --help)\n", a);
            return -1;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "bench: no puzzle path given (see --help)\n");
        return -1;
    }
    if (o->progress < 0) o->progress = isatty(STDERR_FILENO);
    *first_path = i;
    return 0;
}

/* ---- one measured run --------------------------------------------------------------------- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Solves `repeat` times, each with a fresh context so that the allocator's peak counts every
 * byte the run needs, and keeps the last result (the counters are the same every time). */
static void measure(const options *o, const solver *s, const puzzle *p, solver_result *r,
                    report_row *row)
{
    double t[1000];
    for (int k = 0; k < o->repeat; k++) {
        if (k) solver_result_free(r);
        xmem_peak_reset();
        solver_context ctx;
        solver_context_init(&ctx);
        double t0 = search_now();
        s->solve(&ctx, &p->board, p->start, &o->budget, r);
        t[k] = search_now() - t0;
        /* Read before the context is freed: jemalloc refreshes the peak every 64 KiB of
         * allocation activity and at this read, so reading while the tables (which only
         * grow during a run) are still held catches their full size. */
        uint64_t peak = xmem_peak_read();
        solver_context_free(&ctx);
        if (peak > row->peak_bytes) row->peak_bytes = peak;
    }
    qsort(t, (size_t)o->repeat, sizeof *t, compare_doubles);
    row->seconds = o->repeat % 2 ? t[o->repeat / 2] : (t[o->repeat / 2 - 1] + t[o->repeat / 2]) / 2;
    row->seconds_min = t[0];
    row->seconds_max = t[o->repeat - 1];
    row->repeat = o->repeat;
}

/* Replays the solution and holds the answer to what is known of the puzzle. */
static void judge(const options *o, const solver *s, const puzzle *p, const solver_result *r,
                  report_row *row)
{
    int best = row->optimal_moves;
    snprintf(row->optimal, sizeof row->optimal, "unknown");
    if (r->status == SOLVE_SOLVED) {
        char why[BOARD_ERR_MAX];
        int bad = moves_check_solution(&p->board, p->start, r->moves, r->nmoves, why);
        snprintf(row->replay, sizeof row->replay, bad < 0 ? "ok" : "illegal");
        if (bad >= 0) {
            check_failed("%s on %s: illegal solution: %s", s->name, p->name, why);
            return;
        }
        if (best == REPORT_UNSOLVABLE) {
            check_failed("%s on %s: the puzzle is marked unsolvable, yet this solution replays",
                         s->name, p->name);
        } else if (best >= 0) {
            row->excess = r->nmoves - best;
            snprintf(row->optimal, sizeof row->optimal, row->excess == 0 ? "yes" : "no");
            if (row->excess < 0)
                check_failed("%s on %s: %d moves, fewer than the optimum %d: the optimum is wrong",
                             s->name, p->name, r->nmoves, best);
            else if (row->excess > 0 && s->guarantee == GUARANTEE_MOVES)
                check_failed("%s on %s: %d moves, optimum %d, from a solver that promises the "
                             "fewest moves", s->name, p->name, r->nmoves, best);
        }
    } else if (r->status == SOLVE_UNSOLVABLE) {
        if (best == REPORT_UNSOLVABLE) snprintf(row->optimal, sizeof row->optimal, "yes");
        if (best >= 0) {
            snprintf(row->optimal, sizeof row->optimal, "no");
            if (s->complete || o->verify)
                check_failed("%s on %s: says no solution; the optimum is %d moves", s->name,
                             p->name, best);
        }
    }
}

/* The optimum to judge against: the file's, or the reference BFS's where the file has none
 * (and always with --verify, which also checks the file's claim). */
static int reference_optimum(const options *o, const puzzle *p)
{
    if (p->optimal != PUZZLE_UNKNOWN && !o->verify)
        return p->optimal == PUZZLE_UNSOLVABLE ? REPORT_UNSOLVABLE : p->optimal;
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget budget = {0, o->budget.max_bytes, 0};
    solver_find("bfs")->solve(&ctx, &p->board, p->start, &budget, &r);
    int best = r.status == SOLVE_SOLVED ? r.nmoves
               : r.status == SOLVE_UNSOLVABLE ? REPORT_UNSOLVABLE : REPORT_NONE;
    solver_result_free(&r);
    solver_context_free(&ctx);
    if (p->optimal != PUZZLE_UNKNOWN && best != REPORT_NONE) {
        int file = p->optimal == PUZZLE_UNSOLVABLE ? REPORT_UNSOLVABLE : p->optimal;
        if (file != best)
            check_failed("%s: the file says %d moves (-2: none), the reference BFS finds %d",
                         p->name, file, best);
    }
    return best;
}

static void fill_row(const solver *s, const puzzle *p, int index, int best,
                     const solver_result *r, report_row *row)
{
    snprintf(row->solver, sizeof row->solver, "%s", s->name);
    snprintf(row->puzzle, sizeof row->puzzle, "%s", p->name);
    snprintf(row->source, sizeof row->source, "%s", p->source);
    puzzle_id(p, row->id);
    if (!board_format_db(&p->board, p->start, row->board))
        board_format_line(&p->board, p->start, row->board);
    snprintf(row->status, sizeof row->status, "%s", solve_status_name(r->status));
    if (r->status == SOLVE_BUDGET) snprintf(row->budget_hit, sizeof row->budget_hit, "%s", r->budget_hit);
    row->index = index;
    row->optimal_moves = best;
    row->expanded = r->expanded;
    row->generated = r->generated;
    row->duplicates = r->duplicates;
    row->table_bytes = r->peak_bytes;
    if (r->status == SOLVE_SOLVED) {
        row->moves = r->nmoves;
        row->steps = r->steps;
        size_t n = (size_t)r->nmoves * 6 + 1;
        row->solution = xmalloc(n);
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

static void describe_run(const options *o, int argc, char **argv, report_meta *m)
{
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    report_meta_add(m, "date", "%s", date);
    struct utsname u;
    if (uname(&u) == 0) {
        report_meta_add(m, "host", "%s", u.nodename);
        report_meta_add(m, "system", "%s %s %s", u.sysname, u.release, u.machine);
    }
    char cpu[200] = "unknown", line[256];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            snprintf(cpu, sizeof cpu, "%s", strchr(line, ':') + 2);
            cpu[strcspn(cpu, "\n")] = '\0';
            break;
        }
    if (f) fclose(f);
    report_meta_add(m, "cpu", "%s", cpu);
    report_meta_add(m, "cores", "%ld", sysconf(_SC_NPROCESSORS_ONLN));
    report_meta_add(m, "compiler", "%s", __VERSION__);
    report_meta_add(m, "flags", "%s", BUILD_FLAGS);
    report_meta_add(m, "commit", "%s", BUILD_COMMIT);
    report_meta_add(m, "peak_bytes", "%s", xmem_peak_available()
                                               ? "jemalloc thread.peak over each run"
                                               : "unavailable in this build (0)");
    report_meta_add(m, "budget", "states %llu, bytes %llu, seconds %g",
                    (unsigned long long)o->budget.max_states,
                    (unsigned long long)o->budget.max_bytes, o->budget.max_seconds);
    report_meta_add(m, "repeat", "%d", o->repeat);
    report_meta_add(m, "shard", "%d/%d", o->shard_k, o->shard_n);
    char cmd[256] = "";
    for (int i = 0; i < argc; i++) {
        size_t used = strlen(cmd);
        snprintf(cmd + used, sizeof cmd - used, "%s%s", i ? " " : "", argv[i]);
    }
    report_meta_add(m, "command", "%s", cmd);
}

/* Opens F for writing ("-" is stdout); on failure prints why and returns NULL. */
static FILE *open_output(const char *path)
{
    if (strcmp(path, "-") == 0) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
    return f;
}

static int close_output(FILE *f, const char *path)
{
    if (f == stdout) return fflush(f) == 0 ? 0 : -1;
    if (fclose(f) != 0) {
        fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* mkdir -p. */
static int make_directory(const char *path)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *s = buf + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* Where the results go, opened before the first run so that a bad path costs nothing. */
typedef struct {
    char path[3][1024];   /* csv, json, markdown; empty when not wanted */
    FILE *file[3];
} outputs;

static int open_outputs(const options *o, outputs *out)
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
        else continue;
        if (!(out->file[k] = open_output(out->path[k]))) return -1;
    }
    return 0;
}

static int write_outputs(outputs *out, const report *rep, const report_meta *meta)
{
    int rc = 0;
    if (out->file[0]) report_write_csv(rep, out->file[0]);
    if (out->file[1]) report_write_json(rep, meta, out->file[1]);
    if (out->file[2]) report_write_markdown(rep, out->file[2]);
    bool stdout_taken = false;
    for (int k = 0; k < 3; k++) {
        if (!out->file[k]) continue;
        stdout_taken |= out->file[k] == stdout && k < 2;
        if (close_output(out->file[k], out->path[k])) rc = -1;
    }
    /* The summary goes to stdout unless stdout already carries the CSV or JSON. */
    report_write_markdown(rep, stdout_taken ? stderr : stdout);
    return rc;
}

/* ---- the main job ------------------------------------------------------------------------- */

static int run_bench(int argc, char **argv)
{
    options o;
    int first;
    if (parse_options(argc, argv, &o, &first)) return EXIT_BAD_INPUT;

    puzzle_list puzzles = {0};
    for (int i = first; i < argc; i++) {
        char err[SCAN_ERR_MAX];
        if (scan_path(argv[i], o.format, &puzzles, err) < 0) {
            fprintf(stderr, "bench: %s\n", err);
            puzzle_list_free(&puzzles);
            return EXIT_BAD_INPUT;
        }
    }

    outputs out;
    if (open_outputs(&o, &out)) {
        puzzle_list_free(&puzzles);
        return EXIT_BAD_INPUT;
    }

    report rep = {0};
    int total = 0, done = 0;
    for (int i = 0; i < puzzles.count; i++) total += i % o.shard_n == o.shard_k - 1;
    total *= o.nsolvers;
    double start = search_now();
    for (int i = 0; i < puzzles.count; i++) {
        if (i % o.shard_n != o.shard_k - 1) continue;
        const puzzle *p = &puzzles.items[i];
        int best = reference_optimum(&o, p);
        for (int s = 0; s < o.nsolvers; s++) {
            solver_result r;
            report_row *row = report_add(&rep);
            measure(&o, o.solver[s], p, &r, row);
            fill_row(o.solver[s], p, i, best, &r, row);
            judge(&o, o.solver[s], p, &r, row);
            solver_result_free(&r);
            if (o.progress) show_progress(++done, total, start, false);
        }
    }
    if (o.progress) show_progress(done, total, start, true);

    report_sort(&rep);   /* the canonical order, the same as `bench merge` gives */
    report_meta meta = {0};
    describe_run(&o, argc, argv, &meta);
    int rc = write_outputs(&out, &rep, &meta);
    if (failures) fprintf(stderr, "bench: %d check(s) failed\n", failures);
    report_free(&rep);
    puzzle_list_free(&puzzles);
    if (rc) return EXIT_BAD_INPUT;
    return failures ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

/* ---- bench merge -------------------------------------------------------------------------- */

static int run_merge(int argc, char **argv)
{
    const char *out = "-";
    int i = 2;
    if (i < argc && strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
        out = argv[i + 1];
        i += 2;
    }
    if (i >= argc) {
        fprintf(stderr, "bench: merge: no CSV file given (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    report rep = {0};
    for (; i < argc; i++) {
        char err[256];
        if (report_read_csv(argv[i], &rep, err)) {
            fprintf(stderr, "bench: merge: %s\n", err);
            report_free(&rep);
            return EXIT_BAD_INPUT;
        }
    }
    report_sort(&rep);
    for (int k = 1; k < rep.count; k++)
        if (rep.row[k].index == rep.row[k - 1].index &&
            strcmp(rep.row[k].solver, rep.row[k - 1].solver) == 0) {
            fprintf(stderr, "bench: merge: puzzle %d with solver %s appears twice (overlapping "
                            "shards?)\n", rep.row[k].index, rep.row[k].solver);
            report_free(&rep);
            return EXIT_BAD_INPUT;
        }
    FILE *f = open_output(out);
    if (!f) return EXIT_BAD_INPUT;
    report_write_csv(&rep, f);
    int rc = close_output(f, out);
    report_write_markdown(&rep, strcmp(out, "-") == 0 ? stderr : stdout);
    report_free(&rep);
    return rc ? EXIT_BAD_INPUT : EXIT_SOLVED;
}

/* ---- bench verify ------------------------------------------------------------------------- */

/* Parses a solution cell into moves; returns the count or -1 with err set. */
static int parse_solution(const board *b, const char *text, move *out, int max, char *err)
{
    char *copy = xstrdup(text), *save;
    int n = 0;
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (n == max || moves_parse(b, t, &out[n], err)) {
            if (n == max) snprintf(err, BOARD_ERR_MAX, "more than %d moves", max);
            n = -1;
            break;
        }
        n++;
    }
    free(copy);
    return n;
}

static int run_verify(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "bench: verify: needs a results CSV and the puzzle paths (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    report rep = {0};
    puzzle_list puzzles = {0};
    char err[SCAN_ERR_MAX];
    if (report_read_csv(argv[2], &rep, err)) {
        fprintf(stderr, "bench: verify: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    for (int i = 3; i < argc; i++)
        if (scan_path(argv[i], SCAN_AUTO, &puzzles, err) < 0) {
            fprintf(stderr, "bench: verify: %s\n", err);
            report_free(&rep);
            puzzle_list_free(&puzzles);
            return EXIT_BAD_INPUT;
        }
    int replayed = 0, max = 1 << 20;
    move *m = xmalloc((size_t)max * sizeof *m);
    for (int k = 0; k < rep.count; k++) {
        const report_row *row = &rep.row[k];
        if (strcmp(row->status, "solved") != 0) continue;
        const puzzle *p = NULL;
        for (int i = 0; i < puzzles.count && !p; i++) {
            char id[17];
            puzzle_id(&puzzles.items[i], id);
            if (strcmp(id, row->id) == 0) p = &puzzles.items[i];
        }
        if (!p) {
            check_failed("%s on %s: no puzzle with id %s among the paths given", row->solver,
                         row->puzzle, row->id);
            continue;
        }
        char why[BOARD_ERR_MAX];
        int n = parse_solution(&p->board, row->solution, m, max, why);
        if (n < 0) check_failed("%s on %s: %s", row->solver, row->puzzle, why);
        else if (moves_check_solution(&p->board, p->start, m, n, why) >= 0)
            check_failed("%s on %s: illegal solution: %s", row->solver, row->puzzle, why);
        else if (n != row->moves || moves_steps(m, n) != row->steps)
            check_failed("%s on %s: the row says %d moves and %d steps, the solution has %d and %d",
                         row->solver, row->puzzle, row->moves, row->steps, n, moves_steps(m, n));
        else
            replayed++;
    }
    printf("%d rows, %d solutions replayed to the goal, %d failed\n", rep.count, replayed, failures);
    free(m);
    report_free(&rep);
    puzzle_list_free(&puzzles);
    return failures ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "merge") == 0) return run_merge(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "verify") == 0) return run_verify(argc, argv);
    return run_bench(argc, argv);
}
