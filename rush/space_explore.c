/* space_explore.c -- every cluster of one unit, each state visited once (see space_explore.h).
 *
 * A unit fixes the walls and every row's template; its *H configurations* are the ways to
 * place the rows' pieces, numbered as a mixed-radix number (row 0 the fastest digit). A depth-
 * first walk over the columns' templates keeps, for each configuration, how many ways the
 * columns chosen so far fit around it (space_line.h's `fits`), dropping those that leave none; at the
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
 *   3. the hardest state of each solvable cluster is tested for minimality (space_minimal.c) and, if
 *      minimal, becomes a database line, lettered as the published database letters its boards
 *      (space_lettering.h).
 * Expanding a state is also when it is counted as packed (the anchor's candidates).
 * Moves come from space_line.h's move lists: the slides whose swept cells are free of the other
 * direction's pieces and of walls (the other pieces of its own line are never in the way, by
 * construction of the slides), with what each changes in the rank. The passes are compiled once
 * per board size, so that their loops over lines unroll.
 *
 * A unit that comes before its top-bottom mirror image (rush_space.h; 5x5 only) reports that unit's
 * clusters too, as mirror images of its own: same sizes, distances and minimality, so each
 * record keeps beside its smallest and hardest states the ones whose images are the smallest
 * and hardest for the mirror cluster, and pass 3 tests the latter too where it differs. The
 * mirror unit itself is left out, so on 5x5 each state is expanded once or stands as the image
 * of one that was. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "rush/space_explore_internal.h"
#include "rush/space_lettering.h"

/* An H configuration count past which a unit is refused (memory of its tables). */
#define MAX_H_CONFIGURATIONS (1u << 26)

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

/* The database board of a state, or of its mirror image when `mirrored`. */
static int describe(space_explorer *e, uint64_t h8, uint64_t v8, bool mirrored, char *text)
{
    space_lines l = {.n = e->n, .walls = e->unit.walls};
    for (int x = 0; x < e->n; x++) {
        l.rowt[x] = e->rowt[x], l.colt[x] = e->colt[x];
        l.rowtp[x] = e->rowtp[x], l.coltp[x] = e->coltp[x];
    }
    if (space_letter_board(&l, h8, v8, mirrored, text))
        return space_explorer_fail(e, "a board with more pieces than letters to name them");
    return 0;
}

int space_explorer_fail(space_explorer *e, const char *why)
{
    if (!e->failure) e->failure = why;
    return -1;
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
    if (!st->largest.cluster || space_puzzle_larger(&p, &st->largest)) st->largest = p;
    return 0;
}

/* ---- growing arrays ---------------------------------------------------------------------- */

static int reserve_states(space_explorer *e, uint64_t need)
{
    if (need <= e->state_capacity) return 0;
    uint64_t dist = e->state_capacity, label = e->state_capacity, queue = e->state_capacity;
    bool failed = false;
    TRY_GROW(e->dist, dist, need, 1024, failed);
    TRY_GROW(e->label, label, need, 1024, failed);
    TRY_GROW(e->queue, queue, need, 1024, failed);
    if (failed) return space_explorer_fail(e, OUT_OF_MEMORY);
    e->state_capacity = dist;
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
                uint64_t uf = e->seed_capacity, record = e->seed_capacity;
                bool failed = false;
                TRY_GROW(e->uf, uf, e->nseeds + 1, 1024, failed);
                TRY_GROW(e->record, record, e->nseeds + 1, 1024, failed);
                if (failed) return space_explorer_fail(e, OUT_OF_MEMORY);
                e->seed_capacity = uf;
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
    if (space_puzzles_push(e->lines, &p)) return space_explorer_fail(e, OUT_OF_MEMORY);
    return 0;
}

/* Pass 3: the solvable clusters' puzzles, each kept when minimal; and their mirror images'
 * when the unit reports its mirror too. A mirror image is minimal exactly when its original is,
 * but the mirror cluster's puzzle may be the mirror image of another of the hardest states (a
 * tie broken the other way), which is then tested itself. Stamps: seeds + seed for the puzzle,
 * 2 seeds + seed for its mirror's, all past every seed number. */
static int puzzles(space_explorer *e, skeleton *k)
{
    for (uint32_t seed = 0; seed < e->nseeds; seed++) {
        const cluster_record *r = &e->record[seed];
        if (e->uf[seed] != seed) continue;
        int minimal = space_minimal_puzzle(e, k, &r->hardest, r->moves, (uint32_t)e->nseeds + seed);
        if (minimal < 0 || note_solvable(e, r, &r->hardest, false, minimal)) return -1;
        if (!k->mirror) continue;
        if (r->mirror_hardest.rank != r->hardest.rank)
            minimal = space_minimal_puzzle(e, k, &r->mirror_hardest, r->moves, (uint32_t)(2 * e->nseeds) + seed);
        if (minimal < 0 || note_solvable(e, r, &r->mirror_hardest, true, minimal)) return -1;
    }
    return 0;
}

/* The three passes for a board of n x n, n a constant where called. */
static inline __attribute__((always_inline)) int passes(space_explorer *e, skeleton *k, const int n)
{
    if (distances_from_goals(k, n)) return space_explorer_fail(e, "a distance of 254 moves or more (a byte holds 0 to 253)");
    e->stats->expanded += k->tail;
    if (unsolvable_clusters(e, k, n)) return -1;
    unite_records(e);
    return puzzles(e, k);
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
    if (count >= (1ull << 32)) return space_explorer_fail(e, "a skeleton of 2^32 states or more");
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
    if (seeds >= (1ll << 30)) rc = space_explorer_fail(e, "2^30 goal states or more in one skeleton");   /* pass 3's stamps follow the seeds */
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
        if (count > MAX_H_CONFIGURATIONS) return space_explorer_fail(e, "more than 2^26 row configurations in one unit");
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
            if (!e->alive_h[x] || !e->alive_w[x]) return space_explorer_fail(e, OUT_OF_MEMORY);
        }
        if (!e->hbb || !e->hfree || !e->pos_of_h || !e->base || !e->stride) return space_explorer_fail(e, OUT_OF_MEMORY);
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
