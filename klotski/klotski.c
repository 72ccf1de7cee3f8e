/* klotski.c -- the Klotski board: building it, its canonical key, successors in three
 * measures, notation and replay (klotski.h).
 *
 * The invariant everything here keeps: a key, raw or coded, is the walk of klotski.h over a
 * layout, so klotski_encode(klotski_decode(key)) == key, and two layouts that differ only by
 * alike pieces give one key; the raw generator gives the same successors, in the same order,
 * as the decoding one would. Replay never uses the key: it moves lettered pieces cell by cell, so it checks
 * a solution independently of the generator that found it.
 */
#include "klotski/klotski.h"
#include "klotski/klotski_memo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/xmem.h"

static int fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, KLOTSKI_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- Building ------------------------------------------------------------------------- */

int klotski_init(klotski_board *b, int width, int height, char *err)
{
    memset(b, 0, sizeof *b);
    if (width < KLOTSKI_MIN_SIDE || width > KLOTSKI_MAX_SIDE || height < KLOTSKI_MIN_SIDE ||
        height > KLOTSKI_MAX_SIDE)
        return fail(err, "a Klotski board is %d to %d cells each way, not %dx%d", KLOTSKI_MIN_SIDE,
                    KLOTSKI_MAX_SIDE, width, height);
    b->width = (uint8_t)width;
    b->height = (uint8_t)height;
    for (int r = 0; r < height; r++) b->inside |= ((1ull << width) - 1) << (r * 8);
    return 0;
}

int klotski_add_wall(klotski_board *b, int row, int col, char *err)
{
    if (row < 0 || row >= b->height || col < 0 || col >= b->width)
        return fail(err, "wall at row %d, column %d is outside the board", row, col);
    b->walls |= 1ull << (row * 8 + col);
    return 0;
}

/* Whether cells are 4-connected. */
static bool connected(uint64_t cells)
{
    uint64_t reached = cells & -cells, grown;
    const uint64_t not_col0 = ~0x0101010101010101ull, not_col7 = ~0x8080808080808080ull;
    do {
        grown = reached | reached << 8 | reached >> 8 | (reached << 1 & not_col0) |
                (reached >> 1 & not_col7);
        grown &= cells;
        if (grown == reached) break;
        reached = grown;
    } while (1);
    return reached == cells;
}

int klotski_add_piece(klotski_board *b, char label, uint64_t cells, char *err)
{
    if (b->npieces == KLOTSKI_MAX_PIECES)
        return fail(err, "more than %d pieces", KLOTSKI_MAX_PIECES);
    if (cells & ~b->inside) return fail(err, "piece %c lies outside the board", label);
    if (!connected(cells)) return fail(err, "piece %c is not connected", label);
    for (int i = 0; i < b->npieces; i++)
        if (b->piece[i].label == label) return fail(err, "two pieces are lettered %c", label);
    int anchor = __builtin_ctzll(cells);
    b->piece[b->npieces++] = (klotski_piece){label, 0, (uint8_t)anchor, cells >> anchor};
    return 0;
}

/* Huffman code lengths for counts[0 .. n-1] (zero counts get no code); deterministic ties. */
static void code_lengths(const int *counts, int n, uint8_t *len)
{
    int weight[2 * KLOTSKI_MAX_CLASSES], parent[2 * KLOTSKI_MAX_CLASSES], nodes = n, live = 0;
    bool done[2 * KLOTSKI_MAX_CLASSES] = {false};
    for (int i = 0; i < n; i++) {
        weight[i] = counts[i];
        parent[i] = -1;
        done[i] = counts[i] == 0;
        live += counts[i] > 0;
        len[i] = 0;
    }
    for (; live > 1; live--) {
        int pick[2];
        for (int k = 0; k < 2; k++) {
            int best = -1;
            for (int i = 0; i < nodes; i++)
                if (!done[i] && (best < 0 || weight[i] < weight[best])) best = i;
            done[best] = true;
            pick[k] = best;
        }
        weight[nodes] = weight[pick[0]] + weight[pick[1]];
        parent[nodes] = -1;
        done[nodes] = false;
        parent[pick[0]] = parent[pick[1]] = nodes++;
    }
    for (int i = 0; i < n; i++)
        for (int j = parent[i]; counts[i] && j >= 0; j = parent[j]) len[i]++;
}

static uint32_t reverse_bits(uint32_t code, int len)
{
    uint32_t out = 0;
    for (int i = 0; i < len; i++) out |= ((code >> i) & 1u) << (len - 1 - i);
    return out;
}

/* Canonical codes from the lengths (symbol 0 EMPTY, symbol c the class c >= 1), stored bit 0
 * first, and the decoding table. */
static int assign_codes(klotski_board *b, const uint8_t *len, char *err)
{
    int n = b->nclasses, max_len = 0;
    for (int s = 0; s < n; s++)
        if (len[s] > max_len) max_len = len[s];
    if (max_len > KLOTSKI_MAX_CODE)
        return fail(err, "too many kinds of piece for the key (a token of %d bits)", max_len);
    b->max_len = (uint8_t)max_len;
    uint32_t code = 0;
    for (int l = 1; l <= max_len; l++) {
        for (int s = 0; s < n; s++) {
            if (len[s] != l) continue;
            uint32_t stored = reverse_bits(code++, l);
            if (s == 0) b->empty_code = stored, b->empty_len = (uint8_t)l;
            else b->cls[s].code = stored, b->cls[s].code_len = (uint8_t)l;
            for (uint32_t fill = 0; fill < 1u << (max_len - l); fill++)
                b->decode[stored | fill << l] = (uint16_t)(s | l << 8);
        }
        code <<= 1;
    }
    /* One kind of token only: it takes no bits. */
    for (int s = 0; s < n; s++)
        if (len[s] == 0 && (s == 0 ? b->empty_cells : b->cls[s].count)) b->decode[0] = (uint16_t)s;
    return 0;
}

static const int8_t drow[4] = {-1, 1, 0, 0}, dcol[4] = {0, 0, -1, 1};
static const char dname[4] = {'U', 'D', 'L', 'R'};

/* The raw key's tables (klotski.h): lanes, each class's pattern on each lane, the steps. */
static void raw_tables(klotski_board *b)
{
    int w = b->width, lanes = b->width * b->height;
    memset(b->lane, 0xFF, sizeof b->lane);
    b->raw_walls = 0;
    for (int k = 0; k < lanes; k++) {
        int cell = (k / w) * 8 + k % w;
        b->lane[cell] = (uint8_t)k;
        b->cell[k] = (uint8_t)cell;
        if (b->walls >> cell & 1) b->raw_walls |= 7ull << 3 * k;
        for (int d = 0; d < 4; d++) {
            int row = k / w + drow[d], col = k % w + dcol[d];
            b->raw_next[k][d] = row < 0 || row >= b->height || col < 0 || col >= w
                                    ? KLOTSKI_NO_CELL : (uint8_t)(row * w + col);
        }
    }
    for (int c = 0; c < b->nclasses; c++)
        for (int k = 0; k < lanes; k++) {
            b->raw_piece[c][k] = 0;
            if (!klotski_fits(b, c, b->cell[k])) continue;
            for (uint64_t s = klotski_cells(b, c, b->cell[k]); s; s &= s - 1) {
                int lane = b->lane[__builtin_ctzll(s)];
                b->raw_piece[c][k] |= (lane == k ? (uint64_t)c + 1 : 7) << 3 * lane;
            }
            b->raw_cells[c][k] = klotski_dense(b->raw_piece[c][k]);
        }
    for (int c = 0; c < b->nclasses; c++)
        for (int k = 0; k < lanes; k++)
            for (int d = 0; d < 4; d++) {
                int to = b->raw_next[k][d];
                bool steps = b->raw_piece[c][k] && to != KLOTSKI_NO_CELL && b->raw_piece[c][to];
                b->raw_enter[c][k][d] = steps ? b->raw_cells[c][to] & ~b->raw_cells[c][k] : KLOTSKI_OUTSIDE;
            }
}

/* The wide raw key's tables (klotski.h): the same lanes, patterns and steps over two words. */
static void wide_tables(klotski_board *b)
{
    int w = b->width, lanes = b->width * b->height;
    memset(b->lane, 0xFF, sizeof b->lane);
    b->wide_walls = 0;
    for (int k = 0; k < lanes; k++) {
        int cell = (k / w) * 8 + k % w;
        b->lane[cell] = (uint8_t)k;
        b->cell[k] = (uint8_t)cell;
        if (b->walls >> cell & 1) b->wide_walls |= (key_wide)7 << 3 * k;
        for (int d = 0; d < 4; d++) {
            int row = k / w + drow[d], col = k % w + dcol[d];
            b->wide_next[k][d] = row < 0 || row >= b->height || col < 0 || col >= w
                                     ? KLOTSKI_WIDE_CELLS : (uint8_t)(row * w + col);
        }
    }
    for (int c = 0; c < KLOTSKI_RAW_CLASSES; c++)
        for (int k = 0; k <= KLOTSKI_WIDE_CELLS; k++) {
            b->wide_piece[c][k] = 0;
            b->wide_cells[c][k] = KLOTSKI_WIDE_OUTSIDE;
            if (c >= b->nclasses || k >= lanes || !klotski_fits(b, c, b->cell[k])) continue;
            for (uint64_t s = klotski_cells(b, c, b->cell[k]); s; s &= s - 1) {
                int lane = b->lane[__builtin_ctzll(s)];
                b->wide_piece[c][k] |= (key_wide)(lane == k ? (unsigned)c + 1 : 7) << 3 * lane;
            }
            b->wide_cells[c][k] = klotski_wide_dense(b->wide_piece[c][k]);
        }
}

int klotski_finish(klotski_board *b, char primary_label, char *err)
{
    int primary = -1;
    uint64_t covered = 0;
    for (int i = 0; i < b->npieces; i++) {
        uint64_t cells = b->piece[i].shape << b->piece[i].start;
        if (cells & b->walls) return fail(err, "piece %c stands on a wall", b->piece[i].label);
        if (cells & covered) return fail(err, "piece %c overlaps another", b->piece[i].label);
        covered |= cells;
        if (b->piece[i].label == primary_label) primary = i;
    }
    if (primary < 0) return fail(err, "no piece %c to free", primary_label);
    b->primary = (uint8_t)primary;
    b->empty_cells = (uint8_t)__builtin_popcountll(b->inside & ~b->walls & ~covered);

    /* Classes: the primary's is 0; then one per shape, in the order pieces first show it. */
    b->cls[0].shape = b->piece[primary].shape;
    b->cls[0].count = 1;
    b->nclasses = 1;
    for (int i = 0; i < b->npieces; i++) {
        if (i == primary) continue;
        int c = 1;
        while (c < b->nclasses && b->cls[c].shape != b->piece[i].shape) c++;
        if (c == b->nclasses) {
            if (c == KLOTSKI_MAX_CLASSES)
                return fail(err, "more than %d shapes of piece", KLOTSKI_MAX_CLASSES - 1);
            b->cls[c].shape = b->piece[i].shape;
            b->nclasses++;
        }
        b->cls[c].count++;
        b->piece[i].cls = (uint8_t)c;
    }
    /* A class's extent, from a piece of it as it stands (a mask alone cannot tell a cell one
     * row down and seven columns left from the next cell on the right). */
    for (int i = 0; i < b->npieces; i++) {
        klotski_class *k = &b->cls[b->piece[i].cls];
        int a = b->piece[i].start, col_min = 0, col_max = 0, rows = 0;
        for (uint64_t s = k->shape << a; s; s &= s - 1) {
            int cell = __builtin_ctzll(s), row = (cell >> 3) - (a >> 3), col = (cell & 7) - (a & 7);
            if (col < col_min) col_min = col;
            if (col > col_max) col_max = col;
            if (row + 1 > rows) rows = row + 1;
        }
        k->col_min = (int8_t)col_min;
        k->col_max = (int8_t)col_max;
        k->rows = (uint8_t)rows;
    }

    int counts[KLOTSKI_MAX_CLASSES];
    uint8_t len[KLOTSKI_MAX_CLASSES];
    counts[0] = b->empty_cells;
    for (int c = 1; c < b->nclasses; c++) counts[c] = b->cls[c].count;
    code_lengths(counts, b->nclasses, len);
    if (assign_codes(b, len, err) < 0) return -1;
    int bits = 6 + b->empty_cells * b->empty_len;
    for (int c = 1; c < b->nclasses; c++) bits += b->cls[c].count * b->cls[c].code_len;
    int cells = b->width * b->height;
    b->raw = cells <= KLOTSKI_RAW_CELLS && b->nclasses <= KLOTSKI_RAW_CLASSES;
    b->wide = !b->raw && cells <= KLOTSKI_WIDE_CELLS && b->nclasses <= KLOTSKI_RAW_CLASSES;
    if (b->raw) raw_tables(b), bits = 3 * cells;
    if (b->wide) wide_tables(b);
    if (bits > 64)
        return fail(err, "too many cells for the key: a state takes %d bits, 64 at most", bits);
    b->key_bits = (uint8_t)bits;
    b->target = KLOTSKI_NO_CELL;
    return 0;
}

/* Whether class c fits with its anchor at (row, col), inside the board. */
static bool fits_at(const klotski_board *b, int c, int row, int col)
{
    return row >= 0 && col >= 0 && col < 8 && klotski_fits(b, c, row * 8 + col);
}

/* Units of measure m from every anchor of the primary to `to` with only the walls standing:
 * a breadth-first search backwards (every unit is reversible). Steps go one cell, slides any
 * distance in a line; for moves, every anchor the primary reaches at all is one move away. */
static void primary_distances(klotski_board *b, measure m, int to)
{
    uint8_t *dist = b->primary_distance[m];
    memset(dist, 0xFF, 64);
    uint8_t queue[64];
    int head = 0, tail = 0;
    dist[to] = 0;
    queue[tail++] = (uint8_t)to;
    while (head < tail) {
        int a = queue[head++];
        for (int d = 0; d < 4; d++)
            for (int k = 1;; k++) {
                int row = (a >> 3) + k * drow[d], col = (a & 7) + k * dcol[d];
                if (!fits_at(b, 0, row, col) || (klotski_cells(b, 0, row * 8 + col) & b->walls)) break;
                int next = row * 8 + col;
                if (dist[next] == 0xFF) {
                    dist[next] = m == MEASURE_MOVES ? 1 : (uint8_t)(dist[a] + 1);
                    queue[tail++] = (uint8_t)next;
                }
                if (m != MEASURE_SLIDES) break;
            }
    }
}

int klotski_set_target_anchor(klotski_board *b, int anchor, char *err)
{
    int row = anchor >> 3, col = anchor & 7;
    if (anchor < 0 || anchor > 63 || !fits_at(b, 0, row, col))
        return fail(err, "the target lies outside the board: piece %c does not fit there",
                    b->piece[b->primary].label);
    if (klotski_cells(b, 0, anchor) & b->walls)
        return fail(err, "the target of piece %c is on a wall", b->piece[b->primary].label);
    b->target = (uint8_t)anchor;
    for (int m = 0; m < MEASURE_COUNT; m++) primary_distances(b, (measure)m, anchor);
    return 0;
}

int klotski_set_target(klotski_board *b, int row, int col, char *err)
{
    int anchor_col = col - b->cls[0].col_min;
    if (row < 0 || row >= b->height || col < 0 || col >= b->width)
        return fail(err, "the target (%d, %d) lies outside the %dx%d board", col, row, b->width,
                    b->height);
    return klotski_set_target_anchor(b, anchor_col > 7 ? 64 : row * 8 + anchor_col, err);
}

/* The cells of the board along edge `side`. */
static uint64_t edge_cells(const klotski_board *b, char side)
{
    uint64_t col0 = 0;
    for (int r = 0; r < b->height; r++) col0 |= 1ull << (r * 8);
    switch (side) {
    case '^': return b->inside & 0xFF;
    case 'v': return b->inside & (0xFFull << ((b->height - 1) * 8));
    case '<': return col0;
    default: return col0 << (b->width - 1);
    }
}

int klotski_target_for_opening(const klotski_board *b, char side, uint64_t marked)
{
    uint64_t edge = edge_cells(b, side);
    for (int a = 0; a < 64; a++)
        if (fits_at(b, 0, a >> 3, a & 7) && (klotski_cells(b, 0, a) & edge) == marked &&
            !(klotski_cells(b, 0, a) & b->walls))
            return a;
    return -1;
}

char klotski_opening(const klotski_board *b)
{
    static const char sides[4] = {'v', '^', '<', '>'};
    if (b->target == KLOTSKI_NO_CELL) return 0;
    uint64_t cells = klotski_cells(b, 0, b->target);
    for (int s = 0; s < 4; s++)
        if (cells & edge_cells(b, sides[s])) return sides[s];
    return 0;
}

/* ---- The key ---------------------------------------------------------------------------- */

uint64_t klotski_key_at(const klotski_board *b, const uint8_t *at)
{
    klotski_layout l;
    l.n = b->npieces;
    for (int i = 0; i < b->npieces; i++) {
        l.cls[i] = b->piece[i].cls;
        l.at[i] = at[i];
    }
    return klotski_encode(b, &l);
}

uint64_t klotski_start_key(const klotski_board *b)
{
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < b->npieces; i++) at[i] = b->piece[i].start;
    return klotski_key_at(b, at);
}

/* The raw key's decoder and generator, once a width (klotski_raw.h). */
#define RAW_KEY uint64_t
#define RAW_DENSE uint32_t
#define RAW_FN(name) name
#define RAW_PIECE(b, c, k) (b)->raw_piece[c][k]
#define RAW_CELLS(b, c, k) (b)->raw_cells[c][k]
#define RAW_ENTER(b, c, k, d) (b)->raw_enter[c][k][d]
#define RAW_NEXT(b, k, d) (b)->raw_next[k][d]
#define RAW_DENSE_OF klotski_dense
#define RAW_ANCHOR_LANES klotski_anchor_lanes
#define RAW_PRIMARY(b, key) klotski_primary_lane(key)
#define RAW_CTZ __builtin_ctzll
#define RAW_OUTSIDE KLOTSKI_OUTSIDE
#include "klotski/klotski_raw.h"
#undef RAW_KEY
#undef RAW_DENSE
#undef RAW_FN
#undef RAW_PIECE
#undef RAW_CELLS
#undef RAW_ENTER
#undef RAW_NEXT
#undef RAW_DENSE_OF
#undef RAW_ANCHOR_LANES
#undef RAW_PRIMARY
#undef RAW_CTZ
#undef RAW_OUTSIDE

#define RAW_KEY key_wide
#define RAW_DENSE uint64_t
#define RAW_FN(name) wide_##name
#define RAW_PIECE(b, c, k) (b)->wide_piece[c][k]
#define RAW_CELLS(b, c, k) (b)->wide_cells[c][k]
#define RAW_ENTER(b, c, k, d) ((b)->wide_cells[c][(b)->wide_next[k][d]] & ~(b)->wide_cells[c][k])
#define RAW_NEXT(b, k, d) (b)->wide_next[k][d]
#define RAW_DENSE_OF klotski_wide_dense
#define RAW_ANCHOR_LANES klotski_wide_anchor_lanes
#define RAW_PRIMARY(b, key) klotski_wide_primary_lane(key)
#define RAW_CTZ key_wide_ctz
#define RAW_OUTSIDE KLOTSKI_WIDE_OUTSIDE
#include "klotski/klotski_raw.h"

void klotski_decode(const klotski_board *b, uint64_t key, klotski_layout *out)
{
    if (b->raw) {
        raw_decode(b, key, out);
        return;
    }
    int a0 = (int)(key & 63);
    uint64_t occupied = b->walls | klotski_cells(b, 0, a0), bits = key >> 6;
    uint64_t mask = (1ull << b->max_len) - 1;
    out->cls[0] = 0;
    out->at[0] = (uint8_t)a0;
    int n = 1;
    for (uint64_t todo = b->inside & ~occupied; todo; todo &= todo - 1) {
        int cell = __builtin_ctzll(todo);
        unsigned token = b->decode[bits & mask];
        bits >>= token >> 8;
        unsigned c = token & 0xFF;
        if (!c) continue;
        out->cls[n] = (uint8_t)c;
        out->at[n++] = (uint8_t)cell;
        occupied |= klotski_cells(b, (int)c, cell);
        todo &= ~klotski_cells(b, (int)c, cell);
        todo |= 1ull << cell;   /* cleared by the loop's step */
    }
    out->n = n;
    out->occupied = occupied;
}

/* The key of the layout with the primary on a0 and class_at[cell] the class anchored on each
 * other cell (KLOTSKI_NO_CELL: none). */
static uint64_t encode_cells(const klotski_board *b, int a0, const uint8_t *class_at)
{
    if (b->raw) return raw_encode(b, b->raw_walls, a0, class_at);
    uint64_t key = (uint64_t)a0;
    int at = 6;
    for (uint64_t todo = b->inside & ~(b->walls | klotski_cells(b, 0, a0)); todo; todo &= todo - 1) {
        int cell = __builtin_ctzll(todo);
        unsigned c = class_at[cell];
        if (c == KLOTSKI_NO_CELL) {
            key |= (uint64_t)b->empty_code << at;
            at += b->empty_len;
        } else {
            key |= (uint64_t)b->cls[c].code << at;
            at += b->cls[c].code_len;
            todo &= ~klotski_cells(b, (int)c, cell) | 1ull << cell;
        }
    }
    return key;
}

static void class_map(const klotski_layout *l, uint8_t *class_at)
{
    memset(class_at, KLOTSKI_NO_CELL, 64);
    for (int i = 0; i < l->n; i++)
        if (l->cls[i] != 0) class_at[l->at[i]] = l->cls[i];
}

/* The primary's anchor in a layout. */
static int primary_of(const klotski_layout *l)
{
    int a0 = 0;
    for (int i = 0; i < l->n; i++)
        if (l->cls[i] == 0) a0 = l->at[i];
    return a0;
}

uint64_t klotski_encode(const klotski_board *b, const klotski_layout *l)
{
    uint8_t class_at[64];
    class_map(l, class_at);
    return encode_cells(b, primary_of(l), class_at);
}

key_wide klotski_wide_encode(const klotski_board *b, const klotski_layout *l)
{
    uint8_t class_at[64];
    class_map(l, class_at);
    return wide_raw_encode(b, b->wide_walls, primary_of(l), class_at);
}

void klotski_wide_decode(const klotski_board *b, key_wide key, klotski_layout *out)
{
    wide_raw_decode(b, key, out);
}

/* ---- Successors ------------------------------------------------------------------------ */

int klotski_max_successors(const klotski_board *b)
{
    return b->npieces * 64;
}

/* Whether class c may stand on (row, col) with `others` covered. */
static bool free_at(const klotski_board *b, int c, int row, int col, uint64_t others)
{
    return fits_at(b, c, row, col) && !(klotski_cells(b, c, row * 8 + col) & others);
}

/* Where a piece of class c on anchor a can go in one unit of measure m, with `others` covered:
 * into dest (at most 63), in the order klotski.h gives; returns how many. When prev is not
 * NULL, prev[x] is the anchor one step before each destination x on its way from a. */
static int destinations(const klotski_board *b, int c, int a, uint64_t others, measure m,
                        uint8_t *dest, uint8_t *prev)
{
    int n = 0;
    if (m != MEASURE_MOVES) {
        for (int d = 0; d < 4; d++)
            for (int k = 1;; k++) {
                int row = (a >> 3) + k * drow[d], col = (a & 7) + k * dcol[d];
                if (!free_at(b, c, row, col, others)) break;
                if (prev) prev[row * 8 + col] = (uint8_t)(row * 8 + col - drow[d] * 8 - dcol[d]);
                dest[n++] = (uint8_t)(row * 8 + col);
                if (m == MEASURE_STEPS) break;
            }
        return n;
    }
    uint64_t seen = 1ull << a;
    uint8_t queue[64];
    int head = 0, tail = 0;
    queue[tail++] = (uint8_t)a;
    while (head < tail) {
        int from = queue[head++];
        for (int d = 0; d < 4; d++) {
            int row = (from >> 3) + drow[d], col = (from & 7) + dcol[d], to = row * 8 + col;
            if (!free_at(b, c, row, col, others) || (seen >> to & 1)) continue;
            seen |= 1ull << to;
            if (prev) prev[to] = (uint8_t)from;
            queue[tail++] = dest[n++] = (uint8_t)to;
        }
    }
    return n;
}

int klotski_piece_successors(const klotski_board *b, uint64_t key, uint32_t occupied, int c,
                             int a, measure m, uint64_t *child)
{
    return raw_piece_successors(b, key, occupied, c, a, m, child);
}

int klotski_successors_after(const klotski_board *b, uint64_t parent, uint64_t key, measure m,
                             uint64_t *child)
{
    if (!b->raw || m != MEASURE_MOVES) return klotski_successors(b, key, m, child);
    return raw_successors(b, key, m, klotski_moved_lane(parent, key), child);
}

int klotski_wide_successors(const klotski_board *b, key_wide key, measure m, key_wide *child)
{
    return wide_raw_successors(b, key, m, -1, child);
}

int klotski_wide_successors_after(const klotski_board *b, key_wide parent, key_wide key, measure m,
                                  key_wide *child)
{
    if (m != MEASURE_MOVES) return wide_raw_successors(b, key, m, -1, child);
    key_wide moved = klotski_wide_lanes_of(parent ^ key) & klotski_wide_anchor_lanes(key);
    return wide_raw_successors(b, key, m, key_wide_ctz(moved) / 3, child);
}

int klotski_successors(const klotski_board *b, uint64_t key, measure m, uint64_t *child)
{
    if (b->raw) return raw_successors(b, key, m, -1, child);
    klotski_layout l;
    klotski_decode(b, key, &l);
    uint8_t class_at[64], dest[64];
    class_map(&l, class_at);
    int n = 0;
    for (int i = 0; i < l.n; i++) {
        int c = l.cls[i], a = l.at[i];
        uint64_t others = l.occupied & ~klotski_cells(b, c, a);
        int nd = destinations(b, c, a, others, m, dest, NULL);
        if (c == 0) {
            for (int k = 0; k < nd; k++) child[n++] = encode_cells(b, dest[k], class_at);
            continue;
        }
        class_at[a] = KLOTSKI_NO_CELL;
        for (int k = 0; k < nd; k++) {
            class_at[dest[k]] = (uint8_t)c;
            child[n++] = encode_cells(b, l.at[0], class_at);
            class_at[dest[k]] = KLOTSKI_NO_CELL;
        }
        class_at[a] = (uint8_t)c;
    }
    return n;
}

int klotski_primary_distance(const klotski_board *b, uint64_t key, measure m)
{
    uint8_t d = b->primary_distance[m][klotski_primary_anchor(b, key)];
    return d == 0xFF ? -1 : d;
}

/* ---- Notation and replay ---------------------------------------------------------------- */

typedef struct {
    char *text;
    size_t len, capacity;
} text_buf;

static void put(text_buf *t, char c)
{
    GROW(t->text, t->capacity, t->len + 2, 256);
    t->text[t->len++] = c;
    t->text[t->len] = '\0';
}

/* The direction of a step from anchor a to anchor to. */
static int direction(int a, int to)
{
    int diff = to - a;
    return diff == -8 ? 0 : diff == 8 ? 1 : diff == -1 ? 2 : 3;
}

/* The piece of layout `at` (anchors by piece) that one unit of measure m took to `next`, and
 * in path[*len - 1 .. 0] the anchors of its steps there: 0, or -1 when `next` is not one unit
 * away. Only one piece moved, so it is the one whose anchor no longer holds its class, and its
 * new anchor the one of that class that no unmoved piece holds. */
static int unit_between(const klotski_board *b, const uint8_t *at, const klotski_layout *next,
                        measure m, int *moved, uint8_t *path, int *len)
{
    uint8_t class_at[64];
    class_map(next, class_at);
    uint64_t unmoved = 0;
    *moved = -1;
    for (int i = 0; i < b->npieces; i++) {
        int c = b->piece[i].cls;
        if (c == 0 ? next->at[0] == at[i] : class_at[at[i]] == c) unmoved |= 1ull << at[i];
        else *moved = i;
    }
    if (*moved < 0) return -1;
    int c = b->piece[*moved].cls, to = -1;
    for (int j = 0; j < next->n; j++)
        if (next->cls[j] == c && (c == 0 || !(unmoved >> next->at[j] & 1))) to = next->at[j];
    uint64_t occupied = b->walls;
    for (int i = 0; i < b->npieces; i++)
        if (i != *moved) occupied |= klotski_cells(b, b->piece[i].cls, at[i]);
    uint8_t dest[64], prev[64];
    int nd = destinations(b, c, at[*moved], occupied, m, dest, prev);
    bool reached = false;
    for (int j = 0; j < nd; j++) reached |= dest[j] == to;
    if (!reached) return -1;
    *len = 0;
    for (int x = to; x != at[*moved]; x = prev[x]) path[(*len)++] = (uint8_t)x;
    return 0;
}

/* Layout k of a path of keys, narrow or wide. */
typedef void path_layout(const klotski_board *b, const void *keys, int k, klotski_layout *out);

static void narrow_layout(const klotski_board *b, const void *keys, int k, klotski_layout *out)
{
    klotski_decode(b, ((const uint64_t *)keys)[k], out);
}

static void wide_layout(const klotski_board *b, const void *keys, int k, klotski_layout *out)
{
    wide_raw_decode(b, ((const key_wide *)keys)[k], out);
}

static char *path_text(const klotski_board *b, const void *keys, path_layout *layout, int n,
                       measure m, char *err)
{
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < b->npieces; i++) at[i] = b->piece[i].start;
    text_buf t = {xmalloc(256), 0, 256};
    t.text[0] = '\0';
    int last = -1;
    for (int k = 1; k < n; k++) {
        klotski_layout next;
        layout(b, keys, k, &next);
        int moved, len;
        uint8_t path[64];
        if (unit_between(b, at, &next, m, &moved, path, &len) < 0) {
            free(t.text);
            fail(err, "states %d and %d of the path are not one %s apart", k - 1, k,
                 measure_name(m));
            return NULL;
        }
        if (moved != last) {   /* one token per move: a piece's runs in a row are one */
            if (t.len) put(&t, ' ');
            put(&t, b->piece[moved].label);
        }
        for (int from = at[moved], j = len - 1; j >= 0; from = path[j--])
            put(&t, dname[direction(from, path[j])]);
        at[moved] = path[0];
        last = moved;
    }
    return t.text;
}

char *klotski_path_text(const klotski_board *b, const uint64_t *keys, int n, measure m,
                        char *err)
{
    return path_text(b, keys, narrow_layout, n, m, err);
}

int klotski_piece_of_label(const klotski_board *b, char label)
{
    for (int i = 0; i < b->npieces; i++)
        if (b->piece[i].label == label) return i;
    return -1;
}

int klotski_replay(const klotski_board *b, const char *text, measure_counts *out, char *err)
{
    return klotski_replay_each(b, text, NULL, NULL, out, err);
}

int klotski_replay_each(const klotski_board *b, const char *text, klotski_token_seen *seen,
                        void *ctx, measure_counts *out, char *err)
{
    uint8_t at[KLOTSKI_MAX_PIECES];
    uint64_t occupied = b->walls;
    for (int i = 0; i < b->npieces; i++) {
        at[i] = b->piece[i].start;
        occupied |= klotski_cells(b, b->piece[i].cls, at[i]);
    }
    *out = (measure_counts){0, 0, 0};
    int last_piece = -1, last_dir = -1, token = 0;
    for (const char *s = text; *s;) {
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            s++;
            continue;
        }
        size_t len = strcspn(s, " \t\n");
        token++;
        int i = klotski_piece_of_label(b, *s);
        if (i < 0)
            return fail(err, "move %d (%.*s): no piece %c", token, (int)(len > 40 ? 40 : len), s, *s);
        if (len == 1)
            return fail(err, "move %d (%c): no direction after the piece", token, *s);
        for (size_t k = 1; k < len; k++) {
            const char *d = strchr("UDLR", s[k]);
            if (!d)
                return fail(err, "move %d (%.*s): '%c' is not a direction (U, D, L, R)", token,
                            (int)(len > 40 ? 40 : len), s, s[k]);
            int dir = (int)(d - "UDLR"), c = b->piece[i].cls;
            uint64_t own = klotski_cells(b, c, at[i]);
            int row = (at[i] >> 3) + drow[dir], col = (at[i] & 7) + dcol[dir];
            if (!free_at(b, c, row, col, occupied & ~own))
                return fail(err, "move %d (%.*s), step %d: %c cannot move %s", token,
                            (int)(len > 40 ? 40 : len), s, (int)k, b->piece[i].label,
                            (const char *[]){"up", "down", "left", "right"}[dir]);
            occupied = (occupied & ~own) | klotski_cells(b, c, row * 8 + col);
            at[i] = (uint8_t)(row * 8 + col);
            out->steps++;
            if (i != last_piece) out->moves++;
            if (i != last_piece || dir != last_dir) out->slides++;
            last_piece = i;
            last_dir = dir;
        }
        if (seen) seen(at, s, len, ctx);
        s += len;
    }
    if (at[b->primary] != b->target)
        return fail(err, "the moves end with piece %c off its target", b->piece[b->primary].label);
    return 0;
}

/* ---- Text ------------------------------------------------------------------------------- */

/* The board's cells with piece i anchored on at[i]: '.', 'x' or a piece's letter. */
static void paint(const klotski_board *b, const uint8_t *at, char grid[8][8])
{
    memset(grid, '.', 64);
    for (int cell = 0; cell < 64; cell++)
        if (b->walls >> cell & 1) grid[cell >> 3][cell & 7] = 'x';
    for (int i = 0; i < b->npieces; i++)
        for (uint64_t s = klotski_cells(b, b->piece[i].cls, at[i]); s; s &= s - 1) {
            int cell = __builtin_ctzll(s);
            grid[cell >> 3][cell & 7] = b->piece[i].label;
        }
}

int klotski_format_cells(const klotski_board *b, const uint8_t *at, char *out)
{
    char grid[8][8];
    paint(b, at, grid);
    int n = 0;
    for (int r = 0; r < b->height; r++)
        for (int c = 0; c < b->width; c++) out[n++] = grid[r][c];
    out[n] = '\0';
    return n;
}

int klotski_format_key(const klotski_board *b, uint64_t key, char *out)
{
    klotski_layout l;
    klotski_decode(b, key, &l);
    /* The pieces of each class, in order of their start anchors, take the anchors of that class
     * in reading order (the layout's own order). */
    uint8_t at[KLOTSKI_MAX_PIECES];
    bool placed[KLOTSKI_MAX_PIECES] = {false};
    for (int j = 0; j < l.n; j++) {
        int best = -1;
        for (int i = 0; i < b->npieces; i++)
            if (!placed[i] && b->piece[i].cls == l.cls[j] &&
                (best < 0 || b->piece[i].start < b->piece[best].start))
                best = i;
        placed[best] = true;
        at[best] = l.at[j];
    }
    return klotski_format_grid(b, at, out);
}

void klotski_target_cell(const klotski_board *b, int *col, int *row)
{
    *col = (b->target & 7) + b->cls[0].col_min;
    *row = b->target >> 3;
}

int klotski_format_grid(const klotski_board *b, const uint8_t *at, char *out)
{
    char grid[8][8];
    paint(b, at, grid);
    char side = klotski_opening(b);
    uint64_t marked = side ? klotski_cells(b, 0, b->target) & edge_cells(b, side) : 0;
    int n = 0, w = b->width;
    out[n++] = '+';
    for (int c = 0; c < w; c++) out[n++] = side == '^' && (marked >> c & 1) ? '^' : '-';
    out[n++] = '+';
    out[n++] = '\n';
    for (int r = 0; r < b->height; r++) {
        out[n++] = side == '<' && (marked >> (r * 8) & 1) ? '<' : '|';
        for (int c = 0; c < w; c++) out[n++] = grid[r][c];
        out[n++] = side == '>' && (marked >> (r * 8 + w - 1) & 1) ? '>' : '|';
        out[n++] = '\n';
    }
    out[n++] = '+';
    for (int c = 0; c < w; c++)
        out[n++] = side == 'v' && (marked >> ((b->height - 1) * 8 + c) & 1) ? 'v' : '-';
    out[n++] = '+';
    out[n++] = '\n';
    out[n] = '\0';
    return n;
}

bool klotski_token_valid(const char *token, size_t len)
{
    char c = len ? token[0] : 0;
    if (len < 2 || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
    for (size_t k = 1; k < len; k++)
        if (!token[k] || !strchr("UDLR", token[k])) return false;
    return true;
}

void klotski_picture(const klotski_board *b, const uint8_t *at, family_picture *out)
{
    char side = klotski_opening(b);
    *out = (family_picture){.width = b->width, .height = b->height, .walls = b->walls,
                            .exit_side = side, .npieces = b->npieces,
                            .exit = side ? klotski_cells(b, 0, b->target) & edge_cells(b, side) : 0};
    for (int i = 0; i < b->npieces; i++)
        out->piece[i] = (family_piece){{b->piece[i].label, 0}, klotski_cells(b, b->piece[i].cls, at[i]),
                                       i == b->primary, -1};
}

/* ---- The family view (family.h) --------------------------------------------------------- */

static bool problem_is_goal(const void *b, uint64_t key)
{
    return klotski_is_goal(b, key);
}

static int problem_successors(const void *b, uint64_t key, measure m, uint64_t *child)
{
    return klotski_successors(b, key, m, child);
}

static int problem_successors_after(const void *b, uint64_t parent, uint64_t key, measure m,
                                    uint64_t *child)
{
    return klotski_successors_after(b, parent, key, m, child);
}

static int problem_lower_bound(const void *b, uint64_t key, measure m)
{
    return klotski_primary_distance(b, key, m);
}

static char *problem_path_text(const void *b, const uint64_t *keys, int n, measure m, char *err)
{
    return klotski_path_text(b, keys, n, m, err);
}

/* The goal states: every way to fill the cells the walls and the primary at its target leave,
 * in reading order, with the other pieces and the empty cells there are. */
typedef struct {
    const klotski_board *b;
    uint8_t class_at[64];
    int left[KLOTSKI_MAX_CLASSES];   /* pieces of each class still to place; [0]: empty cells */
    long count, max;
    bool (*seed)(uint64_t key, void *ctx);            /* a narrow view's, */
    bool (*seed_wide)(key_wide key, void *ctx);       /* or a wide one's */
    void *ctx;
    bool stop;
} goal_walk;

static bool seed_goal(goal_walk *w)
{
    const klotski_board *b = w->b;
    if (w->seed_wide) return w->seed_wide(wide_raw_encode(b, b->wide_walls, b->target, w->class_at), w->ctx);
    return w->seed(encode_cells(b, b->target, w->class_at), w->ctx);
}

static void fill(goal_walk *w, uint64_t todo)
{
    if (w->stop) return;
    if (!todo) {
        if (++w->count > w->max || !seed_goal(w)) w->stop = true;
        return;
    }
    int cell = __builtin_ctzll(todo);
    if (w->left[0]) {
        w->left[0]--;
        fill(w, todo & (todo - 1));
        w->left[0]++;
    }
    for (int c = 1; c < w->b->nclasses && !w->stop; c++) {
        uint64_t cells = klotski_cells(w->b, c, cell);
        if (!w->left[c] || !klotski_fits(w->b, c, cell) || (cells & ~todo)) continue;
        w->left[c]--;
        w->class_at[cell] = (uint8_t)c;
        fill(w, todo & ~cells);
        w->class_at[cell] = KLOTSKI_NO_CELL;
        w->left[c]++;
    }
}

/* Every goal layout: the cluster's are among them. */
static long goal_states(goal_walk *w)
{
    const klotski_board *b = w->b;
    memset(w->class_at, KLOTSKI_NO_CELL, sizeof w->class_at);
    w->left[0] = b->empty_cells;
    for (int c = 1; c < b->nclasses; c++) w->left[c] = b->cls[c].count;
    fill(w, b->inside & ~b->walls & ~klotski_cells(b, 0, b->target));
    return w->count > w->max ? -1 : w->count;
}

static long problem_goal_states(const void *board, uint64_t start, long max,
                                bool (*seed)(uint64_t key, void *ctx), void *ctx)
{
    (void)start;
    goal_walk w = {.b = board, .max = max, .seed = seed, .ctx = ctx};
    return goal_states(&w);
}

/* The wide view's calls (a board that is `wide`). */
static int wide_successors(const void *b, key_wide key, measure m, key_wide *child)
{
    return klotski_wide_successors(b, key, m, child);
}

static int wide_successors_after(const void *b, key_wide parent, key_wide key, measure m,
                                 key_wide *child)
{
    return klotski_wide_successors_after(b, parent, key, m, child);
}

static int wide_lower_bound(const void *board, key_wide key, measure m)
{
    const klotski_board *b = board;
    uint8_t d = b->primary_distance[m][b->cell[klotski_wide_primary_lane(key)]];
    return d == 0xFF ? -1 : d;
}

static char *wide_path_text(const void *b, const key_wide *keys, int n, measure m, char *err)
{
    return path_text(b, keys, wide_layout, n, m, err);
}

static long wide_goal_states(const void *board, key_wide start, long max,
                             bool (*seed)(key_wide key, void *ctx), void *ctx)
{
    (void)start;
    goal_walk w = {.b = board, .max = max, .seed_wide = seed, .ctx = ctx};
    return goal_states(&w);
}

/* The view of a wide board: its start's layout keyed again over two words. */
static void wide_problem(const klotski_board *b, uint64_t start, family_problem *out)
{
    klotski_layout l;
    klotski_decode(b, start, &l);
    key_wide wide_start = klotski_wide_encode(b, &l);
    int shift = b->target < 64 ? 3 * b->lane[b->target] : 0;
    *out = (family_problem){.family = FAMILY_KLOTSKI, .board = b, .start = key_low(wide_start),
                            .max_successors = klotski_max_successors(b), .key_words = 2};
    out->wide = (family_wide){.start = wide_start,
                              .goal_mask = (key_wide)7 << shift,
                              .goal_value = (key_wide)1 << shift,
                              .successors = wide_successors,
                              .successors_after = wide_successors_after,
                              .lower_bound = wide_lower_bound,
                              .path_text = wide_path_text,
                              .goal_states = wide_goal_states};
}

void klotski_problem(const klotski_board *b, uint64_t start, family_problem *out)
{
    if (b->wide) {
        wide_problem(b, start, out);
        return;
    }
    /* klotski_is_goal: the target's lane holds the primary's anchor, or the key's first six
     * bits name the target. */
    int shift = b->raw && b->target < 64 ? 3 * b->lane[b->target] : 0;
    uint64_t goal_mask = b->raw ? 7ull << shift : 63;
    uint64_t goal_value = b->raw ? 1ull << shift : b->target;
    *out = (family_problem){FAMILY_KLOTSKI,      b,
                            start,               klotski_max_successors(b),
                            problem_is_goal,     problem_successors,
                            problem_lower_bound, problem_path_text,
                            problem_goal_states, problem_successors_after,
                            &klotski_family_memo, goal_mask,
                            goal_value,          NULL,
                            0,                   NULL,
                            1, {0}, NULL};
}
