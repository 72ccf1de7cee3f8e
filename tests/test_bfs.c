/* test_bfs.c -- the reference BFS against the database: optimal moves, cluster sizes, replay,
 * exits on every side, budgets. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "cluster.h"
#include "helpers.h"
#include "moves.h"

TestSuite(bfs, .fini = th_check_leaks);

static const solver_budget unlimited = {0, 0, 0};

Test(bfs, optimal_on_every_sample_puzzle)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    cr_assert_eq(list.count, 3012);
    solver_context ctx;
    solver_context_init(&ctx);
    for (int k = 0; k < list.count; k++) {
        solver_result r = th_solve(&ctx, "bfs", &list.items[k], &unlimited);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", list.items[k].name);
        cr_assert_eq(r.nmoves, list.items[k].optimal, "%s: %d moves, known %d",
                     list.items[k].name, r.nmoves, list.items[k].optimal);
        cr_assert_eq(r.level_sizes[0], 1);
        solver_result_free(&r);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(bfs, cluster_size_on_every_sample_puzzle)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    for (int k = 0; k < list.count; k++) {
        solver_result r;
        bfs_cluster(&ctx, &list.items[k].board, list.items[k].start, &unlimited, NULL, &r);
        cr_assert_eq((long)r.cluster_states, list.items[k].cluster, "%s: %llu, known %ld",
                     list.items[k].name, (unsigned long long)r.cluster_states,
                     list.items[k].cluster);
        uint64_t sum = 0;
        for (int d = 0; d < r.nlevels; d++) sum += r.level_sizes[d];
        cr_assert_eq(sum, r.cluster_states);
        cr_assert_eq(r.expanded, r.cluster_states);
        solver_result_free(&r);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Mirrored and transposed boards put the exit on the left, bottom and top: the optimum and the
 * cluster must not change. */
Test(bfs, exits_on_every_side_keep_the_answers)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    for (int k = 0; k < list.count; k += 3) {
        puzzle m = th_mirror(&list.items[k]), t = th_transpose(&list.items[k]);
        puzzle u = th_transpose(&m);
        const puzzle *variants[] = {&m, &t, &u};
        for (int v = 0; v < 3; v++) {
            solver_result r = th_solve(&ctx, "bfs", variants[v], &unlimited);
            cr_assert_eq(r.nmoves, list.items[k].optimal, "%s variant %d", list.items[k].name, v);
            solver_result_free(&r);
            bfs_cluster(&ctx, &variants[v]->board, variants[v]->start, &unlimited, NULL, &r);
            cr_assert_eq((long)r.cluster_states, list.items[k].cluster);
            solver_result_free(&r);
        }
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Runs p through both builds of the engine in one mode and holds them to the same search:
 * the same states stored in the same order (the whole trail), so the same counters, levels
 * and solution. Returns the AVX2 build's result. */
static solver_result both_builds(solver_context ctx[2], const puzzle *p, bfs_mode mode)
{
    solver_result r[2];
    bfs_search_portable(&ctx[0], &p->board, p->start, &unlimited, &r[0], mode);
#ifdef BFS_HAVE_AVX2
    bfs_search_avx2(&ctx[1], &p->board, p->start, &unlimited, &r[1], mode);
#else
    cr_assert_fail("no AVX2 build to compare on this machine");
#endif
    cr_assert_eq(r[0].status, r[1].status, "%s", p->name);
    cr_assert_eq(r[0].expanded, r[1].expanded, "%s", p->name);
    cr_assert_eq(r[0].generated, r[1].generated, "%s", p->name);
    cr_assert_eq(r[0].duplicates, r[1].duplicates, "%s", p->name);
    cr_assert_eq(r[0].cluster_states, r[1].cluster_states, "%s", p->name);
    cr_assert_eq(r[0].nlevels, r[1].nlevels, "%s", p->name);
    for (int d = 0; d < r[0].nlevels; d++)
        cr_assert_eq(r[0].level_sizes[d], r[1].level_sizes[d], "%s", p->name);
    cr_assert_eq(r[0].nmoves, r[1].nmoves, "%s", p->name);
    cr_assert_eq(memcmp(r[0].moves, r[1].moves, (size_t)r[0].nmoves * sizeof *r[0].moves), 0,
                 "%s", p->name);
    const search_trail *a = &ctx[0].trail[0], *b = &ctx[1].trail[0];
    cr_assert_eq(a->count, b->count, "%s", p->name);
    cr_assert_eq(memcmp(a->key, b->key, a->count * sizeof *a->key), 0, "%s", p->name);
    cr_assert_eq(memcmp(a->parent, b->parent, a->count * sizeof *a->parent), 0, "%s", p->name);
    solver_result_free(&r[0]);
    return r[1];
}

/* The engine's two builds (bfs.c: portable, and AVX2 where the processor has it) on every
 * sample puzzle and its transpose (vertical primary, exit at the bottom), in all three modes
 * (steps on every eighth puzzle). */
Test(bfs, the_portable_and_the_avx2_builds_agree)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    long compared = 0;
    for (int k = 0; k < list.count; k++) {
        puzzle t = th_transpose(&list.items[k]);
        const puzzle *variants[] = {&list.items[k], &t};
        for (int v = 0; v < 2; v++)
            for (bfs_mode mode = BFS_MOVES; mode <= BFS_CLUSTER; mode++) {
                if (mode == BFS_STEPS && k % 8) continue;
                solver_result r = both_builds(ctx, variants[v], mode);
                solver_result_free(&r);
                compared++;
            }
    }
    cr_assert_eq(compared, 2 * (2 * 3012 + 3012 / 8 + 1));
    for (int e = 0; e < 2; e++) solver_context_free(&ctx[e]);
    puzzle_list_free(&list);
}

/* Other board sizes: the whole 5x5 database with walls (answers from the enumerator) and the
 * random 7x7 set (answers from the reference BFS when it was made); both builds agree, and
 * give the file's optimum and cluster size. */
Test(bfs, both_builds_on_5x5_and_7x7_boards)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    const char *paths[] = {"corpus/generated/_full/5x5-walls1.txt", "corpus/generated/_random/7x7.txt"};
    const int counts[] = {6041, 70};
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    for (int f = 0; f < 2; f++) {
        puzzle_list list = th_load(paths[f]);
        cr_assert_eq(list.count, counts[f]);
        for (int k = 0; k < list.count; k++) {
            const puzzle *p = &list.items[k];
            solver_result r = both_builds(ctx, p, BFS_MOVES);
            cr_assert_eq(r.nmoves, p->optimal, "%s", p->name);
            solver_result_free(&r);
            r = both_builds(ctx, p, BFS_CLUSTER);
            cr_assert_eq((long)r.cluster_states, p->cluster, "%s", p->name);
            solver_result_free(&r);
        }
        puzzle_list_free(&list);
    }
    for (int e = 0; e < 2; e++) solver_context_free(&ctx[e]);
}

/* bfs.c proves that its two prunes change nothing but the generated and duplicate counters:
 * the same solution, the same expansions, the same level sizes as the textbook search. */
Test(bfs, prunes_change_only_the_counters)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    for (int k = 0; k < list.count; k++) {
        const puzzle *p = &list.items[k];
        th_bfs t = th_textbook_bfs(&p->board, p->start, false);
        solver_result r = th_solve(&ctx, "bfs", p, &unlimited);
        cr_assert_eq(r.nmoves, t.length, "%s", p->name);
        cr_assert_eq(r.expanded, t.expanded, "%s", p->name);
        for (int m = 0; m < t.length; m++) {
            cr_assert_eq(r.moves[m].piece, t.path[m].piece, "%s move %d", p->name, m);
            cr_assert_eq(r.moves[m].delta, t.path[m].delta, "%s move %d", p->name, m);
        }
        cr_assert_eq(r.nlevels, t.nlevels, "%s", p->name);
        for (int d = 0; d < t.nlevels; d++)
            cr_assert_eq(r.level_sizes[d], t.levels[d], "%s level %d", p->name, d);
        solver_result_free(&r);
        th_bfs_free(&t);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(bfs, seed_puzzles_and_the_unsolvable_one)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    cr_assert_eq(list.count, 11);
    solver_context ctx;
    solver_context_init(&ctx);
    int unsolvable = 0;
    for (int k = 0; k < list.count; k++) {
        solver_result r = th_solve(&ctx, "bfs", &list.items[k], &unlimited);
        if (list.items[k].optimal == PUZZLE_UNSOLVABLE) {
            cr_assert_eq(r.status, SOLVE_UNSOLVABLE);
            unsolvable++;
        } else
            cr_assert_eq(r.nmoves, list.items[k].optimal, "%s", list.items[k].name);
        solver_result_free(&r);
    }
    cr_assert_eq(unsolvable, 1);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(bfs, seed_format_files_give_the_seed_answers)
{
    const struct { const char *path; int moves; } files[] = {
        {"corpus/seed-formats/kotlin-beginner-96.txt", 15}, {"corpus/seed-formats/kotlin-4x4.txt", 2},
        {"corpus/seed-formats/kotlin-5x5.txt", 4},          {"corpus/seed-formats/csharp-750.txt", 37},
        {"corpus/seed-formats/python-605.txt", 32},
    };
    solver_context ctx;
    solver_context_init(&ctx);
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        puzzle_list list = th_load(files[k].path);
        solver_result r = th_solve(&ctx, "bfs", &list.items[0], &unlimited);
        cr_assert_eq(r.nmoves, files[k].moves, "%s", files[k].path);
        solver_result_free(&r);
        puzzle_list_free(&list);
    }
    solver_context_free(&ctx);
}

Test(bfs, already_solved_needs_no_moves)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("0 ooooooooooooooooAAoooooooooooooooooo", &list, err), 1);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r = th_solve(&ctx, "bfs", &list.items[0], &unlimited);
    cr_assert_eq(r.status, SOLVE_SOLVED);
    cr_assert_eq(r.nmoves, 0);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(bfs, budgets_stop_cleanly)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    const puzzle *hard = &list.items[list.count - 1];   /* the sample is sorted by moves */
    cr_assert_geq(hard->optimal, 50);
    solver_context ctx;
    solver_context_init(&ctx);

    solver_budget states = {1000, 0, 0};
    solver_result r = th_solve(&ctx, "bfs", hard, &states);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "states");
    cr_assert_eq(r.expanded, 1000);   /* a budget of N states expands exactly N */
    cr_assert_eq(r.nmoves, 0);
    solver_result_free(&r);

    solver_budget bytes = {0, 64 * 1024, 0};
    r = th_solve(&ctx, "bfs", hard, &bytes);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "bytes");
    solver_result_free(&r);

    solver_budget seconds = {0, 0, 1e-9};
    r = th_solve(&ctx, "bfs", hard, &seconds);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "seconds");
    solver_result_free(&r);

    bfs_cluster(&ctx, &hard->board, hard->start, &states, NULL, &r);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    solver_result_free(&r);

    /* The context is still good for a full solve afterwards. */
    r = th_solve(&ctx, "bfs", hard, &unlimited);
    cr_assert_eq(r.nmoves, hard->optimal);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The cluster analysis (common/search/cluster.h) on the database: each line's board is the hardest
 * state of its cluster (ties to the smallest in the database's order), its move count that
 * state's distance to the nearest goal, its cluster size the cluster's, and it is minimal; the
 * histogram of distances covers the cluster. */
Test(bfs, every_sample_line_is_the_hardest_minimal_state_of_its_cluster, .timeout = 600)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    int stride = strstr(th_bin(), "san") ? 10 : 1;   /* the sanitizer build: every 10th */
    for (int k = 0; k < list.count; k += stride) {
        const puzzle *p = &list.items[k];
        cluster_analysis an;
        cr_assert(cluster_analyse(&p->board, p->start, 0, 0, &an), "%s", p->name);
        cr_assert_eq(an.states, (uint64_t)p->cluster, "%s", p->name);
        cr_assert_eq(an.hardest_moves, p->optimal, "%s", p->name);
        char want[BOARD_DB_MAX], got[BOARD_DB_MAX];
        board_format_db(&p->board, p->start, want);
        board_format_db(&p->board, an.hardest, got);
        cr_assert_str_eq(got, want, "%s: the hardest state is another", p->name);
        cr_assert_eq(an.minimal, 1, "%s is not minimal", p->name);
        uint64_t total = 0;
        for (int d = 0; d < an.ndistances; d++) total += an.distances[d];
        cr_assert_eq(total, an.states, "%s", p->name);
        cr_assert_eq(an.distances[0], an.goal_states);
        cr_assert_gt(an.goal_states, 0);
        cluster_analysis_free(&an);
    }
    puzzle_list_free(&list);
}
