/* test_bfs.c -- the reference BFS against the database: optimal moves, cluster sizes, replay,
 * exits on every side, budgets. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cpu.h"
#include "rush/moves.h"
#include "common/xmem.h"
#include "rush/rush_cluster.h"
#include "solvers/bfs.h"
#include "tests/helpers.h"

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
        cr_assert_eq(th_moves(&r), list.items[k].optimal, "%s: %d moves, known %d",
                     list.items[k].name, th_moves(&r), list.items[k].optimal);
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
        bfs_cluster_puzzle(&ctx, &list.items[k], &unlimited, &r);
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
            cr_assert_eq(th_moves(&r), list.items[k].optimal, "%s variant %d", list.items[k].name, v);
            solver_result_free(&r);
            bfs_cluster_puzzle(&ctx, variants[v], &unlimited, &r);
            cr_assert_eq((long)r.cluster_states, list.items[k].cluster);
            solver_result_free(&r);
        }
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Holds result r and trail t of one build to those of the portable build (r0, t0): the same
 * states stored in the same order (the whole trail), so the same counters, levels and
 * solution. */
static void same_search(const solver_result *r0, const search_trail *t0, const solver_result *r,
                        const search_trail *t, const char *build, const char *name)
{
    cr_assert_eq(r0->status, r->status, "%s: %s", build, name);
    cr_assert_eq(r0->expanded, r->expanded, "%s: %s", build, name);
    cr_assert_eq(r0->generated, r->generated, "%s: %s", build, name);
    cr_assert_eq(r0->duplicates, r->duplicates, "%s: %s", build, name);
    cr_assert_eq(r0->cluster_states, r->cluster_states, "%s: %s", build, name);
    cr_assert_eq(r0->nlevels, r->nlevels, "%s: %s", build, name);
    for (int d = 0; d < r0->nlevels; d++)
        cr_assert_eq(r0->level_sizes[d], r->level_sizes[d], "%s: %s", build, name);
    cr_assert_eq(!r0->text, !r->text, "%s: %s", build, name);
    if (r0->text)   /* a run the budget stopped has no solution (NULL) */
        cr_assert_str_eq(r0->text, r->text, "%s: %s", build, name);
    cr_assert_eq(t0->count, t->count, "%s: %s", build, name);
    cr_assert_eq(memcmp(t0->key, t->key, t0->count * sizeof *t0->key), 0, "%s: %s", build, name);
    cr_assert_eq(memcmp(t0->parent, t->parent, t0->count * sizeof *t0->parent), 0, "%s: %s",
                 build, name);
}

static bool always(void) { return true; }

/* The engine's builds (bfs.c), the portable one first; a build runs only where `available`. */
static const struct {
    const char *name;
    bool (*available)(void);
    void (*search)(solver_context *, const board *, uint64_t, const solver_budget *,
                   solver_result *, bfs_mode);
} builds[] = {{"portable", always, bfs_search_portable},
#ifdef HAVE_AVX2_TWINS
              {"avx2", bfs_avx2_available, bfs_search_avx2},
              {"avx512", bfs_avx512_available, bfs_search_avx512},
#endif
};
enum { NBUILDS = sizeof builds / sizeof *builds };

/* Runs p through every build of the engine this processor runs, in one mode and under one
 * budget, and holds each to the portable build (same_search). Returns the portable build's
 * result. */
static solver_result every_build(solver_context ctx[2], const puzzle *p, bfs_mode mode,
                                 const solver_budget *budget)
{
    if (NBUILDS == 1) cr_assert_fail("no x86-64 build to compare on this machine");
    solver_result r0;
    builds[0].search(&ctx[0], &p->board, p->start, budget, &r0, mode);
    for (size_t k = 1; k < NBUILDS; k++) {
        if (!builds[k].available()) continue;
        solver_result r;
        builds[k].search(&ctx[1], &p->board, p->start, budget, &r, mode);
        same_search(&r0, &ctx[0].trail[0], &r, &ctx[1].trail[0], builds[k].name, p->name);
        solver_result_free(&r);
    }
    return r0;
}

/* The engine's builds (bfs.c: portable, and AVX2 and AVX-512 where the processor has them) on
 * every sample puzzle and its transpose (vertical primary, exit at the bottom), in all three
 * modes (steps on every eighth puzzle); every fourth puzzle under the sanitizers. */
Test(bfs, every_build_agrees_with_the_portable_one)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    long compared = 0;
    int stride = th_sanitized() ? 4 : 1;   /* every puzzle where it runs fast */
    for (int k = 0; k < list.count; k += stride) {
        puzzle t = th_transpose(&list.items[k]);
        const puzzle *variants[] = {&list.items[k], &t};
        for (int v = 0; v < 2; v++)
            for (bfs_mode mode = BFS_MOVES; mode <= BFS_CLUSTER; mode++) {
                if (mode == BFS_STEPS && k % 8) continue;
                solver_result r = every_build(ctx, variants[v], mode, &unlimited);
                solver_result_free(&r);
                compared++;
            }
    }
    cr_assert_eq(compared, 2 * (2 * (3012 / stride) + 3012 / 8 + 1));
    for (int e = 0; e < 2; e++) solver_context_free(&ctx[e]);
    puzzle_list_free(&list);
}

/* Other board sizes: the whole 5x5 database with walls (answers from the enumerator) and the
 * random 7x7 set (answers from the reference BFS when it was made); every build agrees, and
 * gives the file's optimum and cluster size (every second puzzle under the sanitizers). */
Test(bfs, every_build_on_5x5_and_7x7_boards)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    const char *paths[] = {"corpus/generated/_full/5x5-walls1.txt", "corpus/generated/_random/7x7.txt"};
    const int counts[] = {6041, 70};
    int stride = th_sanitized() ? 2 : 1;   /* every puzzle where it runs fast */
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    for (int f = 0; f < 2; f++) {
        puzzle_list list = th_load(paths[f]);
        cr_assert_eq(list.count, counts[f]);
        for (int k = 0; k < list.count; k += stride) {
            const puzzle *p = &list.items[k];
            solver_result r = every_build(ctx, p, BFS_MOVES, &unlimited);
            cr_assert_eq(th_moves(&r), p->optimal, "%s", p->name);
            solver_result_free(&r);
            r = every_build(ctx, p, BFS_CLUSTER, &unlimited);
            cr_assert_eq((long)r.cluster_states, p->cluster, "%s", p->name);
            solver_result_free(&r);
        }
        puzzle_list_free(&list);
    }
    for (int e = 0; e < 2; e++) solver_context_free(&ctx[e]);
}

/* Boards of 7 and 8 cells a side with room to slide far (every 20th sample puzzle widened:
 * slides of up to 6 cells, the AVX-512 generator's second vector a piece): every build stores
 * the same states in the same order, in every mode, up to a budget of 20,000 states (the
 * budget stops every build at exactly that state, so the trails compare whole). */
Test(bfs, every_build_agrees_on_wider_boards)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    const solver_budget some = {20000, 0, 0};
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    long compared = 0, stopped = 0;
    for (int k = 0; k < list.count; k += 20)
        for (int size = 7; size <= 8; size++) {
            puzzle w = th_widen(&list.items[k], size);
            for (bfs_mode mode = BFS_MOVES; mode <= BFS_CLUSTER; mode++) {
                solver_result r = every_build(ctx, &w, mode, &some);
                stopped += r.status == SOLVE_BUDGET;
                solver_result_free(&r);
                compared++;
            }
        }
    cr_assert_eq(compared, 151 * 2 * 3);
    cr_assert_gt(stopped, compared / 4, "the budget cut most cluster runs short: %ld", stopped);
    for (int e = 0; e < 2; e++) solver_context_free(&ctx[e]);
    puzzle_list_free(&list);
}

/* A board of size x size crowded with `want` pieces (fewer where they do not fit), placed by a
 * seeded generator: the primary A in the third row, the others cars and trucks anywhere. */
static puzzle crowded(int size, int want, uint64_t seed)
{
    puzzle q = {0};
    char err[BOARD_ERR_MAX];
    cr_assert_eq(board_init(&q.board, size, size, err), 0, "%s", err);
    cr_assert_eq(board_add_piece(&q.board, 'A', true, 2, 2, 0, err), 0, "%s", err);
    uint64_t state = seed;
    for (int tries = 0; tries < 4000 && q.board.npieces < want; tries++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        unsigned r = (unsigned)(state >> 33);
        board_add_piece(&q.board, PIECE_LABELS[q.board.npieces], r & 1, 2 + (r >> 1) % 3 / 2,
                        (int)(r >> 3) % size, (int)(r >> 9) % size, err);   /* misses fail */
    }
    cr_assert_eq(board_finish(&q.board, 'A', EXIT_RIGHT, err), 0, "%s", err);
    q.start = board_start_key(&q.board);
    snprintf(q.name, sizeof q.name, "crowded %dx%d, %d pieces, seed %llu", size, size,
             q.board.npieces, (unsigned long long)seed);
    q.optimal = PUZZLE_UNKNOWN;
    q.cluster = -1;
    return q;
}

/* More than 16 pieces: the AVX-512 generator's third group of eight. Every build stores the same
 * states in the same order on crowded 6x6, 7x7 and 8x8 boards, in every mode, up to a budget of
 * 20,000 states. */
Test(bfs, every_build_agrees_with_more_than_16_pieces)
{
    if (!bfs_avx2_available()) cr_skip_test("no AVX2 build here, or no AVX2 on this processor: only the portable build runs");
    const solver_budget some = {20000, 0, 0};
    solver_context ctx[2];
    for (int e = 0; e < 2; e++) solver_context_init(&ctx[e]);
    int over16 = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        int size = 6 + (int)(seed % 3);
        puzzle p = crowded(size, size == 6 ? 17 : 21, seed);
        over16 += p.board.npieces > 16;
        for (bfs_mode mode = BFS_MOVES; mode <= BFS_CLUSTER; mode++) {
            solver_result r = every_build(ctx, &p, mode, &some);
            solver_result_free(&r);
        }
    }
    cr_assert_geq(over16, 40, "boards with more than 16 pieces: %d of 60", over16);
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
        cr_assert_eq(th_moves(&r), t.length, "%s", p->name);
        cr_assert_eq(r.expanded, t.expanded, "%s", p->name);
        char *path = moves_text(&p->board, t.path, t.length);
        cr_assert_str_eq(r.text, path, "%s", p->name);
        free(path);
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
            cr_assert_eq(th_moves(&r), list.items[k].optimal, "%s", list.items[k].name);
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
        cr_assert_eq(th_moves(&r), files[k].moves, "%s", files[k].path);
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
    cr_assert_eq(th_moves(&r), 0);
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
    cr_assert_null(r.text);
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

    bfs_cluster_puzzle(&ctx, hard, &states, &r);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    solver_result_free(&r);

    /* The context is still good for a full solve afterwards. */
    r = th_solve(&ctx, "bfs", hard, &unlimited);
    cr_assert_eq(th_moves(&r), hard->optimal);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The table forgets all but the last levels (bfs_engine.c): on the sample's largest cluster
 * (147,355 states), cluster mode's tables and queue peak at 5.2 MB in the x86-64 builds (a half
 * full table) and 11.5 MB in the portable one (a quarter full), where a table of every state
 * took 13.6 MB in either; the search is the same, level for level, as the textbook search's
 * up to the goal's. */
Test(bfs, the_table_holds_only_the_last_levels)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    const puzzle *hard = &list.items[0];
    for (int k = 1; k < list.count; k++)
        if (list.items[k].cluster > hard->cluster) hard = &list.items[k];
    cr_assert_eq(hard->cluster, 147355);
    th_bfs t = th_textbook_bfs(&hard->board, hard->start, false);
    for (size_t k = 0; k < NBUILDS; k++) {
        if (!builds[k].available()) continue;
        uint64_t peak = k == 0 ? 11534336 : 5242880;   /* portable, then the x86-64 builds */
        solver_context ctx;
        solver_context_init(&ctx);
        solver_result r;
        builds[k].search(&ctx, &hard->board, hard->start, &unlimited, &r, BFS_CLUSTER);
        cr_assert_eq(r.peak_bytes, peak, "%s: %llu", builds[k].name,
                     (unsigned long long)r.peak_bytes);
        cr_assert_eq((long)r.cluster_states, hard->cluster);
        cr_assert_eq(r.duplicates, r.generated - (r.cluster_states - 1));
        cr_assert_gt(r.nlevels, t.nlevels);   /* the cluster goes deeper than the goal, */
        for (int d = 0; d + 1 < t.nlevels; d++)   /* where the textbook search stopped */
            cr_assert_eq(r.level_sizes[d], t.levels[d], "%s: level %d", builds[k].name, d);
        solver_result_free(&r);
        solver_context_free(&ctx);
    }
    th_bfs_free(&t);
    puzzle_list_free(&list);
}

/* A bytes budget holds at every size, in each build: from 64 KiB up by eighths until the search
 * ends, the hardest sample puzzle in solve mode and cluster mode stops at the bytes budget or
 * ends, its tables within the budget (as it reports them and, with jemalloc, as the allocator
 * counts them, each run on a fresh context), and a larger budget never stops it sooner. The
 * engine works out the bytes only where they can change (bfs_engine.c, next_calm): a point
 * missed would show as a table past its budget, or a stop that comes later with less room. */
Test(bfs, a_bytes_budget_holds_at_every_size, .timeout = 300)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    const puzzle *hard = &list.items[list.count - 1];   /* the sample is sorted by moves */
    for (size_t k = 0; k < NBUILDS; k++) {
        if (!builds[k].available()) continue;
        for (bfs_mode mode = BFS_MOVES; mode <= BFS_CLUSTER; mode += BFS_CLUSTER - BFS_MOVES) {
            uint64_t before = 0;   /* states the last, smaller budget expanded */
            bool ended = false;
            int stops = 0;
            for (double b = 65536; !ended; b *= th_sanitized() ? 1.25 : 1.125) {
                solver_budget budget = {0, (uint64_t)b, 0};
                solver_context ctx;
                solver_context_init(&ctx);
                solver_result r;
                xmem_peak_reset();
                builds[k].search(&ctx, &hard->board, hard->start, &budget, &r, mode);
                uint64_t peak = xmem_peak_read();
                const char *what = mode == BFS_CLUSTER ? "cluster" : "solve";
                ended = r.status == SOLVE_SOLVED;
                if (!ended) {
                    stops++;
                    cr_assert_eq(r.status, SOLVE_BUDGET, "%s %s %.0f", builds[k].name, what, b);
                    cr_assert_str_eq(r.budget_hit, "bytes", "%s %s %.0f", builds[k].name, what, b);
                }
                cr_assert_leq(r.peak_bytes, budget.max_bytes, "%s %s", builds[k].name, what);
                if (xmem_peak_available())
                    cr_assert_leq(peak, budget.max_bytes, "%s %s: %llu bytes allocated",
                                  builds[k].name, what, (unsigned long long)peak);
                cr_assert_geq(r.expanded, before, "%s %s %.0f", builds[k].name, what, b);
                before = r.expanded;
                if (ended && mode == BFS_CLUSTER) cr_assert_eq((long)r.cluster_states, hard->cluster);
                if (ended && mode == BFS_MOVES) cr_assert_eq(th_moves(&r), hard->optimal);
                solver_result_free(&r);
                solver_context_free(&ctx);
            }
            cr_assert_geq(stops, 5, "%s: %d budgets stopped it", builds[k].name, stops);
        }
    }
    puzzle_list_free(&list);
}

/* The cluster analysis (search/cluster.h) on the database: each line's board is the hardest
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
        cr_assert(cluster_analyse(&p->board, p->start, 0, 0, &solver_bfs, &an), "%s", p->name);
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

/* bin/solve --cluster analyses the states its timed search left instead of exploring again:
 * the same analysis in every field, and the same budget refusals, as exploring. */
Test(bfs, the_analysis_of_the_engines_states_is_the_analysis_of_the_cluster, .timeout = 600)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    int stride = th_sanitized() ? 40 : 4;
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget unlimited = {0, 0, 0};
    for (int k = 0; k < list.count; k += stride) {
        const puzzle *p = &list.items[k];
        solver_result r;
        bfs_cluster_puzzle(&ctx, p, &unlimited, &r);
        uint64_t n = r.cluster_states;
        const uint64_t *states = bfs_cluster_states(&ctx);
        cluster_analysis a, b;
        cr_assert(cluster_analyse(&p->board, p->start, 0, 0, &solver_bfs, &a), "%s", p->name);
        cr_assert(cluster_analyse_states(&p->board, p->start, states, n, 0, 0, &solver_bfs, &b), "%s", p->name);
        cr_assert_eq(b.states, a.states, "%s", p->name);
        cr_assert_eq(b.goal_states, a.goal_states, "%s", p->name);
        cr_assert_eq(b.ndistances, a.ndistances, "%s", p->name);
        for (int d = 0; d < a.ndistances; d++) cr_assert_eq(b.distances[d], a.distances[d]);
        cr_assert_eq(b.hardest, a.hardest, "%s", p->name);
        cr_assert_eq(b.canonical, a.canonical, "%s", p->name);
        cr_assert_eq(b.hardest_moves, a.hardest_moves, "%s", p->name);
        cr_assert_eq(b.minimal, a.minimal, "%s", p->name);
        cluster_analysis_free(&a);
        cluster_analysis_free(&b);
        /* The budget: both refuse a state or a byte short of what exploring takes. */
        if (k % (10 * stride) == 0 && n >= 2) {
            cluster c;
            cr_assert(!cluster_explore(&c, &p->board, p->start, n - 1, 0), "%s", p->name);
            cr_assert(!cluster_of_states(&c, &p->board, states, n, n - 1, 0), "%s", p->name);
            cr_assert(cluster_of_states(&c, &p->board, states, n, n, 0), "%s", p->name);
            cluster_free(&c);
            uint64_t refused = 0, taken = 1ull << 32;   /* the least byte budget exploring takes */
            while (taken - refused > 1) {
                uint64_t mid = refused + (taken - refused) / 2;
                if (cluster_explore(&c, &p->board, p->start, 0, mid)) {
                    cluster_free(&c);
                    taken = mid;
                }
                else refused = mid;
            }
            cr_assert(!cluster_of_states(&c, &p->board, states, n, 0, taken - 1), "%s", p->name);
            cr_assert(cluster_of_states(&c, &p->board, states, n, 0, taken), "%s", p->name);
            cluster_free(&c);
        }
        solver_result_free(&r);
    }
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* UNBLOCK_CPU forces each path the processor runs (common/cpu.h): bin/solve's answers and whole
 * clusters on the Rush Hour and Klotski ladders and the first 300 sample puzzles are the same
 * under each, bin/bench records the path in its meta, and a value that names no path (or one
 * the processor cannot run) is one line and exit 2. */
Test(bfs, unblock_cpu_forces_each_path_and_every_path_answers_alike, .timeout = 300)
{
    static const char *const paths[] = {"portable", "avx2", "avx512"};
    char dir[64], cmd[1024], *out, *err, *first = NULL;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "head -n 320 corpus/_database/fogleman-sample.txt > %s/sample.txt", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    for (int k = 0; k <= (int)cpu_widest(); k++) {
        snprintf(cmd, sizeof cmd, "UNBLOCK_CPU=%s %s/solve --cluster corpus/ladder.txt "
                 "corpus/klotski/ladder.txt %s/sample.txt", paths[k], th_bin(), dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s: %s", paths[k], err);
        cr_assert_gt(strlen(out), 100000, "%s", paths[k]);
        if (!first) first = out;
        else cr_assert_str_eq(out, first, "the %s path answers otherwise than the portable one", paths[k]);
        if (out != first) free(out);
        free(err);
        snprintf(cmd, sizeof cmd, "UNBLOCK_CPU=%s %s/bench --no-progress --solver bfs --json %s/r.json "
                 "corpus/seeds/ > /dev/null && grep -o '\"cpu_path\": *\"[a-z0-9]*\"' %s/r.json",
                 paths[k], th_bin(), dir, dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
        char want[64];
        snprintf(want, sizeof want, "\"cpu_path\": \"%s\"", paths[k]);
        cr_assert_not_null(strstr(out, want), "%s: %s", paths[k], out);
        free(out), free(err);
    }
    free(first);
    snprintf(cmd, sizeof cmd, "UNBLOCK_CPU=sse2 %s/solve corpus/seeds/seeds.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert_str_eq(err, "solve: UNBLOCK_CPU='sse2' is none of avx512, avx2, portable\n");
    free(out), free(err);
    if (cpu_widest() < CPU_AVX512) {   /* where the processor has no AVX-512, asking for it */
        snprintf(cmd, sizeof cmd, "UNBLOCK_CPU=avx512 %s/bench corpus/seeds/seeds.txt", th_bin());
        cr_assert_eq(th_run(cmd, &out, &err), 2);
        cr_assert_not_null(strstr(err, "bench: UNBLOCK_CPU=avx512: this processor"), "%s", err);
        free(out), free(err);
    }
}
