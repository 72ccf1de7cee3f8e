/* klotski.h -- the Klotski family's board: pieces of any connected shape on a W x H board
 * (2..8 each way), moving in four directions; its 64-bit canonical key, its successors in the
 * three measures, its notation and replay (docs/formats.md, "Klotski").
 *
 * Cells are numbered row * 8 + column, as on Rush Hour's boards. A piece's *anchor* is its
 * first cell in reading order, and a shape is its cells as a bit mask relative to the anchor at
 * bit 0 (every other cell comes later in reading order, so the mask shifted left by the anchor
 * is the piece in place, no cell wrapping while the placement fits).
 *
 * Pieces of one shape are alike, except the primary: a *class* is a shape (the primary is
 * class 0, alone). A state is which class stands anchored on which cell. Its key takes one of
 * two forms, chosen per board by klotski_finish, both canonical (two layouts that differ only by
 * swapping alike pieces have the same key) and both decoded by a walk over the cells:
 *
 * - the *raw* key, for boards of at most 21 cells and 6 classes (the classic 4x5 among them):
 *   3 bits a cell, cells in reading order of a W-wide board (lane row * W + col), each 0
 *   (empty), 7 (a wall, or a cell of a piece but its anchor) or c + 1 (the anchor of a piece of
 *   class c). A move is two XORs of fixed patterns, and occupancy three shifts, so the
 *   generator needs no decoding at all.
 * - the *coded* key, for every other board:
 *     bits 0-5   the primary's anchor
 *     bits 6...  the cells not covered by a wall or a piece met so far, in reading order, each
 *                giving one token: EMPTY, or the class of the piece anchored there, in a
 *                prefix code (Huffman's, over how many tokens of each kind every state has)
 *   The number of tokens of each kind never changes, so every key of a board has the same
 *   length, the fewest bits any prefix code gives (klotski_finish refuses a board past 64).
 *
 * Measures: a solution is a sequence of one-cell steps of one piece. Its *steps* are their
 * number, its *slides* the maximal runs of steps of one piece in one direction, its *moves*
 * the maximal runs of steps of one piece. The successors of a state in a measure are the states
 * one unit of that measure away.
 */
#ifndef KLOTSKI_H
#define KLOTSKI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/family.h"
#include "common/key.h"

#define KLOTSKI_MIN_SIDE 2
#define KLOTSKI_MAX_SIDE 8
#define KLOTSKI_MAX_PIECES 50   /* one per letter of PIECE_LABELS */
#define KLOTSKI_MAX_CLASSES 16  /* the primary's and up to 15 other shapes */
#define KLOTSKI_ERR_MAX 256
#define KLOTSKI_NO_CELL 0xFF
#define KLOTSKI_MAX_CODE 8      /* the longest token, in bits: a prefix code over at most 64 tokens needs no more */
#define KLOTSKI_RAW_CELLS 21    /* the raw key's bounds: 3 bits a cell */
#define KLOTSKI_RAW_CLASSES 6
#define KLOTSKI_WIDE_CELLS 42   /* the wide raw key's: 3 bits a cell over two words */


typedef struct {
    char label;      /* the input's letter, used in notation */
    uint8_t cls;     /* its class: 0 for the primary */
    uint8_t start;   /* its anchor at the start */
    uint64_t shape;  /* its cells relative to the anchor */
} klotski_piece;

typedef struct {
    uint64_t shape;          /* cells relative to the anchor at bit 0 */
    int8_t col_min, col_max; /* the columns it spans, relative to the anchor's */
    uint8_t rows;            /* the rows it spans */
    uint8_t count;           /* pieces of this class */
    uint8_t code_len;        /* its token's length (class 0: not coded) */
    uint32_t code;           /* its token, bit 0 first in the key */
} klotski_class;

typedef struct {
    uint8_t width, height;
    uint8_t npieces, nclasses;
    uint8_t primary;            /* index of the primary piece */
    uint8_t target;             /* the primary's anchor in a solved state */
    uint8_t key_bits;
    uint8_t empty_cells;
    uint8_t empty_len;          /* the EMPTY token */
    uint32_t empty_code;
    uint8_t max_len;            /* the longest token */
    uint64_t walls;             /* fixed wall cells */
    uint64_t inside;            /* the board's W x H cells */
    klotski_piece piece[KLOTSKI_MAX_PIECES];
    klotski_class cls[KLOTSKI_MAX_CLASSES];
    /* Decoding: the token read as the max_len bits at a key position (bit 0 first) gives
     * decode[bits] = symbol (0 EMPTY, else a class) | length << 8. */
    uint16_t decode[1 << KLOTSKI_MAX_CODE];
    /* primary_distance[m][a]: units of measure m from anchor a to the target with only the
     * walls on the board (0xFF: never). */
    uint8_t primary_distance[MEASURE_COUNT][64];
    /* The raw key (when raw): lane[cell] and cell[lane] convert cell numbering to lanes and
     * back; raw_walls holds 7 in the walls' lanes; raw_piece[c][lane] is a piece of class c
     * anchored on that lane as it stands in a key (7 in its cells' lanes, c + 1 in its anchor's;
     * 0 where it does not fit the board). The generator tests occupancy one bit a lane
     * (klotski_dense): raw_cells[c][lane] is such a piece's lanes, raw_enter[c][lane][d] the
     * lanes it covers anew when it steps in direction d (up, down, left, right), with
     * KLOTSKI_OUTSIDE when the step leaves the board, so that a step is legal exactly when
     * they are all free; raw_next[lane][d] is the lane one step in direction d, or 0xFF.
     *
     * The wide raw key (when wide: 22 to 42 cells, at most 6 classes) is the same walk over
     * two words (key_wide), the board's keys staying coded and its family view's wide
     * (klotski_problem). Its tables: wide_piece and wide_cells as raw_piece and raw_cells, with
     * KLOTSKI_WIDE_OUTSIDE for a piece that does not fit and a last lane, KLOTSKI_WIDE_CELLS,
     * that nothing fits (wide_next's step off the board), so that the lanes a step covers
     * anew are wide_cells[c][to] & ~wide_cells[c][from], no table of their own. */
    bool raw, wide;
    uint8_t lane[64], cell[KLOTSKI_WIDE_CELLS];
    union {
        struct {
            uint64_t raw_walls;
            uint64_t raw_piece[KLOTSKI_RAW_CLASSES][KLOTSKI_RAW_CELLS];
            uint32_t raw_cells[KLOTSKI_RAW_CLASSES][KLOTSKI_RAW_CELLS];
            uint32_t raw_enter[KLOTSKI_RAW_CLASSES][KLOTSKI_RAW_CELLS][4];
            uint8_t raw_next[KLOTSKI_RAW_CELLS][4];
        };
        struct {
            key_wide wide_walls;
            key_wide wide_piece[KLOTSKI_RAW_CLASSES][KLOTSKI_WIDE_CELLS + 1];
            uint64_t wide_cells[KLOTSKI_RAW_CLASSES][KLOTSKI_WIDE_CELLS + 1];
            uint8_t wide_next[KLOTSKI_WIDE_CELLS][4];
        };
    };
} klotski_board;

/* A decoded state: every piece's class and anchor (the primary first, then in reading order
 * of anchors), and the cells covered by walls and pieces. */
typedef struct {
    int n;
    uint8_t cls[KLOTSKI_MAX_PIECES];
    uint8_t at[KLOTSKI_MAX_PIECES];
    uint64_t occupied;
} klotski_layout;

/* Building a board: klotski_init, then klotski_add_wall / klotski_add_piece (its cells as a
 * mask in cell numbering; the label, unique) in any order, then klotski_finish with the primary's
 * label, then the target (klotski_set_target, or an opening: klotski_target_for_opening). Each returns 0, or -1 with a one-line reason in err
 * (KLOTSKI_ERR_MAX bytes): a cell outside the board, overlapping pieces, a piece that is not
 * connected, a target where the primary does not fit, a key past 64 bits. */
int klotski_init(klotski_board *b, int width, int height, char *err);
int klotski_add_wall(klotski_board *b, int row, int col, char *err);
int klotski_add_piece(klotski_board *b, char label, uint64_t cells, char *err);
int klotski_finish(klotski_board *b, char primary_label, char *err);
/* The target: the primary's bounding box with its top-left cell on (row, col). Call after
 * klotski_finish; 0, or -1 with the reason (the primary does not fit there). */
int klotski_set_target(klotski_board *b, int row, int col, char *err);
/* The same with the target given as the primary's anchor. */
int klotski_set_target_anchor(klotski_board *b, int anchor, char *err);

/* Whether class c fits the board with its anchor on cell a (walls and other pieces aside). */
static inline bool klotski_fits(const klotski_board *b, int c, int a)
{
    const klotski_class *k = &b->cls[c];
    int row = a >> 3, col = a & 7;
    return col + k->col_min >= 0 && col + k->col_max < b->width && row + k->rows <= b->height;
}

static inline uint64_t klotski_cells(const klotski_board *b, int c, int a)
{
    return b->cls[c].shape << a;
}

/* The low bit of each raw lane. */
#define KLOTSKI_LANES 0111111111111111111111ull
/* In a one-bit-a-lane mask, a bit no lane uses: the outside of the board. */
#define KLOTSKI_OUTSIDE (1u << 31)

/* The low bit of each lane a raw pattern covers. */
static inline uint64_t klotski_lanes_of(uint64_t pattern)
{
    return (pattern | pattern >> 1 | pattern >> 2) & KLOTSKI_LANES;
}

/* The lanes a raw pattern covers, one bit a lane: every third bit gathered. */
static inline uint32_t klotski_dense(uint64_t pattern)
{
    uint64_t x = klotski_lanes_of(pattern);
    x = (x | x >> 2) & 0x30C30C30C30C30C3ull;
    x = (x | x >> 4) & 0xF00F00F00F00F00Full;
    x = (x | x >> 8) & 0x00FF0000FF0000FFull;
    x = (x | x >> 16) & 0xFFFF00000000FFFFull;
    return (uint32_t)(x | x >> 32);
}

/* The lane of the primary's anchor in a raw key: the lane holding 1, which XOR with 6 makes
 * 7, and no other. */
static inline int klotski_primary_lane(uint64_t key)
{
    uint64_t t = key ^ KLOTSKI_LANES * 6;
    return __builtin_ctzll(t & t >> 1 & t >> 2 & KLOTSKI_LANES) / 3;
}

/* The primary's anchor in key. */
static inline int klotski_primary_anchor(const klotski_board *b, uint64_t key)
{
    return b->raw ? b->cell[klotski_primary_lane(key)] : (int)(key & 63);
}

/* The low bit of each lane of a raw key that holds an anchor: neither 0 (empty) nor 7 (covered). */
static inline uint64_t klotski_anchor_lanes(uint64_t key)
{
    return klotski_lanes_of(key) & ~(key & key >> 1 & key >> 2);
}

/* The lane of the anchor of the piece that moved from raw key `from` to `to`: of the lanes
 * that changed (all the moved piece's, before or after), the one `to` holds an anchor in. */
static inline int klotski_moved_lane(uint64_t from, uint64_t to)
{
    return __builtin_ctzll(klotski_lanes_of(from ^ to) & klotski_anchor_lanes(to)) / 3;
}

/* The same over the two words of a wide raw key: lanes 21 to 41 start at bit 63. */
#define KLOTSKI_WIDE_LANES ((key_wide)KLOTSKI_LANES << 63 | KLOTSKI_LANES)
#define KLOTSKI_WIDE_OUTSIDE (1ull << 63)

static inline key_wide klotski_wide_lanes_of(key_wide pattern)
{
    return (pattern | pattern >> 1 | pattern >> 2) & KLOTSKI_WIDE_LANES;
}

static inline uint64_t klotski_wide_dense(key_wide pattern)
{
    return klotski_dense((uint64_t)pattern) | (uint64_t)klotski_dense((uint64_t)(pattern >> 63)) << 21;
}

static inline key_wide klotski_wide_anchor_lanes(key_wide key)
{
    return klotski_wide_lanes_of(key) & ~(key & key >> 1 & key >> 2);
}

static inline int klotski_wide_primary_lane(key_wide key)
{
    key_wide t = key ^ KLOTSKI_WIDE_LANES * 6;
    return key_wide_ctz(t & t >> 1 & t >> 2 & KLOTSKI_WIDE_LANES) / 3;
}

static inline bool klotski_is_goal(const klotski_board *b, uint64_t key)
{
    if (b->raw) return (key >> 3 * b->lane[b->target] & 7) == 1;
    return (key & 63) == b->target;
}

uint64_t klotski_start_key(const klotski_board *b);
void klotski_decode(const klotski_board *b, uint64_t key, klotski_layout *out);
/* The key of a layout (its pieces in any order). */
uint64_t klotski_encode(const klotski_board *b, const klotski_layout *l);
/* The key of the layout with piece i anchored on at[i] (klotski_replay_each's positions). */
uint64_t klotski_key_at(const klotski_board *b, const uint8_t *at);

/* The successors of key in measure m, into child (at most klotski_max_successors entries);
 * returns their count. The order is fixed: pieces in the layout's order, then directions up,
 * down, left, right (slides nearer first; moves in breadth-first order of the piece's cells). */
int klotski_successors(const klotski_board *b, uint64_t key, measure m, uint64_t *child);
int klotski_max_successors(const klotski_board *b);
/* On a raw key: the successors where the piece of class c anchored on lane a moves, in
 * klotski_successors' order for it, with `occupied` the key's covered lanes one bit a lane
 * (klotski_dense) and KLOTSKI_OUTSIDE: the piece's pattern XORed out of the key and in again
 * on each lane it reaches. Returns how many (klotski_memo.c works its lists out with it). */
int klotski_piece_successors(const klotski_board *b, uint64_t key, uint32_t occupied, int c,
                             int a, measure m, uint64_t *child);
/* The successors of key, reached from `parent` in one unit of measure m, that a breadth-first
 * search has not stored already: in moves on a raw key, those of every piece but the one that
 * moved. Its moves from key lead to parent or to its own moves from parent, which the search
 * generated when it expanded parent (it moved there, so that piece was not left out then): the
 * search stores the same states in the same order. Otherwise all of them. */
int klotski_successors_after(const klotski_board *b, uint64_t parent, uint64_t key, measure m,
                             uint64_t *child);

/* The wide raw key (a board that is `wide`): the key of a layout, the layout of a key, and
 * the successors as klotski_successors and klotski_successors_after give them on a raw key
 * (the same order; in moves after a parent, the moved piece's left out). The family view of
 * such a board is over these keys (key_words 2); the board's own keys (a puzzle's start, its
 * positions) stay coded. */
key_wide klotski_wide_encode(const klotski_board *b, const klotski_layout *l);
void klotski_wide_decode(const klotski_board *b, key_wide key, klotski_layout *out);
int klotski_wide_successors(const klotski_board *b, key_wide key, measure m, key_wide *child);
int klotski_wide_successors_after(const klotski_board *b, key_wide parent, key_wide key, measure m,
                                  key_wide *child);

/* The fewest units of measure m the primary needs to reach its target on the board with only
 * the walls (every other piece taken away): a lower bound on any state's distance to the goal
 * that one unit changes by at most one. -1 when it can never reach it. */
int klotski_primary_distance(const klotski_board *b, uint64_t key, measure m);

/* The notation of a path of keys (each one unit of measure m after the other, keys[0] the
 * start): one token per move, the piece's letter then the directions of its steps (U D L R),
 * e.g. "AD BLL CUR". Returns a malloc'ed string, or NULL (with err) when two keys are not one
 * unit apart. */
char *klotski_path_text(const klotski_board *b, const uint64_t *keys, int n, measure m,
                        char *err);

/* Whether token[0 .. len) has the form of a move, on any board: a letter, then one or more of
 * U D L R (BLL). */
bool klotski_token_valid(const char *token, size_t len);

/* The piece lettered `label`, or -1. */
int klotski_piece_of_label(const klotski_board *b, char label);

/* Replays text (tokens as above; several tokens in a row for one piece are one move) from the
 * start. Fills the three measures (counted from the steps) and returns 0 when every step is
 * legal and the end is solved; else -1 with a one-line reason in err naming the first illegal
 * token and step. */
int klotski_replay(const klotski_board *b, const char *text, measure_counts *out, char *err);
/* The same, calling seen(at, token, len, ctx) after each legal token with every piece's anchor
 * (by piece) as the token left them: how bin/solve --show draws a solution. */
typedef void klotski_token_seen(const uint8_t *at, const char *token, size_t len, void *ctx);
int klotski_replay_each(const klotski_board *b, const char *text, klotski_token_seen *seen,
                        void *ctx, measure_counts *out, char *err);

/* The native grid with piece i anchored on at[i] (the start: each piece's start), in the
 * board's letters: bordered rows, the opening marked in the frame when the target lies against
 * an edge (klotski_opening). Returns the length (KLOTSKI_TEXT_MAX bytes). */
#define KLOTSKI_TEXT_MAX 160
int klotski_format_grid(const klotski_board *b, const uint8_t *at, char *out);

/* A position (each piece's anchor, at[i]) as pieces on a grid (family.h): a piece keeps its
 * letter, the primary is the primary, the frame opens over the target where it shows. */
void klotski_picture(const klotski_board *b, const uint8_t *at, family_picture *out);

/* The cells alone, rows top to bottom with no frame ('.', 'x', letters), as the protocol's
 * requests give them (docs/external.md); W * H characters and a '\0'. Returns W * H. */
int klotski_format_cells(const klotski_board *b, const uint8_t *at, char *out);
/* The primary's target as its top-left cell (the column and row of `goal: X Y`). */
void klotski_target_cell(const klotski_board *b, int *col, int *row);
/* The native grid of the state `key` (as klotski_format_grid): alike pieces take their letters
 * in the order of their anchors at the start, so the start's key gives the start's grid. */
int klotski_format_key(const klotski_board *b, uint64_t key, char *out);
/* Where the frame shows the target: 'v' (bottom), '^' (top), '<' (left), '>' (right) when the
 * primary at its target touches that edge (the first of them in this order), else 0: the
 * native form then says `goal: X Y`. */
char klotski_opening(const klotski_board *b);

/* The target anchor for an opening: the one placement of the primary that touches edge `side`
 * ('v', '^', '<', '>') on exactly the cells of `marked` (cell numbering), or -1. */
int klotski_target_for_opening(const klotski_board *b, char side, uint64_t marked);

/* The board as family.h's view, for the solvers written once for every family. */
void klotski_problem(const klotski_board *b, uint64_t start, family_problem *out);

#endif
