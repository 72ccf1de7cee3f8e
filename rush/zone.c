/* zone.c -- zones of a move, the seed C# solver's move order and its solutions. */
#include "rush/zone.h"

#include <stdlib.h>

#include "common/xmem.h"

/* The cells from position `from` to `to` (inclusive) along piece p's line. */
static uint64_t zone_run(const board_piece *p, int from, int to)
{
    uint64_t run = 0;
    for (int k = from; k <= to; k++)
        run |= 1ull << (p->horizontal ? p->line * 8 + k : k * 8 + p->line);
    return run;
}

zone_move zone_of(const board *b, uint64_t key, move m)
{
    const board_piece *p = &b->piece[m.piece];
    int s = board_offset(b, key, m.piece), L = p->length, d = m.delta;
    int n = d > 0 ? d : -d, least = n < L ? n : L;
    zone_move z = {.m = m, .key = key + (uint64_t)(int64_t)d * (1ull << p->shift)};
    if (d > 0) {
        z.E = zone_run(p, s + L, s + L + n - 1);
        z.Ea = n >= L ? zone_run(p, s + n, s + n + L - 1) : z.E;
        z.Lv = zone_run(p, s, s + n - 1);
        z.La = zone_run(p, s, s + least - 1);
    } else {
        z.E = zone_run(p, s - n, s - 1);
        z.Ea = zone_run(p, s - n, s - n + least - 1);
        z.Lv = zone_run(p, s + L - n, s + L - 1);
        z.La = n >= L ? zone_run(p, s, s + L - 1) : z.Lv;
    }
    return z;
}

void zone_piece_order(const board *b, uint8_t *order)
{
    for (int i = 0; i < b->npieces; i++) {   /* insertion sort by label */
        int j = i;
        for (; j > 0 && b->piece[order[j - 1]].label > b->piece[i].label; j--)
            order[j] = order[j - 1];
        order[j] = (uint8_t)i;
    }
}

int zone_candidates(const board *b, const uint8_t *order, uint64_t key, uint64_t occ, int skip,
                    move *out)
{
    const moves_run_table *runs = moves_runs();
    int n = 0;
    for (int k = 0; k < b->npieces; k++) {
        int i = order[k];
        if (i == skip) continue;
        const board_piece *p = &b->piece[i];
        unsigned run = (*runs)[p->length - 2][board_line(p, occ)][board_offset(b, key, i)];
        int before = (int)(run & 15), after = (int)(run >> 4);
        for (int d = -before; d <= after; d++)
            if (d) out[n++] = (move){(uint8_t)i, (int8_t)d};
    }
    return n;
}

void zone_solved(const board *b, const zone_move *path, int n, uint64_t key, solver_result *r)
{
    move *moves = xmalloc(((size_t)n + 1) * sizeof *moves);
    for (int i = 0; i < n; i++) moves[i] = path[i].m;
    int at = board_offset(b, key, b->primary), exit = board_offset(b, b->goal_value, b->primary);
    if (at != exit) moves[n++] = (move){b->primary, (int8_t)(exit - at)};
    search_text_solved(r, moves_text(b, moves, n));
    free(moves);
}

void zone_search_begin(zone_search *z, const solver_context *ctx, const board *b, uint64_t start,
                       int capacity, const solver_budget *budget, solver_result *r)
{
    z->b = b;
    z->r = r;
    z->capacity = capacity;
    search_begin(&z->limits, ctx, budget, r);
    zone_piece_order(b, z->order);
    z->path = xmalloc((size_t)capacity * sizeof *z->path);
    z->keys = xmalloc((size_t)(capacity + 1) * sizeof *z->keys);
    z->keys[0] = start;
}

zone_outcome zone_search_from(zone_search *z, int n)
{
    const board *b = z->b;
    solver_result *r = z->r;
    uint64_t key = z->keys[n], occ = board_occupancy(b, key);
    if (zone_clear_run(b, key, occ)) {
        zone_solved(b, z->path, n, key, r);
        return ZONE_FOUND;
    }
    if (n == z->limit) {
        z->cut_off = true;
        return ZONE_NOT_FOUND;
    }
    if (search_expand(&z->limits, r))
        search_trace_step(&z->limits, trace_step_of(key, n ? z->keys[n - 1] : 0, n, TRACE_NO_BOUND));
    uint64_t path = (uint64_t)z->capacity * (sizeof *z->path + sizeof *z->keys);
    uint64_t table = z->table ? stateset_bytes(z->table) : 0;
    uint64_t table_next = z->table ? stateset_bytes_next(z->table, MOVES_MAX) : 0;
    if (search_should_stop(&z->limits, r, path + table, path + table_next)) return ZONE_STOPPED;
    if ((uint32_t)n + 1 > r->peak_frontier) r->peak_frontier = (uint32_t)n + 1;

    move cand[MOVES_MAX];
    int count = zone_candidates(b, z->order, key, occ, n ? z->path[n - 1].m.piece : -1, cand);
    r->generated += (uint64_t)count;
    for (int k = 0; k < count; k++) {
        z->path[n] = zone_of(b, key, cand[k]);
        if (z->pruned(z, n + 1)) {
            r->duplicates++;   /* counted as pruned */
            continue;
        }
        z->keys[n + 1] = z->path[n].key;
        zone_outcome o = zone_search_from(z, n + 1);
        if (o != ZONE_NOT_FOUND) return o;
    }
    return ZONE_NOT_FOUND;
}

void zone_search_end(zone_search *z)
{
    free(z->path);
    free(z->keys);
    z->path = NULL;
    z->keys = NULL;
}
