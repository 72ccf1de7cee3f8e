/* moves.h -- legal moves on a board, applying them to keys, notation and replay.
 *
 * A move slides one piece `delta` cells along its line: positive is right (horizontal pieces)
 * or down (vertical pieces), negative left or up. A *step* is a move of one cell. Notation is
 * `<label><+|-><distance>`, for example `B+1 A-2`.
 */
#ifndef MOVES_H
#define MOVES_H

#include "board.h"

typedef struct {
    uint8_t piece;   /* piece index */
    int8_t delta;    /* cells, signed */
} move;

/* A successor: the key after the move, and the move. */
typedef struct {
    uint64_t key;
    move m;
} move_child;

/* No piece has more than 7 free cells on each side, and there are at most 32 pieces. */
#define MOVES_MAX (BOARD_MAX_PIECES * 2 * (BOARD_MAX_SIDE - 1))

/* Free cells before and after piece i (left/up, right/down) given the occupancy. */
static inline void moves_free_run(const board *b, int i, int off, uint64_t occ, uint64_t occ_t,
                                  int *before, int *after)
{
    const board_piece *p = &b->piece[i];
    unsigned line = (unsigned)((p->horizontal ? occ : occ_t) >> (p->line * 8)) & 0xFFu;
    unsigned line_len = p->horizontal ? b->width : b->height;
    line |= ~0u << line_len;                 /* cells past the board's edge are blocked */
    unsigned below = line & ((1u << off) - 1);
    *before = off - (below ? 32 - __builtin_clz(below) : 0);
    *after = __builtin_ctz(line >> (off + p->length));
}

/* Every legal move from key (slides of any distance), in a fixed order: pieces by index, and
 * for each piece the moves toward the start of its line first, nearest first, then the moves
 * toward the end, nearest first. Returns the count written to out (MOVES_MAX entries). */
int moves_generate(const board *b, uint64_t key, move_child *out);

/* The same for single-cell steps only. */
int moves_generate_steps(const board *b, uint64_t key, move_child *out);

/* The key after a move. The move must be legal. */
static inline uint64_t moves_apply(const board *b, uint64_t key, move m)
{
    uint64_t unit = 1ull << b->piece[m.piece].shift;
    return m.delta >= 0 ? key + unit * (uint64_t)m.delta : key - unit * (uint64_t)-m.delta;
}

/* The key before a move (undo). */
static inline uint64_t moves_undo(const board *b, uint64_t key, move m)
{
    move back = {m.piece, (int8_t)-m.delta};
    return moves_apply(b, key, back);
}

/* The one move that turns key `from` into key `to` (they must differ in one piece). */
move moves_between(const board *b, uint64_t from, uint64_t to);

/* Writes a move as text ("B+1") into out (8 bytes). Returns the length. */
int moves_format(const board *b, move m, char *out);

/* Writes a whole move list separated by single spaces. Returns the length written, or -1 when
 * the buffer of n bytes is too small. */
int moves_format_list(const board *b, const move *m, int count, char *out, size_t n);

/* Parses one move in notation; returns 0, or -1 with a reason in err (BOARD_ERR_MAX). */
int moves_parse(const board *b, const char *text, move *m, char *err);

/* Replays moves from key start, checking each cell by cell (independently of the generator).
 * Returns -1 when every move is legal, storing the final key in *end; otherwise the index of
 * the first illegal move, with a reason in err. */
int moves_replay(const board *b, uint64_t start, const move *m, int count, uint64_t *end,
                 char *err);

/* Total distance of a move list: its length in steps. */
int moves_steps(const move *m, int count);

/* Merges consecutive moves of the same piece in the same direction into one move, in place.
 * Returns the new count. */
int moves_merge(move *m, int count);

#endif
