/* test_space.c -- bin/enumerate and space/: the puzzle space counted by an independent brute
 * force, the known database sizes, every line checked by the hash-based cluster analysis of
 * search/cluster.c, and the shard, merge and checkpoint machinery. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rush/rush_cluster.h"
#include "solvers/bfs.h"
#include "rush/space_explore.h"
#include "rush/space_line.h"
#include "rush/space_reduced.h"
#include "rush/rush_space.h"
#include "tests/helpers.h"

TestSuite(space, .fini = th_check_leaks);

/* ---- an independent count of the space ------------------------------------------------------ */

/* Every way to place cars and trucks on a line of n cells with wall cells `walls`, as masks
 * (pieces that touch are told apart by `starts`; masks alone would merge them). */
typedef struct {
    uint8_t mask, pieces, cells, first_start;
} naive_line;

static int naive_lines(int n, uint8_t walls, int pos, naive_line cur, naive_line *out, int count)
{
    if (pos >= n) {
        out[count] = cur;
        return count + 1;
    }
    count = naive_lines(n, walls, pos + 1, cur, out, count);
    for (int len = 2; len <= 3; len++) {
        uint8_t cells = (uint8_t)(((1u << len) - 1) << pos);
        if (pos + len > n || (cells & walls)) continue;
        naive_line next = cur;
        next.mask |= cells, next.cells = (uint8_t)(next.cells + len);
        if (!next.pieces) next.first_start = (uint8_t)pos;
        next.pieces++;
        count = naive_lines(n, walls, pos + len, next, out, count);
    }
    return count;
}

/* States of the N x N space with exactly the walls `walls` (bit y * 8 + x), by the definitions
 * read literally: every row placement (its pieces and walls not filling it; row 2 the primary
 * car alone, right of its walls) times, per column, the column placements (not filling it) that
 * fit around the rows. */
static uint64_t naive_states(int n, uint64_t walls)
{
    naive_line rows[SPACE_MAX_SIZE][512];
    int nrows[SPACE_MAX_SIZE];
    for (int y = 0; y < n; y++) {
        uint8_t w = (uint8_t)(walls >> (8 * y));
        naive_line all[512];
        int count = naive_lines(n, w, 0, (naive_line){0}, all, 0);
        nrows[y] = 0;
        for (int k = 0; k < count; k++) {
            const naive_line *l = &all[k];
            if (l->cells + __builtin_popcount(w) >= n) continue;
            if (y == 2 && (l->pieces != 1 || l->cells != 2 || (w >> l->first_start) != 0)) continue;
            rows[y][nrows[y]++] = *l;
        }
    }
    uint64_t total = 0;
    int digit[SPACE_MAX_SIZE] = {0};
    for (;;) {
        uint64_t taken = walls;
        for (int y = 0; y < n; y++) taken |= (uint64_t)rows[y][digit[y]].mask << (8 * y);
        uint64_t product = 1;
        for (int x = 0; x < n && product; x++) {
            uint8_t column = 0, column_walls = 0;
            for (int y = 0; y < n; y++) {
                column |= (uint8_t)((taken >> (8 * y + x) & 1) << y);
                column_walls |= (uint8_t)((walls >> (8 * y + x) & 1) << y);
            }
            naive_line all[512];
            int count = naive_lines(n, column_walls, 0, (naive_line){0}, all, 0), fit = 0;
            for (int k = 0; k < count; k++) fit += all[k].cells < n && !(all[k].mask & column);
            product *= (uint64_t)fit;
        }
        total += product;
        int y = 0;
        while (y < n && ++digit[y] == nrows[y]) digit[y++] = 0;
        if (y == n) return total;
    }
}

static space_stats explore_all(int n, int walls, bool mirror, space_puzzles *lines)
{
    static space s;
    char err[SPACE_ERR_MAX];
    cr_assert_eq(space_init(&s, n, walls, err), 0, "%s", err);
    space_explorer *e = space_explorer_new(&s);
    space_explorer_use_mirror(e, mirror);
    space_stats st;
    space_stats_init(&st);
    for (uint64_t u = 0; u < s.units; u++) cr_assert_eq(space_explore_unit(e, u, lines, &st, NULL), 0);
    space_explorer_free(e);
    space_free(&s);
    return st;
}

static int by_board(const void *a, const void *b)
{
    return space_puzzle_compare(a, b);
}

static bool same_puzzle(const space_puzzle *a, const space_puzzle *b)
{
    return a->moves == b->moves && a->cluster == b->cluster && strcmp(a->board, b->board) == 0;
}

/* The space explored with and without the mirror (space_explore.h): each state expanded exactly once
 * without it, each expanded once or reported as the mirror image of one with it, the states
 * as many as the brute force counts, and the same lines and figures either way. */
static void check_space(int n, int walls, uint64_t want_states)
{
    space_puzzles lines[2] = {{0}, {0}};
    space_stats st[2];
    for (int mirror = 0; mirror <= 1; mirror++) {
        st[mirror] = explore_all(n, walls, mirror, &lines[mirror]);
        cr_assert_eq(st[mirror].states, want_states, "%dx%d, %d walls: %llu states, brute force %llu",
                     n, n, walls, (unsigned long long)st[mirror].states, (unsigned long long)want_states);
        cr_assert_eq(st[mirror].expanded + st[mirror].mirrored, st[mirror].states);
        qsort(lines[mirror].item, lines[mirror].count, sizeof *lines[mirror].item, by_board);
    }
    cr_assert_eq(st[0].mirrored, 0, "without the mirror each state is expanded");
    /* 5x5's primary row is its middle row: most units report their mirror image. */
    if (n == 5) cr_assert_gt(st[1].mirrored, st[1].states / 3, "%llu", (unsigned long long)st[1].mirrored);
    else cr_assert_eq(st[1].mirrored, 0);
    const space_stats *a = &st[0], *b = &st[1];
    cr_assert(a->units == b->units && a->skeletons == b->skeletons && a->candidates == b->candidates &&
              a->clusters == b->clusters && a->solvable == b->solvable && a->minimal == b->minimal);
    cr_assert_arr_eq(a->by_moves, b->by_moves, sizeof a->by_moves);
    cr_assert(same_puzzle(&a->hardest, &b->hardest) && same_puzzle(&a->largest, &b->largest));
    cr_assert_eq(lines[0].count, lines[1].count);
    for (uint64_t k = 0; k < lines[0].count; k++)
        cr_assert(same_puzzle(&lines[0].item[k], &lines[1].item[k]), "%s against %s",
                  lines[0].item[k].board, lines[1].item[k].board);
    space_puzzles_free(&lines[0]);
    space_puzzles_free(&lines[1]);
}

Test(space, every_state_is_explored_once_as_a_brute_force_counts_them)
{
    for (int n = 4; n <= 5; n++) check_space(n, 0, naive_states(n, 0));
    /* 5x5 with at most one wall: the wall-less space plus each single wall's. */
    if (th_sanitized()) return;
    uint64_t want = naive_states(5, 0);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            if (y != 2 || x <= 2) want += naive_states(5, 1ull << (8 * y + x));
    check_space(5, 1, want);
}

Test(space, line_slides_stay_in_their_template_and_the_move_lists_hold_the_legal_ones)
{
    for (int n = 4; n <= 8; n++)
        for (unsigned walls = 0; walls < (1u << n); walls += 1 + (walls >> 2)) {
            line_type t;
            cr_assert_eq(line_type_init(&t, n, (uint8_t)walls), 0);
            for (int p = 0; p < t.nplacements; p++) {
                const line_placement *pl = &t.placement[p];
                cr_assert_eq(pl->mask & walls, 0);
                for (uint32_t j = pl->first_step; j < pl->first_step + pl->nsteps; j++) {
                    const line_step *s = &t.step[j];
                    const line_placement *to = &t.placement[s->to];
                    cr_assert_eq(to->template_id, pl->template_id);
                    cr_assert_eq(to->mask, s->mask);
                    cr_assert_eq(s->swept & walls, 0);
                    /* One piece moves inside the swept cells; nothing else changes. */
                    cr_assert_eq((pl->mask ^ s->mask) & ~s->swept, 0);
                    cr_assert_eq(__builtin_popcount(s->mask), __builtin_popcount(pl->mask));
                    cr_assert_neq(s->mask, pl->mask);
                }
                /* The move lists: under every open mask p fits in, exactly the slides sweeping
                 * only open cells, in order, with their changes of rank and number. */
                for (unsigned open = 0; open < (1u << n); open++) {
                    if (pl->mask & ~open) continue;
                    const line_move *m, *end;
                    m = line_moves(&t, p, open, &end);
                    for (uint32_t j = pl->first_step; j < pl->first_step + pl->nsteps; j++) {
                        const line_step *s = &t.step[j];
                        if (s->swept & ~open) continue;
                        cr_assert_lt(m, end, "n=%d walls=%u p=%d open=%u: a legal slide missing", n, walls, p, open);
                        cr_assert_eq(m->mask, s->mask);
                        cr_assert_eq(m->index_delta, t.placement[s->to].index - pl->index);
                        cr_assert_eq(m->rank_delta, (int)line_rank_in(&t, s->to, (uint8_t)open) -
                                                        (int)line_rank_in(&t, p, (uint8_t)open));
                        m++;
                    }
                    cr_assert_eq(m, end, "n=%d walls=%u p=%d open=%u: an illegal slide listed", n, walls, p, open);
                }
            }
            line_type_free(&t);
        }
}

/* ---- the known answers ---------------------------------------------------------------------- */

static int run_lines(const char *args, char **out)
{
    char cmd[512], *err;
    snprintf(cmd, sizeof cmd, "%s/enumerate --no-progress %s", th_bin(), args);
    int status = th_run(cmd, out, &err);
    cr_assert_eq(status, 0, "%s: %s", cmd, err);
    free(err);
    int lines = 0;
    for (const char *c = *out; *c; c++) lines += *c == '\n';
    return lines - 1;   /* the header */
}

static long header_number(const char *text, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(text, pattern);
    cr_assert_not_null(at, "%s", key);
    return atol(at + strlen(pattern));
}

Test(space, the_databases_of_4x4_and_5x5_have_the_anchors_line_counts)
{
    char *out;
    cr_assert_eq(run_lines("--size 4", &out), 32);
    /* 1,150 packed states with the primary in row 2; the anchor's 1,348 are of row 1 (see
     * docs/space.md). */
    cr_assert_eq(header_number(out, "candidates"), 1150);
    free(out);
    cr_assert_eq(run_lines("--size 5", &out), 1730);
    /* The anchor's 268,108, and the board of the primary alone, which it does not count. */
    cr_assert_eq(header_number(out, "candidates"), 268109);
    cr_assert_eq(header_number(out, "hardest\":{\"moves"), 20);
    free(out);
    /* Under the sanitizers too (8 s): the minimality test's walls taken away run only here. */
    cr_assert_eq(run_lines("--size 5 --walls 1", &out), 6041);
    cr_assert_eq(header_number(out, "candidates"), 2988670);
    free(out);
}

/* Each line checked by search/cluster.c, which shares no code with space/: its board is the
 * hardest state of its cluster (ties to the smallest), its moves that state's distance, its
 * cluster that size, and it is minimal. */
static void check_lines(const char *args, int every)
{
    char *out, dir[64], path[128];
    run_lines(args, &out);
    th_scratch(dir);
    snprintf(path, sizeof path, "%s/db.txt", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(out, f);
    fclose(f);
    free(out);
    puzzle_list list = th_load(path);
    cr_assert_gt(list.count, 0);
    for (int k = 0; k < list.count; k += every) {
        const puzzle *p = &list.items[k];
        cluster_analysis a;
        cr_assert(cluster_analyse(&p->board, p->start, 0, 0, &solver_bfs, &a));
        cr_assert_eq(a.hardest, p->start, "%s: not the hardest state", p->name);
        cr_assert_eq(a.hardest_moves, p->optimal, "%s", p->name);
        cr_assert_eq((long)a.states, p->cluster, "%s", p->name);
        cr_assert_eq(a.minimal, 1, "%s", p->name);
        cluster_analysis_free(&a);
    }
    puzzle_list_free(&list);
}

Test(space, every_line_is_the_minimal_hardest_state_of_its_cluster, .timeout = 600)
{
    check_lines("--size 4", 1);
    check_lines("--size 5", th_sanitized() ? 7 : 1);
    if (!th_sanitized()) check_lines("--size 5 --walls 1", 1);
}

/* The database's lettering, rebuilt from a line's own board: pieces and walls in the order of
 * the published database (the primary's row, then the other rows top to bottom, left to right,
 * horizontal pieces and walls; then the vertical pieces column by column), B, C, ... with a wall
 * taking a letter; the primary A. */
static void check_lettering(const char *board, int n)
{
    int order[26 * 2][2], count = 0;   /* order key, first cell */
    bool seen[128] = {false};
    for (int c = 0; c < n * n; c++) {
        char ch = board[c];
        int r = c / n, col = c % n;
        if (ch == 'o' || ch == 'A' || (ch != 'x' && seen[(int)ch])) continue;
        seen[(int)ch] = true;
        bool horizontal = ch == 'x' || (col + 1 < n && board[c + 1] == ch);
        order[count][0] = horizontal ? (r == 2 ? 0 : r + 1) * n + col : (n + 1) * n + col * n + r;
        order[count++][1] = c;
    }
    for (int i = 0; i < count; i++)   /* by order key */
        for (int j = i + 1; j < count; j++)
            if (order[j][0] < order[i][0]) {
                int t0 = order[i][0], t1 = order[i][1];
                order[i][0] = order[j][0], order[i][1] = order[j][1];
                order[j][0] = t0, order[j][1] = t1;
            }
    for (int i = 0; i < count; i++) {
        char ch = board[order[i][1]];
        cr_assert(ch == 'x' || ch == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i + 1], "%s: the %d-th piece is %c", board,
                  i + 1, ch);
    }
}

/* space_reduced.c's search, which the enumerator's minimality test rests on, against the database:
 * every sample puzzle (walls included) is solved in fewer than optimum + 1 moves and not in
 * fewer than its optimum. Its lines are read from the board, each through the template of its
 * pieces' lengths in order. */
Test(space, the_reduced_search_finds_the_databases_optimum)
{
    static space s;
    char err[SPACE_ERR_MAX];
    cr_assert_eq(space_init(&s, 6, 2, err), 0, "%s", err);
    reduced_search *rs = reduced_search_new();
    cr_assert_not_null(rs);
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    cr_assert_eq(list.count, 3012);
    for (int k = 0; k < list.count; k++) {
        const board *b = &list.items[k].board;
        reduced_lines l = {.space = &s, .walls = b->walls, .exit_mask = 3u << 4};
        uint64_t h8 = 0, v8 = 0;
        uint8_t length[2][6][LINE_MAX_PIECES], count[2][6] = {{0}};
        for (int start = 0; start < 6; start++)   /* each line's pieces in order */
            for (int i = 0; i < b->npieces; i++) {
                const board_piece *p = &b->piece[i];
                if (p->start != start) continue;
                int h = p->horizontal;
                length[h][p->line][count[h][p->line]++] = p->length;
                for (int c = 0; c < p->length; c++)
                    if (h) h8 |= 1ull << (p->line * 8 + start + c);
                    else v8 |= 1ull << ((start + c) * 8 + p->line);
            }
        for (int line = 0; line < 6; line++) {
            l.rowt[line] = &s.type[space_row_walls(b->walls, line)];
            l.colt[line] = &s.type[space_column_bits(b->walls, line)];
            int row = line_template_find(l.rowt[line], length[1][line], count[1][line], (uint8_t)(h8 >> (8 * line)));
            int col = line_template_find(l.colt[line], length[0][line], count[0][line], space_column_bits(v8, line));
            cr_assert(row >= 0 && col >= 0, "%s: line %d", list.items[k].name, line);
            l.row_by_mask[line] = count[1][line] ? l.rowt[line]->template[row].by_mask : NULL;
            l.col_by_mask[line] = count[0][line] ? l.colt[line]->template[col].by_mask : NULL;
        }
        int optimal = list.items[k].optimal;
        cr_assert_eq(reduced_solved_below(rs, &l, h8, v8, optimal), 0, "%s", list.items[k].name);
        cr_assert_eq(reduced_solved_below(rs, &l, h8, v8, optimal + 1), 1, "%s", list.items[k].name);
    }
    puzzle_list_free(&list);
    reduced_search_free(rs);
    space_free(&s);
}

Test(space, lines_are_lettered_as_the_published_database)
{
    /* The convention itself, on every line of the published sample (walls included). */
    puzzle_list sample = th_load("corpus/_database/fogleman-sample.txt");
    FILE *f = fopen("corpus/_database/fogleman-sample.txt", "r");
    cr_assert_not_null(f);
    char line[256], board[65];
    int moves, checked = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%d %64s", &moves, board) == 2) check_lettering(board, 6), checked++;
    fclose(f);
    cr_assert_eq(checked, sample.count);
    puzzle_list_free(&sample);
    /* And bin/enumerate's lines. */
    char *out;
    run_lines(th_sanitized() ? "--size 5" : "--size 5 --walls 1", &out);
    for (char *l = strchr(out, '\n') + 1; *l; l = strchr(l, '\n') + 1) {
        cr_assert_eq(sscanf(l, "%d %64s", &moves, board), 2);
        check_lettering(board, 5);
    }
    free(out);
}

/* ---- shards, merge, checkpoints --------------------------------------------------------------- */

/* The lines of a file, and its header without the fields that depend on the run's timing. */
static char *comparable(const char *path)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd,
             "sed -e '1s/\"seconds\":[^,]*,//; 1s/\"cpu_seconds\":[^,]*,//; "
             "1s/\"states_per_cpu_second\":[^,]*,//; 1s/\"jobs\":[0-9]*//' %s", path);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(err);
    return out;
}

/* The shipped recipes: scripts/enumerate-parallel.sh on this machine and through --sshlogin
 * (':' is this machine reached as a login, the code path of remote hosts), and
 * scripts/enumerate.slurm run as the tasks of a job array would run it. */
Test(space, shards_run_by_the_recipes_merge_to_the_single_run, .timeout = 900)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    const char *n = th_sanitized() ? "4" : "5", *k = th_sanitized() ? "0" : "1";
    snprintf(cmd, sizeof cmd,
             "set -e; export ENUMERATE=$(realpath %s/enumerate); D=%s; "
             "$ENUMERATE --no-progress --size %s --walls %s --jobs 1 --out $D/one.txt; "
             "scripts/enumerate-parallel.sh %s %s 3 $D/local; "
             "scripts/enumerate-parallel.sh %s %s 3 $D/ssh --sshlogin 2/:; "
             "for i in 1 2 3; do SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=1 N=%s K=%s SHARDS=3 "
             "DIR=$D/slurm scripts/enumerate.slurm; done; "
             "$ENUMERATE merge --out $D/slurm/database.txt $D/slurm/shard-*.txt; "
             "tests/validate-json.py schema/enumerate.schema.json $D/local/stats.json",
             th_bin(), dir, n, k, n, k, n, k, n, k);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/one.txt", dir);
    char *one = comparable(path);
    const char *runs[] = {"local", "ssh", "slurm"};
    for (int r = 0; r < 3; r++) {
        snprintf(path, sizeof path, "%s/%s/database.txt", dir, runs[r]);
        char *merged = comparable(path);
        cr_assert_str_eq(merged, one, "%s", runs[r]);
        free(merged);
    }
    /* Shards are balanced: each within 25% of a third of the states (of 5x5 with a wall: 4x4
     * has too few units to say). */
    double total = (double)header_number(one, "states");
    for (int s = 1; s <= 3 && !th_sanitized(); s++) {
        snprintf(path, sizeof path, "%s/local/shard-%d.txt", dir, s);
        char *shard = comparable(path);
        double part = (double)header_number(shard, "states");
        cr_assert(part > 0.75 * total / 3 && part < 1.25 * total / 3, "shard %d: %g of %g", s, part, total);
        free(shard);
    }
    free(one);
}

Test(space, the_output_does_not_depend_on_the_number_of_threads)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "set -e; for j in 1 2 3; do %s/enumerate --no-progress --size 5 --jobs $j --out %s/j$j.txt; done",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/j1.txt", dir);
    char *one = comparable(path);
    for (int j = 2; j <= 3; j++) {
        snprintf(path, sizeof path, "%s/j%d.txt", dir, j);
        char *other = comparable(path);
        cr_assert_str_eq(other, one, "--jobs %d", j);
        free(other);
    }
    free(one);
}

Test(space, merge_refuses_a_missing_repeated_unfinished_or_foreign_shard)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; B=$(realpath %s/enumerate); D=%s; for k in 1 2; do $B --size 4 --shard $k/2 --out $D/s$k.txt; done; "
             "$B --size 5 --shard 1/2 --out $D/other.txt; $B --size 5 --no-mirror --shard 2/2 --out $D/flat.txt; "
             "sed 's/\"complete\":true/\"complete\":false/' $D/s2.txt > $D/ckpt.txt; "
             "head -n 3 $D/s2.txt > $D/cut.txt; "
             "for set in 's1.txt' 's1.txt s1.txt' 's1.txt ckpt.txt' 's1.txt other.txt' 's1.txt cut.txt' 'other.txt flat.txt'; do "
             "  (cd $D && rc=0 && { $B merge $set > /dev/null 2> err.txt || rc=$?; } && echo \"$rc $(cat err.txt)\"); done; "
             "rc=0; $B --size 5 --shard 2/2 --checkpoint $D/flat.txt --out $D/x.txt 2> $D/err.txt || rc=$?; echo \"$rc $(cat $D/err.txt)\"; "
             "for s in 0/2 3/2; do rc=0; $B --size 4 --shard $s 2> $D/err.txt || rc=$?; echo \"$rc $(cat $D/err.txt)\"; done",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "2 enumerate merge: shard 2/2 is missing\n"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate merge: s1.txt: shard 1/2 repeats a shard already read\n"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate merge: ckpt.txt: shard 2/2 is a checkpoint"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate merge: other.txt: shard 1/2 is of another space\n"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate merge: cut.txt: 2 lines where the header says"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate merge: flat.txt: shard 2/2 is of a run with mirror images and one without"), "%s", out);
    cr_assert_not_null(strstr(out, "flat.txt: a checkpoint of size 5, walls 0, shard 2/2, --no-mirror, not of this run\n"), "%s", out);
    /* Shards count from 1, as in bin/bench: a 0 is told why. */
    cr_assert_not_null(strstr(out, "2 enumerate: --shard: '0/2': shards count from 1, so K/N has 1 <= K <= N\n"), "%s", out);
    cr_assert_not_null(strstr(out, "2 enumerate: --shard: '3/2' is not K/N with 1 <= K <= N\n"), "%s", out);
    free(out), free(err);
}

/* The files of the versions that counted shards from 0 ("index" 0 and 1 of "count" 2) still
 * merge: as shards 1 and 2, with today's files, to the database of one run. */
Test(space, shard_files_counted_from_0_still_merge)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; B=$(realpath %s/enumerate); D=%s; $B --no-progress --size 4 --out $D/one.txt; "
             "for k in 1 2; do $B --no-progress --size 4 --shard $k/2 --out $D/s$k.txt; done; "
             "sed '1s/\"k\":1,\"n\":2/\"index\":0,\"count\":2/' $D/s1.txt > $D/old1.txt; "
             "sed '1s/\"k\":2,\"n\":2/\"index\":1,\"count\":2/' $D/s2.txt > $D/old2.txt; "
             "grep -c '\"index\":' $D/old1.txt $D/old2.txt > /dev/null; "
             "$B merge --out $D/mixed.txt $D/old1.txt $D/s2.txt; $B merge --out $D/old.txt $D/old1.txt $D/old2.txt; "
             "rc=0; $B merge $D/old1.txt $D/s1.txt > /dev/null 2> $D/err.txt || rc=$?; echo \"$rc $(cat $D/err.txt)\"",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "2 enumerate merge: "), "%s", out);
    cr_assert_not_null(strstr(out, "s1.txt: shard 1/2 repeats a shard already read\n"), "%s", out);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/one.txt", dir);
    char *one = comparable(path);
    const char *merged[] = {"mixed.txt", "old.txt"};
    for (int m = 0; m < 2; m++) {
        snprintf(path, sizeof path, "%s/%s", dir, merged[m]);
        char *text = comparable(path);
        cr_assert_str_eq(text, one, "%s", merged[m]);
        free(text);
    }
    free(one);
}

Test(space, an_interrupted_shard_resumes_from_its_checkpoint_to_the_same_database, .timeout = 600)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    const char *space = th_sanitized() ? "--size 5" : "--size 5 --walls 1";
    snprintf(cmd, sizeof cmd,
             "B=%s/enumerate; D=%s; S='--no-progress %s --jobs 1'; $B $S --out $D/one.txt || exit 1; "
             "$B $S --out $D/part.txt & pid=$!; sleep %s; kill -INT $pid; wait $pid; echo \"status $?\"; "
             "test -e $D/part.txt && echo 'no output yet'; "
             "grep -o '\"complete\":false' $D/part.txt.checkpoint; "
             "grep -o '\"units_done\":[0-9]*' $D/part.txt.checkpoint; "
             "$B $S --out $D/part.txt && echo resumed; test -e $D/part.txt.checkpoint || echo 'checkpoint gone'",
             th_bin(), dir, space, th_sanitized() ? "0.5" : "1");
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "status 130\n"), "%s%s", out, err);
    cr_assert_null(strstr(out, "no output yet"), "%s", out);
    cr_assert_not_null(strstr(out, "\"complete\":false\n"), "%s", out);
    const char *done = strstr(out, "\"units_done\":");
    cr_assert_not_null(done, "%s", out);
    cr_assert_gt(atol(done + 13), 0, "%s", out);
    cr_assert_not_null(strstr(out, "resumed\ncheckpoint gone\n"), "%s", out);
    free(out), free(err);
    char one[128], part[128];
    snprintf(one, sizeof one, "%s/one.txt", dir);
    snprintf(part, sizeof part, "%s/part.txt", dir);
    char *a = comparable(one), *b = comparable(part);
    cr_assert_str_eq(a, b);
    free(a), free(b);
}

/* Regression: a signal was answered only between units, and one 7x7 unit takes minutes (a
 * shard given SIGTERM went on for 13 minutes). It is now answered between skeletons; the
 * unfinished unit is dropped and a resumed run does it again. */
Test(space, a_signal_inside_a_long_unit_stops_the_run_within_seconds, .timeout = 120)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "B=%s/enumerate; D=%s; $B --no-progress --size 7 --shard 8/20000 --jobs 2 --out $D/s.txt & "
             "pid=$!; sleep 2; t0=$(date +%%s%%N); kill -TERM $pid; wait $pid; echo \"status $?\"; "
             "echo \"ms $(( ($(date +%%s%%N) - t0) / 1000000 ))\"; "
             "grep -o '\"units_done\":[0-9]*' $D/s.txt.checkpoint",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "status 143\n"), "%s%s", out, err);
    cr_assert_not_null(strstr(out, "\"units_done\":0\n"), "%s", out);
    const char *ms = strstr(out, "ms ");
    cr_assert_not_null(ms, "%s", out);
    cr_assert_lt(atol(ms + 3), 20000, "took %s", ms);
    cr_assert_not_null(strstr(err, "interrupted after 0 of 14 units; run again to resume"), "%s", err);
    free(out), free(err);
}

/* Short of memory, bin/enumerate fails as docs/man/enumerate.1.md says (exit 1 or 2, one line naming the cause) and
 * never dies of a signal: under `ulimit -v` of 30 MB, jemalloc crashed setting up the second
 * worker's arena (a segfault, exit 139). Limits are swept, since where one falls depends on the
 * machine. Not under the sanitizers, whose shadow memory needs more address space than these. */
Test(space, short_of_memory_it_fails_with_one_line_and_never_crashes, .timeout = 300)
{
    if (th_sanitized()) return;
    th_enumerate_short_of_memory("--size 6 --shard 6/4096 --jobs 2", 16000, 2000, 64000);
}

Test(space, bad_usage_is_one_line_and_exit_2)
{
    const char *cases[][2] = {
        {"--size 3", "enumerate: --size: '3' is not"},
        {"--size 5 --shard 3/2", "enumerate: --shard: '3/2' is not K/N with 1 <= K <= N"},
        {"--walls 1", "enumerate: --size is required (see --help)"},
        {"--size 5 --bogus", "enumerate: unknown option"},
        {"--size 4 --out /dev/full", "enumerate: /dev/full:"},
        {"--size 4 extra", "enumerate: unexpected argument 'extra' (see --help)"},
        {"merge", "enumerate merge: no shard files (see --help)"},
        {"merge /nonexistent/x.txt", "enumerate merge: /nonexistent/x.txt: No such file or directory"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char cmd[512], *out, *err;
        snprintf(cmd, sizeof cmd, "%s/enumerate %s", th_bin(), cases[k][0]);
        cr_assert_eq(th_run(cmd, &out, &err), 2, "%s: %s", cases[k][0], err);
        cr_assert_not_null(strstr(err, cases[k][1]), "%s: %s", cases[k][0], err);
        cr_assert_eq(strchr(err, '\n'), err + strlen(err) - 1, "one line: %s", err);
        free(out), free(err);
    }
}
