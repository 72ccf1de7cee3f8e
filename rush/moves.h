/* moves.h -- legal moves on a board, applying them to keys, notation and replay.
 *
 * A move slides one piece `delta` cells along its line: positive is right (horizontal pieces)
 * or down (vertical pieces), negative left or up. A *step* is a move of one cell. Notation is
 * `<label><+|-><distance>`, for example `B+1 A-2`.
 */
#ifndef MOVES_H
#define MOVES_H

#include "rush/board.h"

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
 * after it (high nibble). 4 KiB, built before main() runs (a constructor in moves.c), so
 * that reading it is a load, not a call in the middle of the search loop. */
typedef uint8_t moves_run_table[2][256][BOARD_MAX_SIDE];
extern moves_run_table moves_run_data;
static inline const moves_run_table *moves_runs(void) { return &moves_run_data; }

/* A `skip` argument that leaves out no piece. */
#define MOVES_SKIP_NONE (-1)

/* Which moves a generator call produces: those of the pieces in `pieces` (bit i = piece i),
 * except that when commute_piece >= 0, a piece numbered below it keeps only the moves whose
 * swept cells (the cells it passes over or lands on) meet the segment [swept_from, swept_to)
 * of commute_piece's line. Build one with moves_filter_skip or moves_filter_commuting (the
 * generator relies on what they guarantee). */
typedef struct {
    uint32_t pieces;
    int commute_piece;
    int swept_from, swept_to;
} moves_filter;

/* Every piece but `skip` (a piece index, or MOVES_SKIP_NONE). */
static inline moves_filter moves_filter_skip(const board *b, int skip)
{
    uint32_t all = board_all_pieces(b);
    return (moves_filter){skip < 0 ? all : all & ~(1u << skip), -1, 0, 0};
}

/* moves_filter_commuting's filter after piece i slid from offset `was` to offset `is`. */
static inline moves_filter moves_filter_after(const board *b, int i, int was, int is,
                                              bool keep_mover)
{
    const board_piece *q = &b->piece[i];
    moves_filter f = {0, i, was < is ? was : is, (was < is ? is : was) + q->length};
    /* The pieces above i, and those whose line can meet the swept cells: the ones in i's own
     * line (both in b->commuting[i]) and the ones in the lines across it that the segment
     * covers. moves_of_piece then keeps only the moves of the lower ones that do meet them. */
    const uint32_t *across = b->lines_below[!q->horizontal];
    f.pieces = b->commuting[i] | (across[f.swept_to] ^ across[f.swept_from]);
    if (!keep_mover) f.pieces &= ~(1u << i);
    return f;
}

/* For breadth-first search (solvers/bfs.c proves it loses no state): the successors of `to`,
 * which was reached from `from` by one move of piece i, that do not commute with that move.
 * Pieces numbered above i keep all their moves; pieces numbered below i keep only the moves
 * that cross the cells i swept; piece i keeps its own moves only when keep_mover is true. */
static inline moves_filter moves_filter_commuting(const board *b, uint64_t from, uint64_t to,
                                                  bool keep_mover)
{
    int i = board_moved_piece(b, from, to);
    return moves_filter_after(b, i, board_offset(b, from, i), board_offset(b, to, i), keep_mover);
}

/* The filter a breadth-first level applies to `to`, reached from `from` (root: `to` is a root,
 * and every move is let through): moves_filter_commuting's. */
static inline moves_filter moves_filter_level(const board *b, uint64_t from, bool root, uint64_t to,
                                              bool keep_mover)
{
    return root ? moves_filter_skip(b, MOVES_SKIP_NONE) : moves_filter_commuting(b, from, to, keep_mover);
}

/* The generators below share this: appends at keys[n] (and moves[n] when not NULL) the moves
 * of piece i, standing at offset `at` in position occ, that filter f lets through and that
 * slide it at most max_distance cells; returns the new count. runs is moves_runs(); the piece
 * must be able to move and f must let it. Each side is written as BOARD_RUN_MAX unconditional
 * stores (a few vector instructions) and the count then advanced by the real run: cheaper
 * than a loop whose trip count the branch predictor cannot guess. */
static inline int moves_of_piece(const moves_run_table *runs, const board *b, uint64_t key,
                                 uint64_t occ, int i, int at, moves_filter f, uint64_t *keys,
                                 move *moves, int n, int max_distance)
{
    const board_piece *p = &b->piece[i];
    unsigned run = (*runs)[p->length - 2][board_line_of(b, i, occ)][at];
    int before = (int)(run & 15), after = (int)(run >> 4);
    if (max_distance < BOARD_RUN_MAX) {   /* folded away for multi-cell moves */
        if (before > max_distance) before = max_distance;
        if (after > max_distance) after = max_distance;
    }
    /* The nearest slide each way that is let through: 1 cell, unless commuting moves are
     * filtered out; then the first that reaches the swept segment. Its part in this piece's
     * line is the crossing cell if the piece lies across the segment's line, else the segment
     * itself: moves_filter_commuting lets no other lower-numbered piece through. */
    int first_before = 1, first_after = 1;
    if (i < f.commute_piece) {
        const board_piece *q = &b->piece[f.commute_piece];
        bool across = p->horizontal != q->horizontal;
        int from = across ? q->line : f.swept_from, to = across ? q->line + 1 : f.swept_to;
        first_before = to <= at ? at - to + 1 : BOARD_MAX_SIDE;
        first_after = from >= at + p->length ? from - at - p->length + 1 : BOARD_MAX_SIDE;
        before = before >= first_before ? before - first_before + 1 : 0;
        after = after >= first_after ? after - first_after + 1 : 0;
    }
    uint64_t unit = (uint64_t)1 << p->shift;
    uint64_t base = key - unit * (uint64_t)(first_before - 1);
    for (int d = 0; d < BOARD_RUN_MAX; d++) keys[n + d] = base - p->ladder[d];
    if (moves)
        for (int d = 0; d < BOARD_RUN_MAX; d++)
            moves[n + d] = (move){(uint8_t)i, (int8_t)(-d - first_before)};
    n += before;
    base = key + unit * (uint64_t)(first_after - 1);
    for (int d = 0; d < BOARD_RUN_MAX; d++) keys[n + d] = base + p->ladder[d];
    if (moves)
        for (int d = 0; d < BOARD_RUN_MAX; d++)
            moves[n + d] = (move){(uint8_t)i, (int8_t)(d + first_after)};
    return n + after;
}

/* Every legal move from key that slides a piece other than `skip` at most max_distance cells:
 * the successor keys into keys[] and, when moves is not NULL, the moves into moves[] (both
 * MOVES_MAX entries). Returns how many. The order is fixed: pieces by index, and for each
 * piece the moves toward the start of its line first, nearest first, then those toward the
 * end, nearest first.
 *
 * Inline because it is the inner loop of every solver. Pieces that cannot move (most) are
 * passed over with a branch, which suits depth-first and best-first search: their consecutive
 * states differ by one move, so the branch predictor learns the pattern (docs/performance.md
 * compares this with moves_generate_filtered's branch-free selection). */
static inline int moves_generate_upto(const board *b, uint64_t key, int skip, uint64_t *keys,
                                      move *moves, int max_distance)
{
    uint8_t offset[BOARD_MAX_PIECES];
    uint64_t occ = board_decode(b, key, offset);
    const moves_run_table *runs = moves_runs();
    moves_filter all = moves_filter_skip(b, skip);
    int n = 0;
    for (int i = 0; i < b->npieces; i++) {
        if ((b->ends[i][offset[i]] & ~occ) == 0 || i == skip) continue;
        n = moves_of_piece(runs, b, key, occ, i, offset[i], all, keys, moves, n, max_distance);
    }
    return n;
}

/* The same for the moves filter f lets through. Breadth-first search's generator: the states it expands one after
 * another are unrelated, so instead of branching on each piece it collects without branches
 * the pieces f lets through that can move at all, and visits only those. */
static inline int moves_generate_filtered(const board *b, uint64_t key, moves_filter f,
                                          uint64_t *keys, move *moves, int max_distance)
{
    const moves_run_table *runs = moves_runs();
    uint8_t offset[BOARD_MAX_PIECES];
    uint64_t occ = board_decode(b, key, offset);
    uint32_t movable = 0;
    for (uint32_t rest = f.pieces; rest; rest &= rest - 1) {
        int i = __builtin_ctz(rest);
        movable |= (uint32_t)((b->ends[i][offset[i]] & ~occ) != 0) << i;
    }
    int n = 0;
    for (; movable; movable &= movable - 1) {
        int i = __builtin_ctz(movable);
        n = moves_of_piece(runs, b, key, occ, i, offset[i], f, keys, moves, n, max_distance);
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
/* The same, malloc'ed and as long as it takes. */
char *moves_text(const board *b, const move *m, int count);
/* The moves of a solution written so: its words. */
int moves_text_count(const char *text);

/* Whether token[0 .. len) has the form of a move, on any board: a letter, '+' or '-', a digit
 * (B+1). Whether it is legal is the replay's to say. */
bool moves_token_valid(const char *token, size_t len);

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

/* The board as family.h's view, for the solvers written once for every family and for what
 * knows no family (the state graphs): its successors in moves (and slides, which are its
 * moves) are moves_generate's, in its order, in steps moves_generate_steps's; after a move,
 * those of every piece but the one that moved (all its moves stay within one move of the
 * state before it); the goal test and its mask; the bound 1 off the goal, 0 on it; the
 * notation of a path of keys, a token a move (a path of steps written as its moves). No goal
 * states (Rush Hour's bidirectional search is its own entry's), no memo, no proof of
 * unsolvability, no cluster size. */
void moves_problem(const board *b, uint64_t start, family_problem *out);

#endif
