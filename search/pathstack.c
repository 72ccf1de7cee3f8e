/* pathstack.c -- the depth-first solvers' explicit stack. */
#include "search/pathstack.h"

#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"

void pathstack_init(pathstack *ps) { memset(ps, 0, sizeof *ps); }

void pathstack_free(pathstack *ps)
{
    free(ps->frame);
    free(ps->child_key);
    free(ps->child_h);
    memset(ps, 0, sizeof *ps);
}

void pathstack_clear(pathstack *ps)
{
    ps->depth = 0;
    ps->top = 0;
}

void pathstack_begin_run(pathstack *ps)
{
    pathstack_clear(ps);
    ps->run_frame_capacity = ps->run_child_capacity = 0;
    ps->run_h = false;
}

/* The growths: each array doubles as a new one would from the run's start, and is reallocated
 * only when that passes the room it holds. */
static uint32_t frames_grown(uint32_t capacity) { return capacity ? capacity * 2 : 64; }
/* The arena starts with room for four pushes of the first run's widest state. */
static uint32_t children_grown(const pathstack *ps, uint32_t capacity)
{
    return capacity ? capacity * 2 : 4 * ps->room;
}

/* Room for one more frame and `room` more successors. */
static void make_room(pathstack *ps, uint32_t room)
{
    ps->room = room;
    if (ps->depth == ps->run_frame_capacity) {
        ps->run_frame_capacity = frames_grown(ps->run_frame_capacity);
        if (ps->run_frame_capacity > ps->frame_capacity) {
            ps->frame_capacity = ps->run_frame_capacity;
            ps->frame = xrealloc(ps->frame, ps->frame_capacity * sizeof *ps->frame);
        }
    }
    while (ps->top + room > ps->run_child_capacity) {
        ps->run_child_capacity = children_grown(ps, ps->run_child_capacity);
        if (ps->run_child_capacity > ps->child_capacity) {
            ps->child_capacity = ps->run_child_capacity;
            ps->child_key = xrealloc(ps->child_key, ps->child_capacity * sizeof *ps->child_key);
            if (ps->child_h) ps->child_h = xrealloc(ps->child_h, ps->child_capacity * sizeof *ps->child_h);
        }
    }
}

uint64_t *pathstack_room(pathstack *ps, uint32_t room, int **h)
{
    if (h) ps->run_h = true;
    make_room(ps, room);   /* grows child_h with the others once it exists */
    if (h) {
        if (!ps->child_h) ps->child_h = xmalloc(ps->child_capacity * sizeof *ps->child_h);
        *h = ps->child_h + ps->top;
    }
    return ps->child_key + ps->top;
}

void pathstack_push_made(pathstack *ps, uint64_t key, int n)
{
    ps->frame[ps->depth++] = (pathstack_frame){key, ps->top, (uint32_t)n, 0};
    ps->top += (uint32_t)n;
}

static uint64_t bytes_of(const pathstack *ps, uint64_t frames, uint64_t children)
{
    return frames * sizeof *ps->frame +
           children * (sizeof *ps->child_key + (ps->run_h ? sizeof *ps->child_h : 0));
}

uint64_t pathstack_bytes(const pathstack *ps)
{
    return bytes_of(ps, ps->run_frame_capacity, ps->run_child_capacity);
}

uint64_t pathstack_bytes_next(const pathstack *ps)
{
    uint64_t bytes = bytes_of(ps, ps->frame_capacity, ps->child_capacity);
    uint32_t frames = frames_grown(ps->run_frame_capacity);
    uint32_t children = children_grown(ps, ps->run_child_capacity);
    if (ps->depth == ps->run_frame_capacity && frames > ps->frame_capacity)
        bytes += bytes_of(ps, frames, 0);
    while (ps->top + ps->room > children) children = children_grown(ps, children);
    if (ps->top + ps->room > ps->run_child_capacity && children > ps->child_capacity)
        bytes += bytes_of(ps, 0, children);
    return bytes;
}
