/* space_reduced.c -- breadth-first search over line tables, to a depth bound (see space_reduced.h).
 *
 * Only the question "fewer than k moves?" is asked, so a state whose lower bound (its blockers)
 * already says no is never queued: the search keeps to the states that could still be on such
 * a solution, which in the enumerator's tests of pieces that are not needed is the whole cost.
 * The invariant of the table of states seen: a slot is taken when its stamp is the search's,
 * so a new search empties it by moving the stamp on; every state in the table is also in the
 * queue, from which the table is rebuilt when it grows. Moves are the enumerator's: a line's
 * slides under the cells open to it (line_moves). */
#include "common/grow.h"
#include "rush/space_reduced.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_BITS 8   /* 256 slots, kept at most a quarter full */

struct reduced_search {
    uint64_t *kh, *kv;   /* the table: a state's two bitboards */
    uint32_t *stamp;
    int bits;
    uint32_t count, now;
    uint64_t *qh, *qv;   /* the queue */
    uint32_t tail, qcap;
};

reduced_search *reduced_search_new(void)
{
    return calloc(1, sizeof(reduced_search));
}

void reduced_search_free(reduced_search *rs)
{
    if (!rs) return;
    free(rs->kh), free(rs->kv), free(rs->stamp), free(rs->qh), free(rs->qv);
    free(rs);
}

static uint32_t slot_of(const reduced_search *rs, uint64_t h8, uint64_t v8)
{
    return (uint32_t)((h8 * 0x9E3779B97F4A7C15ull ^ v8 * 0xC2B2AE3D27D4EB4Full) >> (64 - rs->bits));
}

/* Puts a state in the table: 1 when it is new, 0 when it was there. */
static int remember(reduced_search *rs, uint64_t h8, uint64_t v8)
{
    uint32_t mask = (1u << rs->bits) - 1;
    for (uint32_t i = slot_of(rs, h8, v8);; i = (i + 1) & mask) {
        if (rs->stamp[i] != rs->now) {
            rs->stamp[i] = rs->now, rs->kh[i] = h8, rs->kv[i] = v8;
            rs->count++;
            return 1;
        }
        if (rs->kh[i] == h8 && rs->kv[i] == v8) return 0;
    }
}

/* A table of 2^bits slots, empty, holding the queue's states again. */
static int resize_table(reduced_search *rs, int bits)
{
    size_t slots = (size_t)1 << bits;
    free(rs->kh), free(rs->kv), free(rs->stamp);
    rs->kh = malloc(slots * sizeof *rs->kh);
    rs->kv = malloc(slots * sizeof *rs->kv);
    rs->stamp = calloc(slots, sizeof *rs->stamp);
    if (!rs->kh || !rs->kv || !rs->stamp) {
        rs->bits = 0;
        return -1;
    }
    rs->bits = bits, rs->now = 1, rs->count = 0;
    for (uint32_t k = 0; k < rs->tail; k++) remember(rs, rs->qh[k], rs->qv[k]);
    return 0;
}

/* Queues a state that is not a goal, when it is new and may still be solved within `left`
 * moves (it is not when its bound says otherwise: breadth-first order reaches each state at its
 * least depth, so a state left out this way would only lead to longer solutions); -1 when out
 * of memory. */
static int visit(reduced_search *rs, const reduced_lines *l, uint64_t h8, uint64_t v8, int left)
{
    if (space_blockers_bound(l->space->size, h8, v8) > left || !remember(rs, h8, v8)) return 0;
    if (rs->tail == rs->qcap) {
        uint32_t cap = rs->qcap;
        bool failed = false;
        TRY_GROW(rs->qh, cap, rs->tail + 1, 1024, failed);
        cap = rs->qcap;
        TRY_GROW(rs->qv, cap, rs->tail + 1, 1024, failed);
        if (failed) return -1;
        rs->qcap = cap;
    }
    rs->qh[rs->tail] = h8, rs->qv[rs->tail] = v8;
    rs->tail++;
    if (4 * (uint64_t)rs->count > (1ull << rs->bits)) return resize_table(rs, rs->bits + 2);
    return 0;
}

/* Queues every state one slide from (h8, v8) that may be solved within `left` more moves; 1 when
 * one of them is a goal, -1 out of memory. */
static int expand(reduced_search *rs, const reduced_lines *l, uint64_t h8, uint64_t v8, int left)
{
    const int n = l->space->size;
    const unsigned all = (1u << n) - 1;
    uint64_t hw = h8 | l->walls, vw = v8 | l->walls;
    for (int x = 0; x < n; x++) {
        if (!l->col_by_mask[x]) continue;
        int p = l->col_by_mask[x][space_column_bits(v8, x)];
        const line_move *m, *end;
        uint64_t others = v8 & ~(0x0101010101010101ull << x);
        for (m = line_moves(l->colt[x], p, ~(unsigned)space_column_bits(hw, x) & all, &end); m < end; m++)
            if (visit(rs, l, h8, others | space_column_spread(l->space, m->mask, x), left)) return -1;
    }
    for (int y = 0; y < n; y++) {
        if (!l->row_by_mask[y]) continue;
        int p = l->row_by_mask[y][(uint8_t)(h8 >> (8 * y))];
        const line_move *m, *end;
        uint64_t others = h8 & ~(0xFFull << (8 * y));
        for (m = line_moves(l->rowt[y], p, ~(unsigned)(vw >> (8 * y)) & all, &end); m < end; m++) {
            if (y == SPACE_PRIMARY_ROW && m->mask == l->exit_mask) return 1;
            if (visit(rs, l, others | (uint64_t)m->mask << (8 * y), v8, left)) return -1;
        }
    }
    return 0;
}

int reduced_solved_below(reduced_search *rs, const reduced_lines *lines, uint64_t h8, uint64_t v8,
                         int moves)
{
    if (!rs->bits && resize_table(rs, FIRST_BITS)) return -1;
    if (++rs->now == 0) {   /* the stamps wrapped: empty the table for real */
        memset(rs->stamp, 0, ((size_t)1 << rs->bits) * sizeof *rs->stamp);
        rs->now = 1;
    }
    rs->count = rs->tail = 0;
    if (visit(rs, lines, h8, v8, moves - 1)) return -1;
    uint32_t level_end = 1;
    int depth = 0;
    for (uint32_t head = 0; head < rs->tail; head++) {
        if (head == level_end) depth++, level_end = rs->tail;
        if (depth + 1 >= moves) break;   /* its successors would take `moves` moves or more */
        int r = expand(rs, lines, rs->qh[head], rs->qv[head], moves - depth - 2);
        if (r) return r;
    }
    return 0;
}
