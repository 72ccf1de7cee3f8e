/* test_klotski_wide.c -- Klotski boards of 22 to 42 cells, whose family view is over the wide raw
 * key (klotski.h): its keys and successors against the coded key's, in every measure; the
 * breadth-first search that keeps three levels (solvers/bfs_wide.c) against the search of the
 * same view through its numbered states, count for count; its budgets. (The optimum on these
 * boards against the textbook BFS is in test_klotski.c, with the textbook.) */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "klotski/klotski.h"
#include "scan/scan.h"
#include "search/numbered.h"
#include "solvers/bfs.h"
#include "tests/helpers.h"

static puzzle_list load(const char *path)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_geq(scan_path(path, SCAN_AUTO, &list, err), 1, "%s", err);
    return list;
}

/* The wide key of coded key `key` of board b (the same layout). */
static key_wide wide_of(const klotski_board *b, uint64_t key)
{
    klotski_layout l;
    klotski_decode(b, key, &l);
    return klotski_wide_encode(b, &l);
}

static uint64_t coded_of(const klotski_board *b, key_wide key)
{
    klotski_layout l;
    klotski_wide_decode(b, key, &l);
    return klotski_encode(b, &l);
}

/* Whether a is in list[0 .. n). */
static bool among(const key_wide *list, int n, key_wide a)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a) return true;
    return false;
}

/* From the first `most` states of the cluster (breadth-first over the coded keys), in every
 * measure: the wide generator gives the coded one's successors in its order, each key decodes
 * to its layout, and successors_after is successors' list less successors one unit from the
 * parent (family.h's contract), in its order. */
static uint64_t wide_is_coded(const puzzle *p, uint64_t most)
{
    const klotski_board *b = &p->klotski;
    cr_assert(b->wide && !b->raw, "%s takes the wide raw key", p->name);
    family_problem coded;
    klotski_problem(b, p->start, &coded);
    cr_assert_eq(coded.key_words, 2);
    klotski_board plain = *b;
    plain.wide = false;   /* the same board, its view over the coded keys */
    klotski_problem(&plain, p->start, &coded);
    cr_assert_eq(coded.key_words, 1);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget budget = {most, 0, 0};
    bfs_family_search(&ctx, &coded, MEASURE_MOVES, &budget, &r, true);
    uint64_t n = ctx.trail[0].count, compared = 0, left_out = 0;
    cr_assert_gt(n, 30, "%s", p->name);
    size_t max = (size_t)klotski_max_successors(b);
    uint64_t *slow = malloc(max * sizeof *slow);
    key_wide *fast = malloc(max * sizeof *fast), *after = malloc(max * sizeof *after);
    key_wide *back = malloc(max * sizeof *back);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t key = ctx.trail[0].key[i];
        key_wide wk = wide_of(b, key);
        cr_assert_eq(coded_of(b, wk), key, "%s state %llu", p->name, (unsigned long long)i);
        for (int m = 0; m < MEASURE_COUNT; m++) {
            int k = klotski_wide_successors(b, wk, (measure)m, fast);
            int k_slow = klotski_successors(b, key, (measure)m, slow);
            cr_assert_eq(k, k_slow, "%s state %llu %s", p->name, (unsigned long long)i,
                         measure_name((measure)m));
            for (int j = 0; j < k; j++)
                cr_assert_eq(coded_of(b, fast[j]), slow[j], "%s state %llu %s successor %d",
                             p->name, (unsigned long long)i, measure_name((measure)m), j);
            compared += (uint64_t)k;
            if (ctx.trail[0].parent[i] == TRAIL_ROOT) continue;
            key_wide parent = wide_of(b, ctx.trail[0].key[ctx.trail[0].parent[i]]);
            int a = klotski_wide_successors_after(b, parent, wk, (measure)m, after);
            int nb = klotski_wide_successors(b, parent, (measure)m, back);
            int at = 0;
            for (int j = 0; j < k; j++) {
                if (at < a && after[at] == fast[j]) {
                    at++;
                    continue;
                }
                /* Left out: the parent, or a state one unit from it. */
                cr_assert(fast[j] == parent || among(back, nb, fast[j]), "%s state %llu %s",
                          p->name, (unsigned long long)i, measure_name((measure)m));
                left_out++;
            }
            cr_assert_eq(at, a, "%s: successors_after is successors' list in its order", p->name);
        }
    }
    cr_assert_gt(compared, 3 * n);
    cr_assert_gt(left_out, 0, "%s: the mover's moves are left out", p->name);
    free(slow), free(fast), free(after), free(back);
    solver_result_free(&r);
    solver_context_free(&ctx);
    return n;
}

Test(klotski_wide, the_wide_raw_key_and_generator_are_the_coded_ones, .timeout = 120)
{
    puzzle_list list = load("tests/data/klotski/big.txt");
    int wide = 0, big = 0;
    for (int k = 0; k < list.count; k++) {
        if (!list.items[k].klotski.wide) continue;
        big += wide_is_coded(&list.items[k], 20000) > 1000;
        wide++;
    }
    cr_assert_eq(wide, 6);
    cr_assert_eq(big, 4);
    puzzle_list seed = load("corpus/klotski/seed-hard.txt");
    wide_is_coded(&seed.items[0], 20000);   /* 6x7, 25 pieces: 126 of the 128 bits */
    puzzle_list_free(&seed);
    puzzle_list_free(&list);
}

/* The breadth-first search of the view's numbered states (bfs_family.c over numbers), in the
 * measure param names. */
static void numbered_bfs(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                         const int *param, solver_result *r)
{
    bfs_family_search(ctx, p, (measure)param[0], budget, r, false);
}

/* The wide search and the numbered one store the same states in the same order: the same
 * status, counts and levels, and solutions of the same length, each replayed. */
static void same_search(const puzzle *p, measure m, const solver_budget *budget)
{
    family_problem view;
    puzzle_problem(p, &view);
    cr_assert_eq(view.key_words, 2);
    solver_context a, b;
    solver_result wide, numbered;
    solver_context_init(&a), solver_context_init(&b);
    bfs_run(&a, &view, m, budget, &wide, false);
    int param = (int)m;
    numbered_solve(numbered_bfs, &b, &view, budget, &param, &numbered);
    const char *what = measure_name(m);
    cr_assert_eq(wide.status, numbered.status, "%s %s", p->name, what);
    cr_assert_eq(wide.expanded, numbered.expanded, "%s %s", p->name, what);
    cr_assert_eq(wide.generated, numbered.generated, "%s %s", p->name, what);
    cr_assert_eq(wide.duplicates, numbered.duplicates, "%s %s", p->name, what);
    cr_assert_eq(wide.nlevels, numbered.nlevels, "%s %s", p->name, what);
    cr_assert_arr_eq(wide.level_sizes, numbered.level_sizes, (size_t)wide.nlevels * sizeof *wide.level_sizes);
    cr_assert_eq(wide.peak_frontier, numbered.peak_frontier);
    if (wide.status == SOLVE_SOLVED) {
        measure_counts x = th_units(p, &wide), y = th_units(p, &numbered);
        int units[] = {x.moves, x.slides, x.steps}, want[] = {y.moves, y.slides, y.steps};
        cr_assert_eq(units[m], want[m], "%s %s", p->name, what);
    }
    solver_result_free(&wide), solver_result_free(&numbered);
    solver_context_free(&a), solver_context_free(&b);
}

Test(klotski_wide, the_three_level_search_is_the_numbered_search_state_for_state, .timeout = 240)
{
    puzzle_list list = load("tests/data/klotski/big.txt");
    solver_budget none = {0, 0, 0}, some = {2000, 0, 0};
    int searched = 0;
    for (int k = 0; k < list.count; k++) {
        if (!list.items[k].klotski.wide) continue;
        for (int m = 0; m < MEASURE_COUNT; m++) {
            same_search(&list.items[k], (measure)m, &none);
            same_search(&list.items[k], (measure)m, &some);   /* stopped at its state budget */
            searched++;
        }
    }
    cr_assert_eq(searched, 18);
    /* A start that is solved, and a cluster with no goal. */
    static const char boards[] = "family: klotski\nname: solved\n+-----+\n|BCDEF|\n|BCDEF|\n"
                                 "|GHIJK|\n|L.AA.|\n|L.AA.|\n+--vv-+\n\n"
                                 "family: klotski\nname: stuck\n+------+\n|BAACDD|\n|BAACEF|\n"
                                 "|GHHJEF|\n|GKKJLM|\n|NOOQLM|\n|N..QRR|\n+--vv--+\n";
    puzzle_list more = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(scan_text("boards", boards, sizeof boards - 1, SCAN_AUTO, &more, err), 2, "%s", err);
    for (int k = 0; k < 2; k++) same_search(&more.items[k], MEASURE_MOVES, &none);
    solver_context ctx;
    solver_result r;
    family_problem view;
    solver_context_init(&ctx);
    puzzle_problem(&more.items[0], &view);
    bfs_run(&ctx, &view, MEASURE_MOVES, &none, &r, false);
    cr_assert_eq(r.status, SOLVE_SOLVED);
    cr_assert_str_eq(r.text, "");
    cr_assert_eq(r.expanded, 0);
    solver_result_free(&r);
    puzzle_problem(&more.items[1], &view);
    bfs_run(&ctx, &view, MEASURE_MOVES, &none, &r, false);
    cr_assert_eq(r.status, SOLVE_UNSOLVABLE);
    cr_assert_eq(r.expanded, 5);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&more);
    puzzle_list_free(&list);
}

/* The seed's hard board: the budgets stop the search where they say, the bytes one before the
 * table, levels and filters pass it, and the solver's row says which. */
Test(klotski_wide, the_hard_board_stops_at_each_budget, .timeout = 120)
{
    puzzle_list list = load("corpus/klotski/seed-hard.txt");
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    cr_assert_eq(view.key_words, 2);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget states = {100000, 0, 0};
    bfs_run(&ctx, &view, MEASURE_MOVES, &states, &r, false);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "states");
    cr_assert_eq(r.expanded, 100000);
    solver_result_free(&r);
    for (uint64_t mib = 8; mib <= 64; mib *= 2) {
        solver_budget bytes = {0, mib << 20, 0};
        bfs_run(&ctx, &view, MEASURE_MOVES, &bytes, &r, false);
        cr_assert_eq(r.status, SOLVE_BUDGET);
        cr_assert_str_eq(r.budget_hit, "bytes");
        cr_assert_leq(r.peak_bytes, mib << 20, "%llu MiB", (unsigned long long)mib);
        cr_assert_gt(r.peak_bytes, (mib << 20) / 4, "%llu MiB", (unsigned long long)mib);
        cr_assert_gt(r.expanded, 4000 * mib);
        solver_result_free(&r);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}
