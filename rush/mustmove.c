/* mustmove.c -- the must-move bound: the fewest pieces that must move at least once.
 *
 * Let an *obligation* (q, c) say that piece q must, at some time, stand clear of cell c. The
 * primary piece must move (unless at the goal), and every piece on the lane (a *blocker*) owes
 * the lane cell it covers. Piece q, now at offset o along its line, can clear c (at position p
 * of its line) in two ways: toward the start of its line, to offset p - L, sweeping the cells
 * o' .. o - 1 on the way; or toward the end, to offset p + 1, sweeping o + L .. o' + L - 1. A way
 * that leaves the board or sweeps a wall is impossible. Each piece r standing on a swept cell
 * must move before q passes, so r is added to the set and owes that cell. The bound is the
 * smallest set reachable this way, choosing one way per obligation (a depth-first search over
 * the choices, cut when a set cannot beat the best so far); HEURISTIC_DEAD when every choice is
 * impossible. An obligation of a piece already in the set is not added again.
 *
 * Admissible. Take any solution and let P be the pieces it moves. Every obligation of a piece in
 * P is met by the solution at some time t: the first time q clears c, it does so in one of the
 * two ways, and the cells it sweeps must then be empty, so every piece standing on them now has
 * moved before t, and so is in P. Making the solution's choice at every obligation keeps the set
 * inside P (an obligation not added only drops a constraint), and that way is never impossible.
 * So some branch of the search ends with a set inside P, and the minimum is at most |P|, which
 * is at most the number of moves. Every branch impossible means no solution exists.
 *
 * Consistency is not implied by this argument (one move can change which way is cheapest for
 * several pieces); tests/test_bounds.c checks |h(s) - h(t)| <= 1 over every move of every state
 * of the 3,012 sample clusters, and docs/solvers.md reports it. It dominates the blocker bound: a
 * stuck blocker's ways are each impossible or swept through a piece that is neither the primary
 * nor another blocker (blockers.c), which adds at least one piece.
 */
#include "rush/rush_bounds.h"

#include "rush/moves.h"

#define NONE (-1)
#define WALL (-2)

typedef struct {
    uint8_t piece;
    uint8_t pos;     /* the cell to clear, as a position along the piece's line */
} obligation;

typedef struct {
    const board *b;
    int8_t owner[64];                 /* the piece on each cell, NONE or WALL */
    uint8_t off[BOARD_MAX_PIECES];
    int best;
} mustmove_search;

/* The cell at position pos of piece p's line. */
static int cell_of(const board_piece *p, int pos)
{
    return p->horizontal ? p->line * 8 + pos : pos * 8 + p->line;
}

static int line_pos(const board_piece *p, int cell)
{
    return p->horizontal ? cell % 8 : cell / 8;
}

static void search(mustmove_search *s, uint32_t moving, const obligation *pending, int npending)
{
    int cost = __builtin_popcount(moving);
    if (cost >= s->best) return;
    if (npending == 0) {
        s->best = cost;
        return;
    }
    obligation o = pending[npending - 1];
    const board_piece *q = &s->b->piece[o.piece];
    int at = s->off[o.piece], length = q->length;
    for (int way = 0; way < 2; way++) {
        int to = way == 0 ? o.pos - length : o.pos + 1;
        if (to < 0 || to > q->max_offset) continue;
        int from = way == 0 ? to : at + length, last = way == 0 ? at - 1 : to + length - 1;
        obligation next[BOARD_MAX_PIECES];
        int n = npending - 1;
        for (int k = 0; k < n; k++) next[k] = pending[k];
        uint32_t added = moving;
        bool possible = true;
        for (int pos = from; pos <= last && possible; pos++) {
            int cell = cell_of(q, pos), r = s->owner[cell];
            if (r == WALL) possible = false;
            else if (r >= 0 && !(added & (1u << r))) {
                added |= 1u << r;
                next[n++] = (obligation){(uint8_t)r, (uint8_t)line_pos(&s->b->piece[r], cell)};
            }
        }
        if (possible) search(s, added, next, n);
    }
}

int heuristic_mustmove(const board *b, uint64_t key)
{
    if (board_is_goal(b, key)) return 0;
    mustmove_search s = {.b = b, .best = HEURISTIC_DEAD};
    for (int c = 0; c < 64; c++) s.owner[c] = (b->walls >> c) & 1 ? WALL : NONE;
    for (int i = 0; i < b->npieces; i++) {
        s.off[i] = (uint8_t)board_offset(b, key, i);
        uint64_t cells = b->cells[i][s.off[i]];
        while (cells) {
            s.owner[__builtin_ctzll(cells)] = (int8_t)i;
            cells &= cells - 1;
        }
    }
    const board_piece *pp = &b->piece[b->primary];
    uint64_t lane = b->lane[s.off[b->primary]];
    uint32_t moving = 1u << b->primary;
    obligation pending[BOARD_MAX_PIECES];
    int n = 0;
    for (; lane; lane &= lane - 1) {
        int cell = __builtin_ctzll(lane), r = s.owner[cell];
        if (r == NONE) continue;
        if (r == WALL || b->piece[r].horizontal == pp->horizontal) return HEURISTIC_DEAD;
        moving |= 1u << r;
        pending[n++] = (obligation){(uint8_t)r, (uint8_t)line_pos(&b->piece[r], cell)};
    }
    search(&s, moving, pending, n);
    return s.best;
}
