/* numbered.c -- the numbered view of a wide board (numbered.h). */
#include "search/numbered.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/xmem.h"
#include "search/search.h"

typedef struct {
    search_trace base;     /* what the solver's trace hears: numbers, turned into wide keys */
    search_trace *to;      /* the caller's listener */
    const struct numbered *n;
} numbered_trace;

typedef struct numbered {
    const family_problem *wide;
    family_problem view;
    key_wide goal_mask, goal_value;
    key_wide *key;           /* by rank */
    uint64_t count, capacity;
    uint64_t *slot;          /* 0 empty, else rank + 1; at most half full */
    uint64_t slots;          /* a power of two */
    int shift;               /* 64 - log2(slots) */
    key_wide *child;         /* the wide successors of one state (max_successors) */
    /* What the table holds, and the most it may hold before the solver's next budget check:
     * what budgets count (numbered.h). */
    view_bytes bytes;
    numbered_trace trace;
} numbered;

static uint64_t hash_of(key_wide k)
{
    return XXH3_64bits(&k, sizeof k);
}

static uint64_t held_bytes(const numbered *n)
{
    return n->capacity * sizeof *n->key + n->slots * sizeof *n->slot;
}

/* A solver checks its budget at least every 256 expansions (search_should_stop's clock), so a
 * growth is charged from the time that many expansions could bring it on (at most one: the
 * first table holds 4,096). Growing, the key array is reallocated to twice its size beside
 * the old one; the slots are freed before twice as many are made. */
#define NUMBERED_LOOKAHEAD 256

static void update_charge(numbered *n)
{
    uint64_t room = NUMBERED_LOOKAHEAD * (uint64_t)n->wide->max_successors;
    uint64_t held = held_bytes(n), most = held;
    if (n->count + room > n->capacity) most += 2 * n->capacity * sizeof *n->key;
    if (2 * (n->count + room) > n->slots) most += n->slots * sizeof *n->slot;
    n->bytes = (view_bytes){held, most};
}

static void place(numbered *n, uint64_t rank)
{
    uint64_t mask = n->slots - 1;
    uint64_t j = hash_of(n->key[rank]) >> n->shift;
    while (n->slot[j]) j = (j + 1) & mask;
    n->slot[j] = rank + 1;
}

static void grow_slots(numbered *n)
{
    free(n->slot);
    n->slots *= 2;
    n->shift--;
    n->slot = xcalloc(n->slots, sizeof *n->slot);
    for (uint64_t r = 0; r < n->count; r++) place(n, r);
}

/* The number of k, numbering it if it is new. */
static uint64_t number_of(numbered *n, key_wide k)
{
    uint64_t mask = n->slots - 1;
    for (uint64_t j = hash_of(k) >> n->shift;; j = (j + 1) & mask) {
        uint64_t s = n->slot[j];
        if (s && n->key[s - 1] == k) return (s - 1) << 1 | ((k & n->goal_mask) == n->goal_value);
        if (s) continue;
        uint64_t rank = n->count++;
        if (rank == n->capacity) {
            n->key = xrealloc_large(n->key, n->capacity * sizeof *n->key,
                                    2 * n->capacity * sizeof *n->key);
            n->capacity *= 2;
        }
        n->key[rank] = k;
        n->slot[j] = rank + 1;
        if (2 * n->count > n->slots) grow_slots(n);
        return rank << 1 | ((k & n->goal_mask) == n->goal_value);
    }
}

static key_wide key_of(const numbered *n, uint64_t number)
{
    return n->key[number >> 1];
}

key_wide numbered_key(const family_problem *p, uint64_t number)
{
    return key_of(p->board, number);
}

/* ---- The view's calls (family.h) ------------------------------------------------------------ */

static bool view_is_goal(const void *board, uint64_t number)
{
    (void)board;
    return number & 1;
}

/* Numbers the wide successors of key, but `skip` (none when skip is key); with a parent
 * (skip != key) and the family's own successors_after, those it gives. */
static int number_successors(numbered *n, key_wide key, key_wide skip, measure m, uint64_t *child)
{
    const family_wide *w = &n->wide->wide;
    int all = skip != key && w->successors_after
                  ? w->successors_after(n->wide->board, skip, key, m, n->child)
                  : w->successors(n->wide->board, key, m, n->child);
    int k = 0;
    for (int i = 0; i < all; i++)
        if (n->child[i] != skip || skip == key) child[k++] = number_of(n, n->child[i]);
    update_charge(n);
    return k;
}

static int view_successors(const void *board, uint64_t number, measure m, uint64_t *child)
{
    numbered *n = (numbered *)board;
    key_wide key = key_of(n, number);
    return number_successors(n, key, key, m, child);
}

/* The family's successors_after, or every successor but the parent: a move undone reaches
 * the parent, which a breadth-first search stored before (family.h's successors_after); on
 * the tiles, the only one. */
static int view_successors_after(const void *board, uint64_t parent, uint64_t number, measure m,
                                 uint64_t *child)
{
    numbered *n = (numbered *)board;
    return number_successors(n, key_of(n, number), key_of(n, parent), m, child);
}

static int view_lower_bound(const void *board, uint64_t number, measure m)
{
    const numbered *n = board;
    return n->wide->wide.lower_bound(n->wide->board, key_of(n, number), m);
}

static char *view_path_text(const void *board, const uint64_t *numbers, int count, measure m,
                            char *err)
{
    const numbered *n = board;
    key_wide *keys = xmalloc((size_t)(count ? count : 1) * sizeof *keys);
    for (int i = 0; i < count; i++) keys[i] = key_of(n, numbers[i]);
    char *text = n->wide->wide.path_text(n->wide->board, keys, count, m, err);
    free(keys);
    return text;
}

/* The wide goal states handed on as numbers. */
typedef struct {
    numbered *n;
    bool (*seed)(uint64_t key, void *ctx);
    void *ctx;
} numbered_seed;

static bool seed_number(key_wide key, void *ctx)
{
    numbered_seed *s = ctx;
    return s->seed(number_of(s->n, key), s->ctx);
}

static long view_goal_states(const void *board, uint64_t start, long max,
                             bool (*seed)(uint64_t key, void *ctx), void *ctx)
{
    numbered *n = (numbered *)board;
    numbered_seed s = {n, seed, ctx};
    long count = n->wide->wide.goal_states(n->wide->board, key_of(n, start), max, seed_number, &s);
    update_charge(n);
    return count;
}

static bool view_unsolvable(const void *board, uint64_t number)
{
    const numbered *n = board;
    return n->wide->wide.unsolvable && n->wide->wide.unsolvable(n->wide->board, key_of(n, number));
}

static void trace_expand(search_trace *base, const trace_step *s)
{
    numbered_trace *t = (numbered_trace *)base;
    key_wide parent = s->g ? key_of(t->n, s->parent) : 0;
    trace_step wide = trace_step_of_wide(key_of(t->n, s->key), parent, s->g, s->h);
    wide.backward = s->backward;
    t->to->expand(t->to, &wide);
}

/* ---- A solve through the numbers ------------------------------------------------------------ */

#define NUMBERED_FIRST 4096

static numbered *numbered_new(const family_problem *wide, search_trace *to)
{
    numbered *n = xcalloc(1, sizeof *n);
    n->wide = wide;
    n->goal_mask = wide->wide.goal_mask;
    n->goal_value = wide->wide.goal_value;
    n->capacity = NUMBERED_FIRST;
    n->key = xmalloc(n->capacity * sizeof *n->key);
    n->slots = 2 * NUMBERED_FIRST;
    n->shift = 64 - __builtin_ctzll(n->slots);
    n->slot = xcalloc(n->slots, sizeof *n->slot);
    n->child = xmalloc((size_t)wide->max_successors * sizeof *n->child);
    n->trace = (numbered_trace){{trace_expand}, to, n};
    n->view = (family_problem){
        .family = wide->family,
        .board = n,
        .start = number_of(n, wide->wide.start),
        .max_successors = wide->max_successors,
        .is_goal = view_is_goal,
        .successors = view_successors,
        .lower_bound = view_lower_bound,
        .path_text = view_path_text,
        .goal_states = view_goal_states,
        .successors_after = view_successors_after,
        .goal_mask = 1,
        .goal_value = 1,
        .unsolvable = view_unsolvable,
        .cluster_states = wide->cluster_states,
        .key_words = 1,
        .numbers = wide,
    };
    update_charge(n);
    return n;
}

static void numbered_free(numbered *n)
{
    free(n->key);
    free(n->slot);
    free(n->child);
    free(n);
}

void numbered_solve(numbered_entry *solve, solver_context *ctx, const family_problem *p,
                    const solver_budget *budget, const int *param, solver_result *r)
{
    search_trace *to = ctx->trace;
    const view_bytes *bytes = ctx->view_bytes;
    numbered *n = numbered_new(p, to);
    if (to) ctx->trace = &n->trace.base;
    ctx->view_bytes = &n->bytes;
    solve(ctx, &n->view, budget, param, r);
    ctx->trace = to;
    ctx->view_bytes = bytes;
    char kv[48];
    snprintf(kv, sizeof kv, "numbered_states=%llu", (unsigned long long)n->count);
    search_stats_add(r, kv);
    numbered_free(n);
}

void numbered_run(const solver *s, solver_context *ctx, const family_problem *p,
                  const solver_budget *budget, const int *param, solver_result *r)
{
    if (p->key_words == 2 && !s->wide) numbered_solve(s->solve, ctx, p, budget, param, r);
    else s->solve(ctx, p, budget, param, r);
}
