/* space_minimal.c -- pass 3 of the explorer: whether a cluster's puzzle is minimal, that is whether
 * removing any one piece but the primary, or any one wall, lowers its optimal move count.
 *
 * Most puzzles are decided without a search. One as hard as its blockers say with a piece that
 * blocks nothing is not minimal (the bound stays); one with an idle piece, which no other piece
 * can ever sweep, is not minimal (every solution without it is one with it standing still);
 * every piece that moves on some optimal solution is needed (that solution without its moves
 * solves the smaller puzzle in fewer moves), and a walk down the distances finds all of those
 * at once. Each remaining piece and each wall is taken away in turn and the smaller puzzle
 * searched (rush/space_reduced.h) for a solution in fewer moves; the first one without ends the
 * test. */
#include <string.h>

#include "rush/space_explore_internal.h"

/* A piece as one bit: its line (the rows first) times LINE_MAX_PIECES plus its place in the line
 * (pieces never leave their line nor pass each other, so that names one piece across a
 * cluster). */
static inline uint64_t piece_bit(bool horizontal, unsigned at, unsigned place)
{
    return 1ull << (((horizontal ? 0 : SPACE_MAX_SIZE) + at) * LINE_MAX_PIECES + place);
}

/* The piece that moves between two states one slide apart, as piece_bit names it. The moving
 * piece is the one whose cells change; the pieces before it lie wholly below the lowest changed
 * cell. */
static inline uint64_t mover(const skeleton *k, const state *from, const state *next)
{
    uint64_t dh = from->h8 ^ next->h8;
    const lane *l;
    unsigned old, changed, at;
    if (dh) {
        at = (unsigned)__builtin_ctzll(dh) / 8;
        l = &k->row[at];
        old = (uint8_t)(from->h8 >> (8 * at)), changed = (uint8_t)(dh >> (8 * at));
    } else {
        at = (unsigned)__builtin_ctzll(from->v8 ^ next->v8) % 8;
        l = &k->col[at];
        old = space_column_bits(from->v8, (int)at), changed = old ^ space_column_bits(next->v8, (int)at);
    }
    unsigned starts = l->placement[l->by_mask[old]].starts;
    return piece_bit(dh != 0, at, (unsigned)__builtin_popcount(starts & ((changed & -changed) - 1)));
}

/* A slide one step down the distances, on an optimal path: its piece moves on one. */
static inline void follow_optimal(skeleton *k, const state *from, const state *next)
{
    if (k->dist[next->rank] + 1 != k->dist[from->rank]) return;
    k->movers |= mover(k, from, next);
    if (k->label[next->rank] == k->stamp) return;
    k->label[next->rank] = k->stamp;
    k->queue[k->tail++] = *next;
}

/* Pass 3's proof of need: the pieces that move on some optimal solution of the puzzle at
 * `start` (each of them needed: that solution without the piece's moves solves the smaller
 * puzzle in fewer moves). Walks every optimal path at once, the states marked with `stamp` in
 * label[] (free after pass 1; stamps are past every seed number, so no clearing). */
static inline __attribute__((always_inline)) uint64_t
optimal_movers(skeleton *k, const int n, const state *start, uint32_t stamp)
{
    k->tail = 0, k->stamp = stamp, k->movers = 0;
    k->label[start->rank] = stamp;
    k->queue[k->tail++] = *start;
    for (uint64_t head = 0; head < k->tail;) {
        const state s = k->queue[head++];
        if (k->dist[s.rank]) expand(k, n, &s, follow_optimal);
    }
    return k->movers;
}

/* Whether the puzzle has a piece whose removal cannot lower its count, seen from the lines
 * alone: a piece (not the primary) whose cells no other piece can ever cover. Then no other
 * piece ever sweeps them, so every solution of the puzzle without it solves the puzzle itself,
 * with it standing still. Such a piece is alone between the walls of its line, and no line
 * across it has a placement covering the cell it crosses (line_template's reach). */
static bool has_idle_piece(const space_explorer *e, uint64_t h8, uint64_t v8)
{
    for (int line = 0; line < 2 * e->n; line++) {
        bool horizontal = line < e->n;
        int at = horizontal ? line : line - e->n;
        if (horizontal && at == SPACE_PRIMARY_ROW) continue;   /* the primary, alone in its row */
        const line_type *t = horizontal ? e->rowt[at] : e->colt[at];
        const line_template *tp = horizontal ? e->rowtp[at] : e->coltp[at];
        uint8_t mask = horizontal ? (uint8_t)(h8 >> (8 * at)) : space_column_bits(v8, at);
        unsigned starts = tp->npieces ? t->placement[tp->by_mask[mask]].starts : 0;
        for (int i = 0; i < tp->npieces; i++, starts &= starts - 1) {
            if ((i > 0 && tp->gap[i - 1] == tp->gap[i]) || (i + 1 < tp->npieces && tp->gap[i + 1] == tp->gap[i]))
                continue;
            bool covered = false;
            for (int c = __builtin_ctz(starts), end = c + tp->length[i]; c < end; c++)
                covered |= (horizontal ? e->coltp[c] : e->rowtp[c])->reach >> at & 1;
            if (!covered) return true;
        }
    }
    return false;
}

/* Whether the puzzle is no harder than its blockers say and has a piece that blocks nothing:
 * then that piece is not needed. Every vertical piece across the primary's way to the exit
 * must move at least once, and the primary once more, so any puzzle needs at least 1 +
 * blockers moves; removing a piece that blocks nothing (or a wall: none stands in the
 * primary's way) leaves that bound as it was, so the smaller puzzle cannot be solved in fewer
 * than 1 + blockers = moves. */
static bool has_spare_piece(const space_explorer *e, const state *s, int moves)
{
    int bound = space_blockers_bound(e->n, s->h8, s->v8);   /* 1 + blockers */
    return moves == bound && e->pieces > bound;
}

/* Whether every piece and wall of the puzzle at s is needed, the pieces in `movers` known to
 * be: each other one is taken away and the rest searched (space_reduced.h) for a solution in fewer
 * than `moves` moves. 1 yes, 0 no, -1 out of memory. */
static int all_needed(space_explorer *e, const state *s, int moves, uint64_t movers)
{
    reduced_lines *l = &e->board_lines;
    for (int line = 0; line < 2 * e->n; line++) {
        bool horizontal = line < e->n;
        int at = horizontal ? line : line - e->n;
        const line_type *t = horizontal ? e->rowt[at] : e->colt[at];
        const line_template *tp = horizontal ? e->rowtp[at] : e->coltp[at];
        uint8_t mask = horizontal ? (uint8_t)(s->h8 >> (8 * at)) : space_column_bits(s->v8, at);
        unsigned starts = tp->npieces ? t->placement[tp->by_mask[mask]].starts : 0;
        for (int i = 0; i < tp->npieces; i++, starts &= starts - 1) {
            if ((horizontal && at == SPACE_PRIMARY_ROW) || (movers & piece_bit(horizontal, (unsigned)at, (unsigned)i)))
                continue;
            uint8_t length[LINE_MAX_PIECES], cells = (uint8_t)(((1u << tp->length[i]) - 1) << __builtin_ctz(starts));
            memcpy(length, tp->length, (size_t)i);
            memcpy(length + i, tp->length + i + 1, (size_t)(tp->npieces - i - 1));
            int left = line_template_find(t, length, tp->npieces - 1, (uint8_t)(mask & ~cells));
            if (left < 0) return space_explorer_fail(e, "no template for a line with a piece taken away (a bug)");
            uint64_t h8 = horizontal ? s->h8 & ~((uint64_t)cells << (8 * at)) : s->h8;
            uint64_t v8 = horizontal ? s->v8 : s->v8 & ~space_column_spread(e->s, cells, at);
            const int16_t **by_mask = horizontal ? &l->row_by_mask[at] : &l->col_by_mask[at], *kept = *by_mask;
            *by_mask = lines_by_mask(&t->template[left]);
            int r = reduced_solved_below(e->reduced, l, h8, v8, moves);
            *by_mask = kept;
            if (r < 0) return space_explorer_fail(e, OUT_OF_MEMORY);
            if (r == 0) return 0;   /* 0: no shorter solution without it, so it is not needed */
        }
    }
    /* A wall taken away changes its row's and its column's line types: the same pieces, seen
     * through the template of the new type that holds them where they stand. */
    for (uint64_t w = e->unit.walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w), y = cell / 8, x = cell % 8;
        uint64_t walls = e->unit.walls & ~(w & -w);
        const line_type *rt = &e->s->type[space_row_walls(walls, y)], *ct = &e->s->type[space_column_bits(walls, x)];
        int row = line_template_find(rt, e->rowtp[y]->length, e->rowtp[y]->npieces, (uint8_t)(s->h8 >> (8 * y)));
        int column = line_template_find(ct, e->coltp[x]->length, e->coltp[x]->npieces, space_column_bits(s->v8, x));
        if (row < 0 || column < 0) return space_explorer_fail(e, "no template for a line with a wall taken away (a bug)");
        reduced_lines kept = *l;
        l->walls = walls, l->rowt[y] = rt, l->colt[x] = ct;
        l->row_by_mask[y] = lines_by_mask(&rt->template[row]);
        l->col_by_mask[x] = lines_by_mask(&ct->template[column]);
        int r = reduced_solved_below(e->reduced, l, s->h8, s->v8, moves);
        *l = kept;
        if (r < 0) return space_explorer_fail(e, OUT_OF_MEMORY);
        if (r == 0) return 0;
    }
    return 1;
}

/* One with a spare or an idle piece is not minimal; otherwise only the pieces that move on no
 * optimal solution, and the walls, need a search (all_needed). The walk over the optimal
 * solutions is compiled once per board size, as the passes are. */
int space_minimal_puzzle(space_explorer *e, skeleton *k, const state *hardest, int moves,
                         uint32_t stamp)
{
    if (has_spare_piece(e, hardest, moves) || has_idle_piece(e, hardest->h8, hardest->v8)) return 0;
    uint64_t movers;
    switch (e->n) {
    case 4: movers = optimal_movers(k, 4, hardest, stamp); break;
    case 5: movers = optimal_movers(k, 5, hardest, stamp); break;
    case 6: movers = optimal_movers(k, 6, hardest, stamp); break;
    case 7: movers = optimal_movers(k, 7, hardest, stamp); break;
    default: movers = optimal_movers(k, SPACE_MAX_SIZE, hardest, stamp); break;
    }
    return all_needed(e, hardest, moves, movers);
}

