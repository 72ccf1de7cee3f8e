/* test_bench.c -- bin/bench, bin/micro and the plots, run as a user runs them. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/timing.h"
#include "tests/helpers.h"

TestSuite(bench, .fini = th_check_leaks);
TestSuite(micro, .fini = th_check_leaks);
TestSuite(plots, .fini = th_check_leaks);
TestSuite(report, .fini = th_check_leaks);

static int run(const char *command, char **out, char **err)
{
    return th_run(command, out, err);
}

static char *slurp(const char *path)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "cat %s", path);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    free(err);
    return out;
}

/* The columns a run decides (not the timings, nor memory figures that depend on the allocator). */
#define DETERMINISTIC "solver,heuristic,params,origin,guarantee,complete,puzzle,board,status," \
    "budget_hit,moves,steps,optimal_moves,solvable,optimal,correct,excess,replay,expanded," \
    "generated,duplicates,table_bytes,peak_rss,memory_method,repeat,warmup,note,stats,solution,index,puzzles," \
    "cluster_size,id,source,shard,run"

Test(bench, csv_has_the_exact_deterministic_columns)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/bench --no-progress --solver bfs,dfs,astar,iddfs-zone --csv %s/r.csv "
             "corpus/seed-formats/ >/dev/null && head -1 %s/r.csv && "
             "awk -v cols=" DETERMINISTIC " -f plots/columns.awk %s/r.csv",
             th_bin(), dir, dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    char *expected = slurp("tests/data/bench/seed-formats.expected.csv");
    cr_assert_str_eq(out, expected);
    free(out), free(err), free(expected);
}

/* Parses a file with jansson, failing the test when it does not parse. */
static json_t *load_json(const char *path)
{
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    cr_assert_not_null(doc, "%s:%d: %s", path, e.line, e.text);
    return doc;
}

Test(bench, summary_json_typed_and_valid_against_the_schema)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,dfs --cpu 0 --out %s "
                              "corpus/seed-formats/", th_bin(), dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "| bfs | 5 | 5 | 100.0% | 0.00 | 0 | 0 | 0 | 0 | 0 | 0 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| dfs | 5 | 5 | 0.0% |"), "%s", out);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/summary.md", dir);
    char *md = slurp(path);
    cr_assert_not_null(strstr(md, "| solver | runs | solved | optimal | mean excess | max excess | "
                                  "proved no solution | budget hits | gave up | errors | wrong |"));
    free(md);

    snprintf(cmd, sizeof cmd, "tests/validate-json.py schema/bench.schema.json %s/results.json", dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    snprintf(path, sizeof path, "%s/results.json", dir);
    json_t *doc = load_json(path), *meta = json_object_get(doc, "meta");
    cr_assert_eq(json_integer_value(json_object_get(doc, "schema_version")), 2);
    cr_assert(json_is_integer(json_object_get(meta, "cores")));
    cr_assert_eq(json_integer_value(json_object_get(meta, "pinned_cpu")), 0);
    json_t *affinity = json_object_get(meta, "affinity");
    cr_assert_eq(json_array_size(affinity), 1);
    cr_assert_eq(json_integer_value(json_array_get(affinity, 0)), 0);
    cr_assert_eq(json_array_size(json_object_get(meta, "load_average_before")), 3);
    cr_assert_eq(json_array_size(json_object_get(meta, "load_average_after")), 3);
    cr_assert_gt(json_real_value(json_object_get(meta, "clock_resolution_seconds")), 0);
    cr_assert_not_null(json_object_get(meta, "governor"));
    cr_assert_eq(json_integer_value(json_object_get(json_object_get(meta, "budget"), "max_states")),
                 5000000);
    json_t *rows = json_object_get(doc, "rows");
    cr_assert_eq(json_array_size(rows), 10);
    json_t *row = json_array_get(rows, 0);   /* bfs on csharp-750 */
    cr_assert_str_eq(json_string_value(json_object_get(row, "puzzle")),
                     "corpus/seed-formats/csharp-750.txt:1");
    cr_assert_eq(json_integer_value(json_object_get(row, "moves")), 37);
    cr_assert_eq(json_integer_value(json_object_get(row, "optimal_moves")), 37);
    cr_assert(json_is_true(json_object_get(row, "optimal")));
    cr_assert(json_is_true(json_object_get(row, "solvable")));
    cr_assert(json_is_null(json_object_get(row, "budget_hit")));
    cr_assert_eq(json_array_size(json_object_get(row, "solution")), 37);
    json_t *summary = json_object_get(doc, "summary");
    cr_assert_eq(json_array_size(summary), 2);
    cr_assert_eq(json_integer_value(json_object_get(json_array_get(summary, 0), "optimal")), 5);
    json_decref(doc);
}

Test(bench, budgets_are_exact_and_give_budget_rows_not_failures)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,idastar --heuristic blockers --max-states 10 --csv - "
                              "corpus/seeds/seeds.txt 2>/dev/null | awk -v cols=status,budget_hit,"
                              "expanded,correct -f plots/columns.awk | sort | uniq -c",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    /* 11 puzzles, 2 solvers: none is solved in 10 expansions, and each expanded exactly 10.
     * (With the pdb bound, idastar solves one in 9 and proves the unsolvable one at once.) */
    cr_assert_str_eq(out, "     22 budget\tstates\t10\t\n");
    free(out), free(err);
}

Test(bench, a_wrong_optimum_says_who_is_wrong)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs tests/data/bench/wrong-optimum.txt",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_not_null(strstr(err, "bench: CHECK FAILED: bfs on wrong: 2 moves, but the file gives "
                                   "the optimum as 1 and the solver promises the fewest moves: the "
                                   "file or the solver is wrong (--verify tells which)\n"), "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --verify --solver bfs "
                              "tests/data/bench/wrong-optimum.txt", th_bin());
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_not_null(strstr(err, "bench: CHECK FAILED: wrong: the file says 1 moves, the reference "
                                   "BFS finds 2 moves: the file is wrong\n"), "%s", err);
    free(out), free(err);
    /* A file that says "no solution" (a sentinel inside) is quoted as words, never as a number. */
    snprintf(cmd, sizeof cmd, "printf -- '- ooooooooooooAAoooooooooooooooooooooo unsolvable\\n' | "
                              "%s/bench --no-progress --verify --solver bfs -", th_bin());
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_not_null(strstr(err, "bench: CHECK FAILED: unsolvable: the file says no solution, the "
                                   "reference BFS finds 1 moves: the file is wrong\n"), "%s", err);
    cr_assert_null(strstr(err, "-2"), "%s", err);
    free(out), free(err);
}

Test(bench, every_solved_row_replays_on_its_own_board)
{
    /* An independent replay: the board and solution columns alone, read back by the scanner.
     * Under the sanitizers a smaller budget halves the run (47 s to 25 s) and still solves
     * over 2,000 rows. */
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver all --max-states %s --csv %s/r.csv "
                              "corpus/ >/dev/null 2>&1; awk -v cols=status,board,solution "
                              "-f plots/columns.awk %s/r.csv | grep '^solved'",
             th_bin(), th_sanitized() ? "50K" : "200K", dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    int replayed = 0, renamed = 0, klotski = 0, tiles = 0;
    char *lines = NULL;
    for (char *line = strtok_r(out, "\n", &lines); line; line = strtok_r(NULL, "\n", &lines)) {
        char *board_text = strchr(line, '\t') + 1, *solution = strchr(board_text, '\t');
        *solution++ = '\0';
        for (char *c = board_text; *c; c++)
            if (*c == '/') *c = '\n';
        puzzle_list one = {0};
        char why[SCAN_ERR_MAX];
        cr_assert_eq(th_scan(board_text, &one, why), 1, "%s: %s", board_text, why);
        const puzzle *p = &one.items[0];
        if (p->family == FAMILY_KLOTSKI) {   /* its own replay, cell by cell */
            measure_counts units;
            cr_assert_eq(klotski_replay(&p->klotski, solution, &units, why), 0, "%s", why);
            puzzle_list_free(&one);
            klotski++;
            continue;
        }
        if (p->family == FAMILY_TILES) {   /* its own replay, tile by tile */
            measure_counts units;
            cr_assert_eq(tiles_replay_each(&p->tiles, p->start, solution, NULL, NULL, &units, why), 0,
                         "%s", why);
            puzzle_list_free(&one);
            tiles++;
            continue;
        }
        renamed += p->board.piece[p->board.primary].label != 'A';
        move *m = malloc((strlen(solution) / 2 + 1) * sizeof *m);
        int n = 0;
        char *save = NULL;
        for (char *t = strtok_r(solution, " ", &save); t; t = strtok_r(NULL, " ", &save))
            cr_assert_eq(moves_parse(&p->board, t, &m[n++], why), 0, "%s: %s", t, why);
        cr_assert_lt(moves_check_solution(&p->board, p->start, m, n, why), 0, "%s", why);
        free(m);
        puzzle_list_free(&one);
        replayed++;
    }
    cr_assert_gt(replayed, 600, "%d", replayed);
    cr_assert_gt(renamed, 0, "no row with a primary other than A was replayed");
    cr_assert_gt(klotski, 40, "%d Klotski rows replayed", klotski);
    cr_assert_gt(tiles, 50, "%d tiles rows replayed", tiles);
    free(out), free(err);
}

Test(bench, names_are_paths_as_given)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "mkdir %s/a %s/b && cp corpus/seed-formats/kotlin-4x4.txt %s/a/x.txt && "
                              "cp corpus/seed-formats/kotlin-5x5.txt %s/b/x.txt && cd %s && "
                              "%s/%s/bench --no-progress --solver bfs --csv - a b 2>/dev/null | "
                              "awk -v cols=puzzle,source -f %s/plots/columns.awk",
             dir, dir, dir, dir, dir, getenv("PWD"), th_bin(), getenv("PWD"));
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "a/x.txt:1\ta/x.txt:1\nb/x.txt:1\tb/x.txt:1\n");
    free(out), free(err);
}

Test(bench, gnu_conventions_and_refusals)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    /* Options after operands, --opt=value, standard input, a solver named twice run once. */
    snprintf(cmd, sizeof cmd, "cat corpus/seeds/seeds.txt | %s/bench - --solver=bfs,bfs --no-progress "
                              "--csv %s/r.csv >/dev/null && tail -n +2 %s/r.csv | wc -l",
             th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "11\n");
    free(out), free(err);
    const char *cases[][2] = {
        {"--csv %s/x --json %s/x corpus/seeds", "bench: %s/x and %s/x name the same file\n"},
        {"--out %s --csv %s/results.json corpus/seeds",
         "bench: %s/results.json and %s/results.json name the same file\n"},
        {"--csv - --json - corpus/seeds", "bench: - and - name the same file\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char args[512], want[512];
        snprintf(args, sizeof args, cases[k][0], dir, dir);
        snprintf(want, sizeof want, cases[k][1], dir, dir);
        snprintf(cmd, sizeof cmd, "%s/bench --no-progress %s", th_bin(), args);
        cr_expect_eq(run(cmd, &out, &err), 2, "%s", args);
        cr_expect_str_eq(err, want);
        cr_expect_str_eq(out, "");
        free(out), free(err);
    }
    /* Nothing was written under the doubled name. */
    snprintf(cmd, sizeof cmd, "test ! -e %s/x", dir);
    cr_assert_eq(run(cmd, &out, &err), 0);
    free(out), free(err);
    const char *versions[] = {"--version", "merge --version", "verify --version", "compare --version"};
    for (size_t k = 0; k < sizeof versions / sizeof *versions; k++) {
        snprintf(cmd, sizeof cmd, "%s/bench %s", th_bin(), versions[k]);
        cr_assert_eq(run(cmd, &out, &err), 0);
        cr_assert_not_null(strstr(out, " 0.4.0 (commit "), "%s", out);
        free(out), free(err);
    }
    const char *helps[] = {"--help", "merge --help", "verify -h", "compare --help"};
    for (size_t k = 0; k < sizeof helps / sizeof *helps; k++) {
        snprintf(cmd, sizeof cmd, "%s/bench %s", th_bin(), helps[k]);
        cr_assert_eq(run(cmd, &out, &err), 0);
        cr_assert_eq(strncmp(out, "usage: bench", 12), 0, "%s", out);
        free(out), free(err);
    }
}

Test(bench, bad_usage_exits_2_with_one_line)
{
    const char *cases[][2] = {
        {"--shard 3/2 corpus/seeds", "bench: --shard: '3/2' is not K/N with 1 <= K <= N\n"},
        {"--solver nope corpus/seeds", "bench: unknown solver 'nope' (see --list)\n"},
        {"--repeat 0 corpus/seeds", "bench: --repeat: '0' is not between 1 and 1000\n"},
        {"corpus/seeds --bogus", "bench: unknown option '--bogus' (see --help)\n"},
        {"corpus/seeds --repeat", "bench: --repeat needs a value\n"},
        {"", "bench: no puzzle path given (see --help)\n"},
        {"schema", "bench: schema: no puzzle found there\n"},
        {"tests/data/empty.txt", "bench: tests/data/empty.txt: empty file\n"},
        {"merge tests/data/empty.txt", "bench merge: tests/data/empty.txt: empty file\n"},
        {"merge", "bench merge: no result file given (see --help)\n"},
        {"verify corpus/seeds/seeds.txt corpus/seeds",
         "bench verify: corpus/seeds/seeds.txt:1: not a bench CSV of this version (the header "
         "differs)\n"},
        {"compare tests/data/empty.txt", "bench compare: needs two results, A and B (see --help)\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cmd[512], *out, *err;
        snprintf(cmd, sizeof cmd, "%s/bench %s", th_bin(), cases[k][0]);
        cr_expect_eq(run(cmd, &out, &err), 2, "%s", cases[k][0]);
        cr_expect_str_eq(err, cases[k][1]);
        cr_expect_str_eq(out, "");
        free(out), free(err);
    }
}

Test(bench, statistics_of_repeated_and_batched_timings)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --warmup 2 --repeat 5 --min-time 0 "
                              "--csv - corpus/seed-formats/python-605.txt 2>/dev/null | awk -v "
                              "cols=seconds,seconds_mean,seconds_sd,seconds_min,seconds_max,"
                              "cpu_seconds,iterations,repeat,warmup -f plots/columns.awk",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0);
    double median, mean, sd, lo, hi, cpu;
    int iterations, repeat, warmup;
    cr_assert_eq(sscanf(out, "%lf %lf %lf %lf %lf %lf %d %d %d", &median, &mean, &sd, &lo, &hi, &cpu,
                        &iterations, &repeat, &warmup), 9, "%s", out);
    cr_assert(lo <= median && median <= hi && lo <= mean && mean <= hi, "%s", out);
    cr_assert(sd >= 0 && sd <= hi - lo, "%s", out);
    cr_assert(cpu > 0, "%s", out);
    cr_assert_eq(iterations, 1);
    cr_assert_eq(repeat, 5);
    cr_assert_eq(warmup, 2);
    free(out), free(err);
    /* A 2-move puzzle takes microseconds: with --min-time 10 ms it is timed in batches. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --repeat 3 --min-time 0.01 --csv - "
                              "corpus/seed-formats/kotlin-4x4.txt 2>/dev/null | awk -v "
                              "cols=seconds,iterations -f plots/columns.awk", th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0);
    double seconds;
    cr_assert_eq(sscanf(out, "%lf %d", &seconds, &iterations), 2, "%s", out);
    cr_assert_gt(iterations, 10, "%s", out);
    cr_assert_geq(seconds * iterations, 0.005, "%s", out);
    free(out), free(err);
}

Test(bench, summary_times_solved_runs_only)
{
    /* iddfs solves the short seeds and runs out on the long ones: its median time and states are
     * those of the solved runs, and the budget hits have their own column. */
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver iddfs --max-states 20K --json - "
                              "corpus/seed-formats 2>/dev/null", th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0);
    json_error_t e;
    json_t *doc = json_loads(out, 0, &e);
    cr_assert_not_null(doc, "%s", e.text);
    json_t *s = json_array_get(json_object_get(doc, "summary"), 0);
    int solved = (int)json_integer_value(json_object_get(s, "solved"));
    cr_assert_eq(solved + json_integer_value(json_object_get(s, "budget_hits")), 5);
    cr_assert_gt(solved, 0);
    cr_assert_lt(json_real_value(json_object_get(s, "median_expanded")), 20000);
    json_decref(doc);
    free(out), free(err);
}

Test(micro, lists_its_benchmarks)
{
    char *out, *err;
    cr_assert_eq(run("bin/micro --benchmark_list_tests", &out, &err), 0, "%s", err);
    const char *names[] = {"movegen/easy\n", "stateset/insert/mul/hard\n", "stateset/find/xxh3/medium\n",
                           "solve/bfs/easy\n", "solve/idastar/hard\n", "solve/iddfs-zone/medium\n",
                           "klotski/movegen/steps\n", "klotski/cluster/moves\n"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        cr_assert_not_null(strstr(out, names[k]), "missing %s", names[k]);
    int lines = 0;
    for (char *s = out; *s; s++) lines += *s == '\n';
    cr_assert_eq(lines, 3 + 12 + 3 + 3 + 9 * 3);   /* Klotski: movegen and cluster, 3 measures each */
    free(out), free(err);
    cr_assert_eq(run("bin/micro --bogus", &out, &err), 2);
    free(out), free(err);
    cr_assert_eq(run("bin/micro --version", &out, &err), 0);
    cr_assert_eq(strncmp(out, "micro 0.4.0 (commit ", 20), 0, "%s", out);
    free(out), free(err);
}

/* What the figure and report tests run on: every figure has something to draw, the board-size
 * one three sizes. */
#define FIGURE_CORPUS                                                                         \
    "corpus/seed-formats corpus/seeds corpus/ladder.txt corpus/generated/4x4-walls0-ladder.txt " \
    "corpus/generated/5x5-walls0-ladder.txt"

Test(plots, make_plots_draws_every_figure)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,bfs1,dfs,astar --out %s "
                              FIGURE_CORPUS " >/dev/null && "
                              "plots/make-plots.sh %s", th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    const char *figures[] = {"cactus", "time-vs-moves", "nodes-vs-moves", "memory-vs-moves", "excess",
                             "bounds", "cost-vs-cluster", "paired-vs-bfs", "size"};
    for (size_t k = 0; k < sizeof figures / sizeof *figures; k++)
        for (int svg = 0; svg < 2; svg++) {
            char path[256];
            snprintf(path, sizeof path, "%s/plots/%s.%s", dir, figures[k], svg ? "svg" : "png");
            FILE *f = fopen(path, "rb");
            cr_assert_not_null(f, "%s missing", path);
            unsigned char head[8] = {0};
            size_t n = fread(head, 1, 8, f);
            fseek(f, 0, SEEK_END);
            long size = ftell(f);
            fclose(f);
            cr_assert_gt(size, 5000, "%s is only %ld bytes", path, size);
            if (!svg) cr_assert(n == 8 && memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0, "%s", path);
        }
    free(out), free(err);
    /* Every figure carries the run's caption, and a solver keeps its colour from styles.tsv
     * whatever the run: astar/pdb is Okabe-Ito green (0, 158, 115). */
    snprintf(cmd, sizeof cmd, "grep -l 'budgets 5 M states, 2 GiB, 30 s a run' %s/plots/*.svg | wc -l; "
             "grep -c 'rgb(  0, 158, 115)' %s/plots/nodes-vs-moves.svg", dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    int captioned = 0, green = 0;
    cr_assert_eq(sscanf(out, "%d %d", &captioned, &green), 2, "%s", out);
    cr_assert_eq(captioned, 9, "%s", out);
    cr_assert_gt(green, 0, "%s", out);
    free(out), free(err);
}

Test(bench, timing_warnings)
{
    /* The timing warning's rule, on samples made up to hit each case. */
    const struct { double wall[5]; int n; const char *warning; } cases[] = {
        {{1.0, 1.1, 0.9, 1.0, 1.05}, 5, ""},
        {{1.0}, 1, ""},
        {{1.0, 2.5}, 2, "spread"},
        {{3.0, 1.0, 1.1, 1.0, 0.9}, 5, "spread;first-outlier"},
        {{1.0, 1.0, 2.1, 1.0, 1.0}, 5, "spread"},
        {{1.9, 1.0, 0.95}, 3, ""},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char warning[32];
        timing_warning(cases[k].wall, cases[k].n, warning);
        cr_assert_str_eq(warning, cases[k].warning, "case %zu", k);
    }
}

/* Without gnuplot or Graphviz (and no layout kept from an earlier report) the page is still
 * written, each missing program said in one line, and the page says there are no figures. */
Test(report, missing_programs_are_one_line_each)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --out %s tests/data/trace/small.txt "
             ">/dev/null && B=$(realpath %s) && XDG_CACHE_HOME=%s/cache PATH=/nonexistent $B/bench report %s",
             th_bin(), dir, th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    char want[512];
    snprintf(want, sizeof want,
             "bench report: no state graphs: sfdp is not installed (Debian package graphviz)\n"
             "bench report: no figures: gnuplot is not installed (Debian package gnuplot-nox)\n"
             "bench report: wrote %s/report.html (4 rows, 0 state graphs)\n", dir);
    cr_assert_str_eq(err, want);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "grep -c 'No figures' %s/report.html", dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
}

/* bench report: one self-contained page, its figures drawn by bench report itself, driven in
 * a real browser (Debian's Chromium, headless): it loads with no console message, sorts,
 * filters, shows every number with its unit and the column's name in each header's tooltip,
 * opens a drill-down of each family, steps every solution of it to the goal, and plays each
 * solver's walk on the puzzle's state graph to the end, where the count shown is the row's
 * `expanded` (its own #selftest); a screenshot is kept in build/test-output/report.png. */
Test(report, the_page_works_in_chromium, .timeout = 300)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,dfs,astar,iddfs-zone,bibfs --out %s "
                              FIGURE_CORPUS " tests/data/trace/small.txt corpus/klotski/classic.txt "
                              "corpus/tiles/small.txt >/dev/null 2>&1 && "
                              "%s/bench report %s && ls %s/plots/*.svg | wc -l",
             th_bin(), dir, th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(err, "bench report: wrote "), "%s", err);
    cr_assert_null(strstr(err, ", 0 state graphs)"), "%s", err);
    cr_assert_eq(atoi(out), 9, "the figures bench report drew: %s", out);
    free(out), free(err);
    /* Self-contained: no script, style or picture fetched from anywhere. */
    snprintf(cmd, sizeof cmd, "grep -c -e '<script src' -e '<link' -e '<img src' %s/report.html", dir);
    cr_assert_eq(run(cmd, &out, &err), 1, "%s", out);   /* grep: no line found */
    free(out), free(err);
    /* The browser's half runs none of our code: the optimized run drives it (it took 25 s of
     * the sanitized run's time). */
    if (th_sanitized()) return;
    out = th_page_selftest(dir);
    cr_assert_not_null(strstr(out, "<pre id=\"selftest\">PASS: sorted"), "%s", out);
    cr_assert_not_null(strstr(out, "filtered (3 families)"), "%s", out);   /* the family menu */
    cr_assert_not_null(strstr(out, "opened a drill-down of rush, klotski, tiles, "), "%s", out);
    cr_assert(strstr(out, "stepped 0 solutions") == NULL, "%s", out);
    /* One per solver on Rush Hour's first puzzle with a graph, and on the tiles' (iddfs-zone
     * takes Rush Hour alone). */
    cr_assert_not_null(strstr(out, "played 9 walks"), "%s", out);
    cr_assert_not_null(strstr(out, "\n0\n"), "console messages: %s", out);   /* no CONSOLE line */
    free(out);
    snprintf(cmd, sizeof cmd,
             "mkdir -p build/test-output && chromium --headless=new --no-sandbox --disable-gpu "
             "--hide-scrollbars --window-size=1280,1000 --virtual-time-budget=5000 "
             "--screenshot=build/test-output/report.png 'file://%s/report.html' 2>/dev/null && "
             "stat -c %%s build/test-output/report.png", dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_gt(atol(out), 20000, "screenshot of %s bytes", out);
    free(out), free(err);
}

/* A report of one family alone: its drill-down draws the board from the C side's picture and
 * steps each solution to the goal, whatever the family's notation (the page reads none). */
Test(report, the_drill_down_works_for_each_family_alone, .timeout = 300)
{
    if (th_sanitized()) return;   /* the browser runs none of our code */
    const char *const inputs[][2] = {{"rush", "corpus/seeds/seeds.txt"},
                                     {"klotski", "corpus/klotski/classic.txt corpus/klotski/codeabbey-easy.txt"},
                                     {"tiles", "corpus/tiles/small.txt"}};
    for (int k = 0; k < 3; k++) {
        char dir[64], cmd[2048], *out, *err, want[128];
        th_scratch(dir);
        snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,dfs,astar --out %s %s "
                                  ">/dev/null 2>&1 && %s/bench report %s 2>/dev/null",
                 th_bin(), dir, inputs[k][1], th_bin(), dir);
        cr_assert_eq(run(cmd, &out, &err), 0, "%s: %s", inputs[k][0], err);
        free(out), free(err);
        out = th_page_selftest(dir);
        snprintf(want, sizeof want, "filtered (1 families), paged, checked the summary's formats and");
        cr_assert_not_null(strstr(out, "<pre id=\"selftest\">PASS: sorted"), "%s: %s", inputs[k][0], out);
        cr_assert_not_null(strstr(out, want), "%s: %s", inputs[k][0], out);
        snprintf(want, sizeof want, "opened a drill-down of %s, stepped 3 solutions", inputs[k][0]);
        cr_assert_not_null(strstr(out, want), "%s: %s", inputs[k][0], out);
        cr_assert_not_null(strstr(out, "\n0\n"), "%s: console messages: %s", inputs[k][0], out);
        free(out);
    }
}

/* A report made again lays out nothing again: each graph's layout is kept by its content, and
 * the page is the same to the byte; the figures are not drawn again either. */
Test(report, layouts_and_figures_are_made_once, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,dfs --out %s corpus/seeds/ >/dev/null; "
             "export XDG_CACHE_HOME=%s/cache; %s/bench report %s && cp %s/report.html %s/first.html && "
             "drawn=$(stat -c %%Y.%%N %s/plots/cactus.png) && sleep 1 && "
             "%s/bench report %s && cmp %s/report.html %s/first.html && "
             "test \"$drawn\" = \"$(stat -c %%Y.%%N %s/plots/cactus.png)\" && "
             "ls %s/cache/unblock-bench/layouts | wc -l",
             th_bin(), dir, dir, th_bin(), dir, dir, dir, dir, th_bin(), dir, dir, dir, dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s%s", out, err);
    /* The one seed whose cluster has at most 1,000 states: one graph, laid out once. */
    cr_assert_str_eq(out, "1\n");
    cr_assert_not_null(strstr(err, "(22 rows, 1 state graphs)\n"), "%s", err);
    cr_assert_not_null(strstr(err, "(22 rows, 1 state graphs, 1 laid out before)\n"), "%s", err);
    cr_assert_null(strstr(err, "no figures"), "%s", err);
    free(out), free(err);
}
