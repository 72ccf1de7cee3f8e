/* stategraph.h -- the move graph of a puzzle's cluster: one node per state reachable from the
 * start, one edge per move between two of them, each node with its distance from the start and
 * to the nearest goal; and, for a cluster too large to draw state by state, its condensed form.
 *
 * The invariants: node 0 is the start and the nodes stand in breadth-first order from it, so a
 * node's distance from the start never falls along the list; each edge is stored once, as
 * (u, v) with u < v, since every move can be undone by a move (the graph is undirected); and
 * the distances to the goal are search/cluster.h's, the ones bin/solve --cluster reports.
 *
 * A cluster of any family, explored through the puzzle's view (common/family.h) in moves: the
 * graph knows no family.
 *
 *     state_graph g;
 *     if (state_graph_build(&g, p, max_states, edges_max, err)) ... err ...
 *     ... g.key[i], g.to_goal[i], g.from_start[i], g.edge[e][0 .. 1] ...
 *     uint32_t i = state_graph_node(&g, key);        (GRAPH_NONE: not in the cluster)
 *     state_graph_free(&g);
 *
 * The condensed form has a cell per pair (distance from the start, distance to the goal),
 * holding every state with those distances, and an edge between two cells wherever a move
 * joins states of both, weighted by how many moves do: the shape of the search space (how wide
 * it is at each distance, where the goals lie) at a size that does not grow with the cluster.
 */
#ifndef STATEGRAPH_H
#define STATEGRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "common/family.h"
#include "common/puzzle.h"
#include "common/stateset.h"
#include "search/solver.h"

#define GRAPH_NONE UINT32_MAX
#define GRAPH_NO_GOAL UINT32_MAX   /* to_goal of a state whose cluster has no goal */
#define GRAPH_ERR_MAX 256

typedef struct {
    const puzzle *p;
    family_problem view;     /* p's (puzzle_problem) */
    uint64_t *child;         /* room for one state's successors */
    uint32_t count;          /* states */
    uint64_t *key;           /* node -> state */
    uint32_t *from_start;    /* node -> moves from the start */
    uint32_t *to_goal;       /* node -> moves to the nearest goal, or GRAPH_NO_GOAL */
    uint32_t (*edge)[2];     /* NULL when built without edges (state_graph_condense's input) */
    uint64_t nedges;
    uint32_t *path;          /* the start and the states of the solution, node by node */
    int npath;               /* 0 when no goal is reachable */
    uint32_t farthest_from_start, farthest_to_goal;   /* the largest distances (no goal: 0) */
    uint64_t goals;          /* goal states */
    stateset index;          /* state -> node */
} state_graph;

/* Explores the cluster of p's start (p kept by pointer) with its distances, and its edges when
 * it has at most edges_max states; path is the reference BFS's solution, the one bin/render
 * --solution draws too (searched only once the cluster is known to be within max_states, and
 * bounded by it). Returns 0, or -1 with err set when the cluster has more than max_states
 * states. */
int state_graph_build(state_graph *g, const puzzle *p, uint64_t max_states, uint64_t edges_max,
                      char *err);

/* The nodes a solver's solution passes through, the start first (its text replayed,
 * puzzle_replay_each), into *path (malloc'ed); returns their count (GRAPH_NONE for a state
 * outside the cluster; none past a move that does not replay), and its measures into *units
 * unless NULL: what the solution is, in every family (a Rush Hour result's own nmoves is 0 for
 * another family, whose solution is text). */
int state_graph_path(const state_graph *g, const solver_result *r, uint32_t **path,
                     measure_counts *units);

static inline uint32_t state_graph_node(const state_graph *g, uint64_t key)
{
    uint64_t slot = stateset_find(&g->index, key);
    return slot == UINT64_MAX ? GRAPH_NONE : g->index.value[slot];
}

void state_graph_free(state_graph *g);

/* The condensed form. */
typedef struct {
    uint32_t from_start, to_goal;   /* to_goal GRAPH_NO_GOAL in a cluster without a goal */
    uint64_t states;
} graph_cell;

typedef struct {
    uint32_t a, b;      /* cells, a < b */
    uint64_t moves;     /* the moves between their states */
} graph_cell_edge;

typedef struct {
    graph_cell *cell;   /* ordered by distance from the start, then to the goal */
    uint32_t ncells;
    graph_cell_edge *edge;
    uint64_t nedges;
    uint32_t *node_cell;   /* state_graph node -> its cell */
} condensed_graph;

/* The condensed form of g (built with or without edges: the moves are generated again). */
void state_graph_condense(const state_graph *g, condensed_graph *c);
void condensed_graph_free(condensed_graph *c);

#endif
