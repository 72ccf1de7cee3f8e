/* test_bench.c -- bin/bench, bin/micro and the plots, run as a user runs them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* A fresh scratch folder per test. */
static void scratch(char *dir)
{
    strcpy(dir, "/tmp/ubbench-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

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

Test(bench, csv_has_the_exact_deterministic_columns)
{
    char dir[64], cmd[1024], *out, *err;
    scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/bench --no-progress --solver bfs,dfs,astar,iddfs-zone --csv %s/r.csv "
             "corpus/seed-formats/ >/dev/null && cut -d, -f1-11,14-20,23-24 %s/r.csv",
             th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    char *expected = slurp("tests/data/bench/seed-formats.expected.csv");
    cr_assert_str_eq(out, expected);
    free(out), free(err), free(expected);
}

Test(bench, summary_json_and_markdown)
{
    char dir[64], cmd[1024], *out, *err;
    scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,dfs --out %s corpus/seed-formats/",
             th_bin(), dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "| bfs | 5 | 5 | 5 | 100.0% | 0.00 | 0 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| dfs | 5 | 5 | 5 | 0.0% |"), "%s", out);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/summary.md", dir);
    char *md = slurp(path);
    cr_assert_not_null(strstr(md, "| solver | runs | solved | within budget | optimal |"));
    free(md);
    snprintf(path, sizeof path, "%s/results.json", dir);
    char *json = slurp(path);
    const char *keys[] = {"\"meta\"", "\"date\"", "\"cpu\"", "\"compiler\"", "\"flags\"",
                          "\"commit\"", "\"budget\"", "\"rows\"",
                          "\"solver\": \"bfs\", \"puzzle\": \"csharp-750.txt:1\"",
                          "\"moves\": 37, \"steps\": 51, \"optimal_moves\": 37, \"optimal\": \"yes\""};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        cr_assert_not_null(strstr(json, keys[k]), "missing %s", keys[k]);
    int rows = 0;
    for (char *s = json; (s = strstr(s, "{\"solver\"")); s++) rows++;
    cr_assert_eq(rows, 10);
    free(json);
}

Test(bench, budgets_give_budget_rows_not_failures)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,idastar --max-states 10 --csv - "
                              "corpus/seeds/seeds.txt | cut -d, -f1,4,18 | grep -c ',budget,states$'",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_eq(atoi(out), 22);   /* 11 puzzles, 2 solvers: none is solved in 10 expansions */
    free(out), free(err);
}

Test(bench, a_wrong_optimum_fails_the_run_loudly)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs tests/data/bench/wrong-optimum.txt",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_not_null(strstr(err, "bench: CHECK FAILED: bfs on wrong: 2 moves, optimum 1"), "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --verify --solver bfs "
                              "tests/data/bench/wrong-optimum.txt", th_bin());
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_not_null(strstr(err, "wrong: the file says 1 moves (-2: none), the reference BFS finds 2"),
                       "%s", err);
    free(out), free(err);
}

Test(bench, verify_rejects_a_tampered_solution)
{
    char dir[64], cmd[1024], *out, *err;
    scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --csv %s/r.csv corpus/seed-formats/"
                              " >/dev/null", th_bin(), dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench verify %s/r.csv corpus/seed-formats/", th_bin(), dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "5 rows, 5 solutions replayed to the goal, 0 failed\n");
    free(out), free(err);
    /* B+1 A+2 solves kotlin-4x4; A+2 first runs into B. */
    snprintf(cmd, sizeof cmd, "sed 's/,B+1 A+2,/,A+2 B+1,/' %s/r.csv > %s/t.csv && "
                              "%s/bench verify %s/t.csv corpus/seed-formats/", dir, dir, th_bin(), dir);
    cr_assert_eq(run(cmd, &out, &err), 4);
    cr_assert_str_eq(err, "bench: CHECK FAILED: bfs on kotlin-4x4.txt:1: illegal solution: "
                          "move 1 (A+2): piece A is blocked\n");
    cr_assert_str_eq(out, "5 rows, 4 solutions replayed to the goal, 1 failed\n");
    free(out), free(err);
}

Test(bench, shards_through_gnu_parallel_merge_to_the_single_run)
{
    char dir[64], cmd[2048], *out, *err;
    scratch(dir);
    const char *cols = "cut -d, -f1-11,14-20,23-24";
    snprintf(cmd, sizeof cmd,
             "set -e; B=%s; D=%s;"
             "$B/bench --no-progress --solver bfs,astar,dfs --csv $D/single.csv corpus/seeds "
             "corpus/seed-formats >/dev/null;"
             "parallel --will-cite $B/bench --no-progress --solver bfs,astar,dfs --shard {}/3 "
             "--csv $D/shard{}.csv corpus/seeds corpus/seed-formats ::: 1 2 3 >/dev/null;"
             "$B/bench merge --csv $D/merged.csv $D/shard1.csv $D/shard2.csv $D/shard3.csv >/dev/null;"
             "%s $D/single.csv > $D/a; %s $D/merged.csv > $D/b; cmp $D/a $D/b; wc -l < $D/b;"
             "for k in 1 2 3; do tail -n +2 $D/shard$k.csv | wc -l; done",
             th_bin(), dir, cols, cols);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    /* 16 puzzles x 3 solvers + header; shards of 6, 5 and 5 puzzles. */
    cr_assert_str_eq(out, "49\n18\n15\n15\n");
    free(out), free(err);
    /* Overlapping shards are refused. */
    snprintf(cmd, sizeof cmd, "%s/bench merge %s/shard1.csv %s/shard1.csv", th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 2);
    cr_assert_not_null(strstr(err, "appears twice"));
    free(out), free(err);
}

Test(bench, bad_usage_exits_2_with_one_line)
{
    const char *cases[][2] = {
        {"--shard 3/2 corpus/seeds", "bench: --shard: '3/2' is not K/N with 1 <= K <= N\n"},
        {"--solver nope corpus/seeds", "bench: unknown solver 'nope' (see --list)\n"},
        {"--repeat 0 corpus/seeds", "bench: --repeat: '0' is not between 1 and 1000\n"},
        {"", "bench: no puzzle path given (see --help)\n"},
        {"tests/data/empty.txt", "bench: tests/data/empty.txt: empty file\n"},
        {"merge tests/data/empty.txt", "bench: merge: tests/data/empty.txt: empty file\n"},
        {"verify corpus/seeds/seeds.txt corpus/seeds",
         "bench: verify: corpus/seeds/seeds.txt:1: not a bench CSV (the header differs)\n"},
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

Test(bench, repeat_reports_median_and_spread)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --repeat 5 --csv - "
                              "corpus/seed-formats/kotlin-4x4.txt 2>/dev/null | tail -1 | cut -d, -f13,21,22,23",
             th_bin());
    cr_assert_eq(run(cmd, &out, &err), 0);
    double median, lo, hi;
    int repeat;
    cr_assert_eq(sscanf(out, "%lf,%lf,%lf,%d", &median, &lo, &hi, &repeat), 4, "%s", out);
    cr_assert_eq(repeat, 5);
    cr_assert(lo <= median && median <= hi);
    free(out), free(err);
}

Test(micro, lists_its_benchmarks)
{
    char *out, *err;
    cr_assert_eq(run("bin/micro --benchmark_list_tests", &out, &err), 0, "%s", err);
    const char *names[] = {"movegen/easy\n", "stateset/insert/mul/hard\n", "stateset/find/xxh3/medium\n",
                           "solve/bfs/easy\n", "solve/idastar/hard\n", "solve/iddfs-zone/medium\n"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        cr_assert_not_null(strstr(out, names[k]), "missing %s", names[k]);
    int lines = 0;
    for (char *s = out; *s; s++) lines += *s == '\n';
    cr_assert_eq(lines, 3 + 12 + 8 * 3);
    free(out), free(err);
    cr_assert_eq(run("bin/micro --bogus", &out, &err), 2);
    free(out), free(err);
}

Test(plots, make_plots_draws_every_figure)
{
    char dir[64], cmd[1024], *out, *err;
    scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs,bfs1,dfs,astar --out %s "
                              "corpus/seed-formats corpus/seeds >/dev/null && plots/make-plots.sh %s",
             th_bin(), dir, dir);
    cr_assert_eq(run(cmd, &out, &err), 0, "%s", err);
    const char *figures[] = {"cactus", "time-vs-moves", "nodes-vs-moves", "memory-vs-moves", "excess"};
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
}
