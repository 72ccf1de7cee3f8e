/* test_cli.c -- bin/solve as a user runs it: outputs, exit codes, error lines. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static int solve(const char *args, char **out, char **err)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/solve %s", th_bin(), args);
    return th_run(cmd, out, err);
}

Test(cli, solves_a_seed_file)
{
    char *out, *err;
    cr_assert_eq(solve("corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "corpus/seed-formats/kotlin-4x4.txt:1: 2 moves, 3 steps\nB+1 A+2\n");
    cr_assert_str_eq(err, "");
    free(out), free(err);
}

Test(cli, show_prints_every_position)
{
    char *out, *err;
    cr_assert_eq(solve("--show corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0);
    cr_assert_str_eq(out, "corpus/seed-formats/kotlin-4x4.txt:1: 2 moves, 3 steps\nB+1 A+2\n"
                          "+----+\n|....|\n|AAB.>\n|..B.|\n|CC..|\n+----+\n"
                          "1. B+1\n+----+\n|....|\n|AA..>\n|..B.|\n|CCB.|\n+----+\n"
                          "2. A+2\n+----+\n|....|\n|..AA>\n|..B.|\n|CCB.|\n+----+\n");
    free(out), free(err);
}

Test(cli, json_has_every_field)
{
    char *out, *err;
    cr_assert_eq(solve("--json --cluster corpus/seed-formats/python-605.txt", &out, &err), 0);
    const char *fields[] = {"\"file\":\"corpus/seed-formats/python-605.txt:1\"", "\"board\":\"+------+\\n",
                            "\"db\":\"BCDDDoBCoEFoBAAEFoGGHoFoooHIIooJJKKo\"", "\"solver\":\"bfs\"",
                            "\"status\":\"solved\"", "\"cluster_states\":", "\"seconds\":"};
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
        cr_assert_not_null(strstr(out, fields[k]), "missing %s in %s", fields[k], out);
    free(out), free(err);
    cr_assert_eq(solve("--json corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0);
    const char *more[] = {"\"db\":null", "\"moves\":2", "\"steps\":3", "\"solution\":[\"B+1\",\"A+2\"]",
                          "\"expanded\":", "\"generated\":"};
    for (size_t k = 0; k < sizeof more / sizeof *more; k++)
        cr_assert_not_null(strstr(out, more[k]), "missing %s in %s", more[k], out);
    cr_assert_eq(out[strlen(out) - 1], '\n');
    cr_assert_null(strchr(out, '\n') + 1 == out + strlen(out) ? NULL : "more than one line");
    free(out), free(err);
}

Test(cli, many_puzzles_one_json_line_each_and_the_worst_status)
{
    char *out, *err;
    /* seeds.txt holds an unsolvable puzzle: exit 1. */
    cr_assert_eq(solve("--json corpus/seeds/seeds.txt", &out, &err), 1);
    int lines = 0;
    for (char *s = out; *s; s++) lines += *s == '\n';
    cr_assert_eq(lines, 11);
    cr_assert_not_null(strstr(out, "\"status\":\"unsolvable\",\"budget_hit\":null,\"moves\":null"));
    free(out), free(err);
    /* A budget hit outranks no solution. */
    cr_assert_eq(solve("--max-states 50 corpus/seeds/seeds.txt", &out, &err), 3);
    cr_assert_not_null(strstr(out, "budget exceeded (states)"));
    free(out), free(err);
}

Test(cli, standard_input_and_native_output)
{
    char *out, *err;
    cr_assert_eq(th_run("echo 'ooooooooooooAAoooooooooooooooooooooo' | bin/solve --native -", &out, &err), 0);
    cr_assert_str_eq(out, "name: <stdin>:1\n+------+\n|......|\n|......|\n|AA....>\n|......|\n|......|\n|......|\n+------+\n");
    free(out), free(err);
}

Test(cli, bad_input_and_usage_exit_2_with_one_line)
{
    const struct { const char *args, *message; } cases[] = {
        {"tests/data/empty.txt", "solve: tests/data/empty.txt: empty file\n"},
        {"tests/data/random.bin", NULL},
        {"no-such-file.txt", "solve: no-such-file.txt: No such file or directory\n"},
        {"--solver nope corpus/seeds/seeds.txt", "solve: unknown solver 'nope' (see --list)\n"},
        {"--format nope corpus/seeds/seeds.txt", "solve: unknown format 'nope' (see --help)\n"},
        {"--max-states lots corpus/seeds/seeds.txt",
         "solve: --max-states: 'lots' is not a count (digits, then K M G T or Ki Mi Gi Ti)\n"},
        {"--max-states 1X corpus/seeds/seeds.txt",
         "solve: --max-states: '1X' is not a count (digits, then K M G T or Ki Mi Gi Ti)\n"},
        {"corpus/seeds/seeds.txt --bogus", "solve: unknown option '--bogus' (see --help)\n"},
        {"-q corpus/seeds/seeds.txt", "solve: unknown option '-q' (see --help)\n"},
        {"--max-seconds -1 corpus/seeds/seeds.txt", "solve: --max-seconds: '-1' is not a number of seconds\n"},
        {"--bogus corpus/seeds/seeds.txt", "solve: unknown option '--bogus' (see --help)\n"},
        {"--solver", "solve: --solver needs a value\n"},
        {"", "solve: no puzzle path given (see --help)\n"},
        {"schema", "solve: schema: no puzzle found there\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *out, *err;
        cr_expect_eq(solve(cases[k].args, &out, &err), 2, "%s", cases[k].args);
        cr_expect_str_eq(out, "", "%s printed to stdout", cases[k].args);
        if (cases[k].message) cr_expect_str_eq(err, cases[k].message);
        int lines = 0;
        for (char *s = err; *s; s++) lines += *s == '\n';
        cr_expect_eq(lines, 1, "%s: %s", cases[k].args, err);
        free(out), free(err);
    }
}

Test(cli, a_bad_file_among_good_ones_prints_nothing)
{
    char *out, *err;
    cr_assert_eq(solve("corpus/seeds/seeds.txt tests/data/empty.txt", &out, &err), 2);
    cr_assert_str_eq(out, "");
    free(out), free(err);
}

Test(cli, help_and_list)
{
    char *out, *err;
    cr_assert_eq(solve("--help", &out, &err), 0);
    cr_assert_not_null(strstr(out, "Exit status: 0 solved, 1 no solution, 2 bad input"));
    free(out), free(err);
    cr_assert_eq(solve("--list", &out, &err), 0);
    cr_assert_not_null(strstr(out, "bfs "));
    free(out), free(err);
}

Test(cli, gnu_conventions_options_anywhere_equals_double_dash_version)
{
    char *out, *err;
    /* Options after the operand, --opt=value, and a list naming a solver twice (run once). */
    cr_assert_eq(solve("corpus/seed-formats/kotlin-4x4.txt --solver=bfs,astar,bfs --stats", &out, &err), 0,
                 "%s", err);
    cr_assert_not_null(strstr(out, "corpus/seed-formats/kotlin-4x4.txt:1 [bfs]: 2 moves, 3 steps\n"));
    cr_assert_not_null(strstr(out, "corpus/seed-formats/kotlin-4x4.txt:1 [astar]: 2 moves, 3 steps\n"));
    int runs = 0;
    for (char *s = out; (s = strstr(s, "[bfs]")); s++) runs++;
    cr_assert_eq(runs, 1);
    free(out), free(err);
    /* After --, an operand that looks like an option is a file name. */
    cr_assert_eq(solve("-- --json", &out, &err), 2);
    cr_assert_str_eq(err, "solve: --json: No such file or directory\n");
    free(out), free(err);
    cr_assert_eq(solve("--version", &out, &err), 0);
    cr_assert_eq(strncmp(out, "solve 0.4.0 (commit ", 20), 0, "%s", out);
    free(out), free(err);
    cr_assert_eq(solve("-h", &out, &err), 0);
    cr_assert_not_null(strstr(out, "K M G (powers of 1000) or Ki Mi Gi (powers of 1024)"));
    free(out), free(err);
}

Test(cli, counts_mean_the_same_everywhere_and_budgets_are_exact)
{
    char *out, *err;
    cr_assert_eq(solve("--json --max-states 1K corpus/seed-formats/python-605.txt", &out, &err), 3);
    cr_assert_not_null(strstr(out, "\"budget_hit\":\"states\""), "%s", out);
    cr_assert_not_null(strstr(out, "\"expanded\":1000,"), "%s", out);
    free(out), free(err);
    cr_assert_eq(solve("--json --max-states=1Ki corpus/seed-formats/python-605.txt", &out, &err), 3);
    cr_assert_not_null(strstr(out, "\"expanded\":1024,"), "%s", out);
    free(out), free(err);
}

Test(cli, defaults_agree_with_bench)
{
    /* iddfs cannot finish this 32-move puzzle: with no options it stops at bench's 5 M states,
     * as bench does, instead of running on for a minute. */
    char *out, *err;
    cr_assert_eq(solve("--json --solver iddfs corpus/seed-formats/python-605.txt", &out, &err), 3);
    cr_assert_not_null(strstr(out, "\"budget_hit\":\"states\""), "%s", out);
    cr_assert_not_null(strstr(out, "\"expanded\":5000000,"), "%s", out);
    free(out), free(err);
}

Test(cli, cluster_text_names_the_solver_and_prints_the_solution)
{
    char *out, *err;
    cr_assert_eq(solve("--cluster corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0);
    cr_assert_str_eq(out, "corpus/seed-formats/kotlin-4x4.txt:1 [bfs --cluster]: cluster 9 states, "
                          "2 moves, 3 steps\nB+1 A+2\n");
    free(out), free(err);
}

Test(cli, json_output_validates_against_the_schema)
{
    char *out, *err;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "set -e; f=$(mktemp); "
             "%s/solve --json --solver all --max-states 100K corpus/seeds corpus/seed-formats > $f || true; "
             "%s/solve --json --cluster corpus/seed-formats >> $f; "
             "tests/validate-json.py schema/solve.schema.json $f --lines; rm $f", th_bin(), th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "valid: 133 document(s)\n");   /* 16 x 8 solvers, 5 clusters */
    free(out), free(err);
    /* Typed values: the primary of csharp-750 is F, and its board says so. */
    cr_assert_eq(solve("--json corpus/seed-formats/csharp-750.txt", &out, &err), 0);
    cr_assert_not_null(strstr(out, "\"board\":\"primary: F\\n+------+\\n|A.BCCC|\\n"), "%s", out);
    cr_assert_not_null(strstr(out, "\"db\":null"), "%s", out);
    free(out), free(err);
}
