/* test_klotski.c -- the Klotski family: every corpus puzzle's figures from an independent
 * textbook BFS written here (rectangles on a grid, no keys, no bitboards, its own reading of the
 * files), the same figures from the reference BFS, the classic's published ones, every family solver, replay and notation, bad input one line each, and
 * a mixed bench run with unsupported rows that verify accepts. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/family.h"
#include "klotski/klotski.h"
#include "klotski/klotski_memo.h"
#include "common/stateset.h"
#include "scan/scan.h"
#include "solvers/bfs.h"
#include "solvers/registry.h"
#include "tests/helpers.h"

/* ---- The textbook BFS: a state is the pieces' rectangles, alike ones sorted ----
 *
 * It reads the native files of corpus/klotski/ itself (headers, the grid, the 'v' marks of the
 * bottom opening), so that neither the scanner nor the key stands between a file and its check. */

enum { MAXW = 8, MAXH = 8, NP = 20 };
typedef struct {
    signed char r[NP], c[NP];   /* top-left of each piece */
} tstate;

typedef struct {
    char name[64];
    int w, h, np;
    int ph[NP], pw[NP];   /* piece 0 is the primary */
    tstate start;
    int goal_r, goal_c;
    int claim[MEASURE_COUNT];   /* the file's moves:, slides:, steps: (-1: not given) */
    long cluster;               /* its cluster: (-1: not given) */
} tpuzzle;

/* Alike pieces (same size, not the primary) in sorted order: the canonical state. */
static void canonical(const tpuzzle *t, tstate *s)
{
    for (int i = 1; i < t->np; i++)
        for (int j = i + 1; j < t->np; j++)
            if (t->ph[i] == t->ph[j] && t->pw[i] == t->pw[j] &&
                s->r[j] * MAXW + s->c[j] < s->r[i] * MAXW + s->c[i]) {
                signed char r = s->r[i], c = s->c[i];
                s->r[i] = s->r[j], s->c[i] = s->c[j];
                s->r[j] = r, s->c[j] = c;
            }
}

static bool fits(const tpuzzle *t, const tstate *s, int moving, int r, int c)
{
    if (r < 0 || c < 0 || r + t->ph[moving] > t->h || c + t->pw[moving] > t->w) return false;
    for (int i = 0; i < t->np; i++)
        if (i != moving && r < s->r[i] + t->ph[i] && s->r[i] < r + t->ph[moving] &&
            c < s->c[i] + t->pw[i] && s->c[i] < c + t->pw[moving])
            return false;
    return true;
}

typedef struct {
    tstate *item;
    int *depth;
    long count, cap;
    long *slot;   /* open addressing: index + 1 */
    long slots;
} tset;

static unsigned long hash(const tstate *s)
{
    unsigned long h = 1469598103934665603ul;
    for (size_t k = 0; k < sizeof *s; k++) h = (h ^ ((const unsigned char *)s)[k]) * 1099511628211ul;
    return h;
}

/* A set for at most cap states, to begin with. */
static tset tset_of(long cap)
{
    long slots = 1;
    while (slots < 2 * cap) slots *= 2;
    return (tset){malloc((size_t)cap * sizeof(tstate)), malloc((size_t)cap * sizeof(int)), 0, cap,
                  calloc((size_t)slots, sizeof(long)), slots};
}

static tset tset_new(void)
{
    return tset_of(1024);
}

static void tset_add(tset *t, const tstate *s, int depth);

/* Twice the room, the states placed anew. */
static void tset_grow(tset *t)
{
    tset bigger = tset_of(2 * t->cap);
    for (long i = 0; i < t->count; i++) tset_add(&bigger, &t->item[i], t->depth[i]);
    free(t->item), free(t->depth), free(t->slot);
    *t = bigger;
}

static void tset_add(tset *t, const tstate *s, int depth)
{
    unsigned long x = hash(s) & (unsigned long)(t->slots - 1);
    while (t->slot[x]) {
        if (memcmp(&t->item[t->slot[x] - 1], s, sizeof *s) == 0) return;
        x = (x + 1) & (unsigned long)(t->slots - 1);
    }
    if (t->count == t->cap) {
        tset_grow(t);
        tset_add(t, s, depth);
        return;
    }
    t->item[t->count] = *s;
    t->depth[t->count] = depth;
    t->slot[x] = ++t->count;
}

static void tset_free(tset *set)
{
    free(set->item), free(set->depth), free(set->slot);
}

static bool solved(const tpuzzle *t, const tstate *s)
{
    return s->r[0] == t->goal_r && s->c[0] == t->goal_c;
}

/* Where piece i of state s goes in one unit of measure m: a flood for moves, lines for slides,
 * one cell for steps. Fills queue with its own place first, then each other place once;
 * returns how many. */
static int piece_places(const tpuzzle *t, const tstate *s, int i, measure m, int queue[][2])
{
    bool seen[MAXH][MAXW] = {{false}};
    int head = 0, tail = 0;
    seen[s->r[i]][s->c[i]] = true;
    queue[tail][0] = s->r[i], queue[tail++][1] = s->c[i];
    while (head < tail) {
        int r0 = queue[head][0], c0 = queue[head++][1];
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; d++)
            for (int k = 1;; k++) {
                int r = r0 + k * dr[d], c = c0 + k * dc[d];
                if (!fits(t, s, i, r, c)) break;
                if (!seen[r][c]) {
                    seen[r][c] = true;
                    queue[tail][0] = r, queue[tail++][1] = c;
                }
                if (m != MEASURE_SLIDES) break;
            }
        if (m != MEASURE_MOVES) break;   /* only the piece's own start expands */
    }
    return tail;
}

/* Breadth-first over puzzle t in measure m from the states already in `set` (each at its
 * depth): every state reached is added one unit deeper than the one it came from. */
static void textbook_expand(const tpuzzle *t, measure m, tset *set)
{
    for (long at = 0; at < set->count; at++) {
        tstate s = set->item[at];
        for (int i = 0; i < t->np; i++) {
            int queue[MAXH * MAXW][2], places = piece_places(t, &s, i, m, queue);
            for (int q = 1; q < places; q++) {
                tstate n = s;
                n.r[i] = (signed char)queue[q][0], n.c[i] = (signed char)queue[q][1];
                canonical(t, &n);
                tset_add(set, &n, set->depth[at] + 1);
            }
        }
    }
}

/* Breadth-first over puzzle t in measure m: the optimum into *best (-1: none), the cluster
 * returned. */
static long textbook_bfs(const tpuzzle *t, measure m, int *best)
{
    tset set = tset_new();
    tstate start = t->start;
    canonical(t, &start);
    tset_add(&set, &start, 0);
    textbook_expand(t, m, &set);
    *best = -1;
    for (long at = 0; at < set.count && *best < 0; at++)
        if (solved(t, &set.item[at])) *best = set.depth[at];
    long cluster = set.count;
    tset_free(&set);
    return cluster;
}

/* The cluster's states by their distance in moves to the nearest goal: a search from every
 * goal state of the cluster at once (a move undone is a move). Fills histogram[0 .. ] and
 * returns the largest distance. */
static int textbook_goal_distances(const tpuzzle *t, long *histogram, int max)
{
    tset cluster = tset_new(), from_goals = tset_new();
    tstate start = t->start;
    canonical(t, &start);
    tset_add(&cluster, &start, 0);
    textbook_expand(t, MEASURE_MOVES, &cluster);
    for (long at = 0; at < cluster.count; at++)
        if (solved(t, &cluster.item[at])) tset_add(&from_goals, &cluster.item[at], 0);
    textbook_expand(t, MEASURE_MOVES, &from_goals);
    cr_assert_eq(from_goals.count, cluster.count);
    int far = 0;
    memset(histogram, 0, (size_t)max * sizeof *histogram);
    for (long at = 0; at < from_goals.count; at++) {
        int d = from_goals.depth[at];
        cr_assert_lt(d, max);
        histogram[d]++;
        if (d > far) far = d;
    }
    tset_free(&cluster), tset_free(&from_goals);
    return far;
}

/* The pieces of t (t->w x t->h) from its rows of letters, '.' empty: the primary first, then
 * the others in reading order, each a rectangle (where names the source in messages). */
static void textbook_pieces(char rows[][MAXW + 1], char primary, tpuzzle *t, const char *where)
{
    char letters[NP + 1] = {primary};
    t->np = 1;
    for (int r = 0; r < t->h; r++)
        for (int c = 0; c < t->w; c++)
            if (rows[r][c] != '.' && !strchr(letters, rows[r][c])) {
                cr_assert_lt(t->np, NP);
                letters[t->np++] = rows[r][c];
            }
    for (int i = 0; i < t->np; i++) {
        int r0 = MAXH, c0 = MAXW, r1 = -1, c1 = -1, cells = 0;
        for (int r = 0; r < t->h; r++)
            for (int c = 0; c < t->w; c++)
                if (rows[r][c] == letters[i]) {
                    r0 = r < r0 ? r : r0, c0 = c < c0 ? c : c0;
                    r1 = r > r1 ? r : r1, c1 = c > c1 ? c : c1;
                    cells++;
                }
        t->ph[i] = r1 - r0 + 1, t->pw[i] = c1 - c0 + 1;
        cr_assert_eq(cells, t->ph[i] * t->pw[i], "%s: piece %c is not a rectangle", where, letters[i]);
        t->start.r[i] = (signed char)r0, t->start.c[i] = (signed char)c0;
    }
}

/* The native Klotski puzzles of a file, in order, into out (at most max); returns how many. Each
 * piece must be a rectangle, and the opening marked under the bottom border. */
static int textbook_read(const char *path, tpuzzle *out, int max)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char line[256], rows[MAXH][MAXW + 1], primary = 'A';
    int n = 0, h = -1;
    tpuzzle t = {.claim = {-1, -1, -1}, .cluster = -1};
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        int v;
        long lv;
        if (sscanf(line, "name: %63s", t.name) == 1) continue;
        if (sscanf(line, "primary: %c", &primary) == 1) continue;
        if (sscanf(line, "moves: %d", &v) == 1) t.claim[MEASURE_MOVES] = v;
        if (sscanf(line, "slides: %d", &v) == 1) t.claim[MEASURE_SLIDES] = v;
        if (sscanf(line, "steps: %d", &v) == 1) t.claim[MEASURE_STEPS] = v;
        if (sscanf(line, "cluster: %ld", &lv) == 1) t.cluster = lv;
        if (line[0] == '|' && h >= 0) {
            t.w = (int)strlen(line) - 2;
            memcpy(rows[h], line + 1, (size_t)t.w);
            rows[h++][t.w] = '\0';
        } else if (line[0] == '+' && h < 0) {
            h = 0;
        } else if (line[0] == '+') {   /* the bottom border: the grid is whole */
            t.h = h;
            textbook_pieces(rows, primary, &t, path);
            t.goal_c = (int)strcspn(line, "v") - 1;
            t.goal_r = h - t.ph[0];
            cr_assert_lt(t.goal_c, t.w, "%s: no opening under the bottom border", path);
            cr_assert_lt(n, max);
            out[n++] = t;
            t = (tpuzzle){.claim = {-1, -1, -1}, .cluster = -1};
            primary = 'A';
            h = -1;
        }
    }
    fclose(f);
    return n;
}

static puzzle_list load(const char *path)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_geq(scan_path(path, SCAN_AUTO, &list, err), 1, "%s", err);
    return list;
}

/* Every native Klotski puzzle the corpus ships: its optimum in each measure and its cluster, as
 * the file gives them, are those of the textbook BFS and of the reference; the classic's are
 * the published figures. (The seed's hard board is out of reach of both: it has no claims.) */
Test(klotski, every_corpus_puzzle_has_its_figures_from_an_independent_bfs_and_the_reference, .timeout = 120)
{
    const char *files[] = {"corpus/klotski/classic.txt", "corpus/klotski/codeabbey-easy.txt",
                           "corpus/klotski/ladder.txt"};
    solver_budget none = {0, 0, 0};
    int checked = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        static tpuzzle t[16];
        int n = textbook_read(files[f], t, 16);
        puzzle_list list = load(files[f]);
        cr_assert_eq(list.count, n, "%s", files[f]);
        for (int k = 0; k < n; k++) {
            cr_assert_str_eq(list.items[k].name, t[k].name);
            for (int m = 0; m < MEASURE_COUNT; m++) {
                int textbook, reference;
                long cluster = textbook_bfs(&t[k], (measure)m, &textbook);
                cr_assert_eq(cluster, t[k].cluster, "%s %s", t[k].name, measure_name((measure)m));
                if (t[k].claim[m] >= 0)
                    cr_assert_eq(textbook, t[k].claim[m], "%s %s", t[k].name, measure_name((measure)m));
                cr_assert_eq(bfs_reference_puzzle(&list.items[k], (measure)m, &none, &reference),
                             SOLVE_SOLVED);
                cr_assert_eq(reference, textbook, "%s %s", t[k].name, measure_name((measure)m));
            }
            cr_assert_geq(t[k].claim[MEASURE_MOVES], 0, "%s gives its moves", t[k].name);
            checked++;
        }
        puzzle_list_free(&list);
    }
    cr_assert_eq(checked, 10);
}

/* The reference BFS over p's whole cluster in moves, in a context of its own: its states are
 * ctx->trail[0].key[0 .. r->cluster_states - 1]. */
static void whole_cluster(const puzzle *p, solver_context *ctx, solver_result *r)
{
    family_problem view;
    puzzle_problem(p, &view);
    solver_budget none = {0, 0, 0};
    solver_context_init(ctx);
    bfs_family_search(ctx, &view, MEASURE_MOVES, &none, r, true);
}

/* The published figures of the classic, and its cluster's keys. */
Test(klotski, the_classic_has_the_published_figures_and_its_keys_decode_to_themselves)
{
    static const int published[MEASURE_COUNT] = {81, 90, 116};
    puzzle_list list = load("corpus/klotski/classic.txt");
    cr_assert_eq(list.items[0].optimal, published[MEASURE_MOVES]);
    cr_assert_eq(list.items[0].optimal_slides, published[MEASURE_SLIDES]);
    cr_assert_eq(list.items[0].optimal_steps, published[MEASURE_STEPS]);
    cr_assert_eq(list.items[0].cluster, 25955);
    solver_context ctx;
    solver_result r;
    whole_cluster(&list.items[0], &ctx, &r);
    cr_assert_eq(r.cluster_states, 25955);
    /* The cluster's keys decode and encode back to themselves, each once. */
    const klotski_board *b = &list.items[0].klotski;
    for (uint64_t i = 0; i < r.cluster_states; i++) {
        klotski_layout l;
        klotski_decode(b, ctx.trail[0].key[i], &l);
        cr_assert_eq(klotski_encode(b, &l), ctx.trail[0].key[i]);
    }
    /* The breadth-first prune (klotski_successors_after): from every state s of the cluster,
     * reached from each of its neighbours p, what it leaves out of s's successors is p itself
     * or one of p's, what it keeps stands in the same order, and in moves it leaves out the
     * moved piece's moves alone; in slides it leaves out nothing. */
    uint64_t *all = malloc((size_t)klotski_max_successors(b) * sizeof *all);
    uint64_t *kept = malloc((size_t)klotski_max_successors(b) * sizeof *kept);
    uint64_t *around = malloc((size_t)klotski_max_successors(b) * sizeof *around);
    uint64_t left_out = 0;
    for (uint64_t i = 0; i < r.cluster_states; i++) {
        uint64_t p = ctx.trail[0].key[i];
        int np = klotski_successors(b, p, MEASURE_MOVES, around);
        for (int j = 0; j < np; j++) {
            uint64_t s = around[j];
            int n = klotski_successors(b, s, MEASURE_MOVES, all);
            int k = klotski_successors_after(b, p, s, MEASURE_MOVES, kept), at = 0;
            for (int a = 0; a < n; a++) {
                if (at < k && kept[at] == all[a]) {
                    at++;
                    continue;
                }
                bool near = all[a] == p;
                for (int q = 0; q < np && !near; q++) near = around[q] == all[a];
                cr_assert(near, "state %llu: a successor left out is not one move from its parent",
                          (unsigned long long)i);
                left_out++;
            }
            cr_assert_eq(at, k, "state %llu: the kept successors are not in order", (unsigned long long)i);
            cr_assert_eq(klotski_successors_after(b, p, s, MEASURE_SLIDES, kept),
                         klotski_successors(b, s, MEASURE_SLIDES, all));
        }
    }
    cr_assert_gt(left_out, 0);
    free(all), free(kept), free(around);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The raw key's generator (klotski.h) against the decoding one, which reads a layout and
 * encodes each successor: from every state of a cluster, in every measure, the same successors
 * in the same order (the board copied with its coded key, each key carried across through its
 * layout). On the classic, and on a board of L-shapes and a wall. */
static void raw_generator_is_the_decoding_ones(const char *path)
{
    puzzle_list list = load(path);
    static klotski_board coded;
    const klotski_board *raw = &list.items[0].klotski;
    cr_assert(raw->raw, "%s takes the raw key", path);
    coded = *raw;
    coded.raw = false;
    solver_context ctx;
    solver_result r;
    whole_cluster(&list.items[0], &ctx, &r);
    cr_assert_gt(r.cluster_states, 1000, "%s", path);
    size_t max = (size_t)klotski_max_successors(raw);
    uint64_t *fast = malloc(max * sizeof *fast), *slow = malloc(max * sizeof *slow);
    uint64_t compared = 0;
    for (uint64_t i = 0; i < r.cluster_states; i++) {
        uint64_t key = ctx.trail[0].key[i];
        klotski_layout l;
        klotski_decode(raw, key, &l);
        uint64_t coded_key = klotski_encode(&coded, &l);
        for (int m = 0; m < MEASURE_COUNT; m++) {
            int n = klotski_successors(raw, key, (measure)m, fast);
            int n_slow = klotski_successors(&coded, coded_key, (measure)m, slow);
            cr_assert_eq(n, n_slow, "%s state %llu %s", path, (unsigned long long)i,
                         measure_name((measure)m));
            for (int k = 0; k < n; k++) {
                klotski_decode(&coded, slow[k], &l);
                cr_assert_eq(klotski_encode(raw, &l), fast[k], "%s state %llu %s successor %d",
                             path, (unsigned long long)i, measure_name((measure)m), k);
            }
            compared += (uint64_t)n;
        }
    }
    cr_assert_gt(compared, 3 * r.cluster_states);
    free(fast), free(slow);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(klotski, the_raw_generator_gives_the_decoding_ones_successors_in_order, .timeout = 120)
{
    raw_generator_is_the_decoding_ones("corpus/klotski/classic.txt");
    raw_generator_is_the_decoding_ones("tests/data/klotski/l-shapes.txt");
}

/* The memo (klotski_memo.h) against the generator it stands in for: from every state of a
 * cluster, in every measure, in both its builds, the same successors in the same order, at the
 * root (klotski_successors) and reached from each neighbour (klotski_successors_after); and
 * the family view's goal mask says what klotski_is_goal says. */
static void memo_is_the_generator(const char *path)
{
    puzzle_list list = load(path);
    const klotski_board *b = &list.items[0].klotski;
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    solver_context ctx;
    solver_result r;
    whole_cluster(&list.items[0], &ctx, &r);
    size_t max = (size_t)klotski_max_successors(b);
    uint64_t *from_memo = malloc(max * sizeof *from_memo), *direct = malloc(max * sizeof *direct);
    uint64_t *around = malloc(max * sizeof *around), compared = 0;
    for (int build = 0; build < 2 * MEASURE_COUNT; build++) {
        int m = build % MEASURE_COUNT;
        klotski_memo *memo = build < MEASURE_COUNT ? klotski_memo_new(b, (measure)m)
                                                   : klotski_memo_new_portable(b, (measure)m);
        cr_assert_not_null(memo, "%s has a memo", path);
        for (uint64_t i = 0; i < r.cluster_states; i++) {
            uint64_t key = ctx.trail[0].key[i];
            int n = klotski_successors(b, key, (measure)m, around);
            cr_assert_eq(klotski_memo_successors(memo, key, from_memo), n);
            cr_assert_arr_eq(from_memo, around, (size_t)n * sizeof *around, "%s state %llu %s",
                             path, (unsigned long long)i, measure_name((measure)m));
            for (int j = 0; j < n; j++) {
                int k = klotski_successors_after(b, around[j], key, (measure)m, direct);
                cr_assert_eq(klotski_memo_successors_after(memo, around[j], key, from_memo), k);
                cr_assert_arr_eq(from_memo, direct, (size_t)k * sizeof *direct,
                                 "%s state %llu %s after neighbour %d", path,
                                 (unsigned long long)i, measure_name((measure)m), j);
                compared += (uint64_t)k;
            }
            if (m == 0)
                cr_assert_eq((key & view.goal_mask) == view.goal_value, klotski_is_goal(b, key));
        }
        cr_assert_gt(klotski_memo_bytes(memo), 0);
        klotski_memo_free(memo);
    }
    cr_assert_gt(compared, 3 * r.cluster_states);
    free(from_memo), free(direct), free(around);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

Test(klotski, the_memo_gives_the_generators_successors_in_order, .timeout = 120)
{
    memo_is_the_generator("corpus/klotski/classic.txt");
    memo_is_the_generator("tests/data/klotski/l-shapes-tight.txt");
}

/* A board whose every cell is covered has one set of empty cells and no move in it: its memo
 * holds no list at all, and reading it must not index into lists that were never made (an
 * input the text fuzzer found, tests/data/fuzz/text/klotski-memo-null.txt). The reference
 * proves it has no solution after expanding the start alone. */
Test(klotski, a_memo_with_no_moves_gives_none)
{
    static const char full[] = "# Klotski database lines (bin/enumerate --family klotski)\n"
                               "0 BCDE/BFAA 1\n";
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(scan_text("full", full, sizeof full - 1, SCAN_AUTO, &list, err), 1, "%s", err);
    const klotski_board *b = &list.items[0].klotski;
    uint64_t key = list.items[0].start;
    uint64_t *child = malloc((size_t)klotski_max_successors(b) * sizeof *child);
    for (int build = 0; build < 2 * MEASURE_COUNT; build++) {
        measure m = (measure)(build % MEASURE_COUNT);
        klotski_memo *memo = build < MEASURE_COUNT ? klotski_memo_new(b, m)
                                                   : klotski_memo_new_portable(b, m);
        cr_assert_not_null(memo);
        cr_assert_eq(klotski_memo_successors(memo, key, child), 0);
        klotski_memo_free(memo);
    }
    free(child);
    solver_budget none = {0, 0, 0};
    solver_context ctx;
    solver_result r;
    solver_context_init(&ctx);
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    bfs_family_search(&ctx, &view, MEASURE_MOVES, &none, &r, false);
    cr_assert_eq(r.status, SOLVE_UNSOLVABLE);
    cr_assert_eq(r.expanded, 1);
    cr_assert_eq(r.generated, 0);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The reference searches with the memo as without it, and in its portable build as in the
 * AVX2 one: the same states in the same order, the same counts. A board with more sets of
 * empty cells than the memo takes, or a coded key, has none, and is searched with the
 * generator. */
static void same_search(const family_problem *a, const family_problem *b, measure m,
                        void (*search_b)(solver_context *, const family_problem *, measure,
                                         const solver_budget *, solver_result *, bool))
{
    solver_budget none = {0, 0, 0};
    solver_context with, without;
    solver_result r_with, r_without;
    solver_context_init(&with), solver_context_init(&without);
    bfs_family_search(&with, a, m, &none, &r_with, true);
    search_b(&without, b, m, &none, &r_without, true);
    cr_assert_eq(r_with.cluster_states, 25955);
    cr_assert_eq(r_with.cluster_states, r_without.cluster_states);
    cr_assert_eq(r_with.expanded, r_without.expanded);
    cr_assert_eq(r_with.generated, r_without.generated);
    cr_assert_eq(r_with.duplicates, r_without.duplicates);
    cr_assert_eq(r_with.nlevels, r_without.nlevels);
    cr_assert_arr_eq(with.trail[0].key, without.trail[0].key,
                     r_with.cluster_states * sizeof *with.trail[0].key);
    cr_assert_arr_eq(with.trail[0].parent, without.trail[0].parent,
                     r_with.cluster_states * sizeof *with.trail[0].parent);
    solver_result_free(&r_with), solver_result_free(&r_without);
    solver_context_free(&with), solver_context_free(&without);
}

Test(klotski, the_reference_with_the_memo_is_the_reference_without, .timeout = 120)
{
    puzzle_list list = load("corpus/klotski/classic.txt");
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    family_problem plain = view;
    plain.memo = NULL;
    for (int m = 0; m < MEASURE_COUNT; m++) {
        same_search(&view, &plain, (measure)m, bfs_family_search);
        same_search(&view, &view, (measure)m, bfs_family_search_portable);
        same_search(&view, &plain, (measure)m, bfs_family_search_portable);
    }
    klotski_board coded = list.items[0].klotski;
    coded.raw = false;
    cr_assert_null(klotski_memo_new(&coded, MEASURE_MOVES));
    static const char open[] = "family: klotski\n+----+\n|AA..|\n|AA..|\n|....|\n|....|\n"
                               "|....|\n+-vv-+\n";
    puzzle_list wide = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(scan_text("open", open, sizeof open - 1, SCAN_AUTO, &wide, err), 1, "%s", err);
    cr_assert_null(klotski_memo_new(&wide.items[0].klotski, MEASURE_MOVES),
                   "16 empty cells of 20 make 4,845 sets, past KLOTSKI_MEMO_MAX_SETS");
    puzzle_list_free(&wide);
    puzzle_list_free(&list);
}

/* The puzzle-level reference in steps, on Rush Hour, is bfs1's optimum. */
Test(klotski, the_rush_hour_reference_in_steps_is_bfs1s)
{
    puzzle_list list = load("corpus/seed-formats/python-605.txt");
    solver_budget none = {0, 0, 0};
    int steps, moves;
    cr_assert_eq(bfs_reference_puzzle(&list.items[0], MEASURE_STEPS, &none, &steps), SOLVE_SOLVED);
    cr_assert_eq(bfs_reference_puzzle(&list.items[0], MEASURE_SLIDES, &none, &moves), SOLVE_SOLVED);
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    solver_find("bfs1")->solve(&ctx, &view, &none, NULL, &r);
    cr_assert_eq(steps, th_units(&list.items[0], &r).steps);
    cr_assert_eq(moves, 32);
    solver_result_free(&r);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* s on view, in a context of its own, as a program's one solve would run. */
static void solve_alone(const solver *s, const family_problem *view, const solver_budget *budget,
                        solver_result *r)
{
    solver_context ctx;
    solver_context_init(&ctx);
    s->solve(&ctx, view, budget, NULL, r);
    solver_context_free(&ctx);
}

Test(klotski, every_family_solver_is_legal_and_the_exact_ones_optimal_in_their_measure)
{
    puzzle_list list = load("corpus/klotski/classic.txt");
    const puzzle *p = &list.items[0];
    family_problem view;
    puzzle_problem(p, &view);
    solver_budget budget = {0, 0, 0};
    const char *names[] = {"bfs", "bfs1", "dfs", "bibfs", "astar", "idastar"};
    const int optimum[] = {81, -1, -1, 81, 81, 81};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        const solver *s = solver_find(names[k]);
        cr_assert(solver_takes(s, FAMILY_KLOTSKI), "%s", names[k]);
        solver_result r;
        solve_alone(s, &view, &budget, &r);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", names[k]);
        measure_counts units;
        char why[KLOTSKI_ERR_MAX];
        cr_assert_eq(klotski_replay(&p->klotski, r.text, &units, why), 0, "%s: %s", names[k], why);
        if (optimum[k] >= 0) cr_assert_eq(units.moves, optimum[k], "%s", names[k]);
        if (strcmp(names[k], "bfs1") == 0) cr_assert_eq(units.steps, 116);
        solver_result_free(&r);
    }
    cr_assert_not(solver_takes(solver_find("zone13"), FAMILY_KLOTSKI));
    cr_assert_not(solver_takes(solver_find("iddfs-zone"), FAMILY_KLOTSKI));
    puzzle_list_free(&list);
}

/* Marks or clears the h x w rectangle at (r, c). */
static void cover(bool covered[MAXH][MAXW], int r, int c, int h, int w, bool value)
{
    for (int y = r; y < r + h; y++)
        for (int x = c; x < c + w; x++) covered[y][x] = value;
}

/* The goal layouts of a textbook puzzle, counted as tilings: the first cell not yet covered is
 * left empty or becomes the top-left cell of a piece of a shape with pieces left, so that each
 * layout (alike pieces not told apart) is counted once. */
static long count_fillings(const tpuzzle *t, bool covered[MAXH][MAXW], int *left, int empties)
{
    int at = 0;
    while (at < t->w * t->h && covered[at / t->w][at % t->w]) at++;
    if (at == t->w * t->h) return 1;   /* pieces and empty cells add up to the board */
    int r = at / t->w, c = at % t->w;
    long n = 0;
    if (empties > 0) {
        covered[r][c] = true;
        n += count_fillings(t, covered, left, empties - 1);
        covered[r][c] = false;
    }
    for (int i = 1; i < t->np; i++) {
        bool first_of_shape = true, room = r + t->ph[i] <= t->h && c + t->pw[i] <= t->w;
        for (int j = 1; j < i; j++)
            if (t->ph[j] == t->ph[i] && t->pw[j] == t->pw[i]) first_of_shape = false;
        if (!first_of_shape || !left[i] || !room) continue;
        for (int y = r; y < r + t->ph[i]; y++)
            for (int x = c; x < c + t->pw[i]; x++) room &= !covered[y][x];
        if (!room) continue;
        cover(covered, r, c, t->ph[i], t->pw[i], true);
        left[i]--;
        n += count_fillings(t, covered, left, empties);
        left[i]++;
        cover(covered, r, c, t->ph[i], t->pw[i], false);
    }
    return n;
}

typedef struct {
    const family_problem *view;
    stateset *seen;
    long listed, not_goals, repeated;
} goal_listing;

static bool note_goal(uint64_t key, void *ctx)
{
    goal_listing *g = ctx;
    bool added;
    stateset_add(g->seen, key, &added);
    g->listed++;
    g->not_goals += !g->view->is_goal(g->view->board, key);
    g->repeated += !added;
    return true;
}

/* The goal states a Klotski board lists (family.h's goal_states, bibfs's backward seeds) are
 * every goal layout once, as a count of the tilings around the primary says: 6,795 on the
 * classic. They outnumber every level of the forward search (1,084 at most), so bibfs always
 * expands its forward side: its expansions are bfs's, one level an iteration, and with bfs's
 * prune of the piece that moved last its successors are bfs's and the seeds. */
Test(klotski, the_goal_states_are_every_goal_layout_once_and_bibfs_expands_forward)
{
    static tpuzzle t[1];
    cr_assert_eq(textbook_read("corpus/klotski/classic.txt", t, 1), 1);
    bool covered[MAXH][MAXW] = {{false}};
    int left[NP] = {0}, area = 0;   /* left[i]: the pieces of piece i's shape, the primary aside */
    for (int i = 0; i < t[0].np; i++) {
        area += t[0].ph[i] * t[0].pw[i];
        for (int j = 1; j < t[0].np; j++) left[i] += t[0].ph[j] == t[0].ph[i] && t[0].pw[j] == t[0].pw[i];
    }
    cover(covered, t[0].goal_r, t[0].goal_c, t[0].ph[0], t[0].pw[0], true);
    long tilings = count_fillings(&t[0], covered, left, t[0].w * t[0].h - area);
    cr_assert_eq(tilings, 6795);

    puzzle_list list = load("corpus/klotski/classic.txt");
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    stateset seen;
    stateset_init(&seen, STATESET_HASH_DEFAULT);
    goal_listing g = {&view, &seen, 0, 0, 0};
    cr_assert_eq(view.goal_states(view.board, view.start, 1 << 16, note_goal, &g), tilings);
    cr_assert_eq(g.listed, tilings);
    cr_assert_eq(g.not_goals, 0);
    cr_assert_eq(g.repeated, 0);
    stateset_free(&seen);

    solver_budget none = {0, 0, 0};
    solver_result r[2];
    const char *names[] = {"bfs", "bibfs"};
    for (int k = 0; k < 2; k++) {
        solve_alone(solver_find(names[k]), &view, &none, &r[k]);
        cr_assert_eq(r[k].status, SOLVE_SOLVED, "%s", names[k]);
    }
    cr_assert_eq(r[0].peak_frontier, 1084);
    cr_assert_eq(r[1].expanded, r[0].expanded);
    cr_assert_eq(r[1].iterations, 81);
    cr_assert_eq(r[1].generated, r[0].generated + (uint64_t)tilings);   /* the same prune, and the seeds */
    for (int k = 0; k < 2; k++) solver_result_free(&r[k]);
    puzzle_list_free(&list);
}

Test(klotski, replay_counts_runs_and_names_the_first_illegal_step)
{
    puzzle_list list = load("corpus/klotski/classic.txt");
    const klotski_board *b = &list.items[0].klotski;
    measure_counts units;
    char why[KLOTSKI_ERR_MAX];
    /* G down then right is one move and two slides; "GD GR" is the same solution cut in two. */
    cr_assert_eq(klotski_replay(b, "GDR", &units, why), -1);
    cr_assert_str_eq(why, "the moves end with piece A off its target");
    cr_assert_eq(klotski_replay(b, "GD JL AD", &units, why), -1);
    cr_assert_str_eq(why, "move 3 (AD), step 1: A cannot move down");
    cr_assert_eq(klotski_replay(b, "GQ", &units, why), -1);
    cr_assert_str_eq(why, "move 1 (GQ): 'Q' is not a direction (U, D, L, R)");
    cr_assert_eq(klotski_replay(b, "ZD", &units, why), -1);
    cr_assert_str_eq(why, "move 1 (ZD): no piece Z");
    puzzle_list_free(&list);
}

Test(klotski, the_seeds_hard_board_reads_and_its_key_fits)
{
    puzzle_list list = load("corpus/klotski/seed-hard.txt");
    const puzzle *p = &list.items[0];
    cr_assert_eq(p->family, FAMILY_KLOTSKI);
    cr_assert_eq(p->klotski.width, 6);
    cr_assert_eq(p->klotski.height, 7);
    cr_assert_eq(p->klotski.npieces, 25);
    cr_assert_eq(p->klotski.target, 5 * 8 + 2);
    cr_assert_leq(p->klotski.key_bits, 64);
    /* The post's own Python form is the same board. */
    puzzle_list python = load("tests/data/klotski/seed-hard.py.txt");
    char a[17], b[17];
    puzzle_id(p, a);
    puzzle_id(&python.items[0], b);
    cr_assert_str_eq(a, b);
    cr_assert_eq(python.items[0].start, p->start);
    cr_assert_str_eq(python.items[0].name, "board_hard1");
    puzzle_list_free(&python);
    puzzle_list_free(&list);
}

/* Each bad input: exit 2 and one line naming the file and line. */
Test(klotski, bad_input_is_one_line_naming_the_file_and_line)
{
    static const char *cases[][2] = {
        {"family: klotski\n+---+\n|AAB|\n|B.B|\n+-v-+\n", "k.txt:3: piece B is not connected\n"},
        {"family: klotski\n+--+\n|AA|\n|..|\n+v-+\n",
         "k.txt:5: the opening does not fit piece A: it must cover exactly the cells inside the "
         "marks, against that edge\n"},
        {"family: klotski\ngoal: 3 0\n+--+\n|A.|\n|..|\n+--+\n",
         "k.txt:2: the target (3, 0) lies outside the 2x2 board\n"},
        {"family: klotski\n+--+\n|A.|\n|..|\n+--+\n",
         "k.txt:3: no goal: mark the opening in the frame (v ^ < >) or give goal: X Y\n"},
        {"family: klotski\n+-^+\n|A.|\n|..>\n+--+\n", "k.txt:4: the opening is marked on two sides\n"},
        {"family: chess\n", "k.txt:1: family: 'chess' is not rush, klotski or tiles\n"},
        {"slides: 3\n+---+\n|AA.>\n+---+\n",
         "k.txt:1: slides: is a header of the klotski family (family: klotski first)\n"},
        {"family: klotski\nsteps: x\n", "k.txt:2: steps: 'x' is not a count or '-'\n"},
        {"family: klotski\nwidth: 3\n", "k.txt:2: unknown header 'width'\n"},
        {"name: x\nnonsense\n", "k.txt:2: expected a header (family:, name:, moves:, cluster:, primary:, "
         "slides:, steps:, goal:) or a border +---+\n"},
        {"[[1, 0], [0, 0]]\nsolved_row = x\n", "k.txt:2: solved_row: expected a row or column number from 0\n"},
        {"family: klotski\n+--------+\n|ABCDEFGH|\n|IJKLMNOP|\n|QRSTUVWX|\n|YZabcdef|\n|ghijklmn|\n"
         "|pqrstuvw|\n|yz......|\n|........|\n+v-------+\n",
         "k.txt:3: too many cells for the key: a state takes 69 bits, 64 at most\n"},
    };
    th_bad_inputs(cases, sizeof cases / sizeof *cases);
}

Test(klotski, a_mixed_folder_runs_every_solver_with_unsupported_rows_and_verifies)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/in && grep -v '^cluster:' corpus/klotski/classic.txt > %s/in/classic.txt && "
             "cp corpus/seed-formats/kotlin-4x4.txt tests/data/klotski/small.txt %s/in/ && %s/bench --no-progress --solver all --max-states 3M --out %s/run %s/in "
             "> /dev/null && %s/bench verify %s/run/results.csv %s/in && "
             "tests/validate-json.py schema/bench.schema.json %s/run/results.json && "
             "awk -F, '$8 == \"klotski\" {print $1, $10, $12, $13, $14}' %s/run/results.csv && "
             "grep -e '^###' -e '^| bfs ' %s/run/summary.md | cut -d'|' -f1-4 && "
             "python3 -c \"import json; print([(s['family'], s['solver'], s['runs']) for s in "
             "json.load(open('%s/run/results.json'))['summary'] if s['solver'] == 'zone13'])\"",
             dir, dir, dir, th_bin(), dir, dir, th_bin(), dir, dir, dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "27 rows, 3 puzzles, 0 failed\n"), "%s", out);
    cr_assert_not_null(strstr(out, "valid: 1 document(s)\n"), "%s", out);
    cr_assert_not_null(strstr(out, "\nbfs solved 81 90 "), "%s", out);
    cr_assert_not_null(strstr(out, "\nbibfs solved 81 "), "%s", out);
    cr_assert_not_null(strstr(out, "\nastar/pdb solved 81 "), "%s", out);
    cr_assert_not_null(strstr(out, "\nzone13 unsupported   \n"), "%s", out);
    cr_assert_not_null(strstr(out, "\niddfs-zone unsupported   \n"), "%s", out);
    /* One summary block per family: a Klotski run is never averaged with a Rush Hour one. */
    cr_assert_not_null(strstr(out, "### rush\n| bfs | 1 | 1 \n### klotski\n| bfs | 2 | 2 \n"), "%s", out);
    cr_assert_not_null(strstr(out, "[('rush', 'zone13', 1), ('klotski', 'zone13', 0)]"), "%s", out);
    free(out), free(err);
    /* The report draws the state graphs of both families within --graph-max (the classic, with
     * no cluster size to rule it out, is explored and found over it), each with the walks of
     * the solvers that ran on it. */
    snprintf(cmd, sizeof cmd,
             "%s/bench report --graph-max 5000 %s/run && grep -o '\"walk_note\":\"[^\"]*\"' %s/run/report.html | sort | uniq -c",
             th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(err, "(27 rows, 2 state graphs"), "%s", err);
    cr_assert_str_eq(out, "      2 \"walk_note\":\"not run: its solver does not take the family\"\n"
                          "      1 \"walk_note\":\"too many expansions to embed\"\n");
    free(out), free(err);
}

/* bin/render draws a Klotski board and a solution in the game's look (the primary's face red,
 * each letter on its piece); a solver that does not take Klotski is one line and exit 2. */
Test(klotski, render_draws_boards_and_solutions_and_refuses_a_solver_of_another_family)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/render -o %s/k.svg corpus/klotski/classic.txt && %s/render -o %s/k.png corpus/klotski/classic.txt && "
             "grep -c 'fill=\"#dc1c0c\"' %s/k.svg && grep -o '>[A-J]</text>' %s/k.svg | tr -d '\n' && echo && "
             "python3 -c \"import struct; print(*struct.unpack('>II', open('%s/k.png', 'rb').read(24)[16:]))\" && "
             "%s/render --solution -o %s/s.svg corpus/klotski/ladder.txt && grep -c '>[0-9]*[.] [A-J][UDLR]*</text>' %s/s.svg && "
             "grep -o '>10[.] [A-Z]*</text>' %s/s.svg",
             th_bin(), dir, th_bin(), dir, dir, dir, dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "1\n>B</text>>A</text>>C</text>>D</text>>E</text>>F</text>>G</text>>H</text>>I</text>>J</text>\n"
                          "224 272\n10\n>10. AR</text>\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render --solution --solver zone13 -o %s/z.png corpus/klotski/classic.txt",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_str_eq(err, "render: klotski-classic: zone13 does not take klotski puzzles\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render --graph --solver bfs,zone13 -o %s/z.png corpus/klotski/classic.txt",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_str_eq(err, "render: klotski-classic: zone13 does not take klotski puzzles\n");
    free(out), free(err);
}

/* The moves of the cluster of t: every pair of states one move apart, once. Each state's
 * moves lead to distinct states (a piece's places differ, and two alike pieces moved give two
 * different sets), so the pairs are half the successors. */
static long textbook_edges(const tpuzzle *t)
{
    tset cluster = tset_new();
    tstate start = t->start;
    canonical(t, &start);
    tset_add(&cluster, &start, 0);
    textbook_expand(t, MEASURE_MOVES, &cluster);
    long successors = 0;
    for (long at = 0; at < cluster.count; at++)
        for (int i = 0; i < t->np; i++) {
            int queue[MAXH * MAXW][2];
            successors += piece_places(t, &cluster.item[at], i, MEASURE_MOVES, queue) - 1;
        }
    tset_free(&cluster);
    return successors / 2;
}

/* bin/render --graph on a Klotski cluster: its DOT source holds every state once (the start
 * first), an edge for every move and none else, each state's distance to the goal as the
 * textbook BFS finds it (and no edge joins states more than one apart), the reference's
 * solution drawn thick; with walks, a picture per solver; and the classic, over --graph-full,
 * condensed into cells that add up to its 25,955 states. */
Test(klotski, render_graph_draws_the_cluster_as_the_textbook_bfs_sees_it, .timeout = 120)
{
    const char *small = "tests/data/klotski/small.txt";
    tpuzzle t[1];
    cr_assert_eq(textbook_read(small, t, 1), 1);
    long histogram[64];
    int far = textbook_goal_distances(&t[0], histogram, 64), best;
    cr_assert_eq(textbook_bfs(&t[0], MEASURE_MOVES, &best), t[0].cluster);
    cr_assert_eq(best, t[0].claim[MEASURE_MOVES]);
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/render --graph --solver bfs,astar -o %s/g.svg %s && ls %s | tr '\\n' ' ' && echo && "
             "python3 -c \"import re, collections\n"
             "text = open('%s/g.dot').read()\n"
             "node = {int(n): int(d) for n, d in re.findall(r'^  n(\\d+) \\[key=.*to_goal=(\\d+)', text, re.M)}\n"
             "edges = re.findall(r'^  n(\\d+) -- n(\\d+)(.*)', text, re.M)\n"
             "keys = re.findall(r'^  n\\d+ \\[key=\\\"([0-9a-f]+)', text, re.M)\n"
             "far = max(node.values())\n"
             "h = collections.Counter(node.values())\n"
             "print(len(node), len(set(keys)), len(edges), sum('penwidth=3' in e[2] for e in edges),\n"
             "      max(abs(node[int(a)] - node[int(b)]) for a, b, _ in edges), node[0], ' '.join(str(h[d]) for d in range(far + 1)))\"",
             th_bin(), dir, small, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    char want[2048];
    int n = snprintf(want, sizeof want,
                     "g-astar-pdb.svg g-bfs.svg g-frontier.svg g-frontier.tsv g.dot g.svg \n"
                     "%ld %ld %ld %d 1 %d", t[0].cluster, t[0].cluster, textbook_edges(&t[0]),
                     t[0].claim[MEASURE_MOVES], t[0].claim[MEASURE_MOVES]);
    for (int d = 0; d <= far; d++) n += snprintf(want + n, sizeof want - (size_t)n, " %ld", histogram[d]);
    snprintf(want + n, sizeof want - (size_t)n, "\n");
    cr_assert_str_eq(out, want);
    free(out), free(err);

    /* Over --graph-full (20,000 by default), condensed: cells that add up to the cluster. */
    snprintf(cmd, sizeof cmd,
             "%s/render --graph -o %s/c.svg corpus/klotski/classic.txt && "
             "%s/render --graph --graph-full 1000 -o %s/s.svg %s && for f in c s; do python3 -c \"import re\n"
             "text = open('%s/' + '$f' + '.dot').read()\n"
             "print(sum(int(s) for s in re.findall(r'states=(\\d+)', text)))\"; done",
             th_bin(), dir, th_bin(), dir, small, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "25955\n3700\n");
    free(out), free(err);
}

/* A start that is already solved: every family solver says so with an empty solution and
 * counters from zero (bibfs's once came back with whatever the result held before). */
Test(klotski, a_solved_start_is_an_empty_solution_from_every_solver)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("family: klotski\n+---+\n|.B.|\n|.AA|\n+-vv+\n", &list, err), 1, "%s", err);
    family_problem view;
    puzzle_problem(&list.items[0], &view);
    solver_budget none = {0, 0, 0};
    for (int i = 0; solver_all[i]; i++) {
        const solver *s = solver_all[i];
        if (!solver_takes(s, FAMILY_KLOTSKI)) continue;
        solver_result r;
        memset(&r, 0xA5, sizeof r);   /* what a caller's stack may hold */
        solve_alone(s, &view, &none, &r);
        cr_assert_eq(r.status, SOLVE_SOLVED, "%s", s->name);
        cr_assert_str_eq(r.text, "", "%s", s->name);
        cr_assert_leq(r.expanded, 1, "%s", s->name);
        solver_result_free(&r);
    }
    puzzle_list_free(&list);
}

/* bin/solve --trace on a Klotski puzzle: one line per expansion, for every solver that takes
 * Klotski, as for Rush Hour (the header line aside). */
Test(klotski, the_trace_has_a_line_per_expansion_for_every_family_solver)
{
    const char *names[] = {"bfs", "bfs1", "dfs", "bibfs", "astar"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        char dir[64], cmd[512], *out, *err;
        th_scratch(dir);
        snprintf(cmd, sizeof cmd,
                 "%s/solve --solver %s --stats --trace %s/t.jsonl corpus/klotski/classic.txt | "
                 "sed -n 's/^  expanded \\([0-9]*\\),.*/\\1/p' && wc -l < %s/t.jsonl",
                 th_bin(), names[k], dir, dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s: %s", names[k], err);
        long expanded, lines;
        cr_assert_eq(sscanf(out, "%ld %ld", &expanded, &lines), 2, "%s: %s", names[k], out);
        cr_assert_gt(expanded, 0, "%s", names[k]);
        cr_assert_eq(lines, expanded + 1, "%s: %s", names[k], out);
        free(out), free(err);
    }
}

/* bin/solve --cluster on a Klotski puzzle: the goal states, the states at each distance from
 * them and the hardest's distance are the textbook BFS's; the hardest state, written out and
 * solved again, takes that many moves; minimality is left undecided. */
Test(klotski, solve_cluster_analyses_a_klotski_cluster_as_the_textbook_bfs_does, .timeout = 120)
{
    const char *files[] = {"corpus/klotski/classic.txt", "corpus/klotski/codeabbey-easy.txt"};
    for (size_t f = 0; f < 2; f++) {
        tpuzzle t[1];
        cr_assert_eq(textbook_read(files[f], t, 1), 1);
        long histogram[256];
        int far = textbook_goal_distances(&t[0], histogram, 256);
        char dir[64], cmd[1024], *out, *err;
        th_scratch(dir);
        snprintf(cmd, sizeof cmd,
                 "%s/solve --json --cluster %s > %s/c.json && python3 -c \"import json\n"
                 "r = json.load(open('%s/c.json'))\n"
                 "open('%s/hardest.txt', 'w').write(r['hardest'].replace('/', chr(10)) + chr(10))\n"
                 "print(r['goal_states'], r['hardest_moves'], r['minimal'], ' '.join(map(str, r['distances'])))\" && "
                 "%s/solve --json %s/hardest.txt | python3 -c \"import json, sys; print(json.load(sys.stdin)['moves'])\"",
                 th_bin(), files[f], dir, dir, dir, th_bin(), dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
        char want[4096];
        int n = snprintf(want, sizeof want, "%ld %d None", histogram[0], far);
        for (int d = 0; d <= far; d++) n += snprintf(want + n, sizeof want - (size_t)n, " %ld", histogram[d]);
        snprintf(want + n, sizeof want - (size_t)n, "\n%d\n", far);
        cr_assert_str_eq(out, want, "%s", files[f]);
        free(out), free(err);
    }
}

/* --show draws a Klotski solution: the grid at the start and after each move, the last with
 * the primary on its target. */
Test(klotski, show_draws_the_grid_after_every_move)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --show corpus/klotski/ladder.txt | sed -n '/^klotski-ladder-10:/,/^klotski-ladder-20:/p' | "
             "grep -c -e '^+-vv-+$'; %s/solve --show corpus/klotski/ladder.txt | sed -n '/^klotski-ladder-10:/,/^klotski-ladder-20:/p' | "
             "grep -B8 '^klotski-ladder-20:' | head -7",
             th_bin(), th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "11\n10. AR\n+----+\n|BEFC|\n|BEHJ|\n|DGGJ|\n|.AAI|\n|.AAI|\n", "%s", out);
    free(out), free(err);
}

/* bench verify where the reference BFS runs out of memory (as on the seed's hard board, whose
 * rows once failed verify with "nothing can be checked" though they claimed nothing): rows that
 * claim nothing pass; rows whose claims need the reference are listed as not checked and
 * counted, their solutions still replayed, and the run passes. With the reference, a wrong
 * optimum in slides fails. */
Test(klotski, verify_without_a_reference_checks_what_it_can_and_says_what_it_cannot, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "grep -v -e '^moves:' -e '^slides:' -e '^steps:' -e '^cluster:' corpus/klotski/classic.txt > %s/bare.txt && "
             "%s/bench --no-progress --solver bfs,dfs --max-bytes 1Mi --csv %s/none.csv %s/bare.txt > /dev/null && "
             "awk -F, 'NR > 1 {print $1, $10, $15 \"|\" $18}' %s/none.csv && "
             "%s/bench verify --max-bytes 1Mi %s/none.csv %s/bare.txt && "
             "%s/bench --no-progress --solver bfs,dfs --csv %s/all.csv %s/bare.txt > /dev/null && "
             "%s/bench verify --max-bytes 1Mi %s/all.csv %s/bare.txt | sed 's/^[^ ]*:[0-9]*: //'",
             dir, th_bin(), dir, dir, dir, th_bin(), dir, dir, th_bin(), dir, dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "bfs budget |\ndfs budget |\n2 rows, 1 puzzles, 0 failed\n"
                          "bfs on klotski-classic: not checked (the reference BFS ran out of memory): "
                          "optimal_moves, optimal_slides, optimal_steps, optimal, the fewest units it promises\n"
                          "dfs on klotski-classic: not checked (the reference BFS ran out of memory): "
                          "optimal_moves, optimal_slides, optimal_steps, optimal\n"
                          "2 rows, 1 puzzles, 0 failed, 2 with claims not checked\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd,
             "awk -F, -v OFS=, 'NR > 1 && $1 == \"dfs\" {$16 = 89} {print}' %s/all.csv > %s/wrong.csv && "
             "{ %s/bench verify %s/wrong.csv %s/bare.txt > %s/v.out; echo rc=$?; } && sed 's/^[^ ]*:[0-9]*: //' %s/v.out",
             dir, dir, th_bin(), dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "rc=4\ndfs on klotski-classic: optimal_slides: says 89, should be 90\n"
                          "2 rows, 1 puzzles, 1 failed\n");
    free(out), free(err);
}

/* ---- The Klotski space (bin/enumerate --family klotski) ----------------------------------
 *
 * Checked against the textbook: its own listing of every layout of the space (pieces placed one
 * after the other, alike ones in increasing order, where the enumerator walks the cells), its
 * own search of every cluster, and its own reading of the lines' boards. */

/* The header of the file bin/enumerate wrote to path. */
static json_t *enumerate_header(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char header[8192];
    cr_assert_not_null(fgets(header, sizeof header, f));
    fclose(f);
    json_error_t je;
    json_t *h = json_loads(header + strlen("# enumerate "), 0, &je);
    cr_assert_not_null(h, "%s: %s", path, je.text);
    return h;
}

/* Runs bin/enumerate --family klotski with `options` into dir/name; returns its header. */
static json_t *enumerate_klotski(const char *dir, const char *name, const char *options)
{
    char cmd[512], path[128], *out, *err;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(cmd, sizeof cmd, "%s/enumerate --family klotski %s --out %s", th_bin(), options, path);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s: %s", cmd, err);
    free(out), free(err);
    return enumerate_header(path);
}

static long header_count(json_t *h, const char *key)
{
    return (long)json_integer_value(json_object_get(h, key));
}

/* A board of the database, rows joined by '/', as the textbook's puzzle: A the primary, its
 * goal in the middle of the bottom row. */
static void textbook_line(const char *board, tpuzzle *t)
{
    char rows[MAXH][MAXW + 1];
    memset(t, 0, sizeof *t);
    t->w = (int)strcspn(board, "/");
    for (const char *row = board;; row += t->w + 1) {
        memcpy(rows[t->h], row, (size_t)t->w);
        rows[t->h++][t->w] = '\0';
        if (!row[t->w]) break;
    }
    textbook_pieces(rows, 'A', t, board);
    t->goal_r = t->h - 2, t->goal_c = (t->w - 2) / 2;
}

/* Every layout of unit t (its pieces' sizes, the primary first, alike pieces together): each
 * piece in turn on every free place, alike ones in increasing order, into `all`; returns how
 * many. */
static long textbook_layouts(const tpuzzle *t, tstate *s, int i, int empty, tset *all)
{
    if (i == t->np) {
        tstate c = *s;
        canonical(t, &c);
        if (all) tset_add(all, &c, 0);
        return 1;
    }
    bool alike = i > 1 && t->ph[i] == t->ph[i - 1] && t->pw[i] == t->pw[i - 1];
    int from = alike ? s->r[i - 1] * MAXW + s->c[i - 1] + 1 : 0;
    long n = 0;
    for (int at = from; at < t->h * MAXW; at++) {
        int r = at / MAXW, c = at % MAXW;
        if (r + t->ph[i] > t->h || c + t->pw[i] > t->w) continue;
        bool free = true;
        for (int j = 0; j < i && free; j++)
            free = !(r < s->r[j] + t->ph[j] && s->r[j] < r + t->ph[i] && c < s->c[j] + t->pw[j] &&
                     s->c[j] < c + t->pw[i]);
        if (!free) continue;
        s->r[i] = (signed char)r, s->c[i] = (signed char)c;
        n += textbook_layouts(t, s, i + 1, empty, all);
    }
    return n;
}

/* The unit of w wide (1x2), v tall (2x1) and k single pieces on a width x height board, or
 * false when it leaves fewer than two cells empty. */
static bool textbook_unit(int width, int height, int w, int v, int k, tpuzzle *t)
{
    memset(t, 0, sizeof *t);
    t->w = width, t->h = height, t->goal_r = height - 2, t->goal_c = (width - 2) / 2;
    if (4 + 2 * (w + v) + k > width * height - 2) return false;
    t->ph[0] = t->pw[0] = 2;
    t->np = 1;
    for (int i = 0; i < w; i++) t->ph[t->np] = 1, t->pw[t->np++] = 2;
    for (int i = 0; i < v; i++) t->ph[t->np] = 2, t->pw[t->np++] = 1;
    for (int i = 0; i < k; i++) t->ph[t->np] = 1, t->pw[t->np++] = 1;
    return true;
}

static int compare_pairs(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

/* The 3x3, 3x4 and 4x3 spaces whole: every layout once, every cluster, every line the hardest
 * layout of a solvable cluster, as the textbook finds them. */
Test(klotski, the_space_is_every_layout_once_and_a_line_per_solvable_cluster, .timeout = 300)
{
    char dir[64];
    th_scratch(dir);
    static const int sizes[][2] = {{3, 3}, {3, 4}, {4, 3}};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        int width = sizes[z][0], height = sizes[z][1];
        long layouts = 0, clusters = 0, solvable = 0, largest = 0, lines = 0;
        static long expect[4096][2];
        for (int w = 0; w <= 8; w++)
            for (int v = 0; v <= 8; v++)
                for (int k = 0; k <= 12; k++) {
                    tpuzzle t;
                    if (!textbook_unit(width, height, w, v, k, &t)) continue;
                    tset all = tset_new(), covered = tset_new();
                    tstate s;
                    memset(&s, 0, sizeof s);
                    layouts += textbook_layouts(&t, &s, 0, 0, &all);
                    for (long i = 0; i < all.count; i++) {
                        long before = covered.count;
                        tset_add(&covered, &all.item[i], 0);
                        if (covered.count == before) continue;   /* in a cluster met already */
                        tset cluster = tset_new();
                        tset_add(&cluster, &all.item[i], 0);
                        textbook_expand(&t, MEASURE_MOVES, &cluster);
                        bool goal = false;
                        for (long j = 0; j < cluster.count; j++) {
                            tset_add(&covered, &cluster.item[j], 0);
                            goal = goal || solved(&t, &cluster.item[j]);
                        }
                        clusters++;
                        if (cluster.count > largest) largest = cluster.count;
                        if (goal) {
                            long histogram[256];
                            t.start = all.item[i];
                            cr_assert_lt(lines, 4096);
                            expect[lines][0] = textbook_goal_distances(&t, histogram, 256);
                            expect[lines++][1] = cluster.count;
                            solvable++;
                        }
                        tset_free(&cluster);
                    }
                    tset_free(&all), tset_free(&covered);
                }
        char options[64], name[32];
        snprintf(options, sizeof options, "--size %dx%d", width, height);
        snprintf(name, sizeof name, "%dx%d.txt", width, height);
        json_t *h = enumerate_klotski(dir, name, options);
        cr_assert_eq(header_count(h, "states"), layouts, "%s", options);
        cr_assert_eq(header_count(h, "expanded"), layouts, "%s", options);
        cr_assert_eq(header_count(h, "clusters"), clusters, "%s", options);
        cr_assert_eq(header_count(h, "solvable"), solvable, "%s", options);
        cr_assert_eq(header_count(h, "minimal"), solvable, "%s", options);
        cr_assert_eq(header_count(json_object_get(h, "largest"), "cluster"), largest, "%s", options);
        json_decref(h);
        /* The lines: as many, the same (moves, cluster) pairs, each board its cluster's
         * hardest, as the textbook reads it. */
        char path[128], line[8192];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        FILE *f = fopen(path, "r");
        static long got[4096][2];
        long n = 0;
        while (fgets(line, sizeof line, f)) {
            if (line[0] == '#') continue;
            char board[80];
            long moves, size;
            cr_assert_eq(sscanf(line, "%ld %79s %ld", &moves, board, &size), 3, "%s", line);
            tpuzzle t;
            textbook_line(board, &t);
            long histogram[256];
            int best;
            cr_assert_eq(textbook_goal_distances(&t, histogram, 256), moves, "%s", line);
            cr_assert_eq(textbook_bfs(&t, MEASURE_MOVES, &best), size, "%s", line);
            cr_assert_eq(best, moves, "%s: the board is not the hardest", line);
            cr_assert_lt(n, 4096);
            got[n][0] = moves, got[n++][1] = size;
        }
        fclose(f);
        cr_assert_eq(n, lines, "%s", options);
        qsort(expect, (size_t)lines, sizeof *expect, compare_pairs);
        qsort(got, (size_t)n, sizeof *got, compare_pairs);
        for (long i = 0; i < n; i++)
            cr_assert(got[i][0] == expect[i][0] && got[i][1] == expect[i][1], "%s: line %ld", options, i);
    }
}

/* The 4x5 space (the classic's board) has the figures dnomd343's engine finds for it: 29,334,498
 * layouts with one 2x2 piece and two cells empty or more, in 25,422 clusters, the largest of
 * 964,656; its lines hold the reference's optima. Under the sanitizers, which take a minute
 * over the whole space, a sixteenth of its units, with the same checks but the totals. */
Test(klotski, the_4x5_space_has_the_published_figures_and_its_lines_the_references_optima, .timeout = 900)
{
    char dir[64];
    th_scratch(dir);
    bool whole = !th_sanitized();
    json_t *h = enumerate_klotski(dir, "4x5.txt", whole ? "--size 4x5" : "--size 4x5 --shard 1/16");
    cr_assert_eq(header_count(h, "expanded"), header_count(h, "states"));
    if (whole) {
        cr_assert_eq(header_count(h, "states"), 29334498);
        cr_assert_eq(header_count(h, "clusters"), 25422);
        cr_assert_eq(header_count(json_object_get(h, "largest"), "cluster"), 964656);
        char cmd[256], *out, *err;   /* the corpus ships this database, as it is now */
        snprintf(cmd, sizeof cmd, "bash -c 'cmp <(tail -n +2 %s/4x5.txt) <(tail -n +2 "
                 "corpus/generated/_full/klotski-4x5.txt)'", dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "the shipped database differs: %s", out);
        free(out), free(err);
    }
    long lines = header_count(h, "minimal");
    cr_assert_gt(lines, 0);
    json_decref(h);
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --solver bfs --verify --csv %s/rows.csv %s/4x5.txt",
             th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "grep -c ',solved,' %s/rows.csv", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert_eq(atol(out), lines, "every line solved, as optimal as it claims (bench exits 0)");
    free(out), free(err);
}

/* Shards of the Klotski space merge to what one run writes; a shard of another space is
 * refused; the statistics keep their schema. */
Test(klotski, the_spaces_shards_merge_to_the_single_run)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    char stats[128];
    snprintf(stats, sizeof stats, "--size 4x4 --stats %s/all.json", dir);
    json_t *all = enumerate_klotski(dir, "all.txt", stats);
    snprintf(cmd, sizeof cmd, "tests/validate-json.py schema/enumerate.schema.json %s/all.json", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "the statistics break their schema: %s%s", out, err);
    free(out), free(err);
    for (int k = 1; k <= 3; k++) {
        char options[64], name[32];
        snprintf(options, sizeof options, "--size 4x4 --shard %d/3 --jobs 1", k);
        snprintf(name, sizeof name, "s%d.txt", k);
        json_decref(enumerate_klotski(dir, name, options));
    }
    snprintf(cmd, sizeof cmd, "%s/enumerate merge --out %s/merged.txt %s/s1.txt %s/s2.txt %s/s3.txt",
             th_bin(), dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "bash -c 'cmp <(tail -n +2 %s/all.txt) <(tail -n +2 %s/merged.txt)'", dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "the lines differ: %s", out);
    free(out), free(err);
    char path[128];
    snprintf(path, sizeof path, "%s/merged.txt", dir);
    json_t *merged = enumerate_header(path);
    static const char *const timings[] = {"seconds", "cpu_seconds", "states_per_cpu_second", "jobs"};
    for (size_t k = 0; k < sizeof timings / sizeof *timings; k++)
        json_object_del(all, timings[k]), json_object_del(merged, timings[k]);
    cr_assert(json_equal(all, merged), "the merged header is not the single run's");
    json_decref(all), json_decref(merged);
    /* A Rush Hour shard beside Klotski ones: another space. */
    snprintf(cmd, sizeof cmd, "%s/enumerate --size 4 --shard 3/3 --out %s/rush.txt && "
             "%s/enumerate merge %s/s1.txt %s/s2.txt %s/rush.txt", th_bin(), dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert(strstr(err, "rush.txt: shard 3/3 is of another space"), "%s", err);
    free(out), free(err);
}

/* Bad usage of the Klotski space: one line, exit 2. */
Test(klotski, the_spaces_bad_usage_is_one_line_and_exit_2)
{
    static const char *const cases[][2] = {
        {"--family klotski --size 5x5", "a 5x5 board has 25 cells; the Klotski space takes boards of at most 21"},
        {"--family klotski --size 2x2", "a 2x2 board has no room for the 2x2 piece and 2 empty cells"},
        {"--family chess --size 4", "--family: 'chess' is not rush, klotski or tiles"},
        {"--size 4x5", "--size: '4x5': Rush Hour's space is square (N or NxN)"},
        {"--family klotski --size 4x5 --walls 1", "--walls: the Klotski space has no walls"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cmd[256], *out, *err;
        snprintf(cmd, sizeof cmd, "%s/enumerate %s --out /dev/null", th_bin(), cases[k][0]);
        cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", cases[k][0]);
        cr_assert(strstr(err, cases[k][1]) && strchr(err, '\n') == err + strlen(err) - 1,
                  "%s: %s", cases[k][0], err);
        free(out), free(err);
    }
}

/* Short of memory, the Klotski space ends with one line and exit status 1 (or 2 for an output it
 * could not write), never a crash nor the allocator's own word. */
Test(klotski, the_space_short_of_memory_fails_with_one_line, .timeout = 300)
{
    if (th_sanitized()) return;   /* AddressSanitizer reserves more address space than any limit */
    int failed = th_enumerate_short_of_memory("--family klotski --size 4x5 --shard 3/16 --jobs 2",
                                              20000, 20000, 400000);
    cr_assert_gt(failed, 0, "no limit was tight enough to test anything");
    cr_assert_lt(failed, 20, "no limit was loose enough to finish");
}

/* Boards of 22 to 49 cells (tests/data/klotski/big.txt): the reference's optimum in every
 * measure, and its "no solution", are the textbook BFS's. The six of 22 to 42 cells are
 * searched over the wide raw key, by the search that keeps three levels (solvers/bfs_wide.c);
 * the 7x7 board over the coded key. */
Test(klotski, big_boards_have_the_textbook_optimum_in_every_measure, .timeout = 600)
{
    static tpuzzle t[16];
    int n = textbook_read("tests/data/klotski/big.txt", t, 16);
    puzzle_list list = load("tests/data/klotski/big.txt");
    cr_assert_eq(list.count, n);
    cr_assert_eq(n, 7);
    solver_budget none = {0, 0, 0};
    int wide = 0, unsolvable = 0;
    for (int k = 0; k < n; k++) {
        const puzzle *p = &list.items[k];
        int cells = t[k].w * t[k].h;
        cr_assert(cells >= 22 && cells <= 49, "%s", t[k].name);
        family_problem view;
        puzzle_problem(p, &view);
        cr_assert_eq(view.key_words == 2, cells <= 42, "%s", t[k].name);
        wide += view.key_words == 2;
        for (int m = 0; m < MEASURE_COUNT; m++) {
            int textbook, reference;
            textbook_bfs(&t[k], (measure)m, &textbook);
            solve_status status = bfs_reference_puzzle(p, (measure)m, &none, &reference);
            if (textbook < 0) {
                cr_assert_eq(status, SOLVE_UNSOLVABLE, "%s %s", t[k].name, measure_name((measure)m));
                unsolvable++;
                continue;
            }
            cr_assert_eq(status, SOLVE_SOLVED, "%s %s", t[k].name, measure_name((measure)m));
            cr_assert_eq(reference, textbook, "%s %s", t[k].name, measure_name((measure)m));
        }
    }
    cr_assert_eq(wide, 6);
    cr_assert_eq(unsolvable, 9);
    puzzle_list_free(&list);
}
