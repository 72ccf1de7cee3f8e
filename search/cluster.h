/* cluster.h -- a whole cluster: every state reachable from a start, each with its distance in
 * moves to the nearest goal state, and what can be said of the cluster as a puzzle.
 *
 * The distances come from a breadth-first search forward from the start, which finds the
 * cluster (unless its states are given), then one backward from all its goal states at once
 * (moves are reversible, so backward is forward). The pattern databases
 * (rush/pdb.c) keep only the distances; bin/solve --cluster also asks for the
 * analysis below.
 *
 *     cluster c;
 *     if (cluster_explore(&c, b, start, max_states, max_bytes)) ...
 *     uint32_t d = cluster_distance(&c, key);   (CLUSTER_NO_GOAL: no goal in the cluster)
 *     cluster_free(&c);
 */
#ifndef CLUSTER_H
#define CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/family.h"
#include "common/puzzle.h"
#include "common/stateset.h"
#include "search/solver.h"

#define CLUSTER_NO_GOAL 0xFFFFFFFFu

typedef struct {
    stateset distance;   /* state -> moves to the nearest goal, or CLUSTER_NO_GOAL */
    uint64_t *key;       /* the states, breadth-first from the start (NULL after cluster_forget) */
    uint64_t count;
} cluster;

/* Explores the cluster of a puzzle from its view, from p->start, its distances in measure
 * m (each measure's steps can be undone, so backward is forward in every one; the cluster is
 * the same in all). False, with nothing kept, when it holds more than max_states states or
 * would take more than max_bytes (0: no limit). Rush Hour's bitboard form, cluster_explore, is
 * rush/rush_cluster.h's. */
bool cluster_explore_family(cluster *c, const family_problem *p, measure m, uint64_t max_states,
                            uint64_t max_bytes);

static inline uint32_t cluster_distance(const cluster *c, uint64_t key)
{
    uint64_t slot = stateset_find(&c->distance, key);
    return slot == UINT64_MAX ? CLUSTER_NO_GOAL : c->distance.value[slot];
}

/* Frees the list of states, keeping the distances. */
void cluster_forget(cluster *c);
void cluster_free(cluster *c);

/* What bin/solve --cluster reports of the cluster of a puzzle (the definitions of the database
 * of all puzzles): its goal states; how many states stand at each distance from the nearest goal
 * (distances[0 .. ndistances - 1]); its *hardest* state, the farthest from a goal, and its
 * *canonical* state, the smallest; and whether the hardest state is *minimal*: removing any one
 * piece but the primary, or any one wall, lowers its optimal move count. States are ordered by
 * the bitboard of the horizontal pieces' cells, then by that of the vertical ones (bit
 * y * width + x for the cell in row y, column x), smaller first; ties for the hardest go to the
 * smallest. */
typedef struct cluster_analysis {
    uint64_t states, goal_states;
    uint64_t *distances;        /* malloc'ed; NULL when the cluster holds no goal */
    int ndistances;
    uint64_t hardest, canonical;
    int hardest_moves;          /* -1 when the cluster holds no goal */
    int minimal;                /* 1 yes, 0 no, -1 not decided (no goal) */
} cluster_analysis;

/* The same analysis of a cluster of another family (family.h), from its states: distances in
 * moves, states ordered by key, and minimality left undecided (-1). False when its tables
 * would take more than max_bytes (0: no limit). */
bool cluster_analyse_family(const family_problem *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_bytes, cluster_analysis *out);
/* The analysis of p's cluster from its states, whichever p's family: the family's own
 * (family_class's analyse_cluster: Rush Hour's), else cluster_analyse_family (max_states unused
 * there: the states are given). */
bool cluster_analyse_puzzle(const puzzle *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const solver *reference,
                            cluster_analysis *out);
void cluster_analysis_free(cluster_analysis *a);

#endif
