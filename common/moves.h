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

/* The most successors a state can have, plus room for the generator's unconditional writes:
 * arrays given to moves_generate hold MOVES_MAX entries. */
#define MOVES_MAX (BOARD_MAX_PIECES * 2 * BOARD_RUN_MAX + BOARD_RUN_MAX)

/* Free cells before and after each piece, looked up rather than computed because this is the
 * innermost question of every search: moves_runs()[length - 2][line][offset] packs the free
 * cells before a piece of that length at that offset in the line byte `line` (low nibble) and
 * after it (high nibble). 4 KiB, built on first use. */
typedef uint8_t moves_run_table[2][256][BOARD_MAX_SIDE];
const moves_run_table *moves_runs(void);

/* A `skip` argument that leaves out no piece. */
#define MOVES_SKIP_NONE (-1)

/* Every legal move from key that slides a piece other than `skip` (a piece index, or
 * MOVES_SKIP_NONE) at most max_distance cells: the successor keys into keys[] and, when moves
 * is not NULL, the moves into moves[] (both MOVES_MAX entries). Returns how many. The order is
 * fixed: pieces by index, and for each piece the moves toward the start of its line first,
 * nearest first, then those toward the end, nearest first.
 *
 * Inline because it is the inner loop of every solver. Each side of a piece is written as
 * BOARD_RUN_MAX unconditional stores (a few vector instructions) and the count then advanced
 * by the real run: cheaper than a loop whose trip count the branch predictor cannot guess. */
static inline int moves_generate_upto(const board *b, uint64_t key, int skip, uint64_t *keys,
                                      move *moves, int max_distance)
{
    const moves_run_table *runs = moves_runs();
    uint8_t offset[BOARD_MAX_PIECES];
    uint64_t occ = b->walls;
    for (int i = 0; i < b->npieces; i++) {
        offset[i] = (uint8_t)board_offset(b, key, i);
        occ |= b->cells[i][offset[i]];
    }
    int n = 0;
    for (int i = 0; i < b->npieces; i++) {
        if ((b->ends[i][offset[i]] & ~occ) == 0 || i == skip) continue;   /* most are blocked */
        const board_piece *p = &b->piece[i];
        unsigned run = (*runs)[p->length - 2][board_line(p, occ)][offset[i]];
        int before = (int)(run & 15), after = (int)(run >> 4);
        if (max_distance < BOARD_RUN_MAX) {   /* folded away for multi-cell moves */
            if (before > max_distance) before = max_distance;
            if (after > max_distance) after = max_distance;
        }
        for (int d = 0; d < BOARD_RUN_MAX; d++) keys[n + d] = key - p->ladder[d];
        if (moves)
            for (int d = 0; d < BOARD_RUN_MAX; d++) moves[n + d] = (move){(uint8_t)i, (int8_t)(-d - 1)};
        n += before;
        for (int d = 0; d < BOARD_RUN_MAX; d++) keys[n + d] = key + p->ladder[d];
        if (moves)
            for (int d = 0; d < BOARD_RUN_MAX; d++) moves[n + d] = (move){(uint8_t)i, (int8_t)(d + 1)};
        n += after;
    }
    return n;
}

/* Every legal move (slides of any distance). */
static inline int moves_generate(const board *b, uint64_t key, int skip, uint64_t *keys,
                                 move *moves)
{
    return moves_generate_upto(b, key, skip, keys, moves, BOARD_MAX_SIDE);
}

/* Every legal single-cell step. */
static inline int moves_generate_steps(const board *b, uint64_t key, int skip, uint64_t *keys,
                                       move *moves)
{
    return moves_generate_upto(b, key, skip, keys, moves, 1);
}

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

/* Checks a solution: every move legal (as moves_replay) and the last position a goal. Returns
 * -1 when it is a solution; otherwise the index of the first illegal move, or `count` when the
 * moves are legal but end short of the goal, with a reason in err (BOARD_ERR_MAX). */
int moves_check_solution(const board *b, uint64_t start, const move *m, int count, char *err);

/* Total distance of a move list: its length in steps. */
int moves_steps(const move *m, int count);

/* Merges consecutive moves of the same piece in the same direction into one move, in place.
 * Returns the new count. */
int moves_merge(move *m, int count);

#endif
