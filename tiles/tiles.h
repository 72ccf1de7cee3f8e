/* tiles.h -- the sliding-tile family: tiles 1 to W*H-1 and one blank on a W x H board
 * (2 <= W, H and W*H <= 16: the 8-puzzle, the 15-puzzle and every shape in between); a move
 * slides a tile next to the blank into it (docs/formats.md, "Sliding tiles").
 *
 * The invariant: a state's key is the tile on each cell, 4 bits a cell, cell i (row * W +
 * column, reading order) in bits 4i..4i+3, 0 for the blank; cells past W*H hold 0. So a key is
 * the state itself, every state has one key, and a move is two XORs: the tile's nibble leaves
 * its cell and enters the blank's.
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
#define TILES_MAX_CELLS 16
#define TILES_MAX_SIDE 8        /* 2 x 8 */
#define TILES_ERR_MAX 256
#define TILES_TEXT_MAX 160      /* a grid: 16 numbers of at most 2 digits, spaces, newlines */

typedef enum { TILES_UP, TILES_LEFT, TILES_RIGHT, TILES_DOWN } tiles_direction;   /* the blank's */

typedef struct {
    uint8_t width, height, cells;
    uint8_t goal[TILES_MAX_CELLS];        /* the tile on each cell in the goal */
    uint8_t goal_cell[TILES_MAX_CELLS];   /* each tile's cell in the goal (the blank's at 0) */
    uint64_t goal_key;
    uint64_t unused;                      /* 0xF in each nibble past the board's cells */
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

/* The key of the tiles on each cell (a permutation of 0 .. W*H-1, checked by the reader). */
uint64_t tiles_key(const tiles_board *b, const uint8_t *cell);
/* The tile on each cell of key, into cell[0 .. W*H-1]. */
void tiles_cells(const tiles_board *b, uint64_t key, uint8_t *cell);

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

/* Whether key reaches the goal: the parities of tiles.h's top comment agree. */
bool tiles_solvable(const tiles_board *b, uint64_t key);

/* The successors of key in Korf's order, the blank up, left, right, down; returns how many
 * (2 to 4). */
int tiles_successors(const tiles_board *b, uint64_t key, uint64_t *child);

/* The sum over the tiles of their taxicab distances to their goal cells. */
int tiles_manhattan(const tiles_board *b, uint64_t key);

/* The notation of a path of keys, each one move after the last: "2R 1R". Returns a malloc'ed
 * string, or NULL with err when two keys are not one move apart. */
char *tiles_path_text(const tiles_board *b, const uint64_t *keys, int n, char *err);

/* Replays text from start, token by token; each legal token gives seen(key, token, len, ctx)
 * when seen is not NULL. Returns 0 with the measures in *out when every token is legal and
 * the end is the goal, else -1 with a one-line reason naming the first illegal token. */
typedef void tiles_token_seen(uint64_t key, const char *token, size_t len, void *ctx);
int tiles_replay_each(const tiles_board *b, uint64_t start, const char *text,
                      tiles_token_seen *seen, void *ctx, measure_counts *out, char *err);

/* The rows of key, numbers separated by `gap` (' ' for the native rows), the blank as 0, each
 * row ended by '\n' (TILES_TEXT_MAX bytes). With `aligned`, every number takes two columns
 * and the blank is '.', as a board is shown. Returns the length. */
int tiles_format_rows(const tiles_board *b, uint64_t key, bool aligned, char *out);
/* Position key as pieces on a grid (family.h): a piece a tile, in the order of their numbers,
 * each with its number and drawn as the primary on its goal cell, so that the goal is all
 * primary; no exit. */
void tiles_picture(const tiles_board *b, uint64_t key, family_picture *out);
/* Whether token[0 .. len) has the form of a move, on any board: a tile's number (one or two
 * digits), then U, D, L or R (12D). */
bool tiles_token_valid(const char *token, size_t len);
/* Whether the goal is Korf's (no `goal:` line needed). */
bool tiles_goal_is_korf(const tiles_board *b);
/* The goal as W*H numbers separated by `sep` (TILES_TEXT_MAX bytes). Returns the length. */
int tiles_format_goal(const tiles_board *b, char sep, char *out);

/* The ones of a 16-bit mask: two lookups, no call (the portable build has no popcnt); a
 * pattern database's lookup counts them for every tile. */
extern const uint8_t tiles_ones8[256];
static inline int tiles_ones16(uint32_t m)
{
    return tiles_ones8[m & 255] + tiles_ones8[m >> 8 & 255];
}

/* The rank of a sequence of k distinct values below n (the cells of a group's tiles; a layout's
 * tiles in reading order, k = n): each value counted among those the earlier ones left, in
 * mixed radix n, n-1, ..., n-k+1, so that the sequences are numbered 0 .. n!/(n-k)! - 1. */
static inline uint64_t tiles_rank(const uint8_t *value, int k, int n)
{
    uint64_t r = 0;
    uint32_t used = 0;
    for (int i = 0; i < k; i++) {
        int digit = value[i] - tiles_ones16(used & ((1u << value[i]) - 1));
        r = r * (uint64_t)(n - i) + (uint64_t)digit;
        used |= 1u << value[i];
    }
    return r;
}
/* The sequence of rank r (tiles_rank's inverse), into value[0 .. k-1]. */
void tiles_unrank(uint64_t r, int k, int n, uint8_t *value);

/* How many states share a cluster with any state: (W*H)! / 2. */
uint64_t tiles_cluster_states(const tiles_board *b);

/* The board as family.h's view. */
void tiles_problem(const tiles_board *b, uint64_t start, family_problem *out);

#endif
