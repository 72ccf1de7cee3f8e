/* cluster_internal.h -- what search/cluster.c shares with a family's own analysis of its
 * clusters (rush/rush_cluster.c): the table's marks, its growth under the budget, and the two
 * breadth-first passes, always inlined into each caller, so that a family's passes call its
 * generator directly. */
#ifndef CLUSTER_INTERNAL_H
#define CLUSTER_INTERNAL_H

#include <stdlib.h>

#include "common/grow.h"
#include "common/xmem.h"
#include "search/cluster.h"

/* A mark for states found but not yet given a distance. */
#define UNSEEN (CLUSTER_NO_GOAL - 1)

void cluster_set_distance(cluster *c, uint64_t key, uint32_t d);
void cluster_begin(cluster *c);
/* Whether the state just stored in the table may join c->key within the budget (0: no
 * limit): the listed states, and the bytes of the table with room for one more and of the two
 * lists of states kept beside it. */
bool cluster_takes_one_more(const cluster *c, uint64_t max_states, uint64_t max_bytes);
/* The table and list of the given states, each marked UNSEEN: false, with nothing kept, past
 * the budget. */
bool cluster_of_keys(cluster *c, const uint64_t *keys, uint64_t count, uint64_t max_states,
                     uint64_t max_bytes);
/* Counts a state d moves from its nearest goal (a goal state when 0) in out's histogram;
 * true when it is at least as far as the hardest so far (the caller breaks ties). */
bool cluster_tally(cluster_analysis *out, uint32_t d);
void cluster_analysis_begin(cluster_analysis *out);

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
            cluster_set_distance(c, c->key[k], 0);
            queue[queued++] = c->key[k];
        }
    for (uint64_t k = 0; k < queued; k++) {
        uint32_t d = cluster_distance(c, queue[k]);
        int n = successors(space, queue[k], child);
        for (int j = 0; j < n; j++) {
            if (cluster_distance(c, child[j]) != UNSEEN) continue;
            cluster_set_distance(c, child[j], d + 1);
            queue[queued++] = child[j];
        }
    }
    for (uint64_t k = 0; k < c->count; k++)   /* no goal in the cluster */
        if (cluster_distance(c, c->key[k]) == UNSEEN) cluster_set_distance(c, c->key[k], CLUSTER_NO_GOAL);
    free(queue);
    free(child);
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
    cluster_set_distance(c, start, UNSEEN);
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

#endif
