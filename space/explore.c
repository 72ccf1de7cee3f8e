/* explore.c -- every cluster of one unit, each state visited once (see explore.h).
 *
 * A unit fixes the walls and every row's template; its *H configurations* are the ways to
 * place the rows' pieces, numbered as a mixed-radix number (row 0 the fastest digit). A depth-
 * first walk over the columns' templates keeps, for each configuration, how many ways the
 * columns chosen so far fit around it (line.h's `fits`), dropping those that leave none; at the
 * walk's leaves stand the *skeletons*, each with the exact number of its states. A state of a
 * skeleton is numbered densely, with no gaps:
 *
 *     rank = base[h] + sum over columns x of rank_in(x's placement, free cells of x under h)
 *                                            * product over x' < x of fits(x', h)
 *
 * so a skeleton's states live in plain arrays: a distance byte and a label each. Three passes,
 * and every state is expanded exactly once, in pass 1 or pass 2:
 *   1. breadth-first from all goal states of the skeleton at once: every state of a solvable
 *      cluster gets its distance to the nearest goal (of its own cluster, since search never
 *      leaves a cluster) and the label of the goal (the *seed*) it was reached from, and adds to
 *      that seed's figures (size, hardest, canonical); seeds whose searches meet are united, and
 *      at the end each seed's figures go to its root's, which then stand for one cluster;
 *   2. every state pass 1 did not reach (found with memchr over the distances, its state
 *      decoded from its rank) starts a breadth-first search of its unsolvable cluster;
 *   3. the hardest state of each solvable cluster is tested for minimality and, if minimal,
 *      becomes a database line: a walk down the distances from it finds every piece that moves
 *      on some optimal solution (each is needed), and reduced.h's search tests only the others
 *      and the walls, each taken away in turn.
 * Expanding a state is also when it is counted as packed (the anchor's candidates).
 * Moves come from line.h's move lists: the slides whose swept cells are free of the other
 * direction's pieces and of walls (the other pieces of its own line are never in the way, by
 * construction of the slides), with what each changes in the rank. The passes are compiled once
 * per board size, so that their loops over lines unroll.
 *
 * A unit that comes before its top-bottom mirror image (space.h; 5x5 only) reports that unit's
 * clusters too, as mirror images of its own: same sizes, distances and minimality, so each
 * record keeps beside its smallest and hardest states the ones whose images are the smallest
 * and hardest for the mirror cluster, and pass 3 tests the latter too where it differs. The
 * mirror unit itself is left out, so on 5x5 each state is expanded once or stands as the image
 * of one that was. */
#include "space/explore.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/board.h"
#include "space/reduced.h"

/* An H configuration count past which a unit is refused (memory of its tables). */
#define MAX_H_CONFIGURATIONS (1u << 26)
#define UNSEEN 0xFF
#define UNSOLVABLE 0xFE

typedef struct {
    uint64_t h8, v8;   /* horizontal and vertical pieces' cells, bit y * 8 + x */
    uint32_t hi;       /* H configuration */
    uint32_t rank;
} state;

/* The figures of a cluster, and of its mirror image when the unit reports its mirror too: that
 * cluster's hardest and canonical states are the mirror images of the states kept here in
 * mirror_hardest and mirror_canonical (the ones whose mirror images come first in the order). */
typedef struct {
    uint64_t size;
    int moves;
    state hardest, mirror_hardest;
    uint64_t canonical_h, canonical_v;
    uint64_t mirror_canonical_h, mirror_canonical_v;
} cluster_record;

struct space_explorer {
    const space *s;
    int n;
    space_unit unit;
    const line_type *rowt[SPACE_MAX_SIZE], *colt[SPACE_MAX_SIZE];
    const line_template *rowtp[SPACE_MAX_SIZE], *coltp[SPACE_MAX_SIZE];
    uint32_t hstride[SPACE_MAX_SIZE];
    uint8_t exit_mask;   /* row 2 with the primary at the exit */
    int pieces;          /* the skeleton's pieces and walls, the primary included */
    bool mirror_allowed; /* units may report their mirror images (space_explorer_use_mirror) */
    bool reports_mirror; /* this unit stands for its mirror image too (space.h) */
    /* The unit's H configurations. */
    uint32_t hcount, hcapacity;
    uint64_t *hbb;
    uint8_t *hfree;      /* [h * 8 + x]: free cells of column x (no horizontal piece, no wall) */
    int32_t *pos_of_h;   /* position in the skeleton's list, -1 when not in it */
    /* The walk over columns: configurations alive at each depth, with their weights. */
    uint32_t *alive_h[SPACE_MAX_SIZE + 1];
    uint64_t *alive_w[SPACE_MAX_SIZE + 1];
    uint32_t alive_n[SPACE_MAX_SIZE + 1];
    uint64_t *base;
    uint32_t *stride;    /* [position * SPACE_MAX_SIZE + x]: the product of fits left of x */
    /* The skeleton's states. */
    uint64_t count, state_capacity;
    uint8_t *dist;
    uint32_t *label;     /* the goal state (seed) a solvable state was reached from */
    state *queue;
    /* Per seed: its union-find parent and the figures of the states reached from it. */
    uint32_t *uf;
    cluster_record *record;
    uint64_t nseeds, seed_capacity;
    reduced_lines board_lines;   /* the skeleton's lines, for reduced_solved_below */
    reduced_search *reduced;
    space_puzzles *lines;
    space_stats *stats;
    const volatile sig_atomic_t *stop;   /* the unit is abandoned once this is non-zero */
    const char *failure;   /* why the unit could not be explored (space_explorer_failure) */
};

#define OUT_OF_MEMORY "out of memory"

/* Records why the unit cannot be explored (the first reason met) and returns -1. */
static int fail(space_explorer *e, const char *why)
{
    if (!e->failure) e->failure = why;
    return -1;
}

/* ---- order and text ---------------------------------------------------------------------- */

static bool state_before(uint64_t h1, uint64_t v1, uint64_t h2, uint64_t v2)
{
    return h1 != h2 ? h1 < h2 : v1 < v2;
}

/* Whether the mirror image of the first state comes before that of the second. */
static inline bool mirror_before(int n, uint64_t h1, uint64_t v1, uint64_t h2, uint64_t v2)
{
    return state_before(space_mirror_bits(n, h1), space_mirror_bits(n, v1), space_mirror_bits(n, h2),
                        space_mirror_bits(n, v2));
}

int space_puzzle_compare(const space_puzzle *a, const space_puzzle *b)
{
    if (a->moves != b->moves) return a->moves > b->moves ? -1 : 1;
    return strcmp(a->board, b->board);
}

/* A piece or a wall, with its place in the database's lettering order. */
typedef struct {
    int order, row, col, length;
    bool horizontal, primary, wall;
} piece_at;

static int piece_order(const void *a, const void *b)
{
    return ((const piece_at *)a)->order - ((const piece_at *)b)->order;
}

/* The database's lettering (the published database's, checked on all 3,012 sample lines): the
 * primary row first, then the other rows top to bottom, each left to right, their horizontal
 * pieces and walls (a wall takes a letter though it is drawn 'x'); then the vertical pieces
 * column by column, each top to bottom. */
static int letter_order(const piece_at *q, int n)
{
    if (!q->horizontal && !q->wall) return (n + 1) * n + q->col * n + q->row;
    return (q->row == SPACE_PRIMARY_ROW ? 0 : q->row + 1) * n + q->col;
}

/* The pieces of a line's placement, appended to pieces[]. */
static int line_pieces(const line_type *t, const line_template *tp, uint8_t mask, bool horizontal,
                       int line, piece_at *pieces, int count)
{
    int p = tp->by_mask[mask];
    uint8_t starts = t->placement[p].starts;
    for (int i = 0; i < tp->npieces; i++, starts &= (uint8_t)(starts - 1)) {
        int at = __builtin_ctz(starts);
        piece_at *q = &pieces[count++];
        *q = (piece_at){.row = horizontal ? line : at, .col = horizontal ? at : line,
                        .length = tp->length[i], .horizontal = horizontal,
                        .primary = horizontal && line == SPACE_PRIMARY_ROW};
    }
    return count;
}

/* The database board of a state, or of its mirror image when `mirrored`; -1 when it has more
 * pieces than letters. */
static int describe(space_explorer *e, uint64_t h8, uint64_t v8, bool mirrored, char *text)
{
    int n = e->n, count = 0;
    piece_at pieces[2 * SPACE_MAX_SIZE * LINE_MAX_PIECES + SPACE_MAX_SIZE * SPACE_MAX_SIZE];
    for (int y = 0; y < n; y++)
        count = line_pieces(e->rowt[y], e->rowtp[y], (uint8_t)(h8 >> (8 * y)), true, y, pieces, count);
    for (int x = 0; x < n; x++)
        count = line_pieces(e->colt[x], e->coltp[x], space_column_bits(v8, x), false, x, pieces, count);
    for (uint64_t w = e->unit.walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w);
        pieces[count++] = (piece_at){.row = cell / 8, .col = cell % 8, .length = 1, .wall = true};
    }
    for (int i = 0; i < count; i++) {
        piece_at *q = &pieces[i];
        if (mirrored) q->row = n - q->row - (q->horizontal || q->wall ? 1 : q->length);
        q->order = letter_order(q, n);
    }
    qsort(pieces, (size_t)count, sizeof *pieces, piece_order);
    memset(text, 0, (size_t)(n * n + 1));
    int letter = 1;   /* BOARD_LABELS[0] is the primary's 'A' */
    if (count > (int)sizeof BOARD_LABELS - 1) return fail(e, "a board with more pieces than letters to name them");
    for (int i = 0; i < count; i++) {
        const piece_at *q = &pieces[i];
        char label = q->primary ? 'A' : q->wall ? 'x' : BOARD_LABELS[letter];
        if (!q->primary) letter++;
        for (int k = 0; k < q->length; k++)
            text[(q->row + (q->horizontal ? 0 : k)) * n + q->col + (q->horizontal ? k : 0)] = label;
    }
    for (int c = 0; c < n * n; c++)
        if (!text[c]) text[c] = 'o';
    text[n * n] = 0;
    return 0;
}

/* ---- statistics and lines ---------------------------------------------------------------- */

void space_stats_init(space_stats *s)
{
    memset(s, 0, sizeof *s);
    s->hardest.moves = -1;
    s->largest.moves = -1;
}

static bool larger_cluster(const space_puzzle *a, const space_puzzle *b)
{
    if (a->cluster != b->cluster) return a->cluster > b->cluster;
    return strcmp(a->board, b->board) < 0;
}

void space_stats_add(space_stats *to, const space_stats *from)
{
    to->units += from->units, to->skeletons += from->skeletons, to->states += from->states;
    to->expanded += from->expanded, to->mirrored += from->mirrored;
    to->candidates += from->candidates, to->clusters += from->clusters;
    to->solvable += from->solvable, to->minimal += from->minimal;
    for (int m = 0; m < SPACE_MAX_MOVES; m++) to->by_moves[m] += from->by_moves[m];
    if (from->hardest.moves >= 0 &&
        (to->hardest.moves < 0 || space_puzzle_compare(&from->hardest, &to->hardest) < 0))
        to->hardest = from->hardest;
    if (from->largest.cluster && (!to->largest.cluster || larger_cluster(&from->largest, &to->largest)))
        to->largest = from->largest;
}

int space_puzzles_push(space_puzzles *l, const space_puzzle *p)
{
    if (l->count == l->capacity) {
        uint64_t cap = l->capacity ? 2 * l->capacity : 1024;
        space_puzzle *grown = realloc(l->item, cap * sizeof *grown);
        if (!grown) return -1;
        l->item = grown, l->capacity = cap;
    }
    l->item[l->count++] = *p;
    return 0;
}

void space_puzzles_free(space_puzzles *l)
{
    free(l->item);
    memset(l, 0, sizeof *l);
}

/* A cluster found, whose canonical state is (ch, cv) or its mirror image: the largest so far? */
static int note_cluster(space_explorer *e, uint64_t size, int moves, uint64_t ch, uint64_t cv,
                        bool mirrored)
{
    space_stats *st = e->stats;
    st->clusters++;
    if (size < st->largest.cluster) return 0;
    space_puzzle p = {.moves = moves, .cluster = size};
    if (describe(e, ch, cv, mirrored, p.board)) return -1;
    if (!st->largest.cluster || larger_cluster(&p, &st->largest)) st->largest = p;
    return 0;
}

/* ---- growing arrays ---------------------------------------------------------------------- */

static void *grow(void *p, uint64_t *capacity, uint64_t need, size_t item)
{
    if (need <= *capacity) return p;
    uint64_t cap = *capacity ? *capacity : 1024;
    while (cap < need) cap *= 2;
    void *q = realloc(p, cap * item);
    if (q) *capacity = cap;
    return q;
}

static int reserve_states(space_explorer *e, uint64_t need)
{
    if (need <= e->state_capacity) return 0;
    uint64_t cap = e->state_capacity;
    void *d = grow(e->dist, &cap, need, 1);
    if (!d) return fail(e, OUT_OF_MEMORY);
    e->dist = d;
    uint64_t c2 = e->state_capacity;
    void *u = grow(e->label, &c2, need, sizeof *e->label);
    if (!u) return fail(e, OUT_OF_MEMORY);
    e->label = u;
    uint64_t c3 = e->state_capacity;
    void *q = grow(e->queue, &c3, need, sizeof *e->queue);
    if (!q) return fail(e, OUT_OF_MEMORY);
    e->queue = q;
    e->state_capacity = cap;
    return 0;
}

/* ---- the states of one configuration, in rank order -------------------------------------- */

typedef struct {
    uint16_t p[SPACE_MAX_SIZE];   /* each column's placement */
    uint64_t v8;                  /* the columns' cells */
} odometer;

static bool fits(const line_type *t, int p, uint8_t free)
{
    return !(t->placement[p].mask & ~free);
}

static void set_column(const space_explorer *e, odometer *o, int x, int p)
{
    const line_placement *pl = &e->colt[x]->placement[p];
    uint64_t column = 0x0101010101010101ull << x;
    o->p[x] = (uint16_t)p;
    o->v8 = (o->v8 & ~column) | space_column_spread(e->s, pl->mask, x);
}

/* The first state of configuration h (every column at its first fitting placement). */
static void odometer_start(const space_explorer *e, uint32_t h, odometer *o)
{
    const uint8_t *free = e->hfree + (size_t)h * 8;
    o->v8 = 0;
    for (int x = 0; x < e->n; x++) {
        int p = (int)e->coltp[x]->first;
        while (!fits(e->colt[x], p, free[x])) p++;
        set_column(e, o, x, p);
    }
}

/* The next state of configuration h in rank order; false after the last. */
static bool odometer_next(const space_explorer *e, uint32_t h, odometer *o)
{
    const uint8_t *free = e->hfree + (size_t)h * 8;
    for (int x = 0; x < e->n; x++) {
        const line_template *tp = e->coltp[x];
        int end = (int)(tp->first + tp->count), p = o->p[x] + 1;
        while (p < end && !fits(e->colt[x], p, free[x])) p++;
        if (p < end) {
            set_column(e, o, x, p);
            return true;
        }
        p = (int)tp->first;
        while (!fits(e->colt[x], p, free[x])) p++;
        set_column(e, o, x, p);
    }
    return false;
}

/* ---- moves --------------------------------------------------------------------------------- */

/* One line's tables, as expand reads them. */
typedef struct {
    const int16_t *by_mask;            /* its template's placement for an occupancy byte */
    const line_placement *placement;
    const uint8_t *rank_in;
    const uint32_t *move_at;
    const line_move *move;
    uint32_t hstride;                  /* a row's weight in the configuration number */
} lane;

/* What one skeleton's searches read and write, copied out of the explorer into a local once
 * per skeleton. Why: a byte store into dist[] may alias anything reached through a pointer, so
 * read through `e` every table would be loaded again after each store; a local whose address
 * never escapes cannot be aliased, and the compiler keeps it in registers. */
typedef struct {
    lane col[SPACE_MAX_SIZE], row[SPACE_MAX_SIZE];
    const uint8_t *hfree;
    const uint64_t *base, *spread;
    const uint32_t *stride;
    const int32_t *pos_of_h;
    uint64_t walls;
    bool mirror;           /* the unit reports its mirror image too */
    uint64_t mirror_walls; /* the walls upside down */
    unsigned busy_rows, busy_columns;   /* the lines with pieces, bit y or x */
    uint8_t *dist;
    uint32_t *label, *uf;
    state *queue;
    cluster_record *record;
    uint64_t tail;         /* the queue's end */
    uint64_t candidates;   /* packed states expanded */
    uint32_t seed;         /* pass 1: the label of the state being expanded */
    uint32_t stamp;        /* pass 3: the mark of the states of this walk, in label[] */
    uint64_t movers;       /* pass 3: the pieces seen moving, one bit each as mover() names them */
} skeleton;

static lane lane_of(const line_type *t, const line_template *tp, uint32_t hstride)
{
    return (lane){tp->by_mask, t->placement, t->rank_in, t->move_at, t->move, hstride};
}

/* A state is packed (the anchor's candidates: every cluster holds one) when every piece stands
 * flush against what lies before it: left of a horizontal piece, above a vertical one, a piece,
 * a wall or the edge. A piece with nothing of its own direction before it starts a run of that
 * direction's cells, and the cell before such a run must be taken by the other direction or a
 * wall. */
static inline bool packed(uint64_t h8, uint64_t v8, uint64_t walls)
{
    const uint64_t column0 = 0x0101010101010101ull;
    uint64_t before = (h8 & ~(h8 << 1) & ~column0) >> 1 | (v8 & ~(v8 << 8)) >> 8;
    return !(before & ~(h8 | v8 | walls));
}

/* A state expanded: the packed ones counted, and its mirror image if packed. */
static inline void count_packed(skeleton *k, const int n, const state *s)
{
    k->candidates += packed(s->h8, s->v8, k->walls);
    if (k->mirror)
        k->candidates += packed(space_mirror_bits(n, s->h8), space_mirror_bits(n, s->v8), k->mirror_walls);
}

/* Calls reach(k, s, &next) for every state one slide from s. Inlined into each pass with n a
 * constant, so that the loops over lines unroll and the call compiles to plain code.
 *
 * A column's slide keeps the configuration, so only that column's digit changes: the rank moves
 * by the slide's rank_delta times the column's stride. A row's slide changes the configuration,
 * hence the free cells of the columns under it and every column's stride: the rank is summed
 * again over the columns. */
typedef void reach_fn(skeleton *k, const state *from, const state *next);

static inline __attribute__((always_inline)) void
expand(skeleton *k, const int n, const state *s, reach_fn *reach)
{
    const uint8_t *free = k->hfree + (size_t)s->hi * 8;
    const uint32_t *stride = k->stride + (size_t)k->pos_of_h[s->hi] * SPACE_MAX_SIZE;
    const uint8_t *rank_of[SPACE_MAX_SIZE];   /* each column's rank_in row for its placement */
    for (int x = 0; x < n; x++) {
        const lane *c = &k->col[x];
        rank_of[x] = c->rank_in;   /* of the empty placement (0 everywhere) when x has no pieces */
        if (!(k->busy_columns >> x & 1)) continue;   /* a branch each skeleton learns */
        unsigned p = (unsigned)c->by_mask[space_column_bits(s->v8, x)];
        rank_of[x] = c->rank_in + p * 256u;
        const uint32_t *at = &c->move_at[line_move_index(n, p, free[x])];
        uint64_t others = s->v8 & ~(0x0101010101010101ull << x);
        for (const line_move *m = c->move + at[0], *end = c->move + at[1]; m < end; m++) {
            state next = {s->h8, others | k->spread[m->mask] << x, s->hi,
                          s->rank + (uint32_t)((int32_t)m->rank_delta * (int32_t)stride[x])};
            reach(k, s, &next);
        }
    }
    const unsigned all = (1u << n) - 1;
    uint64_t blocking = s->v8 | k->walls;
    for (int y = 0; y < n; y++) {
        const lane *r = &k->row[y];
        if (!(k->busy_rows >> y & 1)) continue;
        unsigned p = (unsigned)r->by_mask[(uint8_t)(s->h8 >> (8 * y))];
        const uint32_t *at = &r->move_at[line_move_index(n, p, ~(unsigned)(blocking >> (8 * y)) & all)];
        uint64_t others = s->h8 & ~(0xFFull << (8 * y));
        for (const line_move *m = r->move + at[0], *end = r->move + at[1]; m < end; m++) {
            uint32_t hi = s->hi + (uint32_t)((int32_t)m->index_delta * (int32_t)r->hstride);
            uint32_t i = (uint32_t)k->pos_of_h[hi];
            const uint8_t *nf = k->hfree + (size_t)hi * 8;
            const uint32_t *ns = k->stride + (size_t)i * SPACE_MAX_SIZE;
            uint32_t rank = (uint32_t)k->base[i];
            for (int x = 0; x < n; x++)
                if (k->busy_columns >> x & 1) rank += rank_of[x][nf[x]] * ns[x];
            state next = {others | (uint64_t)m->mask << (8 * y), s->v8, hi, rank};
            reach(k, s, &next);
        }
    }
}

/* ---- the three passes ----------------------------------------------------------------------- */

static uint32_t find(uint32_t *uf, uint32_t x)
{
    while (uf[x] != x) {
        uint32_t p = uf[x];
        uf[x] = uf[p];
        x = p;
    }
    return x;
}

/* A state at distance d joins the figures of a cluster (or of a seed's part of one), and those
 * of its mirror image when `mirror`. */
static inline void add_state(cluster_record *r, const state *s, int d, const int n, bool mirror)
{
    bool first = r->size++ == 0;
    if (first || state_before(s->h8, s->v8, r->canonical_h, r->canonical_v))
        r->canonical_h = s->h8, r->canonical_v = s->v8;
    if (mirror && (first || mirror_before(n, s->h8, s->v8, r->mirror_canonical_h, r->mirror_canonical_v)))
        r->mirror_canonical_h = s->h8, r->mirror_canonical_v = s->v8;
    if (d > r->moves) {
        r->moves = d, r->hardest = r->mirror_hardest = *s;
    } else if (d == r->moves) {
        if (state_before(s->h8, s->v8, r->hardest.h8, r->hardest.v8)) r->hardest = *s;
        if (mirror && mirror_before(n, s->h8, s->v8, r->mirror_hardest.h8, r->mirror_hardest.v8))
            r->mirror_hardest = *s;
    }
}

/* Every state of `from` stands for it in `to`'s figures through the four it kept. */
static void merge_record(cluster_record *to, const cluster_record *from, int n, bool mirror)
{
    uint64_t size = to->size;
    if (from->size) {
        add_state(to, &(state){from->canonical_h, from->canonical_v, 0, 0}, -1, n, mirror);
        if (mirror) add_state(to, &(state){from->mirror_canonical_h, from->mirror_canonical_v, 0, 0}, -1, n, mirror);
        add_state(to, &from->hardest, from->moves, n, mirror);
        if (mirror) add_state(to, &from->mirror_hardest, from->moves, n, mirror);
    }
    to->size = size + from->size;
}

/* Pass 1's step. A state seen from another seed means that two goals' searches met: the seeds
 * are united, and both states labelled with the root, so that the edges around them find equal
 * labels from now on instead of uniting again. */
static inline void grow_from_goals(skeleton *k, const state *from, const state *next)
{
    uint32_t r = next->rank;
    if (k->dist[r] == UNSEEN) {
        k->dist[r] = (uint8_t)(k->dist[from->rank] + 1);
        k->label[r] = k->seed;
        k->queue[k->tail++] = *next;
    } else if (k->label[r] != k->seed) {
        uint32_t a = find(k->uf, k->label[r]), b = find(k->uf, k->seed), root = a < b ? a : b;
        k->uf[a] = k->uf[b] = root;
        k->label[r] = k->label[from->rank] = k->seed = root;
    }
}

/* Pass 2's step: the same, for a cluster with no goal. */
static inline void mark_unsolvable(skeleton *k, const state *from, const state *next)
{
    (void)from;
    if (k->dist[next->rank] != UNSEEN) return;
    k->dist[next->rank] = UNSOLVABLE;
    k->queue[k->tail++] = *next;
}

/* Pass 1, first half: every goal state of the skeleton is a seed, with its own record, in the
 * queue at distance 0. Returns the number of seeds, or -1 when out of memory. */
static int64_t seed_goals(space_explorer *e)
{
    uint64_t tail = 0;
    e->nseeds = 0;
    for (uint32_t i = 0; i < e->alive_n[e->n]; i++) {
        uint32_t h = e->alive_h[e->n][i];
        if ((uint8_t)(e->hbb[h] >> (8 * SPACE_PRIMARY_ROW)) != e->exit_mask) continue;
        odometer o;
        odometer_start(e, h, &o);
        uint64_t rank = e->base[i];
        do {
            if (e->nseeds == e->seed_capacity) {
                uint64_t cap = e->seed_capacity;
                uint32_t *uf = grow(e->uf, &cap, e->nseeds + 1, sizeof *uf);
                if (uf) e->uf = uf;
                cap = e->seed_capacity;
                cluster_record *rec = grow(e->record, &cap, e->nseeds + 1, sizeof *rec);
                if (rec) e->record = rec;
                if (!uf || !rec) return fail(e, OUT_OF_MEMORY);
                e->seed_capacity = cap;
            }
            uint32_t seed = (uint32_t)e->nseeds++;
            e->uf[seed] = seed;
            e->record[seed] = (cluster_record){.moves = -1};
            e->dist[rank] = 0;
            e->label[rank] = seed;
            e->queue[tail++] = (state){e->hbb[h], o.v8, h, (uint32_t)rank};
            rank++;
        } while (odometer_next(e, h, &o));
    }
    return (int64_t)tail;
}

/* Pass 1, second half: breadth-first from all seeds at once. Seeds whose searches meet are
 * united, so that afterwards a root seed stands for a cluster. A state joins the figures of its
 * label's seed when it is expanded (each state once; a relabelled one joins the root's). */
static inline __attribute__((always_inline)) int distances_from_goals(skeleton *k, const int n)
{
    for (uint64_t head = 0; head < k->tail;) {
        const state s = k->queue[head++];
        int d = k->dist[s.rank];
        if (d + 1 >= UNSOLVABLE) return -1;
        k->seed = k->label[s.rank];
        add_state(&k->record[k->seed], &s, d, n, k->mirror);
        count_packed(k, n, &s);
        expand(k, n, &s, grow_from_goals);
    }
    return 0;
}

/* The state of a rank: its configuration found among the skeleton's (base[] ascends), then its
 * columns as the digits of the rest. */
static state state_at(const space_explorer *e, uint64_t rank, uint32_t *position)
{
    uint32_t i = *position;
    while (i + 1 < e->alive_n[e->n] && e->base[i + 1] <= rank) i++;
    *position = i;
    uint32_t h = e->alive_h[e->n][i];
    const uint8_t *free = e->hfree + (size_t)h * 8;
    uint64_t rest = rank - e->base[i], v8 = 0;
    for (int x = 0; x < e->n; x++) {
        const line_template *tp = e->coltp[x];
        uint64_t digit = rest % tp->fits[free[x]];
        rest /= tp->fits[free[x]];
        uint32_t p = tp->first;
        for (;; p++)
            if (fits(e->colt[x], (int)p, free[x]) && digit-- == 0) break;
        v8 |= space_column_spread(e->s, e->colt[x]->placement[p].mask, x);
    }
    return (state){e->hbb[h], v8, h, (uint32_t)rank};
}

/* Pass 2: every state no goal reached starts, in rank order, a breadth-first search of its
 * (unsolvable) cluster, for its size and smallest state (and its mirror image's). */
static inline __attribute__((always_inline)) int
unsolvable_clusters(space_explorer *e, skeleton *k, const int n)
{
    uint32_t position = 0;
    for (uint8_t *at = k->dist, *end = k->dist + e->count; (at = memchr(at, UNSEEN, (size_t)(end - at)));) {
        state start = state_at(e, (uint64_t)(at - k->dist), &position);
        uint64_t ch = start.h8, cv = start.v8, mh = ch, mv = cv;
        k->tail = 0;
        k->dist[start.rank] = UNSOLVABLE;
        k->queue[k->tail++] = start;
        for (uint64_t head = 0; head < k->tail;) {
            const state s = k->queue[head++];
            if (state_before(s.h8, s.v8, ch, cv)) ch = s.h8, cv = s.v8;
            if (k->mirror && mirror_before(n, s.h8, s.v8, mh, mv)) mh = s.h8, mv = s.v8;
            count_packed(k, n, &s);
            expand(k, n, &s, mark_unsolvable);
        }
        e->stats->expanded += k->tail;
        if (note_cluster(e, k->tail, -1, ch, cv, false)) return -1;
        if (k->mirror && note_cluster(e, k->tail, -1, mh, mv, true)) return -1;
    }
    return 0;
}

/* After pass 1: each seed's figures into its root's. */
static void unite_records(space_explorer *e)
{
    for (uint32_t k = 0; k < e->nseeds; k++) {
        uint32_t root = find(e->uf, k);
        if (root != k) {
            merge_record(&e->record[root], &e->record[k], e->n, e->reports_mirror);
            e->record[k].size = 0;
        }
    }
}

/* A piece as one bit: its line (the rows first) times LINE_MAX_PIECES plus its place in the line
 * (pieces never leave their line nor pass each other, so that names one piece across a
 * cluster). */
static inline uint64_t piece_bit(bool horizontal, unsigned at, unsigned place)
{
    return 1ull << (((horizontal ? 0 : SPACE_MAX_SIZE) + at) * LINE_MAX_PIECES + place);
}

/* The piece that moves between two states one slide apart, as piece_bit names it. The moving
 * piece is the one whose cells change; the pieces before it lie wholly below the lowest changed
 * cell. */
static inline uint64_t mover(const skeleton *k, const state *from, const state *next)
{
    uint64_t dh = from->h8 ^ next->h8;
    const lane *l;
    unsigned old, changed, at;
    if (dh) {
        at = (unsigned)__builtin_ctzll(dh) / 8;
        l = &k->row[at];
        old = (uint8_t)(from->h8 >> (8 * at)), changed = (uint8_t)(dh >> (8 * at));
    } else {
        at = (unsigned)__builtin_ctzll(from->v8 ^ next->v8) % 8;
        l = &k->col[at];
        old = space_column_bits(from->v8, (int)at), changed = old ^ space_column_bits(next->v8, (int)at);
    }
    unsigned starts = l->placement[l->by_mask[old]].starts;
    return piece_bit(dh != 0, at, (unsigned)__builtin_popcount(starts & ((changed & -changed) - 1)));
}

/* A slide one step down the distances, on an optimal path: its piece moves on one. */
static inline void follow_optimal(skeleton *k, const state *from, const state *next)
{
    if (k->dist[next->rank] + 1 != k->dist[from->rank]) return;
    k->movers |= mover(k, from, next);
    if (k->label[next->rank] == k->stamp) return;
    k->label[next->rank] = k->stamp;
    k->queue[k->tail++] = *next;
}

/* Pass 3's proof of need: the pieces that move on some optimal solution of the puzzle at
 * `start` (each of them needed: that solution without the piece's moves solves the smaller
 * puzzle in fewer moves). Walks every optimal path at once, the states marked with `stamp` in
 * label[] (free after pass 1; stamps are past every seed number, so no clearing). */
static inline __attribute__((always_inline)) uint64_t
optimal_movers(skeleton *k, const int n, const state *start, uint32_t stamp)
{
    k->tail = 0, k->stamp = stamp, k->movers = 0;
    k->label[start->rank] = stamp;
    k->queue[k->tail++] = *start;
    for (uint64_t head = 0; head < k->tail;) {
        const state s = k->queue[head++];
        if (k->dist[s.rank]) expand(k, n, &s, follow_optimal);
    }
    return k->movers;
}

/* Whether the puzzle has a piece whose removal cannot lower its count, seen from the lines
 * alone: a piece (not the primary) whose cells no other piece can ever cover. Then no other
 * piece ever sweeps them, so every solution of the puzzle without it solves the puzzle itself,
 * with it standing still. Such a piece is alone between the walls of its line, and no line
 * across it has a placement covering the cell it crosses (line_template's reach). */
static bool has_idle_piece(const space_explorer *e, uint64_t h8, uint64_t v8)
{
    for (int line = 0; line < 2 * e->n; line++) {
        bool horizontal = line < e->n;
        int at = horizontal ? line : line - e->n;
        if (horizontal && at == SPACE_PRIMARY_ROW) continue;   /* the primary, alone in its row */
        const line_type *t = horizontal ? e->rowt[at] : e->colt[at];
        const line_template *tp = horizontal ? e->rowtp[at] : e->coltp[at];
        uint8_t mask = horizontal ? (uint8_t)(h8 >> (8 * at)) : space_column_bits(v8, at);
        unsigned starts = tp->npieces ? t->placement[tp->by_mask[mask]].starts : 0;
        for (int i = 0; i < tp->npieces; i++, starts &= starts - 1) {
            if ((i > 0 && tp->gap[i - 1] == tp->gap[i]) || (i + 1 < tp->npieces && tp->gap[i + 1] == tp->gap[i]))
                continue;
            bool covered = false;
            for (int c = __builtin_ctz(starts), end = c + tp->length[i]; c < end; c++)
                covered |= (horizontal ? e->coltp[c] : e->rowtp[c])->reach >> at & 1;
            if (!covered) return true;
        }
    }
    return false;
}

/* Whether the puzzle is no harder than its blockers say and has a piece that blocks nothing:
 * then that piece is not needed. Every vertical piece across the primary's way to the exit
 * must move at least once, and the primary once more, so any puzzle needs at least 1 +
 * blockers moves; removing a piece that blocks nothing (or a wall: none stands in the
 * primary's way) leaves that bound as it was, so the smaller puzzle cannot be solved in fewer
 * than 1 + blockers = moves. */
static bool has_spare_piece(const space_explorer *e, const state *s, int moves)
{
    int bound = space_blockers_bound(e->n, s->h8, s->v8);   /* 1 + blockers */
    return moves == bound && e->pieces > bound;
}

/* A template's by_mask as reduced_lines holds it: NULL for a line without pieces. */
static const int16_t *lines_by_mask(const line_template *tp)
{
    return tp->npieces ? tp->by_mask : NULL;
}

/* Whether every piece and wall of the puzzle at s is needed, the pieces in `movers` known to
 * be: each other one is taken away and the rest searched (reduced.h) for a solution in fewer
 * than `moves` moves. 1 yes, 0 no, -1 out of memory. */
static int all_needed(space_explorer *e, const state *s, int moves, uint64_t movers)
{
    reduced_lines *l = &e->board_lines;
    for (int line = 0; line < 2 * e->n; line++) {
        bool horizontal = line < e->n;
        int at = horizontal ? line : line - e->n;
        const line_type *t = horizontal ? e->rowt[at] : e->colt[at];
        const line_template *tp = horizontal ? e->rowtp[at] : e->coltp[at];
        uint8_t mask = horizontal ? (uint8_t)(s->h8 >> (8 * at)) : space_column_bits(s->v8, at);
        unsigned starts = tp->npieces ? t->placement[tp->by_mask[mask]].starts : 0;
        for (int i = 0; i < tp->npieces; i++, starts &= starts - 1) {
            if ((horizontal && at == SPACE_PRIMARY_ROW) || (movers & piece_bit(horizontal, (unsigned)at, (unsigned)i)))
                continue;
            uint8_t length[LINE_MAX_PIECES], cells = (uint8_t)(((1u << tp->length[i]) - 1) << __builtin_ctz(starts));
            memcpy(length, tp->length, (size_t)i);
            memcpy(length + i, tp->length + i + 1, (size_t)(tp->npieces - i - 1));
            int left = line_template_find(t, length, tp->npieces - 1, (uint8_t)(mask & ~cells));
            if (left < 0) return fail(e, "no template for a line with a piece taken away (a bug)");
            uint64_t h8 = horizontal ? s->h8 & ~((uint64_t)cells << (8 * at)) : s->h8;
            uint64_t v8 = horizontal ? s->v8 : s->v8 & ~space_column_spread(e->s, cells, at);
            const int16_t **by_mask = horizontal ? &l->row_by_mask[at] : &l->col_by_mask[at], *kept = *by_mask;
            *by_mask = lines_by_mask(&t->template[left]);
            int r = reduced_solved_below(e->reduced, l, h8, v8, moves);
            *by_mask = kept;
            if (r < 0) return fail(e, OUT_OF_MEMORY);
            if (r == 0) return 0;   /* 0: no shorter solution without it, so it is not needed */
        }
    }
    /* A wall taken away changes its row's and its column's line types: the same pieces, seen
     * through the template of the new type that holds them where they stand. */
    for (uint64_t w = e->unit.walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w), y = cell / 8, x = cell % 8;
        uint64_t walls = e->unit.walls & ~(w & -w);
        const line_type *rt = &e->s->type[space_row_walls(walls, y)], *ct = &e->s->type[space_column_bits(walls, x)];
        int row = line_template_find(rt, e->rowtp[y]->length, e->rowtp[y]->npieces, (uint8_t)(s->h8 >> (8 * y)));
        int column = line_template_find(ct, e->coltp[x]->length, e->coltp[x]->npieces, space_column_bits(s->v8, x));
        if (row < 0 || column < 0) return fail(e, "no template for a line with a wall taken away (a bug)");
        reduced_lines kept = *l;
        l->walls = walls, l->rowt[y] = rt, l->colt[x] = ct;
        l->row_by_mask[y] = lines_by_mask(&rt->template[row]);
        l->col_by_mask[x] = lines_by_mask(&ct->template[column]);
        int r = reduced_solved_below(e->reduced, l, s->h8, s->v8, moves);
        *l = kept;
        if (r < 0) return fail(e, OUT_OF_MEMORY);
        if (r == 0) return 0;
    }
    return 1;
}

/* Whether the puzzle at `hardest`, `moves` from the goal, is minimal: 1 yes, 0 no, -1 out of
 * memory. One with a spare or an idle piece is not; otherwise only the pieces that move on no
 * optimal solution, and the walls, need a search (all_needed). `stamp` marks optimal_movers'
 * walk. */
static inline __attribute__((always_inline)) int
minimal_puzzle(space_explorer *e, skeleton *k, const int n, const state *hardest, int moves,
               uint32_t stamp)
{
    if (has_spare_piece(e, hardest, moves) || has_idle_piece(e, hardest->h8, hardest->v8)) return 0;
    return all_needed(e, hardest, moves, optimal_movers(k, n, hardest, stamp));
}

/* A solvable cluster with its puzzle at `hardest` (or the mirror images of both, when
 * `mirrored`): counted, and a database line when the puzzle is minimal. */
static int note_solvable(space_explorer *e, const cluster_record *r, const state *hardest,
                         bool mirrored, bool minimal)
{
    space_stats *st = e->stats;
    st->solvable++;
    uint64_t ch = mirrored ? r->mirror_canonical_h : r->canonical_h;
    uint64_t cv = mirrored ? r->mirror_canonical_v : r->canonical_v;
    if (note_cluster(e, r->size, r->moves, ch, cv, mirrored)) return -1;
    if (!minimal) return 0;
    space_puzzle p = {.moves = r->moves, .cluster = r->size};
    if (describe(e, hardest->h8, hardest->v8, mirrored, p.board)) return -1;
    st->minimal++;
    st->by_moves[r->moves]++;
    if (st->hardest.moves < 0 || space_puzzle_compare(&p, &st->hardest) < 0) st->hardest = p;
    if (space_puzzles_push(e->lines, &p)) return fail(e, OUT_OF_MEMORY);
    return 0;
}

/* Pass 3: the solvable clusters' puzzles, each kept when minimal; and their mirror images'
 * when the unit reports its mirror too. A mirror image is minimal exactly when its original is,
 * but the mirror cluster's puzzle may be the mirror image of another of the hardest states (a
 * tie broken the other way), which is then tested itself. Stamps: seeds + seed for the puzzle,
 * 2 seeds + seed for its mirror's, all past every seed number. */
static inline __attribute__((always_inline)) int puzzles(space_explorer *e, skeleton *k, const int n)
{
    for (uint32_t seed = 0; seed < e->nseeds; seed++) {
        const cluster_record *r = &e->record[seed];
        if (e->uf[seed] != seed) continue;
        int minimal = minimal_puzzle(e, k, n, &r->hardest, r->moves, (uint32_t)e->nseeds + seed);
        if (minimal < 0 || note_solvable(e, r, &r->hardest, false, minimal)) return -1;
        if (!k->mirror) continue;
        if (r->mirror_hardest.rank != r->hardest.rank)
            minimal = minimal_puzzle(e, k, n, &r->mirror_hardest, r->moves, (uint32_t)(2 * e->nseeds) + seed);
        if (minimal < 0 || note_solvable(e, r, &r->mirror_hardest, true, minimal)) return -1;
    }
    return 0;
}

/* The three passes for a board of n x n, n a constant where called. */
static inline __attribute__((always_inline)) int passes(space_explorer *e, skeleton *k, const int n)
{
    if (distances_from_goals(k, n)) return fail(e, "a distance of 254 moves or more (a byte holds 0 to 253)");
    e->stats->expanded += k->tail;
    if (unsolvable_clusters(e, k, n)) return -1;
    unite_records(e);
    return puzzles(e, k, n);
}

static int explore_skeleton(space_explorer *e)
{
    /* A skeleton is the unit of promptness: a 7x7 unit can take minutes, a skeleton seconds. */
    if (e->stop && *e->stop) return SPACE_STOPPED;
    uint32_t m = e->alive_n[e->n];
    uint64_t count = 0;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t h = e->alive_h[e->n][i];
        e->base[i] = count;
        e->pos_of_h[h] = (int32_t)i;
        count += e->alive_w[e->n][i];
        uint32_t *stride = e->stride + (size_t)i * SPACE_MAX_SIZE, product = 1;
        for (int x = 0; x < e->n; x++) {
            stride[x] = product;
            product *= e->coltp[x]->fits[e->hfree[(size_t)h * 8 + x]];
        }
    }
    if (count >= (1ull << 32)) return fail(e, "a skeleton of 2^32 states or more");
    if (reserve_states(e, count)) return -1;
    e->count = count;
    e->pieces = __builtin_popcountll(e->unit.walls);
    for (int x = 0; x < e->n; x++) {
        e->pieces += e->rowtp[x]->npieces + e->coltp[x]->npieces;
        e->board_lines.rowt[x] = e->rowt[x], e->board_lines.colt[x] = e->colt[x];
        e->board_lines.row_by_mask[x] = lines_by_mask(e->rowtp[x]);
        e->board_lines.col_by_mask[x] = lines_by_mask(e->coltp[x]);
    }
    e->board_lines.space = e->s, e->board_lines.walls = e->unit.walls, e->board_lines.exit_mask = e->exit_mask;
    e->stats->skeletons += 1 + e->reports_mirror;
    e->stats->states += count << e->reports_mirror;
    e->stats->mirrored += e->reports_mirror ? count : 0;
    memset(e->dist, UNSEEN, count);
    int64_t seeds = seed_goals(e);
    int rc = seeds < 0 ? -1 : 0;
    if (seeds >= (1ll << 30)) rc = fail(e, "2^30 goal states or more in one skeleton");   /* pass 3's stamps follow the seeds */
    if (!rc) {
        skeleton k = {.hfree = e->hfree, .base = e->base, .spread = e->s->spread,
                      .stride = e->stride, .pos_of_h = e->pos_of_h, .walls = e->unit.walls,
                      .mirror = e->reports_mirror,
                      .mirror_walls = space_mirror_bits(e->n, e->unit.walls),
                      .dist = e->dist, .label = e->label, .uf = e->uf, .queue = e->queue,
                      .record = e->record, .tail = (uint64_t)seeds};
        for (int x = 0; x < e->n; x++) {
            k.col[x] = lane_of(e->colt[x], e->coltp[x], 0);
            k.row[x] = lane_of(e->rowt[x], e->rowtp[x], e->hstride[x]);
            k.busy_columns |= (unsigned)(e->coltp[x]->npieces != 0) << x;
            k.busy_rows |= (unsigned)(e->rowtp[x]->npieces != 0) << x;
        }
        switch (e->n) {   /* one copy of the passes per size, their loops unrolled */
        case 4: rc = passes(e, &k, 4); break;
        case 5: rc = passes(e, &k, 5); break;
        case 6: rc = passes(e, &k, 6); break;
        case 7: rc = passes(e, &k, 7); break;
        default: rc = passes(e, &k, SPACE_MAX_SIZE); break;
        }
        e->stats->candidates += k.candidates;
    }
    for (uint32_t i = 0; i < m; i++) e->pos_of_h[e->alive_h[e->n][i]] = -1;
    return rc;
}

/* ---- the walk over the columns' templates --------------------------------------------------- */

static int walk_columns(space_explorer *e, int x)
{
    if (x == e->n) return explore_skeleton(e);
    const space *s = e->s;
    int w = space_column_bits(e->unit.walls, x);
    const line_type *t = &s->type[w];
    e->colt[x] = t;
    for (int k = 0; k < s->role[w][SPACE_AS_COLUMN].count; k++) {
        const line_template *tp = &t->template[s->role[w][SPACE_AS_COLUMN].list[k]];
        e->coltp[x] = tp;
        uint32_t n = 0;
        for (uint32_t i = 0; i < e->alive_n[x]; i++) {
            uint32_t h = e->alive_h[x][i];
            unsigned f = tp->fits[e->hfree[(size_t)h * 8 + x]];
            if (!f) continue;
            e->alive_h[x + 1][n] = h;
            e->alive_w[x + 1][n++] = e->alive_w[x][i] * f;
        }
        e->alive_n[x + 1] = n;
        int rc = n ? walk_columns(e, x + 1) : 0;
        if (rc) return rc;
    }
    return 0;
}

/* The unit's H configurations and their free cells by column. */
static int configurations(space_explorer *e)
{
    uint64_t count = 1;
    for (int y = 0; y < e->n; y++) {
        e->hstride[y] = (uint32_t)count;
        count *= e->rowtp[y]->count;
        if (count > MAX_H_CONFIGURATIONS) return fail(e, "more than 2^26 row configurations in one unit");
    }
    if (count > e->hcapacity) {
        uint32_t cap = (uint32_t)count;
        free(e->hbb), free(e->hfree), free(e->pos_of_h), free(e->base), free(e->stride);
        e->stride = malloc((size_t)cap * SPACE_MAX_SIZE * sizeof *e->stride);
        e->hbb = malloc(cap * sizeof *e->hbb);
        e->hfree = malloc((size_t)cap * 8);
        e->pos_of_h = malloc(cap * sizeof *e->pos_of_h);
        e->base = malloc(cap * sizeof *e->base);
        for (int x = 0; x <= SPACE_MAX_SIZE; x++) {
            free(e->alive_h[x]), free(e->alive_w[x]);
            e->alive_h[x] = malloc(cap * sizeof *e->alive_h[x]);
            e->alive_w[x] = malloc(cap * sizeof *e->alive_w[x]);
            if (!e->alive_h[x] || !e->alive_w[x]) return fail(e, OUT_OF_MEMORY);
        }
        if (!e->hbb || !e->hfree || !e->pos_of_h || !e->base || !e->stride) return fail(e, OUT_OF_MEMORY);
        e->hcapacity = cap;
        memset(e->pos_of_h, 0xFF, cap * sizeof *e->pos_of_h);
    }
    e->hcount = (uint32_t)count;
    for (uint32_t h = 0; h < e->hcount; h++) {
        uint64_t h8 = 0;
        for (int y = 0; y < e->n; y++) {
            const line_template *tp = e->rowtp[y];
            const line_placement *p = &e->rowt[y]->placement[tp->first + (h / e->hstride[y]) % tp->count];
            h8 |= (uint64_t)p->mask << (8 * y);
        }
        e->hbb[h] = h8;
        uint64_t taken = h8 | e->unit.walls;
        for (int x = 0; x < e->n; x++)
            e->hfree[(size_t)h * 8 + x] = (uint8_t)(~space_column_bits(taken, x) & ((1u << e->n) - 1));
        e->alive_h[0][h] = h;
        e->alive_w[0][h] = 1;
    }
    e->alive_n[0] = e->hcount;
    return 0;
}

space_explorer *space_explorer_new(const space *s)
{
    space_explorer *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->s = s, e->n = s->size, e->mirror_allowed = true;
    e->reduced = reduced_search_new();
    if (!e->reduced) {
        free(e);
        return NULL;
    }
    return e;
}

void space_explorer_use_mirror(space_explorer *e, bool on)
{
    e->mirror_allowed = on;
}

const char *space_explorer_failure(const space_explorer *e)
{
    return e->failure ? e->failure : OUT_OF_MEMORY;
}

void space_explorer_free(space_explorer *e)
{
    if (!e) return;
    free(e->hbb), free(e->hfree), free(e->pos_of_h), free(e->base), free(e->stride);
    for (int x = 0; x <= SPACE_MAX_SIZE; x++) free(e->alive_h[x]), free(e->alive_w[x]);
    free(e->dist), free(e->label), free(e->queue), free(e->uf), free(e->record);
    reduced_search_free(e->reduced);
    free(e);
}

int space_explore_unit(space_explorer *e, uint64_t unit, space_puzzles *lines, space_stats *stats,
                       const volatile sig_atomic_t *stop)
{
    const space *s = e->s;
    space_unit_at(s, unit, &e->unit);
    for (int y = 0; y < e->n; y++) {
        e->rowt[y] = &s->type[space_row_walls(e->unit.walls, y)];
        e->rowtp[y] = &e->rowt[y]->template[e->unit.row_template[y]];
    }
    e->exit_mask = (uint8_t)(3u << (e->n - 2));
    e->lines = lines, e->stats = stats, e->stop = stop, e->failure = NULL;
    stats->units++;
    int against = e->mirror_allowed ? space_unit_against_mirror(s, &e->unit) : 0;
    if (against > 0) return 0;   /* its mirror image reports it */
    e->reports_mirror = against < 0;
    if (configurations(e)) return -1;
    return walk_columns(e, 0);
}
