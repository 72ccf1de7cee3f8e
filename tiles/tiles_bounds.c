/* tiles_bounds.c -- the Manhattan distance and linear conflicts, the sliding tiles' bounds that
 * need no table (heuristic.h); and the choice among the tiles' bounds.
 *
 * manhattan: the sum over the tiles (not the blank) of the taxicab distance from each tile's
 * cell to its goal cell.
 *   Admissible: a move slides one tile one cell, so it lowers the sum by at most one, and the
 *   goal's sum is 0.
 *   Consistent: a move changes one tile's distance by exactly one, so the sum by exactly one.
 *   Incremental: h_after adds the one change, dist[tile][new cell] - dist[tile][old cell].
 *
 * conflict (Hansson, Mayer and Yung 1992): Manhattan plus, for each row, two for each tile
 * that must leave the row: of the tiles standing in their goal row, those whose goal columns
 * are not in the order they stand in. The fewest that must leave is the number of such tiles
 * less the longest run of them, left to right, whose goal columns increase; the same for each
 * column with goal rows.
 *   Admissible: two tiles of one line whose goal order is the other way cannot pass each other
 *   within the line, so one of them leaves it and comes back, two moves the Manhattan distance
 *   does not count (it counts only moves towards the goal along the other axis); the tiles
 *   that must leave are distinct tiles, and each is counted in one line only (its goal row for
 *   a row's conflicts, its goal column for a column's, and leaving a row is a vertical move,
 *   leaving a column a horizontal one, so the two never count the same moves).
 *   Consistent: a move is vertical or horizontal; say vertical, of tile t from row r to r'. The
 *   columns' conflicts do not change (t stays in its column, in the same order among its
 *   tiles). If t leaves its goal row, its distance grows by one and row r's conflicts shrink by
 *   at most two; if it enters its goal row, its distance shrinks by one and row r''s conflicts
 *   grow by at most two; otherwise no row's conflicts change. Either way h changes by one.
 *
 * On a wide board (tiles.h: two-word keys) each has its h_wide and expand_wide: the same
 * sums over the cells the key decodes to, the Manhattan distance's expansion incremental.
 */
#include <string.h>

#include "tiles/tiles.h"
#include "tiles/tiles_pdb.h"

static int manhattan_h(const family_bound *fb, uint64_t key)
{
    const tiles_board *b = fb->p->board;
    return tiles_solvable(b, key) ? tiles_manhattan(b, key) : -1;
}

/* The tile moved from the cell the blank now holds to the one it held (parity never changes,
 * so a parent's solvability is its child's). */
static int manhattan_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    const tiles_board *b = fb->p->board;
    int to = tiles_blank(b, parent), from = tiles_blank(b, key), t = tiles_at(key, to);
    return h_parent - b->distance[t][from] + b->distance[t][to];
}

/* The successors in tiles.h's order, each with its bound from the tile that moved. */
static int manhattan_expand(const family_bound *fb, uint64_t key, uint64_t skip, int h_key,
                            uint64_t *child, int *h)
{
    const tiles_board *b = fb->p->board;
    int blank = tiles_blank(b, key), n = 0;
    for (int i = 0; i < b->nfrom[blank]; i++) {
        uint64_t t = key >> (4 * b->from[blank][i]) & 15, c = key ^ t * b->slide[blank][i];
        if (c == skip) continue;
        child[n] = c;
        h[n++] = h_key + b->gain[blank][i][t];
    }
    return n;
}

static int manhattan_expand_wide(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                                 key_wide *child, int *h)
{
    const tiles_board *b = fb->p->board;
    int blank = tiles_wide_blank(b, key), n = 0;
    for (int i = 0; i < b->nfrom[blank]; i++) {
        int t = tiles_wide_at(key, b->from[blank][i]);
        key_wide c = key ^ (key_wide)t * b->slide_wide[blank][i];
        if (c == skip) continue;
        child[n] = c;
        h[n++] = h_key + b->gain[blank][i][t];
    }
    return n;
}

/* The fewest of goal[0 .. n-1] (goal places along a line, in the order the tiles stand) to take
 * away so that the rest increase: n less the longest increasing run. */
static int must_leave(const int *goal, int n)
{
    int longest[TILES_MAX_SIDE], best = 0;
    for (int i = 0; i < n; i++) {
        longest[i] = 1;
        for (int j = 0; j < i; j++)
            if (goal[j] < goal[i] && longest[j] + 1 > longest[i]) longest[i] = longest[j] + 1;
        if (longest[i] > best) best = longest[i];
    }
    return n - best;
}

/* The tile on cell i: of the one-word key, or of the cells when they are given (a wide key's,
 * decoded). Inlined with cell a constant NULL or not, so that each reads its own. */
#define TILE_ON(key, cell, i) ((cell) ? (cell)[i] : tiles_at(key, i))

static inline __attribute__((always_inline)) int linear_conflicts(const tiles_board *b,
                                                                  uint64_t key,
                                                                  const uint8_t *cell)
{
    int extra = 0, w = b->width, h = b->height, goal[TILES_MAX_SIDE], n;
    for (int r = 0; r < h; r++) {
        n = 0;
        for (int c = 0; c < w; c++) {
            int t = TILE_ON(key, cell, r * w + c), home = b->goal_cell[t];
            if (t && home / w == r) goal[n++] = home % w;
        }
        extra += 2 * must_leave(goal, n);
    }
    for (int c = 0; c < w; c++) {
        n = 0;
        for (int r = 0; r < h; r++) {
            int t = TILE_ON(key, cell, r * w + c), home = b->goal_cell[t];
            if (t && home % w == c) goal[n++] = home / w;
        }
        extra += 2 * must_leave(goal, n);
    }
    return extra;
}

/* Manhattan plus the conflicts, of a key known solvable: a one-word key's nibbles read in
 * place, a wide key's decoded. */
static int conflict_sum(const tiles_board *b, uint64_t key)
{
    return tiles_manhattan(b, key) + linear_conflicts(b, key, NULL);
}

static int conflict_sum_wide(const tiles_board *b, key_wide key)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    return tiles_manhattan_cells(b, cell) + linear_conflicts(b, 0, cell);
}

static int conflict_h(const family_bound *fb, uint64_t key)
{
    return tiles_solvable(fb->p->board, key) ? conflict_sum(fb->p->board, key) : -1;
}

static int conflict_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    (void)parent, (void)h_parent;
    return conflict_sum(fb->p->board, key);
}

static int conflict_h_wide(const family_bound *fb, key_wide key)
{
    return tiles_solvable(fb->p->board, key) ? conflict_sum_wide(fb->p->board, key) : -1;
}

/* A child of a solvable key is solvable (parity never changes along a move). */
static int conflict_expand_wide(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                                key_wide *child, int *h)
{
    (void)h_key;
    int all = tiles_wide_successors(fb->p->board, key, child), n = 0;
    for (int i = 0; i < all; i++) {
        if (child[i] == skip) continue;
        child[n] = child[i];
        h[n++] = conflict_sum_wide(fb->p->board, child[i]);
    }
    return n;
}

/* The registry's begin (heuristic.h, family_bounds): the bound's own h, h_after and expand, or
 * the pattern databases within the bytes budget. */
static int tiles_begin(family_bound *fb, int kind, heuristic_options o, const solver_budget *budget)
{
    switch (kind) {
    case HEURISTIC_MANHATTAN:
        fb->h = manhattan_h;
        fb->h_after = manhattan_after;
        fb->expand = manhattan_expand;
        fb->expand_wide = manhattan_expand_wide;   /* h_wide: the view's own, the Manhattan distance */
        return 0;
    case HEURISTIC_CONFLICT:
        fb->h = conflict_h;
        fb->h_after = conflict_after;
        fb->h_wide = conflict_h_wide;
        fb->expand_wide = conflict_expand_wide;
        return 0;
    default: return tiles_pdb_begin(fb, o, budget->max_bytes ? budget->max_bytes : UINT64_MAX);
    }
}

/* The pattern databases are built once a process, or read from their cache, before a solve is
 * timed (tiles_pdb.c); the other bounds read nothing. */
static double tiles_prepare(const family_problem *p, int kind, heuristic_options o,
                            uint64_t max_bytes, uint64_t *bytes)
{
    return kind == HEURISTIC_PDB ? tiles_pdb_prepare(p, o, max_bytes, bytes) : 0;
}

const struct family_bounds tiles_bounds = {
    HEURISTIC_BIT(HEURISTIC_PDB) | HEURISTIC_BIT(HEURISTIC_MANHATTAN) | HEURISTIC_BIT(HEURISTIC_CONFLICT),
    tiles_begin,
    tiles_prepare,
};
