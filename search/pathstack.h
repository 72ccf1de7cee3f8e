/* pathstack.h -- the explicit stack of the depth-first solvers (dfs, iddfs, idastar).
 *
 * The stack is the current path: frame 0 is the start, frame d the state after d moves, each
 * with its successors still to try. Successors live in one arena that grows and shrinks with
 * the stack, so a path of any depth costs no recursion and no allocation per node. The stack
 * holds keys (and, where a search pushes them, bounds) and knows no family: the successors
 * are the caller's to write (search/space.h's space_stack_* functions do the solvers'
 * bookkeeping):
 *
 *     pathstack_clear(ps);
 *     pathstack_push_made(ps, start, successors(start, pathstack_room(ps, room, NULL)));
 *     while (pathstack_advance(ps, &key)) {
 *         ... decide, then push key and its successors the same way to descend ...
 *     }
 */
#ifndef PATHSTACK_H
#define PATHSTACK_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t key;    /* the state */
    uint32_t first;  /* its successors: arena[first .. first + count) */
    uint32_t count;
    uint32_t next;   /* the next successor to try */
} pathstack_frame;

typedef struct {
    pathstack_frame *frame;
    uint32_t depth, frame_capacity;
    uint64_t *child_key;
    int *child_h;    /* each successor's bound, where the run's pushes give them */
    bool run_h;      /* this run pushes bounds (pathstack_room): they count in its bytes */
    uint32_t top, child_capacity;
    /* What a stack empty at pathstack_begin_run would have grown to (<= the capacities). */
    uint32_t run_frame_capacity, run_child_capacity;
    uint32_t room;   /* the most successors the last push could write */
} pathstack;

void pathstack_init(pathstack *ps);
void pathstack_free(pathstack *ps);
void pathstack_clear(pathstack *ps);
/* Starts a run: empties the stack, and from here pathstack_bytes counts what a new stack would
 * hold, however large the arrays kept from earlier runs are. */
void pathstack_begin_run(pathstack *ps);

/* Room for a frame and `room` successors, which the caller writes at the returned place, with
 * their bounds at *h when h is not NULL; pathstack_push_made then pushes key with the first n.
 * A search whose bound gives its successors' bounds as it makes them (a family's incremental
 * expansion) reads each back with pathstack_last_h. */
uint64_t *pathstack_room(pathstack *ps, uint32_t room, int **h);
void pathstack_push_made(pathstack *ps, uint64_t key, int n);

/* The next untried successor of the top frame; false when there is none left. */
static inline bool pathstack_next(pathstack *ps, uint64_t *key)
{
    pathstack_frame *f = &ps->frame[ps->depth - 1];
    if (f->next == f->count) return false;
    *key = ps->child_key[f->first + f->next];
    f->next++;
    return true;
}

static inline void pathstack_pop(pathstack *ps)
{
    ps->top = ps->frame[--ps->depth].first;
}

/* The next successor to try, backing up out of frames that have none left; false when the
 * whole stack is exhausted. The depth afterwards is that of the frame the successor is from. */
static inline bool pathstack_advance(pathstack *ps, uint64_t *key)
{
    while (ps->depth > 0) {
        if (pathstack_next(ps, key)) return true;
        pathstack_pop(ps);
    }
    return false;
}

static inline uint32_t pathstack_depth(const pathstack *ps) { return ps->depth; }

/* The bound of the successor pathstack_advance gave last (pushed by pathstack_push_made). */
static inline int pathstack_last_h(const pathstack *ps)
{
    const pathstack_frame *f = &ps->frame[ps->depth - 1];
    return ps->child_h[f->first + f->next - 1];
}
static inline const pathstack_frame *pathstack_top(const pathstack *ps)
{
    return &ps->frame[ps->depth - 1];
}

/* The bytes of this run's stack, as a new one would hold them (the figure solvers report). */
uint64_t pathstack_bytes(const pathstack *ps);
/* The most bytes the stack will hold through the next push, kept room included (what budgets
 * count): its growth included, old and new arrays side by side as a realloc may hold them. */
uint64_t pathstack_bytes_next(const pathstack *ps);

#endif
