/* cluster.c -- a cluster's states and distances, and the analysis bin/solve --cluster prints,
 * over a family's view; a family with more to say of its clusters gives its own analysis
 * (family_class's analyse_cluster: Rush Hour's, rush/rush_cluster.c). */
#include "search/cluster_internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/xmem.h"
#include "search/solver.h"

void cluster_set_distance(cluster *c, uint64_t key, uint32_t d)
{
    bool added;
    uint64_t slot = stateset_add(&c->distance, key, &added);   /* may grow the table: first */
    c->distance.value[slot] = d;
}

void cluster_begin(cluster *c)
{
    memset(c, 0, sizeof *c);
    stateset_init(&c->distance, stateset_default_hash);
    stateset_clear(&c->distance, true);
}

/* Whether the state just stored in the table may join c->key within the budget (0: no
 * limit): the listed states, and the bytes of the table with room for one more and of the two
 * lists of states kept beside it. */
bool cluster_takes_one_more(const cluster *c, uint64_t max_states, uint64_t max_bytes)
{
    uint64_t bytes = stateset_bytes_next(&c->distance, 1) + 2 * (c->count + 1) * sizeof *c->key;
    return (!max_states || c->count < max_states) && (!max_bytes || bytes <= max_bytes);
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
bool cluster_of_keys(cluster *c, const uint64_t *keys, uint64_t count, uint64_t max_states,
                            uint64_t max_bytes)
{
    cluster_begin(c);
    c->key = xmalloc((count ? count : 1) * sizeof *c->key);
    for (uint64_t k = 0; k < count; k++) {
        cluster_set_distance(c, keys[k], UNSEEN);
        /* The budget checked as cluster_explore checks it, at every state but the first. */
        if (k && !cluster_takes_one_more(c, max_states, max_bytes)) {
            cluster_free(c);
            return false;
        }
        c->key[c->count++] = keys[k];
    }
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

/* Counts a state d moves from its nearest goal (a goal state when 0) in out's histogram;
 * true when it is at least as far as the hardest so far (the caller breaks ties). */
bool cluster_tally(cluster_analysis *out, uint32_t d)
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

void cluster_analysis_begin(cluster_analysis *out)
{
    memset(out, 0, sizeof *out);
    out->hardest_moves = -1;
    out->minimal = -1;
}

bool cluster_analyse_family(const family_problem *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_bytes, cluster_analysis *out)
{
    cluster_analysis_begin(out);
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
        if (d == CLUSTER_NO_GOAL || !cluster_tally(out, d)) continue;
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
    const family_class *c = family_class_of(p->family);
    if (c->analyse_cluster)
        return c->analyse_cluster(p, keys, count, max_states, max_bytes, reference, out);
    family_problem view;
    puzzle_problem(p, &view);
    return cluster_analyse_family(&view, keys, count, max_bytes, out);
}

void cluster_analysis_free(cluster_analysis *a)
{
    free(a->distances);
    a->distances = NULL;
}
