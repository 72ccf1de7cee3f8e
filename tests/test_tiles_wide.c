/* test_tiles_wide.c -- the sliding tiles past 16 cells, whose keys are two words (common/key.h,
 * tiles/tiles.h): keys, moves and parity against a model of cells on every big shape; the key's
 * round trip through notation, replay, text and the protocol; the pattern databases' entries
 * against a plain breadth-first search of their abstraction; the harness on 5x5 boards; and
 * (make test-long) Korf and Felner's five easiest instances with their node counts. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/puzzle.h"
#include "common/xmem.h"
#include "scan/scan.h"
#include "solvers/bounds/heuristic.h"
#include "tests/helpers.h"
#include "tiles/tiles.h"

static void cache_here(void)
{
    if (!getenv("XDG_CACHE_HOME")) setenv("XDG_CACHE_HOME", "/tmp/ubtest-tiles-cache", 1);
}

/* ---- A model of the board as cells, nothing from tiles.c -------------------------------- */

typedef struct {
    int w, h, n;
    uint8_t cell[TILES_MAX_CELLS];
} model;

static void model_goal(model *m, int w, int h)
{
    m->w = w, m->h = h, m->n = w * h;
    for (int c = 0; c < m->n; c++) m->cell[c] = (uint8_t)c;
}

static int model_blank(const model *m)
{
    for (int c = 0; c < m->n; c++)
        if (!m->cell[c]) return c;
    return -1;
}

/* The layouts after each move, the blank up, left, right, down (Korf's order); how many. */
static int model_moves(const model *m, model *out)
{
    static const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
    int b = model_blank(m), r = b / m->w, c = b % m->w, k = 0;
    for (int d = 0; d < 4; d++) {
        int rr = r + dr[d], cc = c + dc[d];
        if (rr < 0 || rr >= m->h || cc < 0 || cc >= m->w) continue;
        out[k] = *m;
        out[k].cell[b] = m->cell[rr * m->w + cc];
        out[k].cell[rr * m->w + cc] = 0;
        k++;
    }
    return k;
}

static const int shapes[][2] = {{5, 5}, {4, 6}, {6, 4}, {3, 7}, {7, 3}, {3, 8}, {8, 3}, {2, 12},
                                {12, 2}, {3, 6}, {2, 9}, {4, 5}, {5, 4}, {4, 4}};

Test(tiles_wide, keys_moves_and_parity_against_a_model_of_cells_on_every_big_shape)
{
    srand(7);
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        int w = shapes[s][0], h = shapes[s][1];
        tiles_board b;
        char err[TILES_ERR_MAX];
        cr_assert_eq(tiles_init(&b, w, h, NULL, err), 0, "%dx%d: %s", w, h, err);
        cr_assert_eq(b.wide, w * h > 16);
        model m;
        model_goal(&m, w, h);
        for (int step = 0; step < 3000; step++) {
            key_wide key = tiles_key(&b, m.cell);
            uint8_t back[TILES_MAX_CELLS];
            tiles_cells(&b, key, back);
            cr_assert_arr_eq(back, m.cell, (size_t)m.n);
            cr_assert(tiles_solvable(&b, key));
            model next[4];
            int k = model_moves(&m, next);
            if (b.wide) {
                cr_assert_eq(tiles_wide_blank(&b, key), model_blank(&m), "%dx%d", w, h);
                key_wide child[4];
                cr_assert_eq(tiles_wide_successors(&b, key, child), k);
                for (int i = 0; i < k; i++) cr_assert(child[i] == tiles_key(&b, next[i].cell));
            } else {
                uint64_t child[4];
                cr_assert_eq(tiles_successors(&b, (uint64_t)key, child), k);
                for (int i = 0; i < k; i++) cr_assert_eq(child[i], (uint64_t)tiles_key(&b, next[i].cell));
            }
            /* Two tiles swapped: the other parity, never solvable. */
            model swapped = m;
            int a = m.cell[0] ? 0 : 1, c = m.cell[m.n - 1] ? m.n - 1 : m.n - 2;
            swapped.cell[a] = m.cell[c], swapped.cell[c] = m.cell[a];
            cr_assert_not(tiles_solvable(&b, tiles_key(&b, swapped.cell)), "%dx%d", w, h);
            m = next[rand() % k];
        }
    }
}

/* A walk's keys, reversed so that it ends at the goal: its notation, replayed from its first
 * key, sees each key again and ends at the goal; the first key's text read back is itself. */
typedef struct {
    const key_wide *keys;
    int at;
} seen_walk;

static void seen_key(key_wide key, const char *token, size_t len, void *ctx)
{
    (void)token, (void)len;
    seen_walk *w = ctx;
    cr_assert(key == w->keys[++w->at], "key %d", w->at);
}

Test(tiles_wide, a_wide_key_round_trips_through_notation_replay_text_and_the_protocol)
{
    srand(11);
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes - 1; s++) {
        int w = shapes[s][0], h = shapes[s][1], n = 200;
        puzzle p = {0};
        char err[PUZZLE_ERR_MAX];
        cr_assert_eq(tiles_init(&p.tiles, w, h, NULL, err), 0);
        p.family = FAMILY_TILES, p.optimal = p.optimal_slides = p.optimal_steps = PUZZLE_UNKNOWN;
        p.cluster = -1;
        key_wide walk[201], path[201];
        walk[0] = p.tiles.goal_wide;
        for (int i = 1; i <= n; i++) {
            key_wide child[4];
            int k = tiles_wide_successors(&p.tiles, walk[i - 1], child);
            walk[i] = child[rand() % k];
        }
        for (int i = 0; i <= n; i++) path[i] = walk[n - i];
        char *text = tiles_wide_path_text(&p.tiles, path, n + 1, err);
        cr_assert_not_null(text, "%s", err);
        p.start = key_low(path[0]), p.start_high = key_high(path[0]);
        cr_assert_eq(puzzle_key_words(&p), 2);
        seen_walk sw = {path, 0};
        measure_counts c;
        cr_assert_eq(tiles_replay_each(&p.tiles, path[0], text, seen_key, &sw, &c, err), 0, "%s", err);
        cr_assert_eq(c.moves, n);
        cr_assert_eq(sw.at, n);
        cr_assert_eq(puzzle_replay(&p, text, &c, err), 0, "%s", err);
        free(text);
        /* The puzzle's own text, read back: the same two words. */
        snprintf(p.name, sizeof p.name, "walk%dx%d", w, h);
        char *native = puzzle_format_native(&p);
        puzzle_list list = {0};
        char scan_err[SCAN_ERR_MAX];
        cr_assert_eq(th_scan(native, &list, scan_err), 1, "%s\n%s", scan_err, native);
        cr_assert_eq(list.items[0].start, p.start, "%s", native);
        cr_assert_eq(list.items[0].start_high, p.start_high, "%s", native);
        cr_assert_eq(list.items[0].tiles.width, w);
        puzzle_list_free(&list);
        free(native);
        /* The protocol's request names every cell. */
        char request[1024];
        family_class_of(FAMILY_TILES)->request(&p, request, sizeof request);
        uint8_t cell[TILES_MAX_CELLS];
        tiles_cells(&p.tiles, path[0], cell);
        char want[256];
        int len = snprintf(want, sizeof want, "%dx%d ", w, h);
        for (int i = 0; i < w * h; i++) len += snprintf(want + len, sizeof want - (size_t)len, "%s%d", i ? "," : "", cell[i]);
        cr_assert(strncmp(request, want, strlen(want)) == 0, "%s\n%s", request, want);
    }
}

/* ---- The pattern databases against a plain search of their abstraction ------------------
 *
 * On the 3x6 (18 cells: tables that keep the least entry over the blank's cells) with the
 * 5-5-5 partition, the groups are runs of five goal cells: {1..5} {6..10} {11..15} {16 17}.
 * Each group's abstraction is searched here from scratch, its states (the group's cells, the
 * blank's cell) numbered in base 18: the blank moves for nothing into a cell the group does
 * not hold, and a group's tile next to the blank moves into it at cost one. An entry is the
 * least distance over the blank's cells; the bound on a state is the sum over the groups. */

#define W6 3
#define H6 6
#define N6 18

typedef struct {
    int k;
    uint8_t tile[5];
    uint8_t *dist;   /* by (placement code) * 18 + blank */
    uint64_t placements;
} plain_group;

static uint64_t code_of(const uint8_t *cells, int k)
{
    uint64_t code = 0;
    for (int i = 0; i < k; i++) code = code * N6 + cells[i];
    return code;
}

static void cells_of_code(uint64_t code, int k, uint8_t *cells)
{
    for (int i = k - 1; i >= 0; i--) cells[i] = (uint8_t)(code % N6), code /= N6;
}

static int near(int c, int *out)
{
    int n = 0, r = c / W6, k = c % W6;
    if (r > 0) out[n++] = c - W6;
    if (k > 0) out[n++] = c - 1;
    if (k < W6 - 1) out[n++] = c + 1;
    if (r < H6 - 1) out[n++] = c + W6;
    return n;
}

static void plain_search(plain_group *g)
{
    g->placements = 1;
    for (int i = 0; i < g->k; i++) g->placements *= N6;
    uint64_t states = g->placements * N6;
    g->dist = xmalloc(states);
    memset(g->dist, 0xFF, states);
    uint32_t *now = xmalloc(states * sizeof *now), *next = xmalloc(states * sizeof *next);
    uint64_t nnow = 0, nnext = 0;
    uint8_t cells[5];
    for (int i = 0; i < g->k; i++) cells[i] = g->tile[i];   /* goal: tile t on cell t */
    now[nnow++] = (uint32_t)(code_of(cells, g->k) * N6 + 0);
    g->dist[now[0]] = 0;
    for (int level = 0; nnow; level++) {
        for (uint64_t i = 0; i < nnow; i++) {   /* the free moves first: this level's closure */
            uint64_t s = now[i], code = s / N6;
            int blank = (int)(s % N6), nb[4], m = near(blank, nb);
            cells_of_code(code, g->k, cells);
            for (int j = 0; j < m; j++) {
                bool held = false;
                for (int t = 0; t < g->k; t++) held |= cells[t] == nb[j];
                uint64_t to = code * N6 + (uint64_t)nb[j];
                if (!held && g->dist[to] == 0xFF) g->dist[to] = (uint8_t)level, now[nnow++] = (uint32_t)to;
            }
        }
        nnext = 0;
        for (uint64_t i = 0; i < nnow; i++) {
            uint64_t s = now[i];
            int blank = (int)(s % N6), nb[4], m = near(blank, nb);
            cells_of_code(s / N6, g->k, cells);
            for (int t = 0; t < g->k; t++)
                for (int j = 0; j < m; j++)
                    if (cells[t] == nb[j]) {
                        uint8_t moved[5];
                        memcpy(moved, cells, sizeof moved);
                        moved[t] = (uint8_t)blank;
                        uint64_t to = code_of(moved, g->k) * N6 + (uint64_t)nb[j];
                        if (g->dist[to] == 0xFF) g->dist[to] = (uint8_t)(level + 1), next[nnext++] = (uint32_t)to;
                    }
        }
        uint32_t *t = now;
        now = next, next = t, nnow = nnext;
    }
    free(now), free(next);
}

static int plain_entry(const plain_group *g, const uint8_t *cell_of)
{
    uint8_t cells[5];
    for (int i = 0; i < g->k; i++) cells[i] = cell_of[g->tile[i]];
    uint64_t code = code_of(cells, g->k);
    int best = 0xFF;
    for (int b = 0; b < N6; b++)
        if (g->dist[code * N6 + (uint64_t)b] < best) best = g->dist[code * N6 + (uint64_t)b];
    return best;
}

Test(tiles_wide, a_databases_entries_are_a_plain_search_of_its_abstraction, .timeout = 600)
{
    cache_here();
    plain_group g[4] = {{5, {1, 2, 3, 4, 5}, NULL, 0}, {5, {6, 7, 8, 9, 10}, NULL, 0},
                        {5, {11, 12, 13, 14, 15}, NULL, 0}, {2, {16, 17}, NULL, 0}};
    for (int i = 0; i < 4; i++) plain_search(&g[i]);
    puzzle p = {0};
    char err[PUZZLE_ERR_MAX];
    cr_assert_eq(tiles_init(&p.tiles, W6, H6, NULL, err), 0);
    p.family = FAMILY_TILES;
    p.start = key_low(p.tiles.goal_wide), p.start_high = key_high(p.tiles.goal_wide);
    family_problem view;
    puzzle_problem(&p, &view);
    heuristic_options o = {{0}};
    o.value[HEURISTIC_BOUND_partition] = 1;   /* 5-5-5 */
    family_bound fb;
    solver_budget none = {0, 0, 0};
    solver_result r = {0};
    cr_assert_eq(heuristic_family_begin(&fb, &view, MEASURE_MOVES, HEURISTIC_PDB, o, &none, &r), 0);
    cr_assert_eq(fb.bytes, 3 * 18ull * 17 * 16 * 15 * 14 + 18 * 17);
    srand(3);
    key_wide key = p.tiles.goal_wide;
    int compared = 0, positive = 0;
    for (int walk = 0; walk < 40; walk++, key = p.tiles.goal_wide)
        for (int step = 0; step < 400; step++) {
            uint8_t cell[N6], cell_of[N6];
            tiles_cells(&p.tiles, key, cell);
            for (int c = 0; c < N6; c++) cell_of[cell[c]] = (uint8_t)c;
            int want = 0;
            for (int i = 0; i < 4; i++) want += plain_entry(&g[i], cell_of);
            int h = fb.h_wide(&fb, key);
            cr_assert_eq(h, want, "walk %d step %d", walk, step);
            cr_assert_leq(h, step);   /* admissible: the walk is a way back */
            compared++, positive += h > 0;
            key_wide child[4];
            int hs[4], n = fb.expand_wide(&fb, key, key, h, child, hs);
            for (int i = 0; i < n; i++) cr_assert_eq(hs[i], fb.h_wide(&fb, child[i]));
            key = child[rand() % n];
        }
    cr_assert_gt(positive, compared / 2);
    heuristic_family_end(&fb);
    for (int i = 0; i < 4; i++) free(g[i].dist);
}

/* ---- The harness on the big boards -------------------------------------------------------- */

/* kf-walk: 5x5, 4 moves from the goal; swapped: 3x7 with two tiles swapped; twelve: 12x2,
 * 10. */
static const char big_boards[] =
    "family: tiles\nname: kf-walk\nmoves: 4\n"
    " 5  1  2  3  4\n10  6  7  8  9\n11 12  0 13 14\n15 16 17 18 19\n20 21 22 23 24\n\n"
    "family: tiles\nname: swapped\n"
    "0 2 1 3 4 5 6\n7 8 9 10 11 12 13\n14 15 16 17 18 19 20\n\n"
    "family: tiles\nsize: 12x2\n"
    "twelve 1 2 3 4 5 6 7 8 9 10 0 11 12 13 14 15 16 17 18 19 20 21 22 23 moves=10\n";

Test(tiles_wide, the_harness_solves_judges_draws_and_refuses_on_the_big_boards, .timeout = 600)
{
    cache_here();
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    char path[128];
    snprintf(path, sizeof path, "%s/big.txt", dir);
    FILE *f = fopen(path, "w");
    fputs(big_boards, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/solve --solver idastar --heuristic manhattan %s", th_bin(), path);
    cr_assert_eq(th_run(cmd, &out, &err), 1, "%s%s", out, err);   /* 1: one has no solution */
    cr_assert_str_eq(out, "kf-walk: 4 moves, 4 steps\n12R 11R 10D 5D\n"
                          "swapped: no solution: proved unsolvable without a search\n"
                          "twelve: 10 moves, 10 steps\n10R 9R 8R 7R 6R 5R 4R 3R 2R 1R\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --solver bfs %s", th_bin(), path);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "kf-walk: unsupported: bfs does not take tiles boards whose keys are two words"),
                       "%s", out);
    free(out), free(err);
    /* The cluster analysis runs the reference BFS, which takes one-word keys: said, not run. */
    snprintf(cmd, sizeof cmd, "head -8 %s > %s/kw.txt && %s/solve --cluster %s/kw.txt", path, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "kf-walk [bfs --cluster]: unsupported: bfs does not take tiles boards whose "
                          "keys are two words\n", "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --json --cluster %s/kw.txt | python3 -c \"import json,sys\n"
             "d=json.load(sys.stdin); print(d['status'], d['cluster_states'])\"", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "unsupported None\n");
    free(out), free(err);
    /* Every solver: idastar's rows judged and replayed (the file's optimum, the family's proof
     * of unsolvability), the others unsupported; the report and its drill-down pages. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver all --heuristic conflict "
             "--out %s/res %s > /dev/null && grep -c ',unsupported,' %s/res/results.csv && "
             "grep '^idastar/conflict,' %s/res/results.csv | cut -d, -f1-3,10 && "
             "%s/bench report %s/res > /dev/null && ls %s/res | grep -c html",
             th_bin(), dir, path, dir, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "24\n"   /* 8 solvers that take one-word keys only, 3 boards */
                          "idastar/conflict,conflict,heuristic=conflict table=0 partition=auto reflect=yes,solved\n"
                          "idastar/conflict,conflict,heuristic=conflict table=0 partition=auto reflect=yes,unsolvable\n"
                          "idastar/conflict,conflict,heuristic=conflict table=0 partition=auto reflect=yes,solved\n"
                          "1\n");
    free(out), free(err);
    /* The board drawn; a solution by a solver that does not take it refused in one line. */
    snprintf(cmd, sizeof cmd, "head -8 %s > %s/one.txt && %s/render -o %s/b.png %s/one.txt && "
             "test -s %s/b.png && %s/render --solution -o %s/s.png %s/one.txt",
             path, dir, th_bin(), dir, dir, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s%s", out, err);
    cr_assert_str_eq(err, "render: kf-walk: bfs does not take tiles boards whose keys are two words\n");
    free(out), free(err);
    /* The protocol: an external solver answers a 4x5 (BFS in Python), judged like ours. */
    snprintf(cmd, sizeof cmd, "printf 'family: tiles\\nmoves: 4\\n1 2 3 4 0\\n5 6 7 8 9\\n"
             "10 11 12 13 14\\n15 16 17 18 19\\n' > %s/p.txt && chmod 755 %s && chmod 644 %s/p.txt && "
             "%s/bench --no-progress --external tb='python3 tests/data/external/tiles_bfs.py' "
             "--solver tb --csv %s/e.csv %s/p.txt && cut -d, -f1,10 %s/e.csv | tail -1",
             dir, dir, dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out + strlen(out) - strlen("tb,solved\n"), "tb,solved\n", "%s", out);
    free(out), free(err);
}

/* ---- Korf and Felner's five easiest (make test-long) --------------------------------------
 *
 * Korf's IDA* with the 6-6-6-6 databases and reflection (the defaults on the 5x5) solves #38,
 * #40, #25, #32 and #44 optimally, generating exactly the nodes Korf and Felner report. The
 * tables take 510 MB and about two and a half minutes to build on two processors. */
Test(tiles_wide, korf_and_felners_five_easiest_with_their_node_counts, .timeout = 3600)
{
    if (!getenv("UB_LONG")) cr_skip_test("the 24-puzzle's instances are solved by make test-long");
    cache_here();
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "(echo 'family: tiles'; echo 'size: 5x5'; for k in 38 40 25 32 44; do "
             "grep \"^kf$k \" corpus/tiles/_korf24/korf-felner-24.txt; done) > %s/five.txt && "
             "%s/solve --json --solver idastar --max-states 0 --max-seconds 0 %s/five.txt | "
             "python3 -c \"import json,sys\nfor l in sys.stdin: d=json.loads(l); "
             "print(d['name'], d['moves'], d['known_optimal'], d['generated'])\"", dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "kf38 96 96 38173507\nkf40 82 82 65099578\nkf25 81 81 292174444\n"
                          "kf32 97 97 428222507\nkf44 93 93 867106238\n");
    free(out), free(err);
}
