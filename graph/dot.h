/* dot.h -- a cluster's graph as Graphviz DOT: the source a picture is drawn from.
 *
 * A picture is one or more panels of the same graph side by side (small multiples): the first
 * colours each state by its distance to the nearest goal (palette.h's viridis, with its key);
 * each other shows one strategy's walk, the states it expanded shaded by the order it first
 * expanded them (plasma) and the rest faded. In every panel the start is the large ringed node,
 * goal states are squares, and the panel's solution is drawn over the rest as a thick black
 * path. Node n<i> is state_graph node i; its attributes key (16 hex digits), from_start and
 * to_goal (absent without a goal) say which state it is and where.
 *
 * Written unpinned (x NULL) the full graph is a source for sfdp (`sfdp -Tsvg g.dot`), which is
 * also how its layout is computed; written pinned, every node has the position sfdp gave it (in
 * points), offset per panel, for neato -n2 to draw. The condensed graph's cells are always
 * pinned: on a grid of distance from the start (across) and to the goal (up).
 */
#ifndef DOT_H
#define DOT_H

#include <stdint.h>
#include <stdio.h>

#include "graph/stategraph.h"

#define DOT_NOT_EXPANDED UINT64_MAX

/* One panel: NULL order for the distance colouring, else order[node] is the rank of the node's
 * first expansion (0 first; DOT_NOT_EXPANDED for none) and ranks how many nodes have one. */
typedef struct {
    const char *title;
    const uint64_t *order;
    uint64_t ranks;
    const uint32_t *path;   /* nodes of the solution drawn, the start first; npath 0: none */
    int npath;
} dot_panel;

/* The full graph (g built with edges); x and y the layout (points), or NULL for the unpinned
 * source. */
void dot_write_graph(FILE *f, const state_graph *g, const dot_panel *panel, int npanels,
                     const double *x, const double *y);

/* The source of g's picture: its distance panel with the reference solution, unpinned, as
 * bin/render --graph writes it (OUT.dot) and as sfdp lays it out for every picture of g, the
 * report's included (malloc'ed text, *len bytes). */
char *dot_source(const state_graph *g, size_t *len);

/* The condensed graph of g. */
void dot_write_condensed(FILE *f, const state_graph *g, const condensed_graph *c,
                         const dot_panel *panel, int npanels);

/* n with thousands separators ("12,345"), into out (32 bytes). */
const char *dot_count(uint64_t n, char out[32]);

#endif
