/* test_tiles.c -- the sliding-tile family: its readers and their errors, parity against an
 * independent breadth-first search over every layout, the bounds admissible and consistent
 * on every state of small boards, Korf's node counts, the pattern databases' cache, every
 * solver and the reference on the corpus, external solvers judged, the space and pictures. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/stateset.h"
#include "tiles/tiles.h"
#include "common/xmem.h"
#include "scan/scan.h"
#include "search/search.h"
#include "rush/rush_bounds.h"
#include "tiles/tiles_pdb.h"
#include "solvers/reference.h"
#include "tiles/tiles_space.h"
#include "tests/helpers.h"

/* Where the pattern databases are cached for the tests: the Makefile's, else a scratch one. */
static void cache_here(void)
{
    if (!getenv("XDG_CACHE_HOME")) setenv("XDG_CACHE_HOME", "/tmp/ubtest-tiles-cache", 1);
}

static puzzle one(const char *text)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &list, err), 1, "%s", err);
    puzzle p = list.items[0];
    puzzle_list_free(&list);
    return p;
}

/* ---- Reading ---------------------------------------------------------------------------- */

Test(tiles, reads_the_block_and_the_list_forms)
{
    puzzle p = one("family: tiles\nname: two-moves\nmoves: 2\n1 2 .\n  3   4 5\n 6 7 8\n");
    cr_assert_eq(p.family, FAMILY_TILES);
    cr_assert_str_eq(p.name, "two-moves");
    cr_assert_eq(p.optimal, 2);
    cr_assert_eq(p.tiles.width, 3);
    cr_assert_eq(p.tiles.height, 3);
    uint8_t cells[9];
    tiles_cells(&p.tiles, p.start, cells);
    const uint8_t want[9] = {1, 2, 0, 3, 4, 5, 6, 7, 8};   /* '.' is the blank */
    cr_assert_arr_eq(cells, want, sizeof want);

    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("family: tiles\nname: two-moves\nmoves: 2\n1 2 0\n3 4 5\n6 7 8\n\n"
                         "family: tiles\ngoal: 1 2 3 4 5 6 7 8 0\n1 2 3\n4 5 6\n7 0 8\n",
                         &list, err), 2, "%s", err);
    cr_assert(tiles_goal_is_korf(&list.items[0].tiles));
    cr_assert(!tiles_goal_is_korf(&list.items[1].tiles));
    cr_assert_eq(list.items[1].tiles.goal_cell[0], 8);
    measure_counts m;
    cr_assert_eq(puzzle_replay(&list.items[0], "2R 1R", &m, err), 0, "%s", err);
    cr_assert_eq(m.moves, 2);
    cr_assert_eq(puzzle_replay(&list.items[1], "8L", &m, err), 0, "%s", err);
    cr_assert_eq(puzzle_replay(&list.items[0], "2R 3U", &m, err), -1);
    cr_assert_str_eq(err, "move 2 '3U': tile 3 is not next to the blank on the side it would move from");
    puzzle_list_free(&list);

    cr_assert_eq(th_scan("# Korf's list form\nfamily: tiles\n"
                         "korf1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 moves=57\n"
                         "0 1 2 3 4 5 6 7 8\n"
                         "family: tiles\nsize: 2x3\nsix 1 0 2 3 4 5 moves=1\n",
                         &list, err), 3, "%s", err);
    cr_assert_str_eq(list.items[0].name, "korf1");
    cr_assert_eq(list.items[0].optimal, 57);
    cr_assert_eq(list.items[0].tiles.width, 4);
    cr_assert_eq(list.items[1].tiles.width, 3);
    cr_assert_eq(list.items[1].start, list.items[1].tiles.goal_key);
    cr_assert_eq(list.items[2].tiles.width, 2);
    cr_assert_eq(list.items[2].tiles.height, 3);
    cr_assert_eq(puzzle_replay(&list.items[2], "1R", &m, err), 0, "%s", err);
    /* The native text reads back as the same puzzle (results keep boards that way). */
    char *native = puzzle_format_native(&list.items[0]);
    puzzle back = one(native);
    cr_assert_eq(back.start, list.items[0].start);
    cr_assert_eq(back.optimal, 57);
    free(native);
    char id_a[17], id_b[17];
    puzzle_id(&list.items[0], id_a);
    puzzle_id(&back, id_b);
    cr_assert_str_eq(id_a, id_b);
    puzzle_list_free(&list);
}

Test(tiles, bad_input_is_one_line_naming_the_file_and_line)
{
    static const char *cases[][2] = {
        {"family: tiles\n1 2 0\n3 4 4\n6 7 8\n", "k.txt:3: tile 4 is on the board twice\n"},
        {"family: tiles\n1 2 3\n4 0 6\n7 8 9\n", "k.txt:4: 9 is not a tile of a 3x3 board (0 to 8)\n"},
        {"family: tiles\n1 2 3\n4 0 6\n7 8 8\n", "k.txt:4: tile 8 is on the board twice\n"},
        {"family: tiles\n1 2\n3 4\n", "k.txt:3: the board has no blank (0 or .)\n"},
        {"family: tiles\n1 2 0\n3 4\n", "k.txt:3: row 2 has 2 numbers, row 1 has 3\n"},
        {"family: tiles\ngoal: 0 1 2 3 4 5 6 7 7\n1 2 0\n3 4 5\n6 7 8\n",
         "k.txt:2: the goal is not a permutation of 0 to 8 (7 is there twice)\n"},
        {"family: tiles\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n20 21 22 23 24\n"
         "25 26 27 28 29\n",
         "k.txt:7: the board passes 25 cells: a sliding-tile board has at most 25\n"},
        /* The big boards' bad tiles: out of range, twice, in the block and the list forms. */
        {"family: tiles\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n20 21 22 23 25\n",
         "k.txt:6: 25 is not a tile of a 5x5 board (0 to 24)\n"},
        {"family: tiles\n0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 17 19\n20 21 22 23 24\n",
         "k.txt:5: tile 17 is on the board twice\n"},
        {"family: tiles\nsize: 6x4\nk 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 22\n",
         "k.txt:3: tile 22 is on the board twice\n"},
        {"family: tiles\nsize: 3x8\nk 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 24\n",
         "k.txt:3: 24 is not a tile of a 3x8 board (0 to 23)\n"},
        {"family: tiles\nsize: 13x2\nk 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25\n",
         "k.txt:3: 26 cells: a sliding-tile board has at most 25\n"},
        {"family: tiles\nsize: 6x5\nk 0 1 2 3\n",
         "k.txt:3: 4 cells; a 6x5 board has 30\n"},
        {"family: tiles\n1 x 0\n", "k.txt:2: 'x' is not a tile's number\n"},
        {"family: tiles\nsize: 3x3\nk 1 2 0 3 4 5 6 7\n", "k.txt:3: 8 cells; a 3x3 board has 9\n"},
        {"family: tiles\nfoo: 1\n1 0\n2 3\n", "k.txt:2: unknown header 'foo' (a tiles puzzle takes name:, moves:, goal:, size:)\n"},
        {"family: tiles\n", "k.txt:1: family: tiles, but no rows follow\n"},
        {"family: tiles\n0 1\n", "k.txt:2: a 2x1 board: a sliding-tile board is at least 2x2 and at most 25 cells\n"},
        /* More words than a list line holds (the fuzzer's find: a word read past the last). */
        {"family: tiles\nk 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28\n",
         "k.txt:2: more than 28 numbers or 511 characters on a line\n"},
    };
    th_bad_inputs(cases, sizeof cases / sizeof *cases);
}

/* ---- An independent search over every layout ---------------------------------------------
 *
 * A layout is an array of cells; the moves are found by looking at the blank's neighbours on
 * the grid, nothing from tiles/tiles.c. States are numbered by a map from their packed cells. */

typedef struct {
    int w, h, n;
    stateset index;     /* packed layout -> number */
    uint64_t *layout;   /* by number */
    int *dist;          /* moves to the goal */
    uint64_t count, cap;
} tbfs;

static uint64_t pack(const uint8_t *cell, int n)
{
    uint64_t k = 0;
    for (int c = 0; c < n; c++) k |= (uint64_t)cell[c] << (4 * c);
    return k;
}

static int neighbours(const tbfs *t, uint64_t s, uint64_t *out)
{
    uint8_t cell[16];
    int blank = 0, m = 0;
    for (int c = 0; c < t->n; c++) {
        cell[c] = (uint8_t)(s >> (4 * c) & 15);
        if (!cell[c]) blank = c;
    }
    int r = blank / t->w, c = blank % t->w;
    const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
    for (int d = 0; d < 4; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr < 0 || rr >= t->h || cc < 0 || cc >= t->w) continue;
        int o = rr * t->w + cc;
        cell[blank] = cell[o], cell[o] = 0;
        out[m++] = pack(cell, t->n);
        cell[o] = cell[blank], cell[blank] = 0;
    }
    return m;
}

static uint64_t place(tbfs *t, uint64_t s, bool *added)
{
    uint64_t slot = stateset_add(&t->index, s, added);
    if (*added) {
        if (t->count == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 1024;
            t->layout = xrealloc(t->layout, t->cap * sizeof *t->layout);
            t->dist = xrealloc(t->dist, t->cap * sizeof *t->dist);
        }
        t->index.value[slot] = (uint32_t)t->count;
        t->layout[t->count++] = s;
    }
    return t->index.value[slot];
}

/* Every layout that reaches Korf's goal on a w x h board, with its distance. */
static void every_layout(tbfs *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->w = w, t->h = h, t->n = w * h;
    stateset_init(&t->index, stateset_default_hash);
    stateset_clear(&t->index, true);
    uint8_t goal[16];
    for (int c = 0; c < t->n; c++) goal[c] = (uint8_t)c;
    bool added;
    place(t, pack(goal, t->n), &added);
    t->dist[0] = 0;
    for (uint64_t k = 0; k < t->count; k++) {
        uint64_t next[4];
        int m = neighbours(t, t->layout[k], next);
        for (int i = 0; i < m; i++) {
            uint64_t j = place(t, next[i], &added);
            if (added) t->dist[j] = t->dist[k] + 1;
        }
    }
}

static void tbfs_free(tbfs *t)
{
    stateset_free(&t->index);
    free(t->layout);
    free(t->dist);
}

Test(tiles, parity_decides_solvability_as_a_search_over_every_layout_finds, .timeout = 300)
{
    const int shapes[][2] = {{2, 2}, {3, 2}, {2, 3}, {4, 2}, {3, 3}};
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        int w = shapes[s][0], h = shapes[s][1], n = w * h;
        tbfs t;
        every_layout(&t, w, h);
        tiles_board b;
        char err[TILES_ERR_MAX];
        cr_assert_eq(tiles_init(&b, w, h, NULL, err), 0);
        uint64_t factorial = 1;
        for (int k = 2; k <= n; k++) factorial *= (uint64_t)k;
        cr_assert_eq(t.count, factorial / 2, "%dx%d", w, h);
        cr_assert_eq(tiles_cluster_states(&b), t.count);
        /* Every permutation: solvable exactly when the search met it. */
        uint8_t cell[16];
        for (int c = 0; c < n; c++) cell[c] = (uint8_t)c;
        uint64_t solvable = 0;
        for (;;) {
            uint64_t key = pack(cell, n);
            bool reached = stateset_find(&t.index, key) != UINT64_MAX;
            cr_assert_eq(tiles_solvable(&b, key), reached, "%dx%d %llx", w, h, (unsigned long long)key);
            solvable += reached;
            int i = n - 2;   /* the next permutation in lexicographic order */
            while (i >= 0 && cell[i] >= cell[i + 1]) i--;
            if (i < 0) break;
            int j = n - 1;
            while (cell[j] <= cell[i]) j--;
            uint8_t x = cell[i];
            cell[i] = cell[j], cell[j] = x;
            for (int a = i + 1, z = n - 1; a < z; a++, z--) x = cell[a], cell[a] = cell[z], cell[z] = x;
        }
        cr_assert_eq(solvable, t.count);
        tbfs_free(&t);
    }
}

/* bin/enumerate's space (two bits a rank, a pass a level, shared among the processors) against
 * the independent search: the same count at each distance, and as farthest layouts exactly
 * those at the greatest, in the order of their ranks. */
Test(tiles, the_space_counts_what_an_independent_search_finds, .timeout = 300)
{
    const int shapes[][2] = {{2, 3}, {4, 2}, {2, 4}, {3, 3}};
    char dir[64], path[128], line[512];
    th_scratch(dir);
    snprintf(path, sizeof path, "%s/space.txt", dir);
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        int w = shapes[s][0], h = shapes[s][1];
        tbfs t;
        every_layout(&t, w, h);
        uint64_t at[64] = {0};
        int far = 0;
        for (uint64_t i = 0; i < t.count; i++) {
            at[t.dist[i]]++;
            if (t.dist[i] > far) far = t.dist[i];
        }
        cr_assert_eq(tiles_space_run(w, h, path, NULL), 0);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        cr_assert_not_null(fgets(line, sizeof line, f));
        char *list = strstr(line, "\"by_moves\": [");
        cr_assert_not_null(list, "%s", line);
        list += strlen("\"by_moves\": [");
        for (int d = 0; d <= far; d++) {
            char *end;
            cr_assert_eq(strtoull(list, &end, 10), at[d], "%dx%d at %d moves", w, h, d);
            list = end + (*end == ',' ? 2 : 0);
        }
        cr_assert_eq(*list, ']', "%dx%d: %s", w, h, line);
        tiles_board b;
        char err[TILES_ERR_MAX];
        cr_assert_eq(tiles_init(&b, w, h, NULL, err), 0);
        uint64_t farthest = 0, last_rank = 0;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "farthest", 8)) continue;
            uint8_t cell[16];
            char *p = strchr(line, ' ');
            for (int c = 0; c < w * h; c++) cell[c] = (uint8_t)strtoul(p, &p, 10);
            uint64_t key = pack(cell, w * h), slot = stateset_find(&t.index, key);
            cr_assert_neq(slot, UINT64_MAX);
            cr_assert_eq(t.dist[t.index.value[slot]], far, "%dx%d: %s", w, h, line);
            uint64_t rank = tiles_rank(cell, w * h, w * h);
            cr_assert(farthest == 0 || rank > last_rank, "%dx%d: not in rank order", w, h);
            last_rank = rank, farthest++;
        }
        cr_assert_eq(farthest, at[far], "%dx%d", w, h);
        fclose(f);
        tbfs_free(&t);
    }
}

/* Each bound of the tiles on every layout of w x h: never above the distance, one move changes
 * it by at most one, and its incremental forms (h_after, expand) agree with it. */
/* Checks every bound on every layout of the W x H; returns on how many the pdb bound (the
 * last) is exact. */
/* The pattern databases' parameters (the family's, tiles_family.h): partition by its choice's
 * index (0 auto, 1 5-5-5, 2 6-6-3, 3 7-8), and reflect. */
static heuristic_options tiles_options(int partition, bool reflect)
{
    heuristic_options o = {{0}};
    o.value[HEURISTIC_BOUND_partition] = partition;
    o.value[HEURISTIC_BOUND_reflect] = reflect;
    return o;
}

static uint64_t check_bounds(int w, int h, heuristic_options o)
{
    tbfs t;
    every_layout(&t, w, h);
    puzzle p = {0};
    char err[TILES_ERR_MAX];
    cr_assert_eq(tiles_init(&p.tiles, w, h, NULL, err), 0);
    p.family = FAMILY_TILES;
    p.start = p.tiles.goal_key;
    family_problem view;
    puzzle_problem(&p, &view);
    const int kinds[] = {HEURISTIC_MANHATTAN, HEURISTIC_CONFLICT, HEURISTIC_PDB};
    uint64_t pdb_exact = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        family_bound fb;
        solver_budget none = {0, 0, 0};
        solver_result r = {0};
        cr_assert_eq(heuristic_family_begin(&fb, &view, MEASURE_MOVES, kinds[k], o, &none, &r), 0);
        uint64_t exact = 0;
        for (uint64_t s = 0; s < t.count; s++) {
            uint64_t key = t.layout[s];
            int hs = fb.h(&fb, key);
            cr_assert(hs >= 0 && hs <= t.dist[s], "%s %dx%d: h %d, distance %d",
                      heuristic_names[kinds[k]], w, h, hs, t.dist[s]);
            exact += hs == t.dist[s];
            uint64_t child[4], kids[4];
            int he[4];
            int m = neighbours(&t, key, child);
            int e = fb.expand(&fb, key, key, hs, kids, he);
            cr_assert_eq(e, m);
            for (int i = 0; i < m; i++) {
                int direct = fb.h(&fb, child[i]);
                cr_assert(direct >= hs - 1 && direct <= hs + 1, "%s: inconsistent",
                          heuristic_names[kinds[k]]);
                cr_assert_eq(fb.h_after(&fb, key, hs, child[i]), direct);
                cr_assert_eq(kids[i], child[i]);   /* the same order: Korf's */
                cr_assert_eq(he[i], direct);
            }
        }
        cr_log_info("%s on %dx%d%s: exact on %llu of %llu layouts", heuristic_names[kinds[k]], w, h,
                    o.value[HEURISTIC_BOUND_reflect] ? " (reflect)" : "", (unsigned long long)exact,
                    (unsigned long long)t.count);
        if (kinds[k] == HEURISTIC_PDB) pdb_exact = exact;
    }
    tbfs_free(&t);
    return pdb_exact;
}

Test(tiles, every_bound_is_admissible_and_consistent_on_every_layout, .timeout = 600)
{
    cache_here();
    cr_assert_eq(check_bounds(3, 3, tiles_options(0, false)), 61312);
    cr_assert_eq(check_bounds(3, 3, tiles_options(0, true)), 86905);
    check_bounds(4, 2, tiles_options(0, false));
    check_bounds(2, 4, tiles_options(0, false));
}

/* Off the 4x4 a partition is runs of its largest group: 7-8 on the 3x3 is one group of all
 * eight tiles, whose database is the exact distance of every layout. */
Test(tiles, the_7_8_partition_on_the_3x3_is_one_group_and_exact, .timeout = 300)
{
    cache_here();
    cr_assert_eq(check_bounds(3, 3, tiles_options(3, false)), 181440);
}

/* The bytes of a partition's tables, and a set that does not fit builds none of its groups. */
Test(tiles, a_partitions_tables_are_counted_and_a_set_too_large_builds_nothing, .timeout = 120)
{
    cache_here();
    puzzle p = one("family: tiles\n0 1 2 3\n4 5 6 7\n8 9 10 11\n");   /* 4x3 */
    family_problem view;
    puzzle_problem(&p, &view);
    uint64_t bytes;
    tiles_pdb_prepare(&view, tiles_options(1, false), UINT64_MAX, &bytes);
    cr_assert_eq(bytes, 2 * 95040 * 7 + 12 * 11);   /* 5-5-5: {1..5} {6..10} {11} */
    tiles_pdb_prepare(&view, tiles_options(0, false), UINT64_MAX, &bytes);
    cr_assert_eq(bytes, 665280 * 6 + 95040 * 7);   /* auto: {1..6} {7..11} */

    puzzle q = one("family: tiles\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n");
    puzzle_problem(&q, &view);
    double t0 = search_now();
    cr_assert_eq(tiles_pdb_prepare(&view, tiles_options(3, false), 2ull << 30, &bytes), 0);
    cr_assert_eq(bytes, 0);   /* 7-8: 518,918,400 + 4,151,347,200 bytes, over 2 GiB */
    cr_assert_lt(search_now() - t0, 5.0);   /* the 7-tile group was not built first */
    family_bound fb;
    solver_budget two_gib = {0, 2ull << 30, 0};
    solver_result r = {0};
    cr_assert_eq(heuristic_family_begin(&fb, &view, MEASURE_MOVES, HEURISTIC_PDB,
                                        tiles_options(3, false), &two_gib, &r), -1);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "bytes");
    /* the tables, and the 8-tile one's two bitmaps while it is built */
    cr_assert_str_eq(r.note, "the bound's tables need 4799995200 bytes, past --max-bytes");
    solver_result_free(&r);
}

/* 20,000 moves of a random walk on the 4x4 from the goal with the databases of partition o:
 * consistent across every move, the forms agreeing, and never under the Manhattan distance. */
static void walk_4x4(heuristic_options o, uint64_t max_bytes)
{
    puzzle p = one("family: tiles\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n");
    family_problem view;
    puzzle_problem(&p, &view);
    family_bound fb, md;
    solver_budget budget = {0, max_bytes, 0};
    solver_result r = {0};
    cr_assert_eq(heuristic_family_begin(&fb, &view, MEASURE_MOVES, HEURISTIC_PDB, o, &budget, &r),
                 0);
    cr_assert_eq(
        heuristic_family_begin(&md, &view, MEASURE_MOVES, HEURISTIC_MANHATTAN, o, &budget, &r), 0);
    srand(7);
    uint64_t key = p.start;
    int h = fb.h(&fb, key);
    cr_assert_eq(h, 0);
    for (int step = 0; step < 20000; step++) {
        uint64_t child[4];
        int hc[4];
        int m = fb.expand(&fb, key, key, h, child, hc);
        int i = rand() % m;
        int direct = fb.h(&fb, child[i]);
        cr_assert_eq(hc[i], direct);
        cr_assert(direct >= h - 1 && direct <= h + 1);
        cr_assert_geq(direct, md.h(&md, child[i]));   /* a group needs its tiles' distances */
        key = child[i], h = direct;
    }
}

Test(tiles, the_15_puzzles_databases_are_consistent_along_random_walks, .timeout = 900)
{
    cache_here();
    for (int partition = 1; partition <= 2; partition++)
        for (int reflect = 0; reflect <= 1; reflect++)
            walk_4x4(tiles_options(partition, reflect), 0);
}

/* The 7-8 tables: 4.67 GB and about three minutes to build on two processors, so `make
 * test-long` runs this (UB_LONG=1), and `make check` reports it skipped. */
Test(tiles, the_15_puzzles_7_8_databases_are_consistent_along_random_walks, .timeout = 1800)
{
    if (!getenv("UB_LONG")) cr_skip_test("the 7-8 tables are built by make test-long");
    cache_here();
    for (int reflect = 0; reflect <= 1; reflect++)
        walk_4x4(tiles_options(3, reflect), 6ull << 30);
}

/* ---- Korf's IDA* and the pattern databases on Korf's 100 ---------------------------------- */

/* The instances of corpus/tiles/_korf/ with fewer than max_nodes nodes: a list file in dir and
 * their node counts, in order. Returns how many. */
static int korf_under(const char *dir, uint64_t max_nodes, uint64_t *nodes, int *moves)
{
    FILE *tsv = fopen("corpus/tiles/_korf/korf100-nodes.tsv", "r");
    cr_assert_not_null(tsv);
    char path[128], line[256];
    snprintf(path, sizeof path, "%s/korf.txt", dir);
    FILE *out = fopen(path, "w");
    fprintf(out, "family: tiles\nsize: 4x4\n");
    puzzle_list all = th_load("corpus/tiles/_korf/korf100.txt");
    cr_assert_eq(all.count, 100);
    int n = 0;
    while (fgets(line, sizeof line, tsv)) {
        int i, m;
        unsigned long long count;
        if (line[0] == '#' || sscanf(line, "%d %d %llu", &i, &m, &count) != 3) continue;
        cr_assert_eq(all.items[i - 1].optimal, m);
        if (count >= max_nodes) continue;
        uint8_t cell[16];
        tiles_cells(&all.items[i - 1].tiles, all.items[i - 1].start, cell);
        fprintf(out, "korf%d", i);
        for (int c = 0; c < 16; c++) fprintf(out, " %d", cell[c]);
        fprintf(out, " moves=%d\n", m);
        nodes[n] = count, moves[n++] = m;
    }
    fclose(tsv);
    fclose(out);
    puzzle_list_free(&all);
    return n;
}

Test(tiles, korfs_ida_reproduces_korfs_node_counts, .timeout = 600)
{
    char dir[64], cmd[512], *out, *err;
    th_scratch(dir);
    uint64_t nodes[100];
    int moves[100];
    int n = korf_under(dir, th_sanitized() ? 1100000 : 3000000, nodes, moves);
    cr_assert_geq(n, 5);
    snprintf(cmd, sizeof cmd, "%s/solve --json --solver idastar --heuristic manhattan --param table=0 "
             "--max-states 0 --max-seconds 0 %s/korf.txt | python3 -c \"import json,sys\n"
             "for l in sys.stdin: d=json.loads(l); print(d['moves'], d['generated'])\"", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    char *line = out;
    for (int k = 0; k < n; k++) {
        int m;
        unsigned long long g;
        cr_assert_eq(sscanf(line, "%d %llu", &m, &g), 2, "%s", out);
        cr_assert_eq(m, moves[k]);
        cr_assert_eq(g + 1, nodes[k], "instance %d: Korf counts %llu", k, (unsigned long long)nodes[k]);
        line = strchr(line, '\n') + 1;
    }
    free(out), free(err);
}

Test(tiles, the_pattern_databases_solve_korfs_instances_optimally_and_the_bench_judges_them, .timeout = 900)
{
    char dir[64], cmd[768], *out, *err;
    th_scratch(dir);
    uint64_t nodes[100];
    int moves[100];
    int n = korf_under(dir, th_sanitized() ? 2000000 : 50000000, nodes, moves);
    cr_assert_geq(n, 8);
    /* The file's answers are checked against the reference (IDA* with the databases), every
     * row replayed and judged; a wrong answer fails the run. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --verify --solver idastar --param table=0 "
             "--max-states 0 --csv /dev/null %s/korf.txt", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| idastar/pdb | "), "%s", out);
    char want[64];
    snprintf(want, sizeof want, "| idastar/pdb | %d | %d | 100.0%% |", n, n);
    cr_assert_not_null(strstr(out, want), "%s", out);
    free(out), free(err);
    /* A file that says one move too few: the reference says the file is wrong. */
    snprintf(cmd, sizeof cmd, "sed -i '3s/moves=\\([0-9]*\\)/moves=1\\1/' %s/korf.txt && "
             "%s/bench --no-progress --verify --solver idastar --csv /dev/null %s/korf.txt", dir,
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(err, "the reference IDA*/pdb finds"), "%s", err);
    cr_assert_not_null(strstr(err, "the file is wrong"), "%s", err);
    free(out), free(err);
}

Test(tiles, a_corrupt_or_stale_database_is_rebuilt_with_one_warning, .timeout = 300)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    /* A 3x3 puzzle: its databases are small; the cache is a fresh one. */
    const char *solve = "printf 'family: tiles\\n8 0 6\\n5 4 7\\n2 3 1\\n' > %s/p.txt && "
                        "XDG_CACHE_HOME=%s/cache %s/solve --solver idastar %s/p.txt";
    snprintf(cmd, sizeof cmd, solve, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "31 moves"), "%s", out);
    cr_assert_not_null(strstr(err, "note: pattern database of tiles {1 2 3 4 5 6} on the 3x3: built in"), "%s", err);
    free(out), free(err);
    /* A bench run that builds them: the row says so in its stats, and every reader of the
     * result files takes it (a stats value is a count: milliseconds). */
    snprintf(cmd, sizeof cmd, "XDG_CACHE_HOME=%s/cache2 %s/bench --no-progress --solver idastar "
             "--out %s/run %s/p.txt > /dev/null && grep -c 'bound_build_ms=[0-9]* bound_bytes=181944' "
             "%s/run/results.csv && %s/bench verify %s/run/results.csv %s/p.txt && "
             "%s/bench report %s/run && test -s %s/run/report.html",
             dir, th_bin(), dir, dir, dir, th_bin(), dir, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert(strncmp(out, "1\n", 2) == 0, "%s", out);
    free(out), free(err);
    /* Read from the cache: no note, no warning. */
    snprintf(cmd, sizeof cmd, solve, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(err, "");
    free(out), free(err);
    /* A byte of a table changed: rebuilt, one warning, the same answer. */
    snprintf(cmd, sizeof cmd, "f=$(ls %s/cache/unblock-bench/tiles-pdb-3x3-*-010203040506.bin) && "
             "printf '\\x07' | dd of=$f bs=1 seek=100 conv=notrunc 2>/dev/null && " , dir);
    size_t len = strlen(cmd);
    snprintf(cmd + len, sizeof cmd - len, solve, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "31 moves"), "%s", out);
    cr_assert_not_null(strstr(err, ": its checksum does not match; the pattern database is rebuilt\n"), "%s", err);
    cr_assert_eq(strstr(err, "warning"), err, "%s", err);   /* one warning, then the build's note */
    cr_assert_null(strstr(err + 1, "warning"), "%s", err);
    free(out), free(err);
    /* Cut short: rebuilt as well. */
    snprintf(cmd, sizeof cmd, "f=$(ls %s/cache/unblock-bench/tiles-pdb-3x3-*-010203040506.bin) && "
             "truncate -s 1000 $f && ", dir);
    len = strlen(cmd);
    snprintf(cmd + len, sizeof cmd - len, solve, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(err, ": not the header's size; the pattern database is rebuilt\n"), "%s", err);
    free(out), free(err);
}

/* ---- The harness ------------------------------------------------------------------------- */

Test(tiles, every_solver_on_the_small_shapes_and_the_8_puzzle, .timeout = 600)
{
    cache_here();
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    /* Every strategy that applies, each bound, Korf's IDA*: no check fails (legal, optimal where
     * promised, the unsolvable ones proved without a search); the zone solvers are unsupported. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --verify --solver all --heuristic all "
             "--param table=0 --max-states %s --out %s corpus/tiles/small.txt "
             "corpus/tiles/eight-puzzle-farthest.txt", th_bin(), th_sanitized() ? "200K" : "2M", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "python3 -c \"import json\n"
             "rows = json.load(open('%s/results.json'))['rows']\n"
             "for r in rows:\n"
             "    if r['puzzle'].endswith('unsolvable') and r['status'] not in ('unsupported',):\n"
             "        assert r['status'] == 'unsolvable' and r['expanded'] == 0, r\n"
             "    if r['solver'] in ('zone13', 'iddfs-zone') or r['heuristic'] in ('blockers', 'mustmove'):\n"
             "        assert r['status'] == 'unsupported', r\n"
             "    elif r['status'] == 'solved' and r['guarantee'] == 'moves':\n"
             "        assert r['optimal'] is True, r\n"
             "print(len(rows))\"", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_gt(atoi(out), 100);
    free(out), free(err);
    /* verify agrees, reading the rows back. */
    snprintf(cmd, sizeof cmd, "%s/bench verify %s/results.csv corpus/tiles/", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
}

Test(tiles, external_solvers_are_judged_and_one_without_tiles_is_never_asked, .timeout = 300)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "chmod 755 %s && head -24 corpus/tiles/small.txt > %s/s.txt && chmod 644 %s/s.txt && "
             "%s/bench --no-progress --external tb='python3 tests/data/external/tiles_bfs.py' "
             "--solver tb,bfs --csv %s/r.csv %s/s.txt", dir, dir, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| tb | 3 | 2 | 100.0% |"), "%s", out);
    free(out), free(err);
    /* A liar: legal solutions with a move and its undoing, claimed the fewest. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --external tb='python3 tests/data/external/tiles_bfs.py liar' "
             "--solver tb --csv /dev/null %s/s.txt", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(err, "tb on 2x2-walk: 7 moves, but the file gives the optimum as 5 and "
                                   "the solver promises the fewest moves"), "%s", err);
    free(out), free(err);
    /* A solver that declares no families: unsupported rows, and never a tiles request. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --no-sandbox --external "
             "old='sh -c \"echo ubp 1; cat > %s/asked\"' --solver old --csv %s/o.csv %s/s.txt > /dev/null && "
             "cat %s/asked && grep -c ',unsupported,' %s/o.csv", th_bin(), dir, dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "3\n");
    free(out), free(err);
}

Test(tiles, a_bound_the_family_lacks_is_unsupported_in_a_mixed_run)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver astar --heuristic all "
             "--csv %s/r.csv corpus/seed-formats/kotlin-4x4.txt corpus/klotski/codeabbey-easy.txt "
             "corpus/tiles/eight-puzzle-farthest.txt && cut -d, -f1,10 %s/r.csv | sort | uniq -c", th_bin(),
             dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "2 astar/manhattan,solved"), "%s", out);
    cr_assert_not_null(strstr(out, "2 astar/manhattan,unsupported"), "%s", out);
    cr_assert_not_null(strstr(out, "2 astar/conflict,unsupported"), "%s", out);
    cr_assert_not_null(strstr(out, "1 astar/blockers,solved"), "%s", out);
    cr_assert_not_null(strstr(out, "3 astar/blockers,unsupported"), "%s", out);
    cr_assert_not_null(strstr(out, "4 astar/pdb,solved"), "%s", out);
    free(out), free(err);
}

Test(tiles, the_space_the_cluster_and_the_pictures)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/enumerate --family tiles --size 3x3 --stats %s/s.json > %s/far.txt && "
             "head -1 %s/far.txt && %s/solve --cluster %s/far.txt", th_bin(), dir, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "\"states\": 181440, \"clusters\": 2, \"max_moves\": 31, \"by_moves\": [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2]"), "%s", out);
    cr_assert_not_null(strstr(out, "farthest1 [bfs --cluster]: cluster 181440 states, 31 moves"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "tests/validate-json.py schema/enumerate-tiles.schema.json %s/s.json && "
             "head -1 %s/far.txt | cut -c13- > %s/h.json && "
             "tests/validate-json.py schema/enumerate-tiles.schema.json %s/h.json", dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/enumerate --family tiles --size 4x4", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_not_null(strstr(err, "up to 12 cells"), "%s", err);
    free(out), free(err);
    /* A 2x3 cluster node by node (360 states), a board and a solution drawn. */
    snprintf(cmd, sizeof cmd, "printf 'family: tiles\\n1 2 0\\n3 4 5\\n' > %s/p.txt && "
             "%s/render --graph -o %s/g.svg %s/p.txt && grep -c '<title>n[0-9]*</title>' %s/g.svg; "
             "%s/render --solution -o %s/s.png %s/p.txt && test -s %s/s.png",
             dir, th_bin(), dir, dir, dir, th_bin(), dir, dir, dir);
    int rc = th_run(cmd, &out, &err);
    if (strstr(err, "sfdp")) cr_skip_test("Graphviz is not installed: %s", err);
    cr_assert_eq(rc, 0, "%s%s", out, err);
    cr_assert_str_eq(out, "360\n");
    free(out), free(err);
}

Test(tiles, the_databases_count_against_the_bytes_budget_and_in_the_rows, .timeout = 300)
{
    cache_here();
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --solver idastar --max-bytes 64Mi corpus/tiles/korf-easy.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 3, "%s%s", out, err);
    cr_assert_str_eq(out, "korf12: budget exceeded (bytes)\nkorf42: budget exceeded (bytes)\n"
                          "korf79: budget exceeded (bytes)\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --json --solver idastar --max-bytes 200Mi corpus/tiles/korf-easy.txt | "
             "python3 -c \"import json,sys\nfor l in sys.stdin:\n d=json.loads(l)\n"
             " assert d['status'] == 'solved' and d['moves'] == d['known_optimal'], d\n"
             " assert d['table_bytes'] >= 115358880 and d['stats']['bound_bytes'] == 115358880, d\n"
             "print('ok')\"", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "ok\n");
    free(out), free(err);
}
