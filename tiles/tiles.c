/* tiles.c -- the sliding-tile board: its goal, key, successors, parity, notation and replay
 * (tiles.h).
 *
 * The invariant: a key is the tile on each cell (tiles.h), so there is nothing to decode and
 * nothing canonical to keep. Replay moves numbered tiles on an array of cells, token by token:
 * it checks a solution without the generator that found it. What runs once a state (parity,
 * notation, pictures, text) decodes a key of either width into cells and is written once.
 */
#include "tiles/tiles.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/xmem.h"

static const char tile_moves[] = "DRLU";   /* the tile's way, by the blank's */
static const int drow[4] = {-1, 0, 0, 1}, dcol[4] = {0, -1, 1, 0};   /* the blank's step */

static int fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, TILES_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

int tiles_init(tiles_board *b, int width, int height, const uint8_t *goal, char *err)
{
    memset(b, 0, sizeof *b);
    if (width < TILES_MIN_SIDE || height < TILES_MIN_SIDE || width * height > TILES_MAX_CELLS)
        return fail(err, "a sliding-tile board is at least %dx%d and at most %d cells, not %dx%d",
                    TILES_MIN_SIDE, TILES_MIN_SIDE, TILES_MAX_CELLS, width, height);
    int n = width * height;
    b->width = (uint8_t)width;
    b->height = (uint8_t)height;
    b->cells = (uint8_t)n;
    bool seen[TILES_MAX_CELLS] = {false};
    for (int c = 0; c < n; c++) {
        int t = goal ? goal[c] : c;   /* Korf's: the blank first, then 1 .. n-1 */
        if (t >= n || seen[t])
            return fail(err, "the goal is not a permutation of 0 to %d (%d %s)", n - 1, t,
                        t >= n ? "is out of range" : "is there twice");
        seen[t] = true;
        b->goal[c] = (uint8_t)t;
        b->goal_cell[t] = (uint8_t)c;
    }
    b->wide = n > TILES_NARROW_CELLS;
    if (b->wide) {
        b->goal_wide = tiles_key(b, b->goal);
        b->unused_wide = ~(key_wide)0 << (5 * n);
    } else {
        b->goal_key = (uint64_t)tiles_key(b, b->goal);
        b->unused = n == 16 ? 0 : ~0ull << (4 * n);
    }
    for (int c = 0; c < n; c++)
        for (int d = 0; d < 4; d++) {
            int r = c / width + drow[d], k = c % width + dcol[d];
            b->next[c][d] = (int8_t)(r < 0 || r >= height || k < 0 || k >= width ? -1 : r * width + k);
            if (b->next[c][d] >= 0) b->from[c][b->nfrom[c]++] = (uint8_t)b->next[c][d];
        }
    for (int t = 1; t < n; t++)
        for (int c = 0; c < n; c++)
            b->distance[t][c] = (uint8_t)(abs(c / width - b->goal_cell[t] / width) +
                                          abs(c % width - b->goal_cell[t] % width));
    for (int c = 0; c < n; c++)
        for (int i = 0; i < b->nfrom[c]; i++) {
            int from = b->from[c][i];
            if (b->wide) b->slide_wide[c][i] = (key_wide)1 << (5 * from) | (key_wide)1 << (5 * c);
            else b->slide[c][i] = 1ull << (4 * from) | 1ull << (4 * c);
            for (int t = 1; t < n; t++)
                b->gain[c][i][t] = (int8_t)(b->distance[t][c] - b->distance[t][from]);
        }
    return 0;
}

key_wide tiles_key(const tiles_board *b, const uint8_t *cell)
{
    int bits = b->wide ? 5 : 4;
    key_wide key = 0;
    for (int c = 0; c < b->cells; c++) key |= (key_wide)cell[c] << (bits * c);
    return key;
}

void tiles_cells(const tiles_board *b, key_wide key, uint8_t *cell)
{
    int bits = b->wide ? 5 : 4;
    for (int c = 0; c < b->cells; c++) cell[c] = (uint8_t)(key >> (bits * c) & ((1u << bits) - 1));
}

/* The blank's cell among cells. */
static int blank_of(const tiles_board *b, const uint8_t *cell)
{
    int c = 0;
    while (c < b->cells - 1 && cell[c]) c++;
    return c;
}

bool tiles_solvable(const tiles_board *b, key_wide key)
{
    /* The permutation taking the goal's cells to the state's: its parity by its cycles. */
    uint8_t cell[TILES_MAX_CELLS], where[TILES_MAX_CELLS];   /* where[c]: the cell whose tile
                                                             * sits on c in the goal */
    tiles_cells(b, key, cell);
    for (int c = 0; c < b->cells; c++) where[c] = b->goal_cell[cell[c]];
    bool done[TILES_MAX_CELLS] = {false};
    int transpositions = 0;
    for (int c = 0; c < b->cells; c++) {
        int length = 0;
        for (int k = c; !done[k]; k = where[k]) done[k] = true, length++;
        if (length) transpositions += length - 1;
    }
    int blank = blank_of(b, cell), home = b->goal_cell[0];
    int taxicab = abs(blank / b->width - home / b->width) + abs(blank % b->width - home % b->width);
    return (transpositions & 1) == (taxicab & 1);
}

int tiles_successors(const tiles_board *b, uint64_t key, uint64_t *child)
{
    int blank = tiles_blank(b, key), n = b->nfrom[blank];
    for (int i = 0; i < n; i++) child[i] = tiles_slide(key, b->from[blank][i], blank);
    return n;
}

int tiles_wide_successors(const tiles_board *b, key_wide key, key_wide *child)
{
    int blank = tiles_wide_blank(b, key), n = b->nfrom[blank];
    for (int i = 0; i < n; i++) {
        int t = tiles_wide_at(key, b->from[blank][i]);
        child[i] = key ^ (key_wide)t * b->slide_wide[blank][i];
    }
    return n;
}

int tiles_manhattan(const tiles_board *b, uint64_t key)
{
    int sum = 0;
    for (int c = 0; c < b->cells; c++) sum += b->distance[tiles_at(key, c)][c];
    return sum;
}

int tiles_manhattan_cells(const tiles_board *b, const uint8_t *cell)
{
    int sum = 0;
    for (int c = 0; c < b->cells; c++) sum += b->distance[cell[c]][c];
    return sum;
}

/* The way the blank went from key a to key b one move later, or -1 when b is not one move
 * from a; *tile the tile that moved. */
static int step_between(const tiles_board *b, key_wide a, key_wide c, int *tile)
{
    uint8_t from_cells[TILES_MAX_CELLS], to_cells[TILES_MAX_CELLS];
    tiles_cells(b, a, from_cells);
    tiles_cells(b, c, to_cells);
    int blank = blank_of(b, from_cells);
    for (int d = 0; d < 4; d++) {
        int from = b->next[blank][d];
        if (from < 0) continue;
        *tile = from_cells[from];
        from_cells[blank] = (uint8_t)*tile, from_cells[from] = 0;
        bool same = !memcmp(from_cells, to_cells, b->cells);
        from_cells[from] = (uint8_t)*tile, from_cells[blank] = 0;
        if (same) return d;
    }
    return -1;
}

/* The notation of path[0 .. n-1], read by key(path, i). */
static char *path_text(const tiles_board *b, const void *path, key_wide (*key)(const void *, int),
                       int n, char *err)
{
    size_t cap = 0, len = 0;
    char *out = NULL;
    GROW(out, cap, 1, 64);
    out[0] = '\0';
    for (int i = 1; i < n; i++) {
        int tile, d = step_between(b, key(path, i - 1), key(path, i), &tile);
        if (d < 0) {
            free(out);
            fail(err, "states %d and %d of the path are not one move apart", i - 1, i);
            return NULL;
        }
        GROW(out, cap, len + 6, 64);
        len += (size_t)sprintf(out + len, "%s%d%c", len ? " " : "", tile, tile_moves[d]);
    }
    return out;
}

static key_wide narrow_key(const void *path, int i)
{
    return ((const uint64_t *)path)[i];
}

static key_wide wide_key(const void *path, int i)
{
    return ((const key_wide *)path)[i];
}

char *tiles_path_text(const tiles_board *b, const uint64_t *keys, int n, char *err)
{
    return path_text(b, keys, narrow_key, n, err);
}

char *tiles_wide_path_text(const tiles_board *b, const key_wide *keys, int n, char *err)
{
    return path_text(b, keys, wide_key, n, err);
}

/* Reads one token, a tile's number and a direction, at *s; moves past it. */
static int read_token(const char **s, int *tile, char *way)
{
    char *end;
    long t = strtol(*s, &end, 10);
    if (end == *s || t < 0 || t > 99 || !strchr("UDLR", *end) || !*end) return -1;
    *tile = (int)t;
    *way = *end;
    *s = end + 1;
    return **s == '\0' || **s == ' ' ? 0 : -1;
}

int tiles_replay_each(const tiles_board *b, key_wide start, const char *text,
                      tiles_token_seen *seen, void *ctx, measure_counts *out, char *err)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, start, cell);
    int blank = blank_of(b, cell), n = 0;
    const char *s = text;
    for (;;) {
        s += strspn(s, " ");
        if (!*s) break;
        const char *token = s;
        int tile;
        char way;
        n++;
        if (read_token(&s, &tile, &way) < 0) {
            int len = (int)strcspn(token, " ");
            return fail(err, "move %d '%.*s': not a tile's number and a direction (U D L R)", n,
                        len > 20 ? 20 : len, token);
        }
        int d = (int)(strchr(tile_moves, way) - tile_moves);   /* the blank goes the other way */
        int from = b->next[blank][d];
        if (tile == 0 || tile >= b->cells || from < 0 || cell[from] != tile)
            return fail(err, "move %d '%.*s': tile %d is not next to the blank on the side it "
                        "would move from", n, (int)(s - token), token, tile);
        cell[blank] = (uint8_t)tile;
        cell[from] = 0;
        blank = from;
        if (seen) seen(tiles_key(b, cell), token, (size_t)(s - token), ctx);
    }
    if (memcmp(cell, b->goal, b->cells))
        return fail(err, "after %d moves the tiles are not in the goal's order", n);
    *out = (measure_counts){n, n, n};
    return 0;
}

bool tiles_token_valid(const char *token, size_t len)
{
    size_t digits = 0;
    while (digits < len && token[digits] >= '0' && token[digits] <= '9') digits++;
    return (digits == 1 || digits == 2) && len == digits + 1 && token[digits] &&
           strchr("UDLR", token[digits]);
}

void tiles_picture(const tiles_board *b, key_wide key, family_picture *out)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    *out = (family_picture){.width = b->width, .height = b->height, .npieces = b->cells - 1};
    int stride = family_picture_stride(b->width, b->height);
    for (int c = 0; c < b->cells; c++) {
        int t = cell[c], goal = b->goal_cell[t];
        if (!t) continue;
        family_piece *pc = &out->piece[t - 1];
        *pc = (family_piece){{0}, 1ull << (c / b->width * stride + c % b->width), false,
                             (int8_t)(goal / b->width * stride + goal % b->width)};
        snprintf(pc->label, sizeof pc->label, "%d", t);
    }
}

int tiles_format_rows(const tiles_board *b, key_wide key, bool aligned, char *out)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    int len = 0;
    for (int c = 0; c < b->cells; c++) {
        int t = cell[c];
        bool last = c % b->width == b->width - 1;
        if (aligned && t == 0) len += sprintf(out + len, " .");
        else len += sprintf(out + len, aligned ? "%2d" : "%d", t);
        len += sprintf(out + len, last ? "\n" : " ");
    }
    return len;
}

bool tiles_goal_is_korf(const tiles_board *b)
{
    for (int c = 0; c < b->cells; c++)
        if (b->goal[c] != c) return false;
    return true;
}

int tiles_format_goal(const tiles_board *b, char sep, char *out)
{
    int len = 0;
    for (int c = 0; c < b->cells; c++) {
        if (c) out[len++] = sep;
        len += sprintf(out + len, "%d", b->goal[c]);
    }
    return len;
}

uint64_t tiles_cluster_states(const tiles_board *b)
{
    if (b->cells > 20) return 0;   /* 21! / 2 passes 64 bits */
    uint64_t f = 1;
    for (int k = 2; k <= b->cells; k++) f *= (uint64_t)k;
    return f / 2;
}

/* ---- Ranks ----------------------------------------------------------------------------- */

const uint8_t tiles_ones8[256] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
    B6(0), B6(1), B6(1), B6(2)
#undef B2
#undef B4
#undef B6
};

void tiles_unrank(uint64_t r, int k, int n, uint8_t *value)
{
    int digit[TILES_MAX_CELLS];
    for (int i = k - 1; i >= 0; i--) {
        digit[i] = (int)(r % (uint64_t)(n - i));
        r /= (uint64_t)(n - i);
    }
    uint32_t used = 0;
    for (int i = 0; i < k; i++) {
        int v = 0;
        for (int left = digit[i];; v++)
            if (!(used >> v & 1u) && left-- == 0) break;
        value[i] = (uint8_t)v;
        used |= 1u << v;
    }
}

/* ---- The family view ------------------------------------------------------------------- */

static bool problem_is_goal(const void *b, uint64_t key)
{
    return key == ((const tiles_board *)b)->goal_key;
}

static int problem_successors(const void *b, uint64_t key, measure m, uint64_t *child)
{
    (void)m;   /* one measure */
    return tiles_successors(b, key, child);
}

/* Every successor but the parent: the search stored the parent already, and every other
 * successor of key is a state it may not have met. */
static int problem_successors_after(const void *b, uint64_t parent, uint64_t key, measure m,
                                    uint64_t *child)
{
    uint64_t all[4];
    int n = problem_successors(b, key, m, all), kept = 0;
    for (int i = 0; i < n; i++)
        if (all[i] != parent) child[kept++] = all[i];
    return kept;
}

static bool problem_unsolvable(const void *b, uint64_t key)
{
    return !tiles_solvable(b, key);
}

/* The Manhattan distance (proved in tiles/tiles_bounds.c), -1 off the goal's parity. */
static int problem_lower_bound(const void *b, uint64_t key, measure m)
{
    (void)m;
    return tiles_solvable(b, key) ? tiles_manhattan(b, key) : -1;
}

static char *problem_path_text(const void *b, const uint64_t *keys, int n, measure m, char *err)
{
    (void)m;
    return tiles_path_text(b, keys, n, err);
}

static long problem_goal_states(const void *board, uint64_t start, long max,
                                bool (*seed)(uint64_t key, void *ctx), void *ctx)
{
    (void)start;   /* one goal */
    if (max < 1) return -1;
    seed(((const tiles_board *)board)->goal_key, ctx);
    return 1;
}

/* The wide boards' view: the same calls over key_wide. */
static int wide_successors(const void *b, key_wide key, measure m, key_wide *child)
{
    (void)m;
    return tiles_wide_successors(b, key, child);
}

static int wide_lower_bound(const void *board, key_wide key, measure m)
{
    (void)m;
    const tiles_board *b = board;
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    return tiles_solvable(b, key) ? tiles_manhattan_cells(b, cell) : -1;
}

static char *wide_path_text(const void *b, const key_wide *keys, int n, measure m, char *err)
{
    (void)m;
    return tiles_wide_path_text(b, keys, n, err);
}

static bool wide_unsolvable(const void *b, key_wide key)
{
    return !tiles_solvable(b, key);
}

static long wide_goal_states(const void *board, key_wide start, long max,
                             bool (*seed)(key_wide key, void *ctx), void *ctx)
{
    (void)start;   /* one goal */
    if (max < 1) return -1;
    seed(((const tiles_board *)board)->goal_wide, ctx);
    return 1;
}

void tiles_problem(const tiles_board *b, key_wide start, family_problem *out)
{
    if (b->wide) {
        *out = (family_problem){.family = FAMILY_TILES, .board = b, .start = key_low(start),
                                .max_successors = 4, .key_words = 2};
        out->wide = (family_wide){.start = start,
                                  .goal_mask = ~(key_wide)0,
                                  .goal_value = b->goal_wide,
                                  .successors = wide_successors,
                                  .lower_bound = wide_lower_bound,
                                  .path_text = wide_path_text,
                                  .goal_states = wide_goal_states,
                                  .unsolvable = wide_unsolvable};
        return;
    }
    *out = (family_problem){FAMILY_TILES,
                            b,
                            (uint64_t)start,
                            4,
                            problem_is_goal,
                            problem_successors,
                            problem_lower_bound,
                            problem_path_text,
                            problem_goal_states,
                            problem_successors_after,
                            NULL,
                            ~0ull,
                            b->goal_key,
                            problem_unsolvable,
                            tiles_cluster_states(b),
                            NULL,
                            1,
                            {0},
                            NULL};
}
