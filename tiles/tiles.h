/* tiles.h -- the sliding-tile family: tiles 1 to W*H-1 and one blank on a W x H board
 * (2 <= W, H and W*H <= 25: the 8-, 15- and 24-puzzles and every shape in between); a move
 * slides a tile next to the blank into it (docs/formats.md, "Sliding tiles").
 *
 * The invariant: a state's key is the tile on each cell, cell i (row * W + column, reading
 * order) in bits b*i .. b*i+b-1, 0 for the blank, cells past W*H holding 0. Up to 16 cells a
 * field is 4 bits and the key one word (uint64_t); past 16 (`wide`) a field is 5 bits and the
 * key two words (key_wide, common/key.h). So a key is the state itself, every state has one
 * key, and a move is two XORs: the tile's field leaves its cell and enters the blank's. The
 * one-word boards' calls take uint64_t and the wide boards' are the tiles_wide_ ones; what
 * runs once a state read or written (notation, replay, parity, pictures) takes either as a
 * key_wide, decoded by tiles_cells.
 *
 * Moves, slides and steps are one measure here: one tile, one cell. A token names the tile and
 * the way it moves, `12D 7L 3U`. The successors come in Korf's order of the blank's moves: up,
 * left, right, down (the tile moves down, right, left, up).
 *
 * Solvability is parity (tiles_solvable): every move swaps the blank with one tile, so it flips
 * the parity of the permutation from the state to the goal (the blank counted as a tile) and the
 * parity of the blank's taxicab distance from its goal cell. A state whose two parities differ
 * never reaches the goal; one whose parities agree always does (Johnson and Story 1879, for
 * every W x H with W, H >= 2). Half of all layouts are unsolvable.
 */
#ifndef TILES_H
#define TILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/family.h"

#define TILES_MIN_SIDE 2
#define TILES_MAX_CELLS 25
#define TILES_NARROW_CELLS 16   /* the most cells of a board whose key is one word */
#define TILES_MAX_SIDE 12       /* 2 x 12 */
#define TILES_ERR_MAX 256
#define TILES_TEXT_MAX 160      /* a grid: 25 numbers of at most 2 digits, spaces, newlines */
/* Bit 5i of each of the 25 fields of a wide key. */
#define TILES_WIDE_LOWS (((key_wide)0x108421084210842ull << 64) | 0x1084210842108421ull)

typedef enum { TILES_UP, TILES_LEFT, TILES_RIGHT, TILES_DOWN } tiles_direction;   /* the blank's */

typedef struct {
    uint8_t width, height, cells;
    bool wide;                            /* more than TILES_NARROW_CELLS: two-word keys */
    uint8_t goal[TILES_MAX_CELLS];        /* the tile on each cell in the goal */
    uint8_t goal_cell[TILES_MAX_CELLS];   /* each tile's cell in the goal (the blank's at 0) */
    uint64_t goal_key;                    /* one-word boards */
    uint64_t unused;                      /* 0xF in each nibble past the board's cells */
    key_wide goal_wide;                   /* wide boards: the goal's key, */
    key_wide unused_wide;                 /* the bits past the board's fields set, */
    key_wide slide_wide[TILES_MAX_CELLS][4];   /* and slide's two fields' low bits */
    int8_t next[TILES_MAX_CELLS][4];      /* the cell one step from a cell in a direction, or -1 */
    uint8_t nfrom[TILES_MAX_CELLS];       /* with the blank on a cell: how many tiles can move, */
    uint8_t from[TILES_MAX_CELLS][4];     /* and their cells, in Korf's order */
    uint64_t slide[TILES_MAX_CELLS][4];   /* the key's change when tile t on from[blank][i]
                                           * moves: t * slide[blank][i] */
    int8_t gain[TILES_MAX_CELLS][4][TILES_MAX_CELLS];   /* and the change of the Manhattan
                                                         * distance, by the tile */
    uint8_t distance[TILES_MAX_CELLS][TILES_MAX_CELLS];   /* [tile][cell]: taxicab distance
                                                           * to the tile's goal cell; 0 for
                                                           * the blank */
} tiles_board;

/* A board of width x height with Korf's goal (the blank on the top-left cell, then 1 to W*H-1
 * in reading order), or with `goal` (the tile on each cell, a permutation of 0 .. W*H-1) when
 * it is not NULL. 0, or -1 with a one-line reason in err (TILES_ERR_MAX bytes). */
int tiles_init(tiles_board *b, int width, int height, const uint8_t *goal, char *err);

/* The key of the tiles on each cell (a permutation of 0 .. W*H-1, checked by the reader), in
 * the board's width. */
key_wide tiles_key(const tiles_board *b, const uint8_t *cell);
/* The tile on each cell of key, into cell[0 .. W*H-1]. */
void tiles_cells(const tiles_board *b, key_wide key, uint8_t *cell);

static inline int tiles_at(uint64_t key, int cell)
{
    return (int)(key >> (4 * cell) & 15);
}

/* The blank's cell: the one nibble of the board's cells that is 0. */
static inline int tiles_blank(const tiles_board *b, uint64_t key)
{
    uint64_t t = ~(key | b->unused);
    t &= t >> 1;
    t &= t >> 2;
    return __builtin_ctzll(t & 0x1111111111111111ull) >> 2;
}

/* The key after the tile on cell `from` slides into the blank on cell `to`. */
static inline uint64_t tiles_slide(uint64_t key, int from, int to)
{
    uint64_t tile = key >> (4 * from) & 15;
    return key ^ tile << (4 * from) ^ tile << (4 * to);
}

/* ---- Wide boards' keys (5 bits a cell) ---- */

static inline int tiles_wide_at(key_wide key, int cell)
{
    return (int)(key >> (5 * cell)) & 31;
}

/* The blank's cell: the one field of the board's cells that is 0 (each field's low bit set
 * after the and of its five inverted bits). */
static inline int tiles_wide_blank(const tiles_board *b, key_wide key)
{
    key_wide t = ~(key | b->unused_wide);
    t &= t >> 1;
    t &= t >> 2;
    t &= t >> 1;
    return key_wide_ctz(t & TILES_WIDE_LOWS) / 5;
}

/* The successors of key in Korf's order (tiles_successors). */
int tiles_wide_successors(const tiles_board *b, key_wide key, key_wide *child);

/* ---- Either width ---- */

/* Whether key reaches the goal: the parities of tiles.h's top comment agree. */
bool tiles_solvable(const tiles_board *b, key_wide key);

/* The successors of key in Korf's order, the blank up, left, right, down; returns how many
 * (2 to 4). */
int tiles_successors(const tiles_board *b, uint64_t key, uint64_t *child);

/* The sum over the tiles of their taxicab distances to their goal cells (one-word keys; the
 * same over cells, any board). */
int tiles_manhattan(const tiles_board *b, uint64_t key);
int tiles_manhattan_cells(const tiles_board *b, const uint8_t *cell);

/* The notation of a path of keys, each one move after the last: "2R 1R". Returns a malloc'ed
 * string, or NULL with err when two keys are not one move apart. The keys are one word
 * (tiles_path_text) or wide (tiles_wide_path_text). */
char *tiles_path_text(const tiles_board *b, const uint64_t *keys, int n, char *err);
char *tiles_wide_path_text(const tiles_board *b, const key_wide *keys, int n, char *err);

/* Replays text from start, token by token; each legal token gives seen(key, token, len, ctx)
 * when seen is not NULL. Returns 0 with the measures in *out when every token is legal and
 * the end is the goal, else -1 with a one-line reason naming the first illegal token. */
typedef void tiles_token_seen(key_wide key, const char *token, size_t len, void *ctx);
int tiles_replay_each(const tiles_board *b, key_wide start, const char *text,
                      tiles_token_seen *seen, void *ctx, measure_counts *out, char *err);

/* The rows of key, numbers separated by `gap` (' ' for the native rows), the blank as 0, each
 * row ended by '\n' (TILES_TEXT_MAX bytes). With `aligned`, every number takes two columns
 * and the blank is '.', as a board is shown. Returns the length. */
int tiles_format_rows(const tiles_board *b, key_wide key, bool aligned, char *out);
/* Position key as pieces on a grid (family.h): a piece a tile, in the order of their numbers,
 * each with its number and drawn as the primary on its goal cell, so that the goal is all
 * primary; no exit. */
void tiles_picture(const tiles_board *b, key_wide key, family_picture *out);
/* Whether token[0 .. len) has the form of a move, on any board: a tile's number (one or two
 * digits), then U, D, L or R (12D). */
bool tiles_token_valid(const char *token, size_t len);
/* Whether the goal is Korf's (no `goal:` line needed). */
bool tiles_goal_is_korf(const tiles_board *b);
/* The goal as W*H numbers separated by `sep` (TILES_TEXT_MAX bytes). Returns the length. */
int tiles_format_goal(const tiles_board *b, char sep, char *out);

/* The ones of a 16-bit mask: two lookups, no call (the portable build has no popcnt); a
 * pattern database's lookup counts them for every tile. tiles_ones32 for the wide boards'. */
extern const uint8_t tiles_ones8[256];
static inline int tiles_ones16(uint32_t m)
{
    return tiles_ones8[m & 255] + tiles_ones8[m >> 8 & 255];
}
static inline int tiles_ones32(uint32_t m)
{
    return tiles_ones16(m & 0xFFFF) + tiles_ones16(m >> 16);
}

/* The rank of a sequence of k distinct values below n (the cells of a group's tiles; a layout's
 * tiles in reading order, k = n): each value counted among those the earlier ones left, in
 * mixed radix n, n-1, ..., n-k+1, so that the sequences are numbered 0 .. n!/(n-k)! - 1.
 * tiles_rank takes n <= 16, tiles_rank_wide n <= 32 (two more lookups a value). */
static inline __attribute__((always_inline)) uint64_t tiles_rank_in(const uint8_t *value, int k,
                                                                   int n, const bool wide)
{
    uint64_t r = 0;
    uint32_t used = 0;
    for (int i = 0; i < k; i++) {
        uint32_t below = used & ((1u << value[i]) - 1);
        int digit = value[i] - (wide ? tiles_ones32(below) : tiles_ones16(below));
        r = r * (uint64_t)(n - i) + (uint64_t)digit;
        used |= 1u << value[i];
    }
    return r;
}

static inline uint64_t tiles_rank(const uint8_t *value, int k, int n)
{
    return tiles_rank_in(value, k, n, false);
}

static inline uint64_t tiles_rank_wide(const uint8_t *value, int k, int n)
{
    return tiles_rank_in(value, k, n, true);
}
/* The sequence of rank r (tiles_rank's inverse), into value[0 .. k-1]. */
void tiles_unrank(uint64_t r, int k, int n, uint8_t *value);

/* How many states share a cluster with any state: (W*H)! / 2; 0 (not known to the view) when
 * that passes 64 bits (more than 20 cells). */
uint64_t tiles_cluster_states(const tiles_board *b);

/* The board as family.h's view, its keys one word or two (start in the board's width). */
void tiles_problem(const tiles_board *b, key_wide start, family_problem *out);

#endif
