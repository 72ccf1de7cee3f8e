/* test_reference.c -- the reference answer and its memo of clusters (solvers/reference.h): the
 * memo gives exactly the answers of a search a puzzle, in every family and measure, and asks
 * the reference BFS once per cluster. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/family.h"
#include "rush/moves.h"
#include "scan/scan.h"
#include "solvers/reference.h"
#include "tests/helpers.h"

static const solver_budget none = {0, 0, 0};

/* Puzzle p asked of the memo, and of a search of its own: the same answer. */
static void same_answer(reference_memo *memo, const puzzle *p, measure m)
{
    int alone = -1, memoed = -1;
    const char *who;
    solve_status s = reference_puzzle(NULL, p, m, &none, &alone, &who);
    solve_status t = reference_puzzle(memo, p, m, &none, &memoed, &who);
    cr_assert_eq(t, s, "%s in %s: status %d, alone %d", p->name, measure_name(m), t, s);
    cr_assert_eq(memoed, alone, "%s in %s: %d moves, alone %d", p->name, measure_name(m), memoed, alone);
}

/* 300 random 8-puzzles, half of them unsolvable by parity: one search of one puzzle alone, one
 * of the whole cluster when the second solvable puzzle comes, then every other answered from
 * it; the unsolvable ones never reach the BFS (the family's proof). */
Test(reference, the_memo_searches_the_8_puzzles_cluster_once)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("family: tiles\n0 1 2\n3 4 5\n6 7 8\n", &list, err), 1, "%s", err);
    puzzle p = list.items[0];
    puzzle_list_free(&list);
    reference_memo *memo = reference_memo_new();
    srand(8);
    int solvable = 0;
    for (int k = 0; k < 300; k++) {
        uint8_t cell[9];
        for (int c = 0; c < 9; c++) cell[c] = (uint8_t)c;
        for (int c = 8; c > 0; c--) {
            int d = rand() % (c + 1);
            uint8_t t = cell[c];
            cell[c] = cell[d], cell[d] = t;
        }
        p.start = tiles_key(&p.tiles, cell);
        snprintf(p.name, sizeof p.name, "random-%d", k);
        family_problem view;
        puzzle_problem(&p, &view);
        solvable += !view.unsolvable(view.board, p.start);
        same_answer(memo, &p, MEASURE_MOVES);
    }
    reference_memo_counts n = reference_memo_count(memo);
    cr_assert_gt(solvable, 100);
    cr_assert_eq(n.searches, 1);
    cr_assert_eq(n.clusters, 1);
    cr_assert_eq(n.answered, (uint64_t)solvable - 1);
    reference_memo_free(memo);
}

/* The Klotski ladder (states of the classic's cluster) in moves, slides and steps: the memo's
 * answers are the searches' in each measure, and each question is a search or an answer. */
Test(reference, the_memo_gives_klotskis_answers_in_every_measure, .timeout = 120)
{
    puzzle_list list = th_load("corpus/klotski/ladder.txt");
    reference_memo *memo = reference_memo_new();
    for (int m = 0; m < MEASURE_COUNT; m++)
        for (int k = 0; k < list.count; k++) same_answer(memo, &list.items[k], (measure)m);
    reference_memo_counts n = reference_memo_count(memo);
    cr_assert_eq(n.searches + n.answered, (uint64_t)(MEASURE_COUNT * list.count));
    reference_memo_free(memo);
    puzzle_list_free(&list);
}

/* Rush Hour: states along a random walk from a seed, asked as puzzles of one board in moves and
 * in steps, have the answers of their own searches (the bitboard engine's), one cluster
 * searched whole in each measure, through the family view, for them all. */
Test(reference, the_memo_gives_rush_hours_answers, .timeout = 120)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    puzzle p = list.items[0];
    puzzle_list_free(&list);
    reference_memo *memo = reference_memo_new();
    srand(6);
    uint64_t child[MOVES_MAX];
    for (int k = 0; k < 60; k++) {
        int n = moves_generate(&p.board, p.start, MOVES_SKIP_NONE, child, NULL);
        p.start = child[rand() % n];
        same_answer(memo, &p, MEASURE_MOVES);
        same_answer(memo, &p, MEASURE_STEPS);
    }
    reference_memo_counts n = reference_memo_count(memo);
    cr_assert_eq(n.searches, 2);
    cr_assert_eq(n.clusters, 2);
    cr_assert_eq(n.answered, 118);
    reference_memo_free(memo);
}
