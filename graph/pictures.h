/* pictures.h -- bin/render --graph: the pictures of one puzzle's cluster.
 *
 * For OUT (its ending, .svg or .png, picks the format) it writes:
 *   OUT.dot          the source: the cluster's graph coloured by distance to the goal, laid out
 *                    by sfdp when drawn (always written, Graphviz or not)
 *   OUT              the picture: that graph alone; with walks, the graph and each walk side by
 *                    side (small multiples) on the one layout
 *   OUT-SOLVER       with walks: each walk alone, on the same layout
 *   OUT-frontier     with walks: the states each expanded at each depth (gnuplot), beside its
 *                    data, OUT-frontier.tsv
 * A cluster of more than full_max states is drawn condensed (stategraph.h), one node per pair
 * of distances, and needs no layout; one of more than max_states is refused.
 */
#ifndef PICTURES_H
#define PICTURES_H

#include <stdint.h>

#include "common/puzzle.h"
#include "search/solver.h"
#include "solvers/setup.h"

#define GRAPH_FULL_MAX 20000u       /* larger clusters are drawn condensed */
#define GRAPH_DEFAULT_MAX 1000000u  /* --graph-max's default */
#define GRAPH_TRACE_MAX 10000000u   /* expansions traced per walk */

typedef struct {
    uint64_t max_states;            /* a larger cluster is refused */
    uint64_t full_max;              /* GRAPH_FULL_MAX */
    const solver_setup *setup;      /* the walks to draw; nsetups 0: the graph alone */
    int nsetups;
    solver_budget budget;           /* each walk's */
} graph_request;

#define PICTURES_ERR_MAX 8192   /* a message naming a path, and what a program said */

/* What graph_pictures returns, besides 0. */
enum {
    GRAPH_FAILED = -1,       /* an output could not be written */
    GRAPH_TOO_LARGE = -2,    /* the cluster is over max_states: nothing written */
    GRAPH_TOOL_MISSING = -3, /* Graphviz or gnuplot is not installed: the sources are written */
};

/* Writes the pictures of p's cluster (above) for OUT. Returns 0, or one of the codes above with
 * err (PICTURES_ERR_MAX) one line saying why. */
int graph_pictures(const puzzle *p, const char *out, const graph_request *rq, char *err);

/* path with `insert` before its ending, or with its ending replaced when replace ("g.svg",
 * "-bfs" gives "g-bfs.svg"; ".dot" replacing gives "g.dot"), into buf (size bytes). */
void graph_path(const char *path, const char *insert, bool replace, char *buf, size_t size);

#endif
