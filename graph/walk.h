/* walk.h -- one strategy's walk through a cluster: the solver run once with an expansion trace
 * (search/trace.h), and the trace turned into what the pictures and the report draw, node by
 * node of the cluster's graph.
 *
 * The invariant: steps lists every expansion the solver counted, in order (nsteps equals
 * r.expanded unless the trace was cut at max_steps), so a slider over it ends on the row's
 * `expanded`; order ranks the nodes by their first expansion, which is what a still picture
 * can show of a walk that expands states again (iterative deepening) or from both ends
 * (bibfs, whose backward side may start from goal placements outside the cluster: such steps
 * are GRAPH_NONE).
 */
#ifndef WALK_H
#define WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "common/puzzle.h"
#include "graph/stategraph.h"
#include "search/solver.h"
#include "solvers/setup.h"

typedef struct {
    char label[SETUP_LABEL_MAX];
    solver_result r;           /* its result: counters, status, solution */
    uint32_t *steps;           /* the node of each expansion, in order */
    uint64_t nsteps;
    bool cut;                  /* the trace reached max_steps before the search ended */
    uint64_t *order;           /* node -> rank of its first expansion, or DOT_NOT_EXPANDED */
    uint64_t ranks;            /* nodes expanded */
    uint32_t *path;            /* the start and the nodes of its solution (npath 0: none) */
    int npath;
    measure_counts units;      /* its solution's measures, from the replay (solved runs) */
    uint64_t *per_depth;       /* expansions at each depth g, depth 0 .. ndepths - 1 */
    int ndepths;
} graph_walk;

/* Runs setup u on p under budget, tracing at most max_steps expansions, and lays the walk on g
 * (built from p). */
void graph_walk_run(graph_walk *w, const state_graph *g, const puzzle *p, const solver_setup *u,
                    const solver_budget *budget, uint64_t max_steps);
void graph_walk_free(graph_walk *w);

#endif
