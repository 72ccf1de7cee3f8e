/* cluster.c -- a cluster's states and distances, and the analysis bin/solve --cluster prints. */
#include "search/cluster.h"

#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "rush/moves.h"
#include "common/xmem.h"
#include "search/solver.h"

/* A mark for states found but not yet given a distance. */
#define UNSEEN (CLUSTER_NO_GOAL - 1)

static void set_distance(cluster *c, uint64_t key, uint32_t d)
{
    bool added;
    uint64_t slot = stateset_add(&c->distance, key, &added);   /* may grow the table: first */
    c->distance.value[slot] = d;
}

static void cluster_begin(cluster *c)
{
    memset(c, 0, sizeof *c);
    stateset_init(&c->distance, stateset_default_hash);
    stateset_clear(&c->distance, true);
}

/* Whether the state just stored in the table may join c->key within the budget (0: no
 * limit): the listed states, and the bytes of the table with room for one more and of the two
 * lists of states kept beside it. */
static bool cluster_takes_one_more(const cluster *c, uint64_t max_states, uint64_t max_bytes)
{
    uint64_t bytes = stateset_bytes_next(&c->distance, 1) + 2 * (c->count + 1) * sizeof *c->key;
    return (!max_states || c->count < max_states) && (!max_bytes || bytes <= max_bytes);
}

/* Gives every state of c->key (each stored in the table, marked UNSEEN) its distance: a
 * breadth-first search backward from all the goal states at once, in the space `space` whose
 * goal test and successors (moves, which are reversible) are given; at most max_children
 * successors a state. Inlined into each caller, so that Rush Hour's pattern databases, built
 * through it, call the generator directly. */
static inline __attribute__((always_inline)) void
assign_distances_in(cluster *c, const void *space, bool (*is_goal)(const void *, uint64_t),
                    int (*successors)(const void *, uint64_t, uint64_t *), int max_children)
{
    uint64_t *child = xmalloc((size_t)max_children * sizeof *child);
    uint64_t *queue = xmalloc((c->count ? c->count : 1) * sizeof *queue), queued = 0;
    for (uint64_t k = 0; k < c->count; k++)
        if (is_goal(space, c->key[k])) {
            set_distance(c, c->key[k], 0);
            queue[queued++] = c->key[k];
        }
    for (uint64_t k = 0; k < queued; k++) {
        uint32_t d = cluster_distance(c, queue[k]);
        int n = successors(space, queue[k], child);
        for (int j = 0; j < n; j++) {
            if (cluster_distance(c, child[j]) != UNSEEN) continue;
            set_distance(c, child[j], d + 1);
            queue[queued++] = child[j];
        }
    }
    for (uint64_t k = 0; k < c->count; k++)   /* no goal in the cluster */
        if (cluster_distance(c, c->key[k]) == UNSEEN) set_distance(c, c->key[k], CLUSTER_NO_GOAL);
    free(queue);
    free(child);
}

static bool rush_is_goal(const void *b, uint64_t key)
{
    return board_is_goal(b, key);
}

static int rush_successors(const void *b, uint64_t key, uint64_t *child)
{
    return moves_generate(b, key, MOVES_SKIP_NONE, child, NULL);
}

/* A family's view searched in one measure. */
typedef struct {
    const family_problem *p;
    measure m;
} family_space;

static bool family_is_goal(const void *space, uint64_t key)
{
    const family_problem *f = ((const family_space *)space)->p;
    return f->is_goal(f->board, key);
}

static int family_successors(const void *space, uint64_t key, uint64_t *child)
{
    const family_space *s = space;
    return s->p->successors(s->p->board, key, s->m, child);
}

static void assign_distances(cluster *c, const board *b)
{
    assign_distances_in(c, b, rush_is_goal, rush_successors, MOVES_MAX);
}

/* Lists the states reachable from start (c->key, breadth-first), each stored in the table and
 * marked UNSEEN: false, with nothing kept, past the budget. Inlined as assign_distances_in. */
static inline __attribute__((always_inline)) bool
explore_in(cluster *c, const void *space, int (*successors)(const void *, uint64_t, uint64_t *),
           int max_children, uint64_t start, uint64_t max_states, uint64_t max_bytes)
{
    cluster_begin(c);
    uint64_t cap = 0;
    GROW(c->key, cap, 1, 1024);
    c->key[c->count++] = start;
    set_distance(c, start, UNSEEN);
    uint64_t *child = xmalloc((size_t)max_children * sizeof *child);
    for (uint64_t k = 0; k < c->count; k++) {
        int n = successors(space, c->key[k], child);
        for (int j = 0; j < n; j++) {
            bool added;
            uint64_t slot = stateset_add(&c->distance, child[j], &added);
            if (!added) continue;
            c->distance.value[slot] = UNSEEN;
            if (!cluster_takes_one_more(c, max_states, max_bytes)) {
                free(child);
                cluster_free(c);
                return false;
            }
            GROW(c->key, cap, c->count + 1, 1024);
            c->key[c->count++] = child[j];
        }
    }
    free(child);
    return true;
}

bool cluster_explore(cluster *c, const board *b, uint64_t start, uint64_t max_states,
                     uint64_t max_bytes)
{
    if (!explore_in(c, b, rush_successors, MOVES_MAX, start, max_states, max_bytes)) return false;
    assign_distances(c, b);
    return true;
}

bool cluster_explore_family(cluster *c, const family_problem *p, measure m, uint64_t max_states,
                            uint64_t max_bytes)
{
    family_space space = {p, m};
    if (!explore_in(c, &space, family_successors, p->max_successors, p->start, max_states, max_bytes))
        return false;
    assign_distances_in(c, &space, family_is_goal, family_successors, p->max_successors);
    return true;
}

/* The table and list of the given states, each marked UNSEEN: false, with nothing kept, past
 * the budget. */
static bool cluster_of_keys(cluster *c, const uint64_t *keys, uint64_t count, uint64_t max_states,
                            uint64_t max_bytes)
{
    cluster_begin(c);
    c->key = xmalloc((count ? count : 1) * sizeof *c->key);
    for (uint64_t k = 0; k < count; k++) {
        set_distance(c, keys[k], UNSEEN);
        /* The budget checked as cluster_explore checks it, at every state but the first. */
        if (k && !cluster_takes_one_more(c, max_states, max_bytes)) {
            cluster_free(c);
            return false;
        }
        c->key[c->count++] = keys[k];
    }
    return true;
}

bool cluster_of_states(cluster *c, const board *b, const uint64_t *keys, uint64_t count,
                       uint64_t max_states, uint64_t max_bytes)
{
    if (!cluster_of_keys(c, keys, count, max_states, max_bytes)) return false;
    assign_distances(c, b);
    return true;
}

void cluster_forget(cluster *c)
{
    free(c->key);
    c->key = NULL;
}

void cluster_free(cluster *c)
{
    cluster_forget(c);
    stateset_free(&c->distance);
    c->count = 0;
}

/* The state's place in the order: its horizontal pieces' cells, then its vertical ones, as
 * bitboards of bit y * width + x. */
typedef struct {
    uint64_t horizontal, vertical;
} order_key;

static uint64_t dense(const board *b, uint64_t cells)
{
    uint64_t out = 0;
    for (int y = 0; y < b->height; y++)
        out |= ((cells >> (y * 8)) & ((1ull << b->width) - 1)) << (y * b->width);
    return out;
}

static order_key order_of(const board *b, uint64_t key)
{
    uint64_t h = 0, v = 0;
    for (int i = 0; i < b->npieces; i++) {
        uint64_t cells = b->cells[i][board_offset(b, key, i)];
        if (b->piece[i].horizontal) h |= cells;
        else v |= cells;
    }
    return (order_key){dense(b, h), dense(b, v)};
}

static bool before(order_key x, order_key y)
{
    return x.horizontal != y.horizontal ? x.horizontal < y.horizontal : x.vertical < y.vertical;
}

/* The optimal move count of the puzzle of `pieces` and `walls` of b standing at key, by the
 * reference solver, or -1 (removing pieces never makes a puzzle unsolvable, so -1 means only
 * that the board was refused, which it cannot be). */
static int optimum_of(const solver *reference, solver_context *ctx, const board *b, uint64_t key,
                      uint32_t pieces, uint64_t walls)
{
    board small;
    char err[BOARD_ERR_MAX];
    if (board_subset(b, key, pieces, walls, &small, err)) return -1;
    solver_budget unlimited = {0, 0, 0};
    solver_result r;
    family_problem view;
    moves_problem(&small, board_start_key(&small), &view);
    reference->solve(ctx, &view, &unlimited, NULL, &r);
    int moves = r.status == SOLVE_SOLVED ? r.nmoves : -1;
    solver_result_free(&r);
    return moves;
}

bool cluster_minimal(const solver *reference, solver_context *ctx, const board *b, uint64_t key,
                     int moves)
{
    uint32_t all = board_all_pieces(b);
    bool needed = true;
    for (int i = 0; i < b->npieces && needed; i++)
        if (i != b->primary && optimum_of(reference, ctx, b, key, all & ~(1u << i), b->walls) >= moves)
            needed = false;
    for (uint64_t w = b->walls; w && needed; w &= w - 1)
        if (optimum_of(reference, ctx, b, key, all, b->walls & ~(w & -w)) >= moves) needed = false;
    return needed;
}

/* Counts a state d moves from its nearest goal (a goal state when 0) in out's histogram;
 * true when it is at least as far as the hardest so far (the caller breaks ties). */
static bool tally(cluster_analysis *out, uint32_t d)
{
    out->goal_states += d == 0;
    if ((int)d >= out->ndistances) {
        out->distances = xrealloc(out->distances, (d + 1) * sizeof *out->distances);
        memset(out->distances + out->ndistances, 0,
               (d + 1 - (uint32_t)out->ndistances) * sizeof *out->distances);
        out->ndistances = (int)d + 1;
    }
    out->distances[d]++;
    return (int)d >= out->hardest_moves;
}

/* The analysis of cluster c of start, which it frees. */
static void analyse(cluster *c, const board *b, uint64_t start, const solver *reference,
                    cluster_analysis *out)
{
    out->states = c->count;
    order_key smallest = order_of(b, start), hardest = smallest;
    out->canonical = out->hardest = start;
    for (uint64_t k = 0; k < c->count; k++) {
        uint64_t key = c->key[k];
        uint32_t d = cluster_distance(c, key);
        order_key o = order_of(b, key);
        if (before(o, smallest)) smallest = o, out->canonical = key;
        if (d == CLUSTER_NO_GOAL || !tally(out, d)) continue;
        if ((int)d > out->hardest_moves || before(o, hardest)) {
            out->hardest_moves = (int)d;
            out->hardest = key;
            hardest = o;
        }
    }
    cluster_free(c);
    if (out->hardest_moves >= 0) {
        solver_context ctx;
        solver_context_init(&ctx);
        out->minimal = cluster_minimal(reference, &ctx, b, out->hardest, out->hardest_moves);
        solver_context_free(&ctx);
    }
}

static void analysis_begin(cluster_analysis *out)
{
    memset(out, 0, sizeof *out);
    out->hardest_moves = -1;
    out->minimal = -1;
}

bool cluster_analyse(const board *b, uint64_t start, uint64_t max_states, uint64_t max_bytes,
                     const solver *reference, cluster_analysis *out)
{
    analysis_begin(out);
    cluster c;
    if (!cluster_explore(&c, b, start, max_states, max_bytes)) return false;
    analyse(&c, b, start, reference, out);
    return true;
}

bool cluster_analyse_states(const board *b, uint64_t start, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const solver *reference,
                            cluster_analysis *out)
{
    analysis_begin(out);
    cluster c;
    if (!cluster_of_states(&c, b, keys, count, max_states, max_bytes)) return false;
    analyse(&c, b, start, reference, out);
    return true;
}

bool cluster_analyse_family(const family_problem *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_bytes, cluster_analysis *out)
{
    analysis_begin(out);
    cluster c;
    if (!cluster_of_keys(&c, keys, count, 0, max_bytes)) return false;
    family_space space = {p, MEASURE_MOVES};
    assign_distances_in(&c, &space, family_is_goal, family_successors, p->max_successors);
    out->states = c.count;
    out->canonical = out->hardest = p->start;
    for (uint64_t k = 0; k < c.count; k++) {   /* states in the order of their keys */
        uint64_t key = c.key[k];
        uint32_t d = cluster_distance(&c, key);
        if (key < out->canonical) out->canonical = key;
        if (d == CLUSTER_NO_GOAL || !tally(out, d)) continue;
        if ((int)d > out->hardest_moves || key < out->hardest) {
            out->hardest_moves = (int)d;
            out->hardest = key;
        }
    }
    cluster_free(&c);
    return true;   /* minimality stays undecided (-1): it removes pieces of Rush Hour's boards */
}

bool cluster_analyse_puzzle(const puzzle *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const solver *reference,
                            cluster_analysis *out)
{
    if (p->family == FAMILY_RUSH)
        return cluster_analyse_states(&p->board, p->start, keys, count, max_states, max_bytes,
                                      reference, out);
    family_problem view;
    puzzle_problem(p, &view);
    return cluster_analyse_family(&view, keys, count, max_bytes, out);
}

void cluster_analysis_free(cluster_analysis *a)
{
    free(a->distances);
    a->distances = NULL;
}
