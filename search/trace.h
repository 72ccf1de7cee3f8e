/* trace.h -- the expansion trace: every state a search expands, in the order it expands them,
 * handed to whoever listens. bin/solve --trace writes it as JSON lines (cli/trace_file.h);
 * bin/render --graph and bench report keep it in a trace_list to draw each strategy's walk
 * through a cluster (graph/).
 *
 * The invariant: a solver hands over exactly the states its `expanded` counter counts, in the
 * order it counts them, so that a trace is as long as the counter says. Solvers keep it through
 * search.h, never by calling a listener themselves: search_expand counts an expansion and says
 * whether a listener is to hear of it, which search_trace_step then does; search_trace_trail hands
 * over, once a breadth-first search has ended, the first `expanded` entries of its queue, which
 * is its order of expansion. With no listener the first costs one predictable branch per
 * expansion and the second nothing at all.
 *
 *     trace_list list;
 *     trace_list_init(&list, 1000000);          (keeps at most a million steps)
 *     ctx.trace = &list.base;                   (solver_context, search/solver.h)
 *     s->solve(&ctx, &view, &budget, NULL, &r);
 *     ... list.step[0 .. list.count - 1], list.cut ...
 *     trace_list_free(&list);
 */
#ifndef TRACE_H
#define TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "common/key.h"

/* One expansion. */
typedef struct {
    uint64_t key;
    uint64_t parent;   /* the state it was reached from (0, and meaningless, when g is 0) */
    int g;             /* its depth: moves from the start (steps for bfs1), or from the goal
                          placements for the backward side of a bidirectional search; 0 at a
                          start, and only there */
    int h;             /* the lower bound the solver used on it, or TRACE_NO_BOUND */
    bool backward;     /* expanded by the backward side of a bidirectional search */
    /* The high words of key and parent on a board whose keys are two words (common/key.h),
     * else 0. */
    uint64_t key_high, parent_high;
} trace_step;

#define TRACE_NO_BOUND (-1)

/* A listener: expand is called once per step, in order. Embed it first in a struct of one's
 * own (as trace_list does) to keep state. */
typedef struct search_trace search_trace;
struct search_trace {
    void (*expand)(search_trace *t, const trace_step *s);
};

static inline trace_step trace_step_of(uint64_t key, uint64_t parent, int g, int h)
{
    return (trace_step){key, g ? parent : 0, g, h, false, 0, 0};
}

/* The same for two-word keys (a one-word key zero-extended gives trace_step_of's). */
static inline trace_step trace_step_of_wide(key_wide key, key_wide parent, int g, int h)
{
    trace_step s = trace_step_of(key_low(key), key_low(parent), g, h);
    s.key_high = key_high(key);
    s.parent_high = g ? key_high(parent) : 0;
    return s;
}

/* The listener that keeps the steps in memory, at most `max` of them: past that it drops the
 * rest and sets cut. trace_list_clear empties it for the next run. */
typedef struct {
    search_trace base;
    trace_step *step;
    uint64_t count, capacity, max;
    bool cut;
} trace_list;

void trace_list_init(trace_list *l, uint64_t max);
void trace_list_clear(trace_list *l);
void trace_list_free(trace_list *l);

#endif
