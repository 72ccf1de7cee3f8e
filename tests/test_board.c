/* test_board.c -- the board core: key layout, move generation, apply/undo, replay, notation,
 * text forms. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "rush/rush_cluster.h"
#include "solvers/bfs.h"
#include "tests/helpers.h"

TestSuite(board, .fini = th_check_leaks);

static const char *sample_path = "corpus/_database/fogleman-sample.txt";

Test(board, key_layout_round_trips_every_offset)
{
    puzzle_list list = th_load(sample_path);
    for (int k = 0; k < list.count; k++) {
        const board *b = &list.items[k].board;
        cr_assert_leq(b->key_bits, 63);
        for (int i = 0; i < b->npieces; i++)
            cr_assert_eq(board_offset(b, list.items[k].start, i), b->piece[i].start);
    }
    puzzle_list_free(&list);
}

/* Walks a few hundred states of every sample puzzle (a random walk of legal moves) and checks
 * the fast generator against the naive one, move for move and in the documented order. */
Test(board, generator_matches_naive_walker_on_sample)
{
    puzzle_list list = th_load(sample_path);
    srand(7);
    uint64_t keys[MOVES_MAX];
    move fast[MOVES_MAX], slow[MOVES_MAX];
    long checked = 0;
    for (int k = 0; k < list.count; k++) {
        const board *b = &list.items[k].board;
        uint64_t key = list.items[k].start;
        for (int step = 0; step < 200; step++) {
            int n = moves_generate(b, key, MOVES_SKIP_NONE, keys, fast);
            int m = th_naive_moves(b, key, slow);
            cr_assert_eq(n, m, "puzzle %d: %d moves, naive %d", k, n, m);
            for (int j = 0; j < n; j++) {
                cr_assert_eq(fast[j].piece, slow[j].piece);
                cr_assert_eq(fast[j].delta, slow[j].delta);
                cr_assert_eq(keys[j], moves_apply(b, key, fast[j]));
                cr_assert_eq(moves_undo(b, keys[j], fast[j]), key);
                cr_assert_eq(moves_between(b, key, keys[j]).delta, fast[j].delta);
            }
            checked += n;
            if (n == 0) break;
            key = keys[rand() % n];
        }
    }
    cr_assert_gt(checked, 1000000);
    puzzle_list_free(&list);
}

Test(board, steps_are_the_one_cell_moves)
{
    puzzle_list list = th_load(sample_path);
    uint64_t keys[MOVES_MAX];
    move all[MOVES_MAX], steps[MOVES_MAX];
    for (int k = 0; k < list.count; k += 7) {
        const board *b = &list.items[k].board;
        uint64_t key = list.items[k].start;
        int n = moves_generate(b, key, MOVES_SKIP_NONE, keys, all);
        int m = moves_generate_steps(b, key, MOVES_SKIP_NONE, keys, steps);
        int ones = 0;
        for (int j = 0; j < n; j++) ones += abs(all[j].delta) == 1;
        cr_assert_eq(m, ones);
        for (int j = 0; j < m; j++) cr_assert_eq(abs(steps[j].delta), 1);
    }
    puzzle_list_free(&list);
}

Test(board, skip_leaves_out_one_piece)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    const board *b = &list.items[0].board;
    uint64_t keys[MOVES_MAX];
    move all[MOVES_MAX] = {{0, 0}}, some[MOVES_MAX];
    int n = moves_generate(b, list.items[0].start, MOVES_SKIP_NONE, keys, all);
    cr_assert_gt(n, 0);
    int skip = all[0].piece, others = 0;
    for (int j = 0; j < n; j++) others += all[j].piece != skip;
    int m = moves_generate(b, list.items[0].start, skip, keys, some);
    cr_assert_eq(m, others);
    for (int j = 0; j < m; j++) cr_assert_neq(some[j].piece, skip);
    puzzle_list_free(&list);
}

/* The cells piece i covers on its way from offset `from` to offset `to`, both ends included,
 * found cell by cell (independently of the board's tables). */
static uint64_t swept_cells(const board *b, int i, int from, int to)
{
    const board_piece *p = &b->piece[i];
    uint64_t m = 0;
    for (int o = from < to ? from : to; o <= (from < to ? to : from); o++)
        for (int k = 0; k < p->length; k++) {
            int along = o + k;
            m |= 1ull << (p->horizontal ? p->line * 8 + along : along * 8 + p->line);
        }
    return m;
}

/* The commuting filter against its definition: after a move m_i, the moves of pieces above i
 * stay, piece i's own stay only on request, and those of pieces below i stay exactly when the
 * cells they sweep meet the cells m_i swept. Checked on random walks through every sample,
 * seed and seed-format puzzle, with multi-cell moves and with steps. */
Test(board, commuting_filter_keeps_exactly_the_noncommuting_moves)
{
    const char *paths[] = {sample_path, "corpus/seeds/seeds.txt", "corpus/seed-formats"};
    srand(11);
    long checked = 0, left_out = 0;
    for (int f = 0; f < 3; f++) {
        puzzle_list list = th_load(paths[f]);
        for (int k = 0; k < list.count; k++) {
            const board *b = &list.items[k].board;
            uint64_t key = list.items[k].start;
            for (int step = 0; step < 60; step++) {
                move all[MOVES_MAX];
                int n = th_naive_moves(b, key, all);
                if (n == 0) break;
                move last = all[rand() % n];
                uint64_t next = moves_apply(b, key, last);
                int i = last.piece, was = board_offset(b, key, i);
                uint64_t swept_i = swept_cells(b, i, was, was + last.delta);
                move after[MOVES_MAX], got[MOVES_MAX];
                uint64_t keys[MOVES_MAX];
                int m = th_naive_moves(b, next, after);
                for (int steps = 0; steps < 2; steps++) {
                    moves_filter flt = moves_filter_commuting(b, key, next, steps);
                    int g = moves_generate_filtered(b, next, flt, keys, got,
                                                    steps ? 1 : BOARD_MAX_SIDE);
                    int want = 0;
                    for (int j = 0; j < m; j++) {
                        move mv = after[j];
                        if (steps && abs(mv.delta) != 1) continue;
                        int at = board_offset(b, next, mv.piece);
                        bool crosses = swept_cells(b, mv.piece, at, at + mv.delta) & swept_i;
                        bool kept = mv.piece > i || (mv.piece == i && steps) || (mv.piece < i && crosses);
                        left_out += !kept;
                        if (!kept) continue;
                        cr_assert_lt(want, g, "%s: kept move %d missing", list.items[k].name, j);
                        cr_assert_eq(got[want].piece, mv.piece, "%s", list.items[k].name);
                        cr_assert_eq(got[want].delta, mv.delta, "%s", list.items[k].name);
                        cr_assert_eq(keys[want], moves_apply(b, next, mv));
                        want++;
                    }
                    cr_assert_eq(g, want, "%s: %d moves, want %d", list.items[k].name, g, want);
                    checked += g;
                }
                key = next;
            }
        }
        puzzle_list_free(&list);
    }
    cr_assert_gt(checked, 300000);
    /* and it matters: about 47% of the moves are left out on these walks */
    cr_assert_gt(left_out * 2, checked, "left out %ld, kept %ld", left_out, checked);
}

Test(board, goal_is_primary_at_the_exit)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("0 ooooooooooooooooAAoooooooooooooooooo\n", &list, err), 1, "%s", err);
    cr_assert(board_is_goal(&list.items[0].board, list.items[0].start));
    cr_assert_eq(th_scan("1 ooooooooooooooAAoooooooooooooooooooo\n", &list, err), 1, "%s", err);
    cr_assert_not(board_is_goal(&list.items[1].board, list.items[1].start));
    puzzle_list_free(&list);
}

Test(board, replay_reports_the_first_illegal_move)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    const puzzle *p = &list.items[0];   /* python-605 */
    const board *b = &p->board;
    move m[3];
    char err[BOARD_ERR_MAX];
    uint64_t end;
    cr_assert_eq(moves_parse(b, "I+1", &m[0], err), 0, "%s", err);
    cr_assert_eq(moves_parse(b, "J-1", &m[1], err), 0, "%s", err);
    cr_assert_eq(moves_parse(b, "A+3", &m[2], err), 0, "%s", err);
    cr_assert_eq(moves_replay(b, p->start, m, 2, &end, err), -1, "%s", err);
    cr_assert_eq(moves_replay(b, p->start, m, 3, &end, err), 2);
    cr_assert_str_eq(err, "move 3 (A+3): piece A is blocked");
    cr_assert_eq(moves_check_solution(b, p->start, m, 2, err), 2);
    cr_assert_str_eq(err, "the moves end short of the goal");
    cr_assert_eq(moves_check_solution(b, p->start, m, 3, err), 2);
    cr_assert_str_eq(err, "move 3 (A+3): piece A is blocked");
    cr_assert_eq(moves_parse(b, "B-3", &m[0], err), 0);
    cr_assert_eq(moves_replay(b, p->start, m, 1, &end, err), 0);
    cr_assert_str_eq(err, "move 1 (B-3): piece B would leave the board");
    puzzle_list_free(&list);
}

Test(board, notation_parses_and_formats)
{
    puzzle_list list = th_load("corpus/seeds/seeds.txt");
    const board *b = &list.items[0].board;
    move m;
    char err[BOARD_ERR_MAX], text[8];
    cr_assert_eq(moves_parse(b, "K-2", &m, err), 0);
    moves_format(b, m, text);
    cr_assert_str_eq(text, "K-2");
    cr_assert_eq(moves_parse(b, "Z+1", &m, err), -1);
    cr_assert_str_eq(err, "move 'Z+1': no piece 'Z'");
    cr_assert_eq(moves_parse(b, "B*1", &m, err), -1);
    cr_assert_eq(moves_parse(b, "B+0", &m, err), -1);
    cr_assert_eq(moves_parse(b, "B+1x", &m, err), -1);
    cr_assert_eq(moves_parse(b, "", &m, err), -1);
    uint8_t pb = (uint8_t)board_find_label(b, 'B'), pc = (uint8_t)board_find_label(b, 'C');
    move list2[3] = {{pb, 1}, {pb, 2}, {pc, -1}};
    cr_assert_eq(moves_merge(list2, 3), 2);
    cr_assert_eq(list2[0].delta, 3);
    cr_assert_eq(moves_steps(list2, 2), 4);
    char out[64];
    moves_format_list(b, list2, 2, out, sizeof out);
    cr_assert_str_eq(out, "B+3 C-1");
    puzzle_list_free(&list);
}

Test(board, db_form_round_trips_the_sample)
{
    puzzle_list list = th_load(sample_path);
    char db[BOARD_DB_MAX];
    for (int k = 0; k < list.count; k++) {
        cr_assert(board_format_db(&list.items[k].board, list.items[k].start, db));
        puzzle_list again = {0};
        char err[SCAN_ERR_MAX];
        cr_assert_eq(th_scan(db, &again, err), 1, "%s", err);
        char g1[BOARD_TEXT_MAX], g2[BOARD_TEXT_MAX];
        board_format_grid(&list.items[k].board, list.items[k].start, g1);
        board_format_grid(&again.items[0].board, again.items[0].start, g2);
        cr_assert_str_eq(g1, g2);
        puzzle_list_free(&again);
    }
    puzzle_list_free(&list);
}

Test(board, grid_and_line_forms)
{
    puzzle_list list = th_load("corpus/seed-formats/kotlin-4x4.txt");
    char grid[BOARD_TEXT_MAX], line[PUZZLE_BOARD_MAX], db[BOARD_DB_MAX];
    board_format_grid(&list.items[0].board, list.items[0].start, grid);
    cr_assert_str_eq(grid, "+----+\n|....|\n|AAB.>\n|..B.|\n|CC..|\n+----+\n");
    puzzle_format_board(&list.items[0], '/', line);
    cr_assert_str_eq(line, "+----+/|....|/|AAB.>/|..B.|/|CC..|/+----+");
    cr_assert_not(board_format_db(&list.items[0].board, list.items[0].start, db));
    puzzle_list_free(&list);
}

Test(board, building_rejects_bad_pieces)
{
    board b;
    char err[BOARD_ERR_MAX];
    cr_assert_eq(board_init(&b, 9, 6, err), -1);
    cr_assert_str_eq(err, "board is 9x6; sizes from 4x4 to 8x8 are supported");
    cr_assert_eq(board_init(&b, 6, 6, err), 0);
    cr_assert_eq(board_add_piece(&b, 'A', true, 2, 2, 0, err), 0);
    cr_assert_eq(board_add_piece(&b, 'B', false, 3, 0, 1, err), -1);
    cr_assert_str_eq(err, "overlapping pieces at row 2, column 1");
    cr_assert_eq(board_add_piece(&b, 'B', true, 4, 0, 0, err), -1);
    cr_assert_eq(board_add_piece(&b, 'A', true, 2, 4, 0, err), -1);
    cr_assert_str_eq(err, "piece A appears twice");
    cr_assert_eq(board_add_piece(&b, 'C', true, 3, 0, 4, err), -1);
    cr_assert_eq(board_add_wall(&b, 2, 1, err), -1);
    cr_assert_eq(board_finish(&b, 'A', EXIT_UP, err), -1);
    cr_assert_str_eq(err, "exit on the top side is not in line with the horizontal primary piece A");
    cr_assert_eq(board_finish(&b, 'Q', EXIT_RIGHT, err), -1);
    cr_assert_eq(board_finish(&b, 'A', EXIT_RIGHT, err), 0);
}

Test(board, largest_boards_fit_the_key)
{
    /* 8x8 with 21 cars (3 bits each) fits in 63 bits; 22 do not. */
    board b;
    char err[BOARD_ERR_MAX];
    cr_assert_eq(board_init(&b, 8, 8, err), 0);
    int n = 0;
    for (int r = 0; r < 8 && n < 22; r++)
        for (int c = 0; c + 1 < 8 && n < 22; c += 3, n++)
            cr_assert_eq(board_add_piece(&b, PIECE_LABELS[n], true, 2, r, c, err), 0, "%s", err);
    cr_assert_eq(board_finish(&b, 'A', EXIT_RIGHT, err), -1);
    cr_assert_str_eq(err, "22 pieces need 66 bits of state; the 64-bit key holds 63");
}

/* Rush Hour's family view (moves_problem): its successors in moves and slides are the
 * generator's, in its order, in steps the single steps; after a move, every successor but the
 * moved piece's, none of which is more than a move from the state before; its bound is 0 on a
 * goal and 1 off one; and the reference BFS written for every family, searching the view in
 * moves and in steps, finds the bitboard engine's optima, its paths written in Rush Hour's
 * notation replaying to them. */
Test(board, the_family_view_is_the_bitboards, .timeout = 120)
{
    puzzle_list list = th_load(sample_path);
    srand(11);
    uint64_t child[MOVES_MAX], generated[MOVES_MAX], after[MOVES_MAX];
    solver_budget none = {0, 0, 0};
    for (int k = 0; k < list.count; k += 15) {
        const puzzle *p = &list.items[k];
        family_problem view;
        puzzle_problem(p, &view);
        cr_assert_eq(view.family, FAMILY_RUSH);
        uint64_t parent = p->start, key = p->start;
        for (int step = 0; step < 40; step++) {
            int n = view.successors(view.board, key, MEASURE_MOVES, child);
            cr_assert_eq(moves_generate(&p->board, key, MOVES_SKIP_NONE, generated, NULL), n);
            cr_assert_arr_eq(child, generated, (size_t)n * sizeof *child);
            cr_assert_eq(view.successors(view.board, key, MEASURE_SLIDES, child), n);
            int s = view.successors(view.board, key, MEASURE_STEPS, child);
            cr_assert_eq(moves_generate_steps(&p->board, key, MOVES_SKIP_NONE, generated, NULL), s);
            cr_assert_arr_eq(child, generated, (size_t)s * sizeof *child);
            cr_assert_eq(view.lower_bound(view.board, key, MEASURE_MOVES), !board_is_goal(&p->board, key));
            cr_assert_eq(view.is_goal(view.board, key), (key & view.goal_mask) == view.goal_value);
            if (key != parent) {   /* after a move: a subset in order, the rest within a move */
                int a = view.successors_after(view.board, parent, key, MEASURE_MOVES, after);
                int from_parent = view.successors(view.board, parent, MEASURE_MOVES, generated);
                int j = 0;
                for (int i = 0; i < n; i++) {
                    view.successors(view.board, key, MEASURE_MOVES, child);
                    if (j < a && after[j] == child[i]) {
                        j++;
                        continue;
                    }
                    bool near = child[i] == parent;
                    for (int q = 0; q < from_parent && !near; q++) near = generated[q] == child[i];
                    cr_assert(near, "puzzle %d: a successor left out is not within a move", k);
                }
                cr_assert_eq(j, a, "puzzle %d: not a subset in order", k);
            }
            n = view.successors(view.board, key, MEASURE_MOVES, child);
            if (n == 0) break;
            parent = key;
            key = child[rand() % n];
        }
        for (int m = 0; m < 2; m++) {   /* moves, then steps */
            measure in = m ? MEASURE_STEPS : MEASURE_MOVES;
            int engine, units;
            cr_assert_eq(bfs_reference_puzzle(p, in, &none, &engine), SOLVE_SOLVED, "%s", p->name);
            solver_context ctx;
            solver_context_init(&ctx);
            solver_result r;
            bfs_family_search(&ctx, &view, in, &none, &r, false);
            cr_assert_eq(r.status, SOLVE_SOLVED, "%s", p->name);
            units = r.nlevels - 1;
            cr_assert_eq(units, engine, "%s in %s: %d, the engine %d", p->name, measure_name(in),
                         units, engine);
            measure_counts c;
            char why[PUZZLE_ERR_MAX];
            cr_assert_eq(puzzle_replay(p, r.text, &c, why), 0, "%s: %s", p->name, why);
            cr_assert_eq(m ? c.steps : c.moves, engine, "%s: %s", p->name, r.text);
            solver_result_free(&r);
            solver_context_free(&ctx);
        }
    }
    puzzle_list_free(&list);
}

/* The view's goal states (family.h's goal_states, bibfs's backward seeds): each a goal, none
 * twice, every goal state of the start's cluster among them (the order they keep is the
 * cluster's invariant), and -1 once they are more than max. */
typedef struct {
    uint64_t *keys;
    long n, cap;
} goal_list;

static bool note_goal(uint64_t key, void *ctx)
{
    goal_list *g = ctx;
    if (g->n == g->cap) g->keys = realloc(g->keys, (size_t)(g->cap = g->cap * 2 + 64) * sizeof *g->keys);
    g->keys[g->n++] = key;
    return true;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

Test(board, the_views_goal_states_hold_every_goal_of_the_cluster, .timeout = 120)
{
    puzzle_list list = th_load(sample_path);
    long checked = 0;
    for (int k = 0; k < list.count; k += 30) {
        const puzzle *p = &list.items[k];
        family_problem view;
        puzzle_problem(p, &view);
        goal_list g = {NULL, 0, 0};
        long n = view.goal_states(view.board, view.start, 1L << 20, note_goal, &g);
        cr_assert_eq(n, g.n, "%s", p->name);
        qsort(g.keys, (size_t)g.n, sizeof *g.keys, by_key);
        for (long i = 0; i < g.n; i++) {
            cr_assert(view.is_goal(view.board, g.keys[i]), "%s: a seed is no goal", p->name);
            cr_assert(i == 0 || g.keys[i] != g.keys[i - 1], "%s: a seed twice", p->name);
        }
        cluster c;
        cr_assert(cluster_explore(&c, &p->board, p->start, 0, 0));
        for (uint64_t j = 0; j < c.count; j++) {
            if (!board_is_goal(&p->board, c.key[j])) continue;
            cr_assert_not_null(bsearch(&c.key[j], g.keys, (size_t)g.n, sizeof *g.keys, by_key),
                               "%s: a goal of the cluster is not listed", p->name);
            checked++;
        }
        cluster_free(&c);
        if (g.n > 1) {
            goal_list few = {NULL, 0, 0};
            cr_assert_eq(view.goal_states(view.board, view.start, g.n - 1, note_goal, &few), -1);
            cr_assert_eq(few.n, g.n - 1);
            free(few.keys);
        }
        free(g.keys);
    }
    cr_assert_gt(checked, 100);
    puzzle_list_free(&list);
}
