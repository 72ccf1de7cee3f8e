/* klotski_space.c -- every cluster of the Klotski space, a unit at a time (klotski_space.h).
 *
 * A unit's layouts are listed by a walk over the cells in reading order: the first free cell
 * is left empty or takes the anchor (top-left cell) of a piece of a shape still to place, so
 * each layout is met exactly once. Its key is the OR of each piece's raw pattern on its anchor
 * (klotski.h), on a board built from the unit's first layout. Then two passes, and every layout
 * of the unit is expanded exactly once:
 *   1. breadth-first from every goal layout of the unit at once, each goal its own label:
 *      every layout of a solvable cluster gets its distance in moves to the nearest goal (a
 *      search never leaves its cluster) and the label of the goal it was reached from; labels
 *      whose searches meet are united (union-find), and each root then stands for a cluster,
 *      whose size, hardest layout and smallest key are read off the queue at the end;
 *   2. every listed layout the first pass did not reach starts a breadth-first search of its
 *      unsolvable cluster.
 * Moves come from the family's own generator (klotski_successors), the one the reference BFS
 * uses; the tests check what this finds against an independent enumeration and search.
 */
#include "klotski/klotski_space.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/grow.h"
#include "klotski/klotski.h"
#include "common/stateset.h"
#include "space/family_space.h"

enum { PRIMARY, WIDE, TALL, SINGLE, SHAPES };
static const int shape_rows[SHAPES] = {2, 1, 2, 1}, shape_cols[SHAPES] = {2, 2, 1, 1};

#define STOP_EVERY 65536   /* expansions between looks at the stop flag */
#define ROOT UINT32_MAX
#define AHEAD 8            /* queue entries whose successors are made before they are expanded */

int kspace_init(kspace *s, int width, int height, char *err)
{
    memset(s, 0, sizeof *s);
    int cells = width * height;
    if (width < 2 || height < 2 || width > KLOTSKI_MAX_SIDE || height > KLOTSKI_MAX_SIDE)
        return snprintf(err, KSPACE_ERR_MAX, "a %dx%d board: a Klotski board's sides are %d to %d",
                        width, height, KLOTSKI_MIN_SIDE, KLOTSKI_MAX_SIDE), -1;
    if (cells < 4 + KSPACE_MIN_EMPTY)
        return snprintf(err, KSPACE_ERR_MAX, "a %dx%d board has no room for the 2x2 piece and "
                        "%d empty cells", width, height, KSPACE_MIN_EMPTY), -1;
    if (cells > KLOTSKI_RAW_CELLS)
        return snprintf(err, KSPACE_ERR_MAX, "a %dx%d board has %d cells; the Klotski space "
                        "takes boards of at most %d", width, height, cells, KLOTSKI_RAW_CELLS), -1;
    s->width = width, s->height = height;
    int room = cells - 4 - KSPACE_MIN_EMPTY;   /* cells the other pieces may take */
    for (int pass = 0; pass < 2; pass++) {
        s->units = 0;
        for (int wide = 0; 2 * wide <= room; wide++)
            for (int tall = 0; 2 * (wide + tall) <= room; tall++)
                for (int single = 0; 2 * (wide + tall) + single <= room; single++) {
                    if (pass) s->unit[s->units] = (kspace_unit){(uint8_t)wide, (uint8_t)tall, (uint8_t)single};
                    s->units++;
                }
        if (!pass && !(s->unit = malloc(s->units * sizeof *s->unit)))
            return snprintf(err, KSPACE_ERR_MAX, "out of memory"), -1;
    }
    return 0;
}

void kspace_free(kspace *s)
{
    free(s->unit);
    memset(s, 0, sizeof *s);
}

/* ---- Listing a unit's layouts ----------------------------------------------------------- */

typedef struct {
    int width, lanes;
    uint32_t cells[SHAPES][KLOTSKI_RAW_CELLS];    /* a shape's lanes on an anchor, 0: off the board */
    uint64_t pattern[SHAPES][KLOTSKI_RAW_CELLS];  /* its raw pattern there (0 before the board) */
    int left[SHAPES], empty_left;
    /* The pieces placed so far, for the first layout (the board is built from it). */
    int placed, shape[KLOTSKI_MAX_PIECES], anchor[KLOTSKI_MAX_PIECES];
    bool first_only, found;
    uint64_t *out, count, capacity;
    bool out_of_memory;
} lister;

static void list_layouts(lister *l, uint32_t taken, uint64_t key)
{
    if (l->found || l->out_of_memory) return;
    uint32_t all = (uint32_t)((1ull << l->lanes) - 1);
    if (taken == all) {
        if (l->first_only) {
            l->found = true;
            return;
        }
        TRY_GROW(l->out, l->capacity, l->count + 1, 1 << 16, l->out_of_memory);
        if (!l->out_of_memory) l->out[l->count++] = key;
        return;
    }
    int lane = __builtin_ctz(~taken & all);
    if (l->empty_left) {
        l->empty_left--;
        list_layouts(l, taken | 1u << lane, key);
        l->empty_left++;
    }
    for (int s = 0; s < SHAPES; s++) {
        uint32_t cells = l->cells[s][lane];
        if (!l->left[s] || !cells || (cells & taken)) continue;
        l->left[s]--;
        l->shape[l->placed] = s, l->anchor[l->placed++] = lane;
        list_layouts(l, taken | cells, key | l->pattern[s][lane]);
        if (l->found) return;
        l->placed--;
        l->left[s]++;
    }
}

static void lister_begin(lister *l, const kspace *s, const kspace_unit *u, bool first_only)
{
    l->width = s->width, l->lanes = s->width * s->height;
    for (int sh = 0; sh < SHAPES; sh++)
        for (int lane = 0; lane < l->lanes; lane++) {
            int row = lane / s->width, col = lane % s->width;
            l->cells[sh][lane] = 0;
            if (row + shape_rows[sh] > s->height || col + shape_cols[sh] > s->width) continue;
            for (int r = 0; r < shape_rows[sh]; r++)
                for (int c = 0; c < shape_cols[sh]; c++)
                    l->cells[sh][lane] |= 1u << (lane + r * s->width + c);
        }
    l->left[PRIMARY] = 1, l->left[WIDE] = u->wide, l->left[TALL] = u->tall, l->left[SINGLE] = u->single;
    l->empty_left = l->lanes - 4 - 2 * (u->wide + u->tall) - u->single;
    l->placed = 0;
    l->first_only = first_only, l->found = false, l->out_of_memory = false;
}

/* ---- The explorer ----------------------------------------------------------------------- */

struct kspace_explorer {
    const kspace *space;
    klotski_board board;
    lister list;              /* its out[] holds the unit's layouts, kept across units */
    stateset seen;            /* with each layout's goal label (pass 1) */
    /* Layouts in order of expansion, and in pass 1 each one's label and distance. */
    uint64_t *queue;
    uint32_t *from;           /* the entry each was first reached from (ROOT: none) */
    uint32_t *label;
    uint8_t *distance;
    uint64_t queue_capacity;
    /* Per goal label: the union-find parent, and at each root its cluster's figures. */
    uint32_t *parent;
    uint64_t *size, *hardest, *smallest;
    uint8_t *moves;
    uint64_t labels_capacity;
    uint64_t ahead[AHEAD][KLOTSKI_MAX_PIECES * 64];   /* successors of the entries ahead */
    int ahead_count[AHEAD];
    const char *failure;
};

kspace_explorer *kspace_explorer_new(const kspace *s)
{
    kspace_explorer *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->space = s;
    stateset_init(&e->seen, STATESET_HASH_DEFAULT);
    return e;
}

void kspace_explorer_free(kspace_explorer *e)
{
    if (!e) return;
    free(e->list.out);
    stateset_free(&e->seen);
    free(e->queue), free(e->from), free(e->label), free(e->distance);
    free(e->parent), free(e->size), free(e->hardest), free(e->smallest), free(e->moves);
    free(e);
}

const char *kspace_explorer_failure(const kspace_explorer *e)
{
    return e->failure;
}

/* Makes room for n layouts in the queue; false when out of memory. */
static bool make_room(kspace_explorer *e, uint64_t n)
{
    if (n > e->queue_capacity) {
        uint64_t *queue = realloc(e->queue, n * sizeof *queue);
        if (queue) e->queue = queue;
        uint32_t *from = realloc(e->from, n * sizeof *from);
        if (from) e->from = from;
        uint32_t *label = realloc(e->label, n * sizeof *label);
        if (label) e->label = label;
        uint8_t *distance = realloc(e->distance, n);
        if (distance) e->distance = distance;
        if (!queue || !from || !label || !distance) return false;
        e->queue_capacity = n;
    }
    return true;
}

/* Makes room for n goal labels; false when out of memory. */
static bool make_labels(kspace_explorer *e, uint64_t n)
{
    if (n > e->labels_capacity) {
        void *p[5] = {realloc(e->parent, n * sizeof *e->parent), realloc(e->size, n * sizeof *e->size),
                      realloc(e->hardest, n * sizeof *e->hardest),
                      realloc(e->smallest, n * sizeof *e->smallest), realloc(e->moves, n)};
        if (p[0]) e->parent = p[0];
        if (p[1]) e->size = p[1];
        if (p[2]) e->hardest = p[2];
        if (p[3]) e->smallest = p[3];
        if (p[4]) e->moves = p[4];
        for (int k = 0; k < 5; k++)
            if (!p[k]) return false;
        e->labels_capacity = n;
    }
    return true;
}

/* The unit's board, from its first layout: A the primary, then the 1x2, 2x1 and 1x1 pieces
 * (so classes 1, 2, 3 are those shapes, in that order, where the unit has them). */
static void build_board(kspace_explorer *e)
{
    const kspace *s = e->space;
    lister *l = &e->list;
    klotski_board *b = &e->board;
    char err[KLOTSKI_ERR_MAX];
    klotski_init(b, s->width, s->height, err);
    int npieces = 0, piece_of_shape[SHAPES];
    for (int sh = 0; sh < SHAPES; sh++) {
        piece_of_shape[sh] = -1;
        for (int k = 0; k < l->placed; k++) {
            if (l->shape[k] != sh) continue;
            uint64_t cells = 0;
            for (uint32_t m = l->cells[sh][l->anchor[k]]; m; m &= m - 1) {
                int lane = __builtin_ctz(m);
                cells |= 1ull << (lane / s->width * 8 + lane % s->width);
            }
            piece_of_shape[sh] = npieces;
            klotski_add_piece(b, PIECE_LABELS[npieces++], cells, err);   /* a layout: cannot fail */
        }
    }
    klotski_finish(b, 'A', err);
    klotski_set_target(b, s->height - 2, (s->width - 2) / 2, err);
    for (int sh = 0; sh < SHAPES; sh++)
        for (int lane = 0; lane < l->lanes; lane++)
            l->pattern[sh][lane] = piece_of_shape[sh] >= 0 && l->cells[sh][lane]
                                       ? b->raw_piece[b->piece[piece_of_shape[sh]].cls][lane] : 0;
}

/* A layout as a database board: rows joined by '/', A the primary, the other pieces lettered
 * in reading order of their anchors (klotski_decode's order), '.' empty. */
static void board_text(const klotski_board *b, uint64_t key, char *out)
{
    klotski_layout l;
    klotski_decode(b, key, &l);
    char cell[64];
    memset(cell, '.', sizeof cell);
    for (int i = 0; i < l.n; i++)
        for (uint64_t m = klotski_cells(b, l.cls[i], l.at[i]); m; m &= m - 1)
            cell[__builtin_ctzll(m)] = PIECE_LABELS[i];
    int n = 0;
    for (int r = 0; r < b->height; r++) {
        if (r) out[n++] = '/';
        for (int c = 0; c < b->width; c++) out[n++] = cell[r * 8 + c];
    }
    out[n] = '\0';
}

/* The successors of queue entry `at` that a breadth-first search has not stored already
 * (klotski_successors_after: the moves of the piece that moved there are left out), into its
 * slot of the ring; the table slots they hash to are fetched at once, AHEAD entries before
 * they are probed, so that the cache misses of the probes overlap instead of following one
 * another. A list depends only on its entry, so computing it early changes nothing. */
static void look_ahead(kspace_explorer *e, uint64_t at, bool with_values)
{
    const klotski_board *b = &e->board;
    uint64_t key = e->queue[at], *child = e->ahead[at % AHEAD];
    int n = e->from[at] == ROOT ? klotski_successors(b, key, MEASURE_MOVES, child)
                                : klotski_successors_after(b, e->queue[e->from[at]], key, MEASURE_MOVES, child);
    e->ahead_count[at % AHEAD] = n;
    for (int k = 0; k < n; k++) {
        uint64_t home = stateset_home(&e->seen, child[k]);
        __builtin_prefetch(&e->seen.slot[home], 1);
        if (with_values) __builtin_prefetch(&e->seen.value[home], 1);
    }
}

/* The successors of entry `at` of a queue of `count`, looking ahead from *ready (the first
 * entry whose list is not made yet); returns their number, the list in *child. */
static int successors(kspace_explorer *e, uint64_t at, uint64_t count, uint64_t *ready,
                      bool with_values, const uint64_t **child)
{
    if (*ready < at) *ready = at;
    for (; *ready < count && *ready < at + AHEAD; ++*ready) look_ahead(e, *ready, with_values);
    *child = e->ahead[at % AHEAD];
    return e->ahead_count[at % AHEAD];
}

static uint32_t find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* The smaller root becomes the other's parent, so a cluster's root is its first goal. */
static void unite(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = find_root(parent, a), b = find_root(parent, b);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
}

static bool stop_now(const volatile sig_atomic_t *stop, uint64_t expanded)
{
    return stop && expanded % STOP_EVERY == 0 && *stop;
}

/* A cluster found, whose canonical layout is the one of smallest key: counted, and the
 * largest so far? */
static void count_cluster(const kspace_explorer *e, space_stats *st, uint64_t size,
                          uint64_t smallest, int moves)
{
    st->clusters++;
    if (size < st->largest.cluster) return;
    space_puzzle p = {.moves = moves, .cluster = size};
    board_text(&e->board, smallest, p.board);
    if (!st->largest.cluster || space_puzzle_larger(&p, &st->largest)) st->largest = p;
}

/* Pass 1: breadth-first from every goal of the unit at once, then each root's figures read off
 * the queue (in order of distance, so a root's last layouts are its hardest). Returns how
 * many layouts it reached, or -1 (e->failure) or -SPACE_STOPPED. */
static int64_t solvable_clusters(kspace_explorer *e, space_puzzles *lines, space_stats *st,
                                 const volatile sig_atomic_t *stop)
{
    const klotski_board *b = &e->board;
    uint64_t count = 0, goals = 0;
    bool added;
    for (uint64_t i = 0; i < e->list.count; i++) goals += klotski_is_goal(b, e->list.out[i]);
    if (!make_labels(e, goals)) return e->failure = "out of memory", -1;
    goals = 0;
    for (uint64_t i = 0; i < e->list.count; i++) {
        uint64_t key = e->list.out[i];
        if (!klotski_is_goal(b, key)) continue;
        e->seen.value[stateset_add(&e->seen, key, &added)] = (uint32_t)goals;
        e->queue[count] = key, e->from[count] = ROOT, e->label[count] = (uint32_t)goals;
        e->distance[count++] = 0;
        e->parent[goals] = (uint32_t)goals;
        goals++;
    }
    uint64_t ready = 0;
    for (uint64_t at = 0; at < count; at++) {
        if (stop_now(stop, at + 1)) return -SPACE_STOPPED;
        if (e->distance[at] == SPACE_MAX_MOVES - 2)
            return e->failure = "a distance of 254 moves or more (past the statistics' table)", -1;
        const uint64_t *child;
        int n = successors(e, at, count, &ready, true, &child);
        for (int k = 0; k < n; k++) {
            uint64_t j = stateset_add(&e->seen, child[k], &added);
            if (!added) {
                unite(e->parent, e->label[at], e->seen.value[j]);
                continue;
            }
            e->seen.value[j] = e->label[at];
            e->queue[count] = child[k];
            e->from[count] = (uint32_t)at;
            e->label[count] = e->label[at];
            e->distance[count++] = (uint8_t)(e->distance[at] + 1);
        }
    }
    for (uint64_t g = 0; g < goals; g++) e->size[g] = 0;
    for (uint64_t i = 0; i < count; i++) {
        uint32_t r = find_root(e->parent, e->label[i]);
        uint64_t key = e->queue[i];
        if (!e->size[r] || e->distance[i] > e->moves[r]) e->moves[r] = e->distance[i], e->hardest[r] = key;
        else if (e->distance[i] == e->moves[r] && key < e->hardest[r]) e->hardest[r] = key;
        if (!e->size[r] || key < e->smallest[r]) e->smallest[r] = key;
        e->size[r]++;
    }
    for (uint64_t g = 0; g < goals; g++) {
        if (e->parent[g] != g) continue;
        space_puzzle line = {.moves = e->moves[g], .cluster = e->size[g]};
        board_text(b, e->hardest[g], line.board);
        if (space_puzzles_push(lines, &line)) return e->failure = "out of memory", -1;
        st->solvable++, st->minimal++, st->by_moves[line.moves]++;
        if (st->hardest.moves < 0 || space_puzzle_compare(&line, &st->hardest) < 0) st->hardest = line;
        count_cluster(e, st, e->size[g], e->smallest[g], line.moves);
    }
    return (int64_t)count;
}

/* Pass 2: a breadth-first search of the cluster of every layout pass 1 did not reach. Returns
 * 0, or -SPACE_STOPPED. */
static int unsolvable_clusters(kspace_explorer *e, uint64_t expanded, space_stats *st,
                               const volatile sig_atomic_t *stop)
{
    bool added;
    for (uint64_t i = 0; i < e->list.count; i++) {
        uint64_t start = e->list.out[i];
        stateset_add(&e->seen, start, &added);
        if (!added) continue;
        uint64_t count = 0, smallest = start;
        e->from[count] = ROOT;
        e->queue[count++] = start;
        uint64_t ready = 0;
        for (uint64_t at = 0; at < count; at++) {
            if (stop_now(stop, ++expanded)) return -SPACE_STOPPED;
            const uint64_t *child;
            int n = successors(e, at, count, &ready, false, &child);
            for (int k = 0; k < n; k++) {
                stateset_add(&e->seen, child[k], &added);
                if (!added) continue;
                e->from[count] = (uint32_t)at;
                e->queue[count++] = child[k];
                if (child[k] < smallest) smallest = child[k];
            }
        }
        count_cluster(e, st, count, smallest, -1);
    }
    return 0;
}

int kspace_explore_unit(kspace_explorer *e, uint64_t unit, space_puzzles *lines,
                        space_stats *st, const volatile sig_atomic_t *stop)
{
    const kspace_unit *u = &e->space->unit[unit];
    lister *l = &e->list;
    lister_begin(l, e->space, u, true);
    list_layouts(l, 0, 0);
    st->units++;
    if (!l->found) return 0;   /* the pieces tile no layout of the board */
    build_board(e);
    lister_begin(l, e->space, u, false);
    l->count = 0;
    list_layouts(l, 0, 0);
    stateset_clear(&e->seen, true);
    if (l->out_of_memory || !make_room(e, l->count) || !stateset_try_presize(&e->seen, l->count))
        return e->failure = "out of memory", -1;
    st->states += l->count;
    st->expanded += l->count;
    int64_t reached = solvable_clusters(e, lines, st, stop);
    if (reached < 0) return reached == -SPACE_STOPPED ? SPACE_STOPPED : -1;
    if (unsolvable_clusters(e, (uint64_t)reached, st, stop)) return SPACE_STOPPED;
    return 0;
}

/* ---- The Klotski space for bin/enumerate (space/family_space.h) ---------------------------- */

/* --size N (square) or WxH; the space has no walls. */
static int kspace_options(space_run_options *o, const char *size)
{
    int width, height, end = 0;
    if (sscanf(size, "%dx%d%n", &width, &height, &end) != 2 || size[end]) {
        if (cli_parse_int("enumerate", "--size", size, 1, 64, &width)) return -1;
        height = width;
    }
    if (o->walls) {
        fprintf(stderr, "enumerate: --walls: the Klotski space has no walls\n");
        return -1;
    }
    o->size = width, o->height = height;
    return 0;
}

static void *kspace_open(const space_run_options *o, uint64_t *units, bool *mirror, char *err)
{
    kspace *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, SPACE_ERR_MAX, "out of memory");
        return NULL;
    }
    if (kspace_init(s, o->size, o->height, err)) {
        free(s);
        return NULL;
    }
    *units = s->units;
    *mirror = false;
    return s;
}

static void kspace_close(void *s)
{
    kspace_free(s);
    free(s);
}

static void *kspace_explorer_of(const void *s, bool mirror)
{
    (void)mirror;   /* no mirror images: the opening is under the bottom border */
    return kspace_explorer_new(s);
}

static int kspace_unit_of(void *e, uint64_t unit, space_puzzles *lines, space_stats *stats,
                          const volatile sig_atomic_t *stop)
{
    return kspace_explore_unit(e, unit, lines, stats, stop);
}

static const char *kspace_failure_of(const void *e)
{
    return kspace_explorer_failure(e);
}

static void kspace_explorer_end(void *e)
{
    kspace_explorer_free(e);
}

/* "space": {"family": "klotski", "width": W, "height": H}. */
static json_t *kspace_header(const shard_meta *m)
{
    return json_pack("{s:s, s:i, s:i}", "family", "klotski", "width", m->size, "height", m->height);
}

static bool kspace_header_read(json_t *space, shard_meta *m)
{
    bool ok = true;
    uint64_t width = shardfile_count(space, "width", &ok), height = shardfile_count(space, "height", &ok);
    ok = ok && width >= 2 && width <= KLOTSKI_MAX_SIDE && height >= 2 && height <= KLOTSKI_MAX_SIDE;
    m->size = (int)width, m->height = (int)height, m->walls = 0;
    return ok;
}

/* Its rows joined by '/', '.' empty, letters pieces. */
static bool kspace_board(const char *board, const shard_meta *m)
{
    if (strlen(board) != (size_t)((m->size + 1) * m->height - 1)) return false;
    for (int k = 0; board[k]; k++) {
        char c = board[k];
        bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        if (k % (m->size + 1) == m->size ? c != '/' : c != '.' && !letter) return false;
    }
    return true;
}

static void kspace_describe(const shard_meta *m, char *out, size_t size)
{
    snprintf(out, size, "the %dx%d Klotski space", m->size, m->height);
}

const space_family klotski_space = {
    .options = kspace_options,
    .open = kspace_open,
    .close = kspace_close,
    .explorer_new = kspace_explorer_of,
    .explore_unit = kspace_unit_of,
    .explorer_failure = kspace_failure_of,
    .explorer_free = kspace_explorer_end,
    .header = kspace_header,
    .header_read = kspace_header_read,
    .board_text = kspace_board,
    .describe = kspace_describe,
};
