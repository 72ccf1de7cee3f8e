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
    cr_assert_str_eq(out, "kotlin-4x4.txt:1: 2 moves, 3 steps\nB+1 A+2\n");
    cr_assert_str_eq(err, "");
    free(out), free(err);
}

Test(cli, show_prints_every_position)
{
    char *out, *err;
    cr_assert_eq(solve("--show corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0);
    cr_assert_str_eq(out, "kotlin-4x4.txt:1: 2 moves, 3 steps\nB+1 A+2\n"
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
    cr_assert_not_null(strstr(out, "\"status\":\"unsolvable\",\"moves\":null"));
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
        {"--max-states lots corpus/seeds/seeds.txt", "solve: --max-states: 'lots' is not a count\n"},
        {"--max-seconds -1 corpus/seeds/seeds.txt", "solve: --max-seconds: '-1' is not a number of seconds\n"},
        {"--bogus corpus/seeds/seeds.txt", "solve: unknown option '--bogus' (see --help)\n"},
        {"--solver", "solve: --solver needs a value\n"},
        {"", "solve: no puzzle file given (see --help)\n"},
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
