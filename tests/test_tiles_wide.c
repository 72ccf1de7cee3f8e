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
#include "search/numbered.h"
#include "solvers/registry.h"
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

/* A picture numbers cells row * stride + column (family.h): 8 on boards of at most 8 x 8
 * cells, the width past that; every tile of the goal drawn on its own cell. */
Test(tiles_wide, pictures_past_eight_columns_or_rows_number_cells_by_the_width)
{
    static const int big[][3] = {{12, 2, 12}, {2, 12, 2}, {2, 9, 2}, {9, 2, 9}, {5, 5, 8}, {8, 3, 8}};
    for (size_t s = 0; s < sizeof big / sizeof *big; s++) {
        int w = big[s][0], h = big[s][1], stride = big[s][2];
        tiles_board b;
        char err[TILES_ERR_MAX];
        cr_assert_eq(tiles_init(&b, w, h, NULL, err), 0);
        cr_assert_eq(family_picture_stride(w, h), stride);
        family_picture pic;
        tiles_picture(&b, b.wide ? b.goal_wide : b.goal_key, &pic);
        cr_assert_eq(pic.npieces, w * h - 1);
        for (int t = 1; t < w * h; t++) {
            int cell = t / w * stride + t % w;
            cr_assert_eq(pic.piece[t - 1].cells, 1ull << cell, "%dx%d tile %d", w, h, t);
            cr_assert_eq(pic.piece[t - 1].goal, cell);
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

/* ---- Every solver over the numbered states (search/numbered.h) -------------------------- */

/* A board of shape w x h `moves` random moves from the goal (no move undone at once). */
static puzzle walk_puzzle(int w, int h, int moves)
{
    puzzle p = {0};
    char err[PUZZLE_ERR_MAX];
    cr_assert_eq(tiles_init(&p.tiles, w, h, NULL, err), 0);
    p.family = FAMILY_TILES, p.optimal = p.optimal_slides = p.optimal_steps = PUZZLE_UNKNOWN;
    p.cluster = -1;
    key_wide key = p.tiles.goal_wide, before = key;
    for (int i = 0; i < moves; i++) {
        key_wide child[4], next;
        int k = tiles_wide_successors(&p.tiles, key, child);
        do next = child[rand() % k]; while (next == before);
        before = key, key = next;
    }
    p.start = key_low(key), p.start_high = key_high(key);
    snprintf(p.name, sizeof p.name, "walk%dx%d", w, h);
    return p;
}

static int solution_moves(const char *text)
{
    int n = *text != '\0';
    for (const char *c = text; *c; c++) n += *c == ' ';
    return n;
}

/* What a solver written over one-word keys sees: each state one number for the solve, its goal
 * bit only on the goal, a successor's successors holding it again, and the numbers' keys the
 * wide view's. */
static void check_numbers(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                          const int *param, solver_result *r)
{
    (void)ctx, (void)budget, (void)param;
    const family_problem *wide = numbered_wide_view(p);
    cr_assert_not_null(wide);
    cr_assert_eq(p->key_words, 1);
    cr_assert(numbered_key(p, p->start) == wide->wide.start);
    uint64_t key = p->start, child[4], grand[4];
    for (int step = 0; step < 2000; step++) {
        int n = p->successors(p->board, key, MEASURE_MOVES, child);
        key_wide want[4];
        cr_assert_eq(wide->wide.successors(wide->board, numbered_key(p, key), MEASURE_MOVES, want), n);
        for (int i = 0; i < n; i++) {
            cr_assert(numbered_key(p, child[i]) == want[i]);
            cr_assert_eq(p->is_goal(p->board, child[i]), want[i] == wide->wide.goal_value);
            cr_assert_eq((child[i] & p->goal_mask) == p->goal_value, want[i] == wide->wide.goal_value);
            cr_assert_eq(p->lower_bound(p->board, child[i], MEASURE_MOVES),
                         wide->wide.lower_bound(wide->board, want[i], MEASURE_MOVES));
            int m = p->successors(p->board, child[i], MEASURE_MOVES, grand), back = 0;
            for (int j = 0; j < m; j++) back += grand[j] == key;
            cr_assert_eq(back, 1, "the move back reaches the same number");
            cr_assert_eq(p->successors_after(p->board, key, child[i], MEASURE_MOVES, grand), m - 1);
            for (int j = 0; j < m - 1; j++) cr_assert_neq(grand[j], key);
        }
        key = child[rand() % n];
    }
    memset(r, 0, sizeof *r);
    r->status = SOLVE_UNSOLVABLE;
}

Test(tiles_wide, a_numbered_view_is_the_wide_board_relabelled)
{
    srand(5);
    puzzle p = walk_puzzle(5, 5, 30);
    family_problem view;
    puzzle_problem(&p, &view);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget budget = {0, 0, 0};
    numbered_solve(check_numbers, &ctx, &view, &budget, NULL, &r);
    cr_assert_not_null(strstr(r.stats, "numbered_states="));
    cr_assert_null(ctx.view_bytes, "the context as it was");
    solver_result_free(&r);
    solver_context_free(&ctx);
}

/* Walks of 6 to 14 moves on five big shapes: every in-process solver answers, bfs and bfs1
 * over the wide keys themselves (solvers/bfs_wide.c), the others through the numbered states,
 * its solution replayed (th_solve), each optimal one with the optimum Korf's IDA* finds on the
 * wide keys themselves; IDA*'s table form (table=1) too. */
Test(tiles_wide, every_solver_answers_the_big_boards_optimally_through_numbered_states, .timeout = 600)
{
    static const char *const optimal[] = {"bfs", "bfs1", "bibfs", "astar/manhattan", "astar/conflict",
                                          "iddfs"};
    static const int big[][2] = {{5, 5}, {3, 7}, {12, 2}, {4, 5}, {3, 6}};
    srand(9);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget budget = {0, 0, 60};
    for (size_t s = 0; s < sizeof big / sizeof *big; s++)
        for (int walk = 0; walk < 3; walk++) {
            puzzle p = walk_puzzle(big[s][0], big[s][1], 6 + 4 * walk);
            solver_result r = th_solve(&ctx, "idastar/manhattan", &p, &budget);
            cr_assert_eq(r.status, SOLVE_SOLVED);
            int best = solution_moves(r.text);
            solver_result_free(&r);
            for (size_t i = 0; i < sizeof optimal / sizeof *optimal; i++) {
                r = th_solve(&ctx, optimal[i], &p, &budget);
                cr_assert_eq(r.status, SOLVE_SOLVED, "%s on %dx%d", optimal[i], big[s][0], big[s][1]);
                cr_assert_eq(solution_moves(r.text), best, "%s on %dx%d", optimal[i], big[s][0], big[s][1]);
                bool numbered = r.stats && strstr(r.stats, "numbered_states=");
                cr_assert_eq(numbered, strncmp(optimal[i], "bfs", 3) != 0, "%s", optimal[i]);
                solver_result_free(&r);
            }
            solver_setup u;
            char err[SETUP_ERR_MAX];
            setup_init(&u, solver_find("idastar"));
            cr_assert_eq(setup_set(&u, "table", "1", err), 1);
            cr_assert_eq(setup_set(&u, SETUP_HEURISTIC, "manhattan", err), 1);
            r = th_solve_setup(&ctx, &u, &p, &budget);
            cr_assert_eq(r.status, SOLVE_SOLVED);
            cr_assert_eq(solution_moves(r.text), best);
            solver_result_free(&r);
        }
    solver_context_free(&ctx);
}

/* The numbering's table counts against the bytes budget: a BFS on a 5x5 far from the goal
 * stops at it, its peak (the solver's tables and the numbering's) within it; a trace hears the
 * wide keys, the start first, each parent expanded before its child. */
Test(tiles_wide, numbered_states_count_against_the_budget_and_trace_as_wide_keys)
{
    srand(3);
    puzzle p = walk_puzzle(5, 5, 60);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget budget = {0, 48u << 20, 0};
    solver_result r = th_solve(&ctx, "bfs", &p, &budget);
    cr_assert_eq(r.status, SOLVE_BUDGET);
    cr_assert_str_eq(r.budget_hit, "bytes");
    cr_assert_leq(r.peak_bytes, 48u << 20, "%llu", (unsigned long long)r.peak_bytes);
    cr_assert_gt(r.peak_bytes, 24u << 20);
    solver_result_free(&r);

    trace_list list;
    trace_list_init(&list, 100000);
    ctx.trace = &list.base;
    p = walk_puzzle(5, 5, 16);
    budget = (solver_budget){0, 0, 60};
    r = th_solve(&ctx, "astar/conflict", &p, &budget);
    cr_assert_eq(r.status, SOLVE_SOLVED);
    cr_assert_eq(list.count, r.expanded);
    cr_assert_eq(list.step[0].key, p.start);
    cr_assert_eq(list.step[0].key_high, p.start_high);
    for (uint64_t i = 1; i < list.count; i++) {
        bool parent_before = false;
        for (uint64_t j = 0; j < i && !parent_before; j++)
            parent_before = list.step[j].key == list.step[i].parent &&
                            list.step[j].key_high == list.step[i].parent_high;
        cr_assert(parent_before, "step %llu", (unsigned long long)i);
    }
    solver_result_free(&r);
    ctx.trace = NULL;
    trace_list_free(&list);
    solver_context_free(&ctx);
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
    /* BFS over the numbered states (search/numbered.h): the same answers. */
    snprintf(cmd, sizeof cmd, "%s/solve --solver bfs %s", th_bin(), path);
    cr_assert_eq(th_run(cmd, &out, &err), 1, "%s%s", out, err);
    cr_assert_str_eq(out, "kf-walk: 4 moves, 4 steps\n12R 11R 10D 5D\n"
                          "swapped: no solution: proved unsolvable without a search\n"
                          "twelve: 10 moves, 10 steps\n10R 9R 8R 7R 6R 5R 4R 3R 2R 1R\n");
    free(out), free(err);
    /* Cluster mode runs the reference BFS over the wide keys (a wide board's cluster holds at
     * least 17!/2 states): it stops at its budget and says what it stored. */
    snprintf(cmd, sizeof cmd, "head -8 %s > %s/kw.txt && %s/solve --cluster --max-states 20000 %s/kw.txt",
             path, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 3, "%s%s", out, err);
    unsigned long long least = 0;
    cr_assert_eq(sscanf(out, "kf-walk [bfs --cluster]: cluster of at least %llu states: budget exceeded (states)\n",
                        &least), 1, "%s", out);
    cr_assert_gt(least, 20000, "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --json --cluster --max-states 20000 %s/kw.txt | python3 -c \"import json,sys\n"
             "d=json.load(sys.stdin); print(d['status'], d['budget_hit'], d['cluster_states'])\"", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "budget states None\n");
    free(out), free(err);
    /* Every solver, each row judged and replayed (the file's optimum, the family's proof of
     * unsolvability): Rush Hour's own two unsupported, DFS stopped by its state budget on the
     * 5x5 (it is not complete); the report and its drill-down pages. */
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver all --heuristic conflict "
             "--out %s/res %s > /dev/null && cut -d, -f1,7,10,11,12,19,20 %s/res/results.csv | "
             "tail -n +2 | tr '\\n' ' ' && %s/bench report %s/res > /dev/null && ls %s/res | grep -c html",
             th_bin(), dir, path, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out,
        "bfs,kf-walk,solved,,4,yes,yes bfs1,kf-walk,solved,,4,yes,yes "
        "dfs,kf-walk,budget,states,,, iddfs,kf-walk,solved,,4,yes,yes "
        "zone13,kf-walk,unsupported,,,, iddfs-zone,kf-walk,unsupported,,,, "
        "bibfs,kf-walk,solved,,4,yes,yes astar/conflict,kf-walk,solved,,4,yes,yes "
        "idastar/conflict,kf-walk,solved,,4,yes,yes bfs,swapped,unsolvable,,,,yes "
        "bfs1,swapped,unsolvable,,,,yes dfs,swapped,unsolvable,,,,yes "
        "iddfs,swapped,unsolvable,,,,yes zone13,swapped,unsupported,,,, "
        "iddfs-zone,swapped,unsupported,,,, bibfs,swapped,unsolvable,,,,yes "
        "astar/conflict,swapped,unsolvable,,,,yes idastar/conflict,swapped,unsolvable,,,,yes "
        "bfs,twelve,solved,,10,yes,yes bfs1,twelve,solved,,10,yes,yes "
        "dfs,twelve,solved,,10,yes,yes iddfs,twelve,solved,,10,yes,yes "
        "zone13,twelve,unsupported,,,, iddfs-zone,twelve,unsupported,,,, "
        "bibfs,twelve,solved,,10,yes,yes astar/conflict,twelve,solved,,10,yes,yes "
        "idastar/conflict,twelve,solved,,10,yes,yes "
        "1\n");
    free(out), free(err);
    /* The board drawn, and its solution by BFS and by astar, a frame a position. */
    snprintf(cmd, sizeof cmd, "head -8 %s > %s/one.txt && %s/render -o %s/b.png %s/one.txt && "
             "test -s %s/b.png && %s/render --solution --solver bfs,astar -o %s/s.png "
             "--frames %s/f %s/one.txt && test -s %s/s-bfs.png && test -s %s/s-astar.png && "
             "ls %s/f/bfs %s/f/astar | grep -c png",
             path, dir, th_bin(), dir, dir, dir, th_bin(), dir, dir, dir, dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "10\n", "%s", out);   /* 5 positions, 2 solvers */
    free(out), free(err);
    /* Pictures past 8 columns: the 12x2's report steps its solutions in the browser. */
    if (!th_sanitized()) {   /* the browser runs none of our code */
        snprintf(cmd, sizeof cmd, "tail -3 %s > %s/tw.txt && %s/bench --no-progress --solver bfs,astar "
                 "--heuristic conflict --out %s/tw %s/tw.txt > /dev/null && %s/bench report %s/tw 2>/dev/null",
                 path, dir, th_bin(), dir, dir, th_bin(), dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
        free(out), free(err);
        snprintf(cmd, sizeof cmd, "%s/tw", dir);
        out = th_page_selftest(cmd);
        cr_assert_not_null(strstr(out, "<pre id=\"selftest\">PASS: sorted"), "%s", out);
        cr_assert_not_null(strstr(out, "stepped 2 solutions"), "%s", out);
        free(out);
    }
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
