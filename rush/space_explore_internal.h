/* space_explore_internal.h -- what the files of the explorer share (space_explore.c runs a unit's passes,
 * space_minimal.c tests a puzzle for minimality): a state of a skeleton, a cluster's figures, the
 * explorer itself, and the move generator the passes inline with the board size a constant.
 * Nothing outside rush/space_explore.c and rush/space_minimal.c includes it. */
#ifndef SPACE_EXPLORE_INTERNAL_H
#define SPACE_EXPLORE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rush/space_explore.h"
#include "rush/space_line.h"
#include "rush/space_reduced.h"
#include "rush/rush_space.h"

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
    bool reports_mirror; /* this unit stands for its mirror image too (rush_space.h) */
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
int space_explorer_fail(space_explorer *e, const char *why);

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

static inline lane lane_of(const line_type *t, const line_template *tp, uint32_t hstride)
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

/* A template's by_mask as reduced_lines holds it: NULL for a line without pieces. */
static inline const int16_t *lines_by_mask(const line_template *tp)
{
    return tp->npieces ? tp->by_mask : NULL;
}

/* Pass 3's test: whether the puzzle at `hardest`, `moves` from the goal, is minimal: 1 yes, 0
 * no, -1 out of memory (space_explorer_fail says so). `stamp` marks the walk over its optimal
 * solutions in label[] (past every seed number). */
int space_minimal_puzzle(space_explorer *e, skeleton *k, const state *hardest, int moves,
                         uint32_t stamp);

#endif
