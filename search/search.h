/* search.h -- what the solvers share: the budget clock, the trail of stored states with their
 * parent links, and rebuilding a solution from it. */
#ifndef SEARCH_H
#define SEARCH_H

#include <signal.h>
#include <stdbool.h>

#include "common/puzzle.h"
#include "search/solver.h"

/* Set (by a signal handler) to abandon every search in progress: the next full budget check
 * stops it with budget_hit "interrupted", which no finished run ever carries. */
extern volatile sig_atomic_t search_interrupted;

/* Seconds on a monotonic clock. */
double search_now(void);

/* Budget checking: search_begin at the start of a solve, then search_should_stop (or
 * search_over_budget where a solver checks rarely) as the search goes. */
typedef struct {
    solver_budget budget;
    uint64_t state_limit;   /* budget.max_states, or UINT64_MAX for none */
    uint64_t byte_limit;    /* budget.max_bytes, or UINT64_MAX for none */
    double start;
    search_trace *trace;    /* the context's listener, or NULL */
    const view_bytes *view;   /* the context's view_bytes, or zeros (solver.h) */
} search_limits;

/* ctx: the run's context, whose trace the run feeds (NULL: none). */
void search_begin(search_limits *l, const solver_context *ctx, const solver_budget *budget,
                  solver_result *r);

/* Counts the expansion of a state: a solver calls it once per expansion, where it counts (then
 * search_should_stop). True when the run's trace (search/trace.h) is to hear of the state:
 * the solver then says which it is with search_trace_step. Two steps, so that a run with no trace
 * does not even work out what it would say. A state the state budget then takes back was
 * never traced. */
static inline bool search_expand(search_limits *l, solver_result *r)
{
    r->expanded++;
    return __builtin_expect(l->trace != NULL, 0) && r->expanded <= l->state_limit;
}

static inline void search_trace_step(search_limits *l, trace_step s)
{
    l->trace->expand(l->trace, &s);
}

/* Budgets are hard caps. A solver passes two figures: `bytes`, what its tables hold now (kept
 * in r->peak_bytes), and `next`, the most they will hold before the next check (the growths
 * the next expansion may need, from the *_bytes_next functions): the bytes budget stops the
 * search when `next` would pass it, so no table ever grows past the budget.
 * search_over_budget is the full check: true when the states, bytes or seconds budget is
 * spent; then r->status is SOLVE_BUDGET and r->budget_hit says which. Both add to the two
 * figures the bytes of the table that numbers a wide board's states, when the solve runs
 * through one (search/numbered.h; solver_context.view_bytes). */
bool search_over_budget(search_limits *l, solver_result *r, uint64_t bytes, uint64_t next);

/* The same, cheap enough to call at every expansion: bytes are checked every time, the clock
 * on every 256th expanded state, and the state budget is exact. Call after counting the
 * expansion, and expand nothing more once it says stop: a stop at the state budget takes back
 * the count of the state it stopped at, so that a budget of N states ends with exactly N
 * expanded. */
static inline bool search_should_stop(search_limits *l, solver_result *r, uint64_t bytes,
                                      uint64_t next)
{
    const view_bytes *view = l->view;   /* no branch: zeros unless the view is numbered */
    if (bytes + view->now > r->peak_bytes) r->peak_bytes = bytes + view->now;
    if ((r->expanded & 255) != 0 && r->expanded <= l->state_limit &&
        next + view->next <= l->byte_limit)
        return false;
    return search_over_budget(l, r, bytes, next);
}

/* The trail: push returns the new entry's index. It grows as a new trail would from the run's
 * start (run_capacity, which trail_bytes counts), and reallocates only when that passes the
 * room it holds (capacity, which budgets count): run_capacity <= capacity. */
void trail_clear(search_trail *t);
void trail_begin_run(search_trail *t);
void trail_grow(search_trail *t);

static inline uint32_t trail_push(search_trail *t, uint64_t key, uint32_t parent)
{
    if (t->count == t->run_capacity) trail_grow(t);
    t->key[t->count] = key;
    t->parent[t->count] = parent;
    return (uint32_t)t->count++;
}

/* Makes room for n more entries, so that a caller may write t->key[t->count + k] and
 * t->parent[t->count + k] for k < n itself and then advance t->count. */
static inline void trail_reserve(search_trail *t, uint64_t n)
{
    while (t->count + n > t->run_capacity) trail_grow(t);
}

/* The bytes of this run's trail, as a new one would hold them. */
static inline uint64_t trail_bytes(const search_trail *t)
{
    return t->run_capacity * (sizeof *t->key + sizeof *t->parent);
}

/* The bytes the trail holds, kept room included: what budgets count. */
static inline uint64_t trail_held_bytes(const search_trail *t)
{
    return t->capacity * (sizeof *t->key + sizeof *t->parent);
}

/* The most bytes the trail will hold while taking n more entries: when that grows it, the
 * last doubling's peak, the new key array beside the old one and the parents (7/3 of the
 * bytes before that doubling). */
static inline uint64_t trail_bytes_next(const search_trail *t, uint64_t n)
{
    if (t->count + n <= t->capacity) return trail_held_bytes(t);
    uint64_t c = t->capacity ? t->capacity : 2048;
    while (t->count + n > 2 * c) c *= 2;
    return c * (3 * sizeof *t->key + 2 * sizeof *t->parent);
}
#define TRAIL_ROOT UINT32_MAX

/* Hands the first r->expanded entries of a breadth-first search's trail to trace t (when t is
 * not NULL), each at the depth r->level_sizes gives it: a search that expands its trail in
 * order traces this way once it ends, and pays nothing while it runs. */
void search_trace_trail(search_trace *t, const search_trail *trail, const solver_result *r);

/* Counts the expansion of key, a successor of the top frame of a depth-first search's stack,
 * before the budget check that precedes its descent (h its bound, for the trace). The pushes
 * are search/space.h's space_stack_*. */
static inline void search_stack_expand(const pathstack *ps, search_limits *l, uint64_t key, int h,
                                       solver_result *r)
{
    if (search_expand(l, r))
        search_trace_step(l, trace_step_of(key, pathstack_top(ps)->key, (int)pathstack_depth(ps), h));
}

/* A solution is a path of keys, written in the family's notation by its view (family.h's
 * path_text). keys[0 .. n - 1], the start first, each one unit of m after the last, is the
 * solution: its text in r->text, the status solved. A path the family cannot write (a
 * solver's bug) leaves the run unsolved, with the reason in r->note. */
void search_path_solved(const family_problem *p, measure m, const uint64_t *keys, int n,
                        solver_result *r);
/* The same for a path of wide keys (family.h, key_words 2). */
void search_path_solved_wide(const family_problem *p, measure m, const key_wide *keys, int n,
                             solver_result *r);
/* The path from the trail's root to entry `at` is the solution. */
void search_trail_solved(const family_problem *p, measure m, const search_trail *t, uint32_t at,
                         solver_result *r);
/* The path on a depth-first stack, then `last` (a successor of the top frame), is the
 * solution. */
void search_stack_solved(const pathstack *ps, const family_problem *p, measure m, uint64_t last,
                         solver_result *r);
/* `text` (malloc'ed: the result takes it), a solution the family's own code wrote, is the
 * solution. */
void search_text_solved(solver_result *r, char *text);

/* Appends "KEY=VALUE" (kv) to r->stats. */
void search_stats_add(solver_result *r, const char *kv);

/* Records one more state first reached at BFS depth `depth` (grows r->level_sizes). */
void search_count_level(solver_result *r, int depth, uint64_t states);

#endif
