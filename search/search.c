/* search.c -- budgets, trails, solution paths, the solver context and results. */
#include "search/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/grow.h"
#include "common/xmem.h"

volatile sig_atomic_t search_interrupted;

double search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void search_begin(search_limits *l, const solver_context *ctx, const solver_budget *budget,
                  solver_result *r)
{
    static const view_bytes none = {0, 0};
    l->trace = ctx ? ctx->trace : NULL;
    l->view = ctx && ctx->view_bytes ? ctx->view_bytes : &none;
    l->budget = *budget;
    l->state_limit = budget->max_states ? budget->max_states : UINT64_MAX;
    l->byte_limit = budget->max_bytes ? budget->max_bytes : UINT64_MAX;
    l->start = search_now();
    memset(r, 0, sizeof *r);
    r->status = SOLVE_UNSOLVABLE;
}

bool search_over_budget(search_limits *l, solver_result *r, uint64_t bytes, uint64_t next)
{
    bytes += l->view->now, next += l->view->next;
    if (bytes > r->peak_bytes) r->peak_bytes = bytes;
    const char *hit = NULL;
    if (l->budget.max_states && r->expanded > l->budget.max_states) {
        /* The solvers count a state before expanding it and stop when this says so: the one
         * counted last is left unexpanded, so a budget of N states expands exactly N. */
        r->expanded = l->budget.max_states;
        hit = "states";
    }
    else if (next > l->byte_limit) hit = "bytes";
    else if (l->budget.max_seconds > 0 && search_now() - l->start > l->budget.max_seconds)
        hit = "seconds";
    else if (search_interrupted)
        hit = "interrupted";
    if (!hit) return false;
    r->status = SOLVE_BUDGET;
    r->budget_hit = hit;
    return true;
}

void trail_clear(search_trail *t) { t->count = 0; }

void trail_begin_run(search_trail *t)
{
    trail_clear(t);   /* keeps count <= run_capacity <= capacity */
    t->run_capacity = 0;
}

void trail_grow(search_trail *t)
{
    t->run_capacity = t->run_capacity ? t->run_capacity * 2 : 4096;
    if (t->run_capacity <= t->capacity) return;   /* the room is there already */
    uint64_t old = t->capacity;
    t->capacity = t->run_capacity;
    t->key = xrealloc_large(t->key, old * sizeof *t->key, t->capacity * sizeof *t->key);
    t->parent = xrealloc_large(t->parent, old * sizeof *t->parent, t->capacity * sizeof *t->parent);
}

/* The room an array of n items has when it grew by GROW from `first` items: a solver_result
 * keeps no capacity for its level sizes, so it is worked out from the count (and none for
 * none: solver_result_free leaves NULL and 0). */
static size_t grown_room(size_t n, size_t first)
{
    return n ? grow_capacity(0, n, first) : 0;
}

void search_trace_trail(search_trace *t, const search_trail *trail, const solver_result *r)
{
    if (!t) return;
    int depth = 0;
    uint64_t level_end = r->nlevels ? r->level_sizes[0] : trail->count;
    for (uint64_t i = 0; i < r->expanded && i < trail->count; i++) {
        while (i >= level_end && depth + 1 < r->nlevels) level_end += r->level_sizes[++depth];
        uint32_t parent = trail->parent[i];
        t->expand(t, &(trace_step){trail->key[i], parent == TRAIL_ROOT ? 0 : trail->key[parent],
                                   depth, TRACE_NO_BOUND, false, 0, 0});
    }
}

void search_stack_solved(const pathstack *ps, const family_problem *p, measure m, uint64_t last,
                         solver_result *r)
{
    uint64_t *keys = xmalloc(((size_t)ps->depth + 1) * sizeof *keys);
    for (uint32_t d = 0; d < ps->depth; d++) keys[d] = ps->frame[d].key;
    keys[ps->depth] = last;
    search_path_solved(p, m, keys, (int)ps->depth + 1, r);
    free(keys);
}

void search_trail_solved(const family_problem *p, measure m, const search_trail *t, uint32_t at,
                         solver_result *r)
{
    int n = 0;
    for (uint32_t i = at; i != TRAIL_ROOT; i = t->parent[i]) n++;
    uint64_t *keys = xmalloc((size_t)n * sizeof *keys);
    int k = n;
    for (uint32_t i = at; i != TRAIL_ROOT; i = t->parent[i]) keys[--k] = t->key[i];
    search_path_solved(p, m, keys, n, r);
    free(keys);
}

/* The solution from the path's text, or the row's note when the view could not write it. */
static void text_solved(solver_result *r, char *text, const char *err)
{
    if (!text) {
        r->status = SOLVE_GAVE_UP;
        free(r->message);
        r->message = xstrdup(err);
        r->note = r->message;
        return;
    }
    search_text_solved(r, text);
}

void search_path_solved(const family_problem *p, measure m, const uint64_t *keys, int n,
                        solver_result *r)
{
    char err[FAMILY_ERR_MAX];
    text_solved(r, p->path_text(p->board, keys, n, m, err), err);
}

void search_path_solved_wide(const family_problem *p, measure m, const key_wide *keys, int n,
                             solver_result *r)
{
    char err[FAMILY_ERR_MAX];
    text_solved(r, p->wide.path_text(p->board, keys, n, m, err), err);
}

void search_text_solved(solver_result *r, char *text)
{
    free(r->text);
    r->text = text;
    r->status = SOLVE_SOLVED;
}

void search_stats_add(solver_result *r, const char *kv)
{
    size_t old = r->stats ? strlen(r->stats) : 0;
    char *joined = xmalloc(old + strlen(kv) + 2);
    sprintf(joined, "%s%s%s", old ? r->stats : "", old ? " " : "", kv);
    free(r->stats);
    r->stats = joined;
}

void search_count_level(solver_result *r, int depth, uint64_t states)
{
    if (depth >= r->nlevels) {
        /* From 64 levels, doubling, so that the array is regrown rarely, not at every level: a
         * realloc a level took 3% of the BFS's instructions in solve mode on the first 2,000
         * lines of the other database file, whose searches are short (callgrind). */
        size_t room = grown_room((size_t)r->nlevels, 64);
        GROW(r->level_sizes, room, (size_t)depth + 1, 64);
        memset(r->level_sizes + r->nlevels, 0, (size_t)(depth + 1 - r->nlevels) * sizeof *r->level_sizes);
        r->nlevels = depth + 1;
    }
    r->level_sizes[depth] += states;
    if (r->level_sizes[depth] > r->peak_frontier) r->peak_frontier = r->level_sizes[depth];
}

void solver_context_init(solver_context *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    /* The breadth-first engine probes ctx->set[0] with this hash as a constant (solvers/bfs.c). */
    for (int i = 0; i < 2; i++) stateset_init(&ctx->set[i], STATESET_HASH_DEFAULT);
    pathstack_init(&ctx->stack);
}

void solver_context_begin_run(solver_context *ctx)
{
    for (int i = 0; i < 2; i++) {
        stateset_begin_run(&ctx->set[i]);
        trail_begin_run(&ctx->trail[i]);
    }
    pathstack_begin_run(&ctx->stack);
}

void solver_context_free(solver_context *ctx)
{
    for (int i = 0; i < 2; i++) {
        stateset_free(&ctx->set[i]);
        free(ctx->trail[i].key);
        free(ctx->trail[i].parent);
    }
    pathstack_free(&ctx->stack);
    memset(ctx, 0, sizeof *ctx);
}

void solver_result_free(solver_result *r)
{
    free(r->text);
    free(r->level_sizes);
    free(r->message);
    free(r->stats);
    r->text = NULL;
    r->level_sizes = NULL;
    r->message = r->stats = NULL;
    r->nlevels = 0;
}

const char *solver_guarantee_name(solver_guarantee g)
{
    switch (g) {
    case GUARANTEE_MOVES: return "moves";
    case GUARANTEE_STEPS: return "steps";
    case GUARANTEE_SLIDES: return "slides";
    case GUARANTEE_NONE: break;
    }
    return "none";
}

int solver_guarantee_parse(const char *name)
{
    for (int g = GUARANTEE_NONE; g <= GUARANTEE_SLIDES; g++)
        if (strcmp(name, solver_guarantee_name((solver_guarantee)g)) == 0) return g;
    return -1;
}

const char *solve_status_name(solve_status s)
{
    switch (s) {
    case SOLVE_SOLVED: return "solved";
    case SOLVE_UNSOLVABLE: return "unsolvable";
    case SOLVE_GAVE_UP: return "gave-up";
    case SOLVE_CRASHED: return "crashed";
    case SOLVE_PROTOCOL_ERROR: return "protocol-error";
    case SOLVE_UNSUPPORTED: return "unsupported";
    case SOLVE_BUDGET: break;
    }
    return "budget";
}
