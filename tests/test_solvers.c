/* test_solvers.c -- every solver through the one interface: legal solutions, the optimum from
 * every solver that promises it, bfs1's fewest steps, "no solution" claims, budgets. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "search/search.h"
#include "solvers/bounds/heuristic.h"
#include "solvers/registry.h"
#include "tests/helpers.h"

TestSuite(solvers, .fini = th_check_leaks);

static const solver_budget unlimited = {0, 0, 0};
static const char *sample_path = "corpus/_database/fogleman-sample.txt";

Test(solvers, registry_lists_every_strategy)
{
    const char *names[] = {"bfs",   "bfs1",  "dfs",   "iddfs",  "zone13",
                           "iddfs-zone", "bibfs", "astar", "idastar"};
    solver_guarantee promise[] = {GUARANTEE_MOVES, GUARANTEE_STEPS, GUARANTEE_NONE,
                                  GUARANTEE_MOVES, GUARANTEE_NONE,  GUARANTEE_NONE,
                                  GUARANTEE_MOVES, GUARANTEE_MOVES, GUARANTEE_MOVES};
    int n = 0;
    while (solver_all[n]) n++;
    cr_assert_eq(n, 9);
    for (int i = 0; i < 9; i++) {
        cr_assert_str_eq(solver_all[i]->name, names[i]);
        cr_assert_eq(solver_find(names[i]), solver_all[i]);
        cr_assert_eq(solver_all[i]->guarantee, promise[i], "%s", names[i]);
        cr_assert_gt(strlen(solver_all[i]->summary), 10);
    }
    cr_assert_null(solver_find("nope"));
}

/* Every solver on every seed puzzle: legal solutions, the optimum where promised, and the
 * unsolvable puzzle recognised by every solver that can prove it. */
Test(solvers, seed_puzzles)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget budget = {2000000, 0, 0};
    for (int s = 0; solver_all[s]; s++)
        for (int k = 0; k < list.count; k++) {
            const puzzle *p = &list.items[k];
            solver_result r = th_solve(&ctx, solver_all[s]->name, p, &budget);
            const char *name = solver_all[s]->name;
            bool exhaustive = solver_all[s]->complete && strcmp(name, "iddfs") != 0;
            if (p->optimal == PUZZLE_UNSOLVABLE) {
                if (exhaustive) cr_assert_eq(r.status, SOLVE_UNSOLVABLE, "%s on %s", name, p->name);
                else cr_assert_neq(r.status, SOLVE_SOLVED);
            } else if (solver_all[s]->guarantee == GUARANTEE_MOVES && r.status == SOLVE_SOLVED) {
                cr_assert_eq(th_moves(&r), p->optimal, "%s on %s", name, p->name);
            } else if (r.status == SOLVE_SOLVED) {
                cr_assert_geq(th_moves(&r), p->optimal, "%s on %s", name, p->name);
            }
            if (exhaustive && strcmp(name, "dfs") != 0 && p->optimal != PUZZLE_UNSOLVABLE)
                cr_assert_eq(r.status, SOLVE_SOLVED, "%s on %s", name, p->name);
            solver_result_free(&r);
        }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The optimal solvers on the whole sample: bfs, bibfs and astar unbounded; idastar within a
 * state budget that keeps the suite short (all of it runs in make test-long). The sanitized
 * suite, there to catch memory errors, takes every `stride`-th puzzle and at_least / stride of
 * them solved; the optimized suite takes them all. */
static void optimal_on_sample(const char *name, const solver_budget *budget, int at_least, int stride)
{
    puzzle_list list = th_load(sample_path);
    solver_context ctx;
    solver_context_init(&ctx);
    int solved = 0;
    if (!th_sanitized()) stride = 1;
    at_least /= stride;
    for (int k = 0; k < list.count; k += stride) {
        solver_result r = th_solve(&ctx, name, &list.items[k], budget);
        cr_assert_neq(r.status, SOLVE_UNSOLVABLE, "%s on %s", name, list.items[k].name);
        if (r.status == SOLVE_SOLVED) {
            cr_assert_eq(th_moves(&r), list.items[k].optimal, "%s on %s: %d moves, optimum %d", name,
                         list.items[k].name, th_moves(&r), list.items[k].optimal);
            solved++;
        }
        solver_result_free(&r);
    }
    cr_assert_geq(solved, at_least, "%s solved %d", name, solved);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(solvers, bibfs_optimal_on_every_sample_puzzle) { optimal_on_sample("bibfs", &unlimited, 3012, 1); }
Test(solvers, astar_optimal_on_every_sample_puzzle) { optimal_on_sample("astar", &unlimited, 3012, 4); }

Test(solvers, idastar_optimal_where_it_finishes)
{
    solver_budget budget = {100000, 0, 0};   /* solves 2,955 of 3,012, and 738 of every fourth */
    optimal_on_sample("idastar", &budget, 2950, 4);
}

Test(solvers, iddfs_optimal_where_it_finishes)
{
    solver_budget budget = {5000, 0, 0};   /* solves 315 of 3,012 */
    optimal_on_sample("iddfs", &budget, 315, 1);
}

Test(solvers, bfs1_has_the_fewest_steps)
{
    puzzle_list list = th_load(sample_path);
    solver_context ctx;
    solver_context_init(&ctx);
    int longer_in_moves = 0;
    for (int k = 0; k < list.count; k++) {
        const puzzle *p = &list.items[k];
        solver_result r = th_solve(&ctx, "bfs1", p, &unlimited);
        th_bfs t = th_textbook_bfs(&p->board, p->start, true);
        cr_assert_eq(th_units(p, &r).steps, t.length, "%s", p->name);
        th_bfs_free(&t);
        cr_assert_geq(th_moves(&r), p->optimal);
        longer_in_moves += th_moves(&r) > p->optimal;
        /* No other solver's solution has fewer steps. */
        solver_result o = th_solve(&ctx, "bfs", p, &unlimited);
        cr_assert_leq(th_units(p, &r).steps, th_units(p, &o).steps);
        solver_result_free(&o);
        solver_result_free(&r);
    }
    cr_assert_gt(longer_in_moves, 2500);   /* fewest steps is not fewest moves (2,761 of 3,012) */
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(solvers, dfs_finds_a_legal_solution_to_every_sample_puzzle)
{
    puzzle_list list = th_load(sample_path);
    solver_context ctx;
    solver_context_init(&ctx);
    long excess = 0;
    for (int k = 0; k < list.count; k++) {
        solver_result r = th_solve(&ctx, "dfs", &list.items[k], &unlimited);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", list.items[k].name);
        cr_assert_geq(th_moves(&r), list.items[k].optimal);
        excess += th_moves(&r) - list.items[k].optimal;
        solver_result_free(&r);
    }
    cr_assert_gt(excess, 3012 * 10);   /* and it is far from optimal, as expected */
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Each budget stops every solver cleanly, and the context stays usable. */
Test(solvers, budgets_stop_every_solver)
{
    puzzle_list list = th_load(sample_path);
    const puzzle *hard = &list.items[list.count - 1];
    solver_context ctx;
    solver_context_init(&ctx);
    const solver_budget budgets[] = {{100, 0, 0}, {0, 1, 0}, {0, 0, 1e-9}};
    const char *hit[] = {"states", "bytes", "seconds"};
    for (int s = 0; solver_all[s]; s++)
        for (int k = 0; k < 3; k++) {
            solver_result r = th_solve(&ctx, solver_all[s]->name, hard, &budgets[k]);
            cr_assert_eq(r.status, SOLVE_BUDGET, "%s with budget %d", solver_all[s]->name, k);
            cr_assert_str_eq(r.budget_hit, hit[k], "%s", solver_all[s]->name);
            cr_assert_null(r.text);
            if (k == 0) cr_assert_leq(r.expanded, 101, "%s", solver_all[s]->name);
            solver_result_free(&r);
        }
    solver_result r = th_solve(&ctx, "bibfs", hard, &unlimited);
    cr_assert_eq(th_moves(&r), hard->optimal);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(solvers, exits_on_other_sides)
{
    puzzle_list list = th_load(sample_path);
    solver_context ctx;
    solver_context_init(&ctx);
    const char *names[] = {"bibfs", "astar", "idastar"};
    for (int k = 0; k < list.count; k += 50) {
        puzzle m = th_mirror(&list.items[k]), t = th_transpose(&m);
        for (int s = 0; s < 3; s++) {
            solver_result r = th_solve(&ctx, names[s], &t, &unlimited);
            cr_assert_eq(th_moves(&r), list.items[k].optimal, "%s on %s, top exit", names[s],
                         list.items[k].name);
            solver_result_free(&r);
        }
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Korf's IDA* keeps paths of at most a thousand moves. On a puzzle whose moves cycle without a
 * goal (two pieces back and forth, the exit held by a truck that cannot leave the primary's row),
 * every threshold finds a longer path, until that cap: reaching it proves nothing, so the row is a
 * budget, never a claim of no solution (it was, until this test). */
Test(solvers, korfs_ida_at_its_depth_cap_claims_nothing)
{
    char dir[64], cmd[512], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "printf '+----+\\n|AA.C>\\n|BxxC|\\n|Bxxx|\\n|.xxx|\\n+----+\\n' > %s/c.txt && "
             "%s/solve --json --solver idastar --heuristic blockers --param table=0 --max-states 0 "
             "%s/c.txt", dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 3, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "\"status\":\"budget\",\"budget_hit\":\"bytes\""), "%s", out);
    cr_assert_not_null(strstr(out, "\"note\":\"Korf's IDA* keeps paths of at most 1000 moves\""), "%s", out);
    free(out), free(err);
}

/* ---- parameters by family ---------------------------------------------------------------- */

/* A parameter belongs to the families it applies to: the tiles' partition set for a Rush Hour
 * puzzle is one line naming both and exit status 2 in bin/solve, nothing solved; in bin/bench
 * a mixed run gives the Rush Hour rows `unsupported` and runs the tiles with it. */
Test(solvers, a_parameter_of_another_family_is_refused, .timeout = 120)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --solver idastar --param partition=6-6-3 "
             "corpus/seed-formats/kotlin-4x4.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s%s", out, err);
    cr_assert_str_eq(out, "");
    cr_assert_str_eq(err, "solve: corpus/seed-formats/kotlin-4x4.txt:1: idastar/pdb has no "
                          "parameter partition on rush puzzles\n");
    free(out), free(err);

    char dir[64];
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "awk 'BEGIN { RS = \"\"; ORS = \"\\n\\n\" } /3x2-walk/' corpus/tiles/small.txt > %s/t.txt && "
             "%s/bench --no-progress --solver idastar --param reflect=no --csv %s/r.csv "
             "corpus/seed-formats/kotlin-4x4.txt %s/t.txt > /dev/null 2>&1 && "
             "awk -F, 'NR > 1 { print $8, $10, $3 }' %s/r.csv",
             dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "rush unsupported heuristic=pdb table=1\n"
                          "tiles solved heuristic=pdb table=0 partition=auto reflect=no\n");
    free(out), free(err);
}

/* A row's params are what ran on its puzzle: the parameters of its family, a default left to
 * the family given as the family's value (IDA*'s table: 1 on Rush Hour and Klotski, 0, Korf's
 * IDA*, on the tiles; reflection on for the tiles' pattern databases); --list says which. */
Test(solvers, a_rows_params_are_its_familys, .timeout = 120)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "awk 'BEGIN { RS = \"\"; ORS = \"\\n\\n\" } /3x2-walk/' corpus/tiles/small.txt > %s/t.txt && "
             "%s/bench --no-progress --solver idastar --csv %s/r.csv corpus/seed-formats/kotlin-4x4.txt "
             "corpus/klotski/codeabbey-easy.txt %s/t.txt > /dev/null 2>&1 && "
             "awk -F, 'NR > 1 { print $8, $10, $3 }' %s/r.csv && "
             "%s/solve --list | grep -E -- '--param (table=auto|reflect)' | sort -u",
             dir, th_bin(), dir, dir, dir, th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out,
                     "rush solved heuristic=pdb table=1\n"
                     "klotski solved heuristic=pdb table=1\n"
                     "tiles solved heuristic=pdb table=0 partition=auto reflect=yes\n"
                     "             --param reflect=yes          also the bound of the board reflected "
                     "about its diagonal, where it has one: one of no yes; on tiles only\n"
                     "             --param table=auto           1: the transposition table; 0: none, "
                     "Korf's IDA* (0 to 1); auto is 1 on rush, 1 on klotski, 0 on tiles\n");
    free(out), free(err);
}

/* The registry (common/family.c): every family gives every operation a puzzle needs (only the
 * database line and a bound's begin and preparation may be missing), its name parses back to it,
 * and heuristic_takes grants exactly the bounds its family_bounds lists: pdb in every family,
 * Rush Hour's three and the tiles' three. */
Test(solvers, every_family_in_the_registry_gives_what_a_puzzle_needs)
{
    unsigned want[FAMILY_COUNT] = {
        [FAMILY_RUSH] = 1u << HEURISTIC_BLOCKERS | 1u << HEURISTIC_MUSTMOVE | 1u << HEURISTIC_PDB,
        [FAMILY_KLOTSKI] = 1u << HEURISTIC_PDB,
        [FAMILY_TILES] = 1u << HEURISTIC_PDB | 1u << HEURISTIC_MANHATTAN | 1u << HEURISTIC_CONFLICT,
    };
    for (int f = 0; f < FAMILY_COUNT; f++) {
        const family_class *c = family_class_of((family_id)f);
        cr_assert_eq(family_parse(c->name), f, "%s", c->name);
        cr_assert_str_eq(family_name((family_id)f), c->name);
        cr_assert(c->problem && c->start_position && c->replay_each && c->token_valid &&
                  c->format_position && c->picture && c->id && c->geometry && c->header &&
                  c->grid && c->request && c->bounds, "%s lacks an operation", c->name);
        unsigned took = 0;
        for (int k = 0; k < HEURISTIC_KINDS; k++)
            if (heuristic_takes(k, (family_id)f)) took |= 1u << k;
        cr_assert_eq(took, want[f], "%s: bounds %#x", c->name, took);
    }
    /* The scanner's default family, and only it, writes no `family:` line. */
    cr_assert(family_class_of(FAMILY_RUSH)->implied);
    cr_assert(!family_class_of(FAMILY_KLOTSKI)->implied && !family_class_of(FAMILY_TILES)->implied);
}
