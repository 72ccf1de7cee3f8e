/* pathstack.c -- the depth-first solvers' explicit stack. */
#include "pathstack.h"

#include <stdlib.h>
#include <string.h>

#include "xmem.h"

void pathstack_init(pathstack *ps) { memset(ps, 0, sizeof *ps); }

void pathstack_free(pathstack *ps)
{
    free(ps->frame);
    free(ps->child_key);
    free(ps->child_move);
    memset(ps, 0, sizeof *ps);
}

void pathstack_clear(pathstack *ps)
{
    ps->depth = 0;
    ps->top = 0;
}

void pathstack_push(pathstack *ps, const board *b, uint64_t key, move via, int skip)
{
    if (ps->depth == ps->frame_capacity) {
        ps->frame_capacity = ps->frame_capacity ? ps->frame_capacity * 2 : 64;
        ps->frame = xrealloc(ps->frame, ps->frame_capacity * sizeof *ps->frame);
    }
    if (ps->top + MOVES_MAX > ps->child_capacity) {
        ps->child_capacity = ps->child_capacity ? ps->child_capacity * 2 : 4 * MOVES_MAX;
        ps->child_key = xrealloc(ps->child_key, ps->child_capacity * sizeof *ps->child_key);
        ps->child_move = xrealloc(ps->child_move, ps->child_capacity * sizeof *ps->child_move);
    }
    int n = moves_generate(b, key, skip, ps->child_key + ps->top, ps->child_move + ps->top);
    ps->frame[ps->depth++] = (pathstack_frame){key, via, ps->top, (uint32_t)n, 0};
    ps->top += (uint32_t)n;
}

uint64_t pathstack_bytes(const pathstack *ps)
{
    return ps->frame_capacity * sizeof *ps->frame +
           ps->child_capacity * (sizeof *ps->child_key + sizeof *ps->child_move);
}

uint64_t pathstack_bytes_next(const pathstack *ps)
{
    uint64_t bytes = pathstack_bytes(ps);
    if (ps->depth == ps->frame_capacity)
        bytes += (ps->frame_capacity ? ps->frame_capacity * 2 : 64) * sizeof *ps->frame;
    if (ps->top + MOVES_MAX > ps->child_capacity)
        bytes += (ps->child_capacity ? ps->child_capacity * 2 : 4 * MOVES_MAX) *
                 (sizeof *ps->child_key + sizeof *ps->child_move);
    return bytes;
}
