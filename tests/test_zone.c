/* test_zone.c -- the seed C# solver's two programs (zone13, iddfs-zone) as their author wrote
 * them: the zones of a move cell by cell, the author's published solution move for move, the
 * parameters, and the defect of version 0.4 (a false "no solution") that the faithful rules fix. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "rush/zone.h"
#include "solvers/registry.h"
#include "tests/helpers.h"

TestSuite(zone, .fini = th_check_leaks);

static const solver_budget unlimited = {0, 0, 0};

/* The cells of a horizontal run in row `row` from column a to b. */
static uint64_t row_run(int row, int a, int b)
{
    uint64_t run = 0;
    for (int c = a; c <= b; c++) run |= 1ull << (row * 8 + c);
    return run;
}

/* One board with a car (length 2) and a truck (length 3) in row 0 and row 1 of an 8-wide line,
 * to read each zone of the table for every sign of d and both m < L and m >= L. */
Test(zone, zones_are_the_documented_runs)
{
    const char *text = "+--------+\n|.CC.....|\n|TTT.....|\n|AA......>\n|........|\n|........|\n"
                       "|........|\n|........|\n|........|\n+--------+\n";
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &list, err), 1, "%s", err);
    const board *b = &list.items[0].board;
    uint64_t key = list.items[0].start;
    int car = board_find_label(b, 'C'), truck = board_find_label(b, 'T');

    /* Car at s = 1, L = 2, d = +1 (m < L). */
    zone_move z = zone_of(b, key, (move){(uint8_t)car, 1});
    cr_assert_eq(z.E, row_run(0, 3, 3));
    cr_assert_eq(z.Ea, row_run(0, 3, 3));
    cr_assert_eq(z.Lv, row_run(0, 1, 1));
    cr_assert_eq(z.La, row_run(0, 1, 1));
    /* d = +4 (m >= L): E sweeps 3..6, Ea is where it lands 5..6, Lv 1..4, La its old cells. */
    z = zone_of(b, key, (move){(uint8_t)car, 4});
    cr_assert_eq(z.E, row_run(0, 3, 6));
    cr_assert_eq(z.Ea, row_run(0, 5, 6));
    cr_assert_eq(z.Lv, row_run(0, 1, 4));
    cr_assert_eq(z.La, row_run(0, 1, 2));
    cr_assert_eq(z.key, key + 4 * (1ull << b->piece[car].shift));
    /* d = -1 (m < L): E 0..0, Ea 0..0, Lv s+L-m = 2..2, La 2..2. */
    z = zone_of(b, key, (move){(uint8_t)car, -1});
    cr_assert_eq(z.E, row_run(0, 0, 0));
    cr_assert_eq(z.Ea, row_run(0, 0, 0));
    cr_assert_eq(z.Lv, row_run(0, 2, 2));
    cr_assert_eq(z.La, row_run(0, 2, 2));

    /* The truck moved to s = 4 first, then back by d = -4 (m >= L) and d = -2 (m < L). */
    uint64_t far = key + 4 * (1ull << b->piece[truck].shift);
    z = zone_of(b, far, (move){(uint8_t)truck, -4});
    cr_assert_eq(z.E, row_run(1, 0, 3));
    cr_assert_eq(z.Ea, row_run(1, 0, 2));
    cr_assert_eq(z.Lv, row_run(1, 3, 6));
    cr_assert_eq(z.La, row_run(1, 4, 6));
    z = zone_of(b, far, (move){(uint8_t)truck, -2});
    cr_assert_eq(z.E, row_run(1, 2, 3));
    cr_assert_eq(z.Ea, row_run(1, 2, 3));
    cr_assert_eq(z.Lv, row_run(1, 5, 6));
    cr_assert_eq(z.La, row_run(1, 5, 6));
    puzzle_list_free(&list);
}

/* The author's published solution for the C# input (W = 5, depth 50, order check on): our
 * zone13 finds it move for move, then ends with the slide to the exit. */
Test(zone, zone13_reproduces_the_published_solution)
{
    const char *published = "G-1 J+1 K+1 A+3 F-1 B+3 C-1 E-1 F+1 A-3 I-1 J+1 K-1 D+2 F+1 H-3 F-1 "
                            "D-2 J-1 I+1 E+1 C+1 K+1 A+3 F-1 B-3 F+1 A-3 J-3 G+2 K-1 D+2 F+2 B+1 "
                            "C-1";
    puzzle_list list = th_load("corpus/seed-formats/csharp-750.txt");
    solver_setup u;
    setup_init(&u, solver_find("zone13"));
    char err[SETUP_ERR_MAX];
    cr_assert_eq(setup_set(&u, "window", "5", err), 1);
    cr_assert_eq(setup_set(&u, "depth", "50", err), 1);
    cr_assert_eq(setup_set(&u, "order", "1", err), 1);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r = th_solve_setup(&ctx, &u, &list.items[0], &unlimited);
    cr_assert_eq(r.status, SOLVE_SOLVED);
    const char *text = r.text;
    cr_assert(strncmp(text, published, strlen(published)) == 0, "got %s", text);
    cr_assert_eq(th_moves(&r), 37, "%s", text);   /* the optimum, as it happens */
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Version 0.4's reading claimed "no solution" here: B and C each block the lane, and its purpose
 * rule, exempting only the first move, forbade whichever moved second. The author exempts the
 * first W moves; both programs solve it, and the first-move ablation brings the defect back. */
Test(zone, independent_blockers_are_solved)
{
    const char *text = "name: two-independent-blockers\n"
                       "+------+\n|......|\n|...B..|\n|AA.BC.>\n|....C.|\n|......|\n|......|\n+------+\n";
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &list, err), 1, "%s", err);
    solver_context ctx;
    solver_context_init(&ctx);
    const char *solvers[] = {"zone13", "iddfs-zone"};
    for (int s = 0; s < 2; s++) {
        solver_result r = th_solve(&ctx, solvers[s], &list.items[0], &unlimited);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", solvers[s]);
        cr_assert_eq(th_moves(&r), s == 0 ? 4 : 3, "%s", solvers[s]);   /* zone13: A+1 first */
        solver_result_free(&r);
    }
    solver_setup u;
    setup_init(&u, solver_find("zone13"));
    cr_assert_eq(setup_set(&u, "ablation", "first-move", err), 1);
    solver_result r = th_solve_setup(&ctx, &u, &list.items[0], &unlimited);
    cr_assert_eq(r.status, SOLVE_UNSOLVABLE);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The 2015 program on the first 300 sample puzzles: every one solved (the author's claim for
 * the whole sample is measured by the benchmark, docs/solvers.md), each solution legal. */
Test(zone, iddfs_zone_solves_the_sample)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget budget = {5000000, 0, 0};
    for (int k = 0; k < 300 && k < list.count; k++) {
        solver_result r = th_solve(&ctx, "iddfs-zone", &list.items[k], &budget);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", list.items[k].name);
        cr_assert_geq(th_moves(&r), list.items[k].optimal, "%s", list.items[k].name);
        solver_result_free(&r);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The capped table says so when it overflows, and the cap does not change legality. */
Test(zone, table_cap_is_reported)
{
    puzzle_list list = th_load("corpus/seed-formats/csharp-750.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r = th_solve(&ctx, "iddfs-zone", &list.items[0], &unlimited);
    cr_assert_null(r.note);
    solver_result_free(&r);
    solver_setup u;
    setup_init(&u, solver_find("iddfs-zone"));
    char err[SETUP_ERR_MAX];
    cr_assert_eq(setup_set(&u, "table", "100", err), 1);
    r = th_solve_setup(&ctx, &u, &list.items[0], &unlimited);
    cr_assert_str_eq(r.note, "table-full");
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Parameters: names and values checked, labels and parameter text, heuristics in labels. */
Test(zone, parameters_and_labels)
{
    solver_setup u;
    char err[SETUP_ERR_MAX], text[SETUP_PARAMS_MAX], label[SETUP_LABEL_MAX];
    setup_init(&u, solver_find("zone13"));
    setup_params_text(&u, -1, text);
    cr_assert_str_eq(text, "window=4 depth=50 order=1 ablation=none");
    cr_assert_eq(setup_set(&u, "window", "0", err), -1);
    cr_assert(strstr(err, "window is a whole number from 1 to 200"), "%s", err);
    cr_assert_eq(setup_set(&u, "window", "5x", err), -1);
    cr_assert_eq(setup_set(&u, "ablation", "bogus", err), -1);
    cr_assert(strstr(err, "one of none first-move gained-cells strict-order"), "%s", err);
    cr_assert_eq(setup_set(&u, "nope", "1", err), 0);
    cr_assert_eq(setup_set(&u, "window", "5", err), 1);
    setup_params_text(&u, -1, text);
    cr_assert_str_eq(text, "window=5 depth=50 order=1 ablation=none");
    setup_label(&u, label);
    cr_assert_str_eq(label, "zone13");
    cr_assert_eq(setup_parse_label("zone13", &u), 0);
    cr_assert_eq(setup_parse_label("zone13/x", &u), -1);
    cr_assert_eq(setup_parse_label("nope", &u), -1);
    cr_assert_lt(setup_label_rank("iddfs"), setup_label_rank("zone13"));
    cr_assert_lt(setup_label_rank("zone13"), setup_label_rank("iddfs-zone"));
}

/* The programs take --param and --list shows every parameter; results record the values. */
Test(zone, command_line_parameters)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --list", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert(strstr(out, "--param window=4"), "%s", out);
    cr_assert(strstr(out, "--param table=50000"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --solver=zone13 --param window=5 --json "
             "corpus/seed-formats/csharp-750.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert(strstr(out, "\"params\":\"window=5 depth=50 order=1 ablation=none\""), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --solver bfs --param window=5 "
             "corpus/seed-formats/csharp-750.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert_str_eq(err, "solve: no chosen solver has a parameter 'window' (see --list)\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --solver zone13 --param window=0 "
             "corpus/seed-formats/csharp-750.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert_str_eq(err, "solve: zone13: window is a whole number from 1 to 200, not '0'\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --solver zone13 --param window "
             "corpus/seed-formats/csharp-750.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert_str_eq(err, "solve: --param takes NAME=VALUE, not 'window'\n");
    free(out), free(err);

    char dir[64];
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver zone13 --param=window=5 --csv %s/r.csv "
             "corpus/seed-formats/csharp-750.txt", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "awk -v cols=solver,params,moves -f plots/columns.awk %s/r.csv", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert_str_eq(out, "zone13\twindow=5 depth=50 order=1 ablation=none\t37\n");
    free(out), free(err);
}
