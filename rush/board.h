/* board.h -- puzzle geometry and the 64-bit state key.
 *
 * A board is the fixed part of a puzzle: its size (4..8 by 4..8), its walls, its pieces (each
 * with a label, an orientation, a length and the line it slides along) and the exit of the
 * primary piece. What changes during a search is only where each piece stands along its line,
 * its *offset*, and all offsets together are packed into one 64-bit state key:
 *
 *     key = sum over pieces i of  offset_i << piece[i].shift
 *
 * Each piece gets just enough bits for its largest offset (1 to 3 bits), so a 6x6 board with
 * 14 pieces needs about 40 bits. A move of piece i by d cells is key + d << shift_i, which is
 * why the solvers never decode a key to move a piece.
 *
 * Cells are numbered row * 8 + column whatever the board's width, so that one uint64_t
 * bitboard holds any board up to 8x8 and a row is always one byte of it (a column is gathered
 * into one byte with a multiplication, see board_line).
 */
#ifndef BOARD_H
#define BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#if defined __BMI__ || defined __BMI2__
#include <immintrin.h>
#endif

#include "common/family.h"

#define BOARD_MIN_SIDE 4
#define BOARD_MAX_SIDE 8
#define BOARD_MAX_PIECES 32
#define BOARD_ERR_MAX 256
/* The longest slide: a car on an 8-cell line. */
#define BOARD_RUN_MAX (BOARD_MAX_SIDE - 2)

typedef enum { EXIT_RIGHT, EXIT_LEFT, EXIT_DOWN, EXIT_UP } board_exit;

typedef struct {
    char label;        /* the input's own letter, used in move notation */
    bool horizontal;   /* slides along a row (else along a column) */
    uint8_t length;    /* 2 or 3 */
    uint8_t line;      /* its row if horizontal, else its column */
    uint8_t start;     /* offset in the starting position */
    uint8_t max_offset;/* line length - length */
    uint8_t shift;     /* where its offset lives in the key */
    uint8_t bits;      /* how many bits the offset takes */
    uint8_t off_mask;  /* (1 << bits) - 1 */
    uint8_t beyond;    /* bits of a line byte past the board's edge (set = blocked) */
    uint16_t extract;  /* shift | bits << 8: BMI1's bit-field extract of the offset */
    uint64_t ladder[BOARD_RUN_MAX];   /* ladder[d]: key change of a slide by d + 1 cells */
} board_piece;

typedef struct {
    uint8_t width, height;
    uint8_t npieces;
    uint8_t primary;           /* index of the primary piece */
    board_exit exit;           /* the exit is on this side, in the primary piece's line */
    uint64_t walls;            /* fixed wall cells */
    uint64_t goal_mask, goal_value;   /* key & goal_mask == goal_value <=> solved */
    uint8_t key_bits;          /* total bits the key uses (<= 63) */
    uint8_t piece_of_bit[64];  /* which piece's offset a key bit belongs to */
    board_piece piece[BOARD_MAX_PIECES];
    /* cells[i][o]: cells of piece i at offset o; ends[i][o]: the cells just before and after it
     * in its line (those on the board), the only cells that decide whether it can move. */
    uint64_t cells[BOARD_MAX_PIECES][BOARD_MAX_SIDE];
    uint64_t ends[BOARD_MAX_PIECES][BOARD_MAX_SIDE];
    /* lines_below[h][k]: the pieces (bit i = piece i) sliding horizontally (h = 1) or
     * vertically (h = 0) along a line numbered below k. */
    uint32_t lines_below[2][BOARD_MAX_SIDE + 1];
    /* commuting[i]: the pieces numbered above i and those sharing i's line (i among them): the
     * part of moves_filter_commuting's answer after a move of i that does not depend on how
     * far i slid. */
    uint32_t commuting[BOARD_MAX_PIECES];
    /* lane[o]: the cells between the primary piece at offset o and the exit. */
    uint64_t lane[BOARD_MAX_SIDE];
    /* line_cells[i]: the 8 cells of piece i's line, those past the board's edge included. */
    uint64_t line_cells[BOARD_MAX_PIECES];
} board;

/* Building a board: board_init, then board_add_wall / board_add_piece in any order, then
 * board_finish. Each returns 0, or -1 with a one-line reason in err (BOARD_ERR_MAX bytes). The
 * order pieces are added in is their index; labels must be unique. board_finish checks that
 * nothing overlaps, that the primary piece exists and can reach an exit on `exit`'s side, and
 * that the key fits in 63 bits. */
int board_init(board *b, int width, int height, char *err);
int board_add_wall(board *b, int row, int col, char *err);
int board_add_piece(board *b, char label, bool horizontal, int length, int row, int col,
                    char *err);
int board_finish(board *b, char primary_label, board_exit exit, char *err);

/* The key of the starting position. */
uint64_t board_start_key(const board *b);

/* A smaller puzzle from b standing at key: the pieces whose bit is set in `pieces` (the
 * primary must be one), in b's order, and the walls of `walls`, with b's size and exit; its
 * start is where they stand. Removing pieces or walls never makes a puzzle harder, which is
 * what the pattern databases and the minimality test rely on. Returns 0, or -1 with a reason
 * in err. */
int board_subset(const board *b, uint64_t key, uint32_t pieces, uint64_t walls, board *out,
                 char *err);

/* Offset of piece p in key, 64 bits wide (board_decode indexes with it directly). Where BMI1
 * is on (the AVX2 build of the BFS engine) one bit-field extract with a control loaded whole
 * does the shift and the mask: two instructions a piece fewer in board_decode
 * (docs/performance.md). */
static inline uint64_t board_piece_offset(const board_piece *p, uint64_t key)
{
#ifdef __BMI__
    return __bextr_u64(key, p->extract);
#else
    return (key >> p->shift) & p->off_mask;
#endif
}

/* Offset of piece i in key. */
static inline int board_offset(const board *b, uint64_t key, int i)
{
    return (int)board_piece_offset(&b->piece[i], key);
}

/* Every piece of b (bit i = piece i). */
static inline uint32_t board_all_pieces(const board *b)
{
    return b->npieces == 32 ? ~0u : (1u << b->npieces) - 1;
}

static inline bool board_is_goal(const board *b, uint64_t key)
{
    return (key & b->goal_mask) == b->goal_value;
}

/* The piece that moved between two keys that differ by one move. */
static inline int board_moved_piece(const board *b, uint64_t from, uint64_t to)
{
    return b->piece_of_bit[__builtin_ctzll(from ^ to)];
}

/* Decodes key: the offset of every piece into offset[] (npieces entries) and, returned, the
 * occupied cells, walls and pieces. */
static inline uint64_t board_decode(const board *b, uint64_t key, uint8_t *offset)
{
    uint64_t occ = b->walls;
    const board_piece *p = b->piece;
    const uint64_t (*cells)[BOARD_MAX_SIDE] = b->cells;
    for (int i = 0, n = b->npieces; i < n; i++) {
        uint64_t off = board_piece_offset(&p[i], key);
        offset[i] = (uint8_t)off;
        occ |= cells[i][off];
    }
    return occ;
}

/* Occupied cells, walls and pieces. */
static inline uint64_t board_occupancy(const board *b, uint64_t key)
{
    uint8_t offset[BOARD_MAX_PIECES];
    return board_decode(b, key, offset);
}

/* The line piece p slides along as one byte (bit k = cell k of the line, set = blocked),
 * cells past the board's edge included as blocked. A column is gathered by a multiplication:
 * after masking, bit 8r holds row r, and the constant's byte k shifts it by 7 - k so that row r
 * lands on bit 56 + r without two partial products meeting. */
static inline unsigned board_line(const board_piece *p, uint64_t occ)
{
    uint64_t bits = p->horizontal
                        ? occ >> (p->line * 8)
                        : (((occ >> p->line) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
    return ((unsigned)bits & 0xFFu) | p->beyond;
}

/* The same for piece i of b. Where BMI2 is on (the AVX2 build of the BFS engine) it is one
 * parallel bit extract of the line's cells, with no branch on the piece's orientation: the
 * breadth-first generator meets pieces of either kind in no pattern, so that branch was
 * mispredicted (docs/performance.md). */
static inline unsigned board_line_of(const board *b, int i, uint64_t occ)
{
#ifdef __BMI2__
    return (unsigned)_pext_u64(occ, b->line_cells[i]) | b->piece[i].beyond;
#else
    return board_line(&b->piece[i], occ);
#endif
}

/* The label standing on a cell in key: a piece label, 'x' for a wall, '.' for empty. */
char board_cell(const board *b, uint64_t key, int row, int col);

/* Position key as pieces on a grid (family.h): every piece with its letter, the primary as the
 * primary, the exit beside the primary's line. */
void board_picture(const board *b, uint64_t key, family_picture *out);

/* Index of the piece with this label, or -1. */
int board_find_label(const board *b, char label);

/* The native text form of the board grid in position key (docs/formats.md): the
 * bordered grid only, one line per row plus the two border lines, each ending in '\n'. Returns
 * the length written (buffer of BOARD_TEXT_MAX bytes). */
#define BOARD_TEXT_MAX 128
int board_format_grid(const board *b, uint64_t key, char *out);

/* The database form of position key into out (BOARD_DB_MAX bytes): the N x N cells row by row
 * (16, 25, 36, 49 or 64 characters), 'o' empty, 'x' wall, in the board's own letters; or false
 * when the board has no such form: not square, exit not at the right end of row 2, the primary
 * not a car lettered 'A', or another piece not an upper-case letter. (A form with the pieces
 * renamed would not read the moves written in the board's letters.) */
#define BOARD_DB_MAX (BOARD_MAX_SIDE * BOARD_MAX_SIDE + 1)
bool board_format_db(const board *b, uint64_t key, char out[BOARD_DB_MAX]);

const char *board_exit_name(board_exit e);

#endif
