/* stategraph.c -- a cluster's move graph and its condensed form (stategraph.h). */
#include "graph/stategraph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/measure.h"
#include "common/grow.h"
#include "common/xmem.h"
#include "search/cluster.h"
#include "search/search.h"
#include "solvers/bfs.h"

/* The states one move from key, into g->child: the one place the graph meets the families,
 * through the puzzle's view. */
static int neighbours(const state_graph *g, uint64_t key)
{
    return g->view.successors(g->view.board, key, MEASURE_MOVES, g->child);
}

/* The distances from the start and the edges, in one pass over the nodes in breadth-first
 * order: a node's successors of a higher index are first met from it when they have no
 * distance yet, one move farther than it. */
static void walk_edges(state_graph *g, bool with_edges)
{
    uint64_t capacity = 0;
    for (uint32_t i = 1; i < g->count; i++) g->from_start[i] = GRAPH_NONE;
    g->from_start[0] = 0;
    for (uint32_t i = 0; i < g->count; i++) {
        int n = neighbours(g, g->key[i]);
        for (int k = 0; k < n; k++) {
            uint32_t j = state_graph_node(g, g->child[k]);
            if (j <= i) continue;   /* stored from j's side, or a move back */
            if (g->from_start[j] == GRAPH_NONE) g->from_start[j] = g->from_start[i] + 1;
            if (!with_edges) continue;
            GROW(g->edge, capacity, g->nedges + 1, 4096);
            g->edge[g->nedges][0] = i;
            g->edge[g->nedges][1] = j;
            g->nedges++;
        }
        if (g->from_start[i] > g->farthest_from_start) g->farthest_from_start = g->from_start[i];
    }
}

/* Collects the nodes of a solution's positions. */
typedef struct {
    const state_graph *g;
    uint32_t *node;
    int count, capacity;
} node_walk;

static void keep_node(const puzzle_position *pos, const char *token, size_t len, void *ctx)
{
    (void)token, (void)len;
    node_walk *w = ctx;
    GROW(w->node, w->capacity, w->count + 1, 64);
    w->node[w->count++] = state_graph_node(w->g, pos->key);
}

int state_graph_path(const state_graph *g, const solver_result *r, uint32_t **path,
                     measure_counts *units)
{
    char why[PUZZLE_ERR_MAX];
    node_walk w = {g, NULL, 0, 0};
    measure_counts replayed;
    puzzle_replay_each(g->p, r->text, keep_node, &w, units ? units : &replayed, why);
    *path = w.node;
    return w.count;
}

/* The reference BFS's solution as nodes; none when the cluster holds no goal. */
static void mark_solution(state_graph *g)
{
    if (!g->goals) return;
    solver_context ctx;
    solver_context_init(&ctx);
    solver_budget unlimited = {0, 0, 0};   /* it stays within the cluster, explored already */
    solver_setup reference;
    setup_init(&reference, &solver_bfs);
    solver_result r;
    measure_call(&reference, &ctx, g->p, &unlimited, &r);
    solver_context_free(&ctx);
    if (r.status == SOLVE_SOLVED) g->npath = state_graph_path(g, &r, &g->path, NULL);
    solver_result_free(&r);
}


int state_graph_build(state_graph *g, const puzzle *p, uint64_t max_states, uint64_t edges_max,
                      char *err)
{
    memset(g, 0, sizeof *g);
    g->p = p;
    puzzle_problem(p, &g->view);
    if (g->view.key_words == 2) {   /* a cluster past 2^64 states: no graph to draw */
        snprintf(err, GRAPH_ERR_MAX, "its keys are two words (a board of more than 16 tiles' "
                 "cells): its cluster is too large to draw");
        return -1;
    }
    g->child = xmalloc((size_t)g->view.max_successors * sizeof *g->child);
    cluster c;
    if (max_states > UINT32_MAX - 1) max_states = UINT32_MAX - 1;
    /* (cluster_explore takes 0 for no limit; here 0 refuses every cluster.) */
    /* (cluster_explore_family: the same order of states as the family's own explorer.) */
    if (max_states == 0 || !cluster_explore_family(&c, &g->view, MEASURE_MOVES, max_states, 0)) {
        state_graph_free(g);
        snprintf(err, GRAPH_ERR_MAX, "its cluster has more than %llu states",
                 (unsigned long long)max_states);
        return -1;
    }
    /* The cluster's table (state -> distance to the goal) becomes the index (state -> node)
     * once each node has its distance. */
    g->count = (uint32_t)c.count;
    g->key = c.key;
    g->index = c.distance;
    g->to_goal = xmalloc(g->count * sizeof *g->to_goal);
    g->from_start = xmalloc(g->count * sizeof *g->from_start);
    for (uint32_t i = 0; i < g->count; i++) {
        uint64_t slot = stateset_find(&g->index, g->key[i]);
        uint32_t d = g->index.value[slot];
        g->to_goal[i] = d == CLUSTER_NO_GOAL ? GRAPH_NO_GOAL : d;
        g->index.value[slot] = i;
        if (d == 0) g->goals++;
        if (d != CLUSTER_NO_GOAL && d > g->farthest_to_goal) g->farthest_to_goal = d;
    }
    walk_edges(g, g->count <= edges_max);
    mark_solution(g);
    return 0;
}

void state_graph_free(state_graph *g)
{
    free(g->key);
    free(g->from_start);
    free(g->to_goal);
    free(g->edge);
    free(g->path);
    free(g->child);
    stateset_free(&g->index);
    memset(g, 0, sizeof *g);
}

/* ---- the condensed form -------------------------------------------------------------------- */

/* Cells are numbered row by row: (from start, to goal) with "no goal" in the last column. */
void state_graph_condense(const state_graph *g, condensed_graph *c)
{
    memset(c, 0, sizeof *c);
    uint32_t columns = g->farthest_to_goal + 2;   /* the last: no goal */
    uint64_t ngrid = (uint64_t)(g->farthest_from_start + 1) * columns;
    uint32_t *grid = xmalloc(ngrid * sizeof *grid);
    for (uint64_t k = 0; k < ngrid; k++) grid[k] = GRAPH_NONE;
    uint64_t *states = xcalloc(ngrid, sizeof *states);
    c->node_cell = xmalloc(g->count * sizeof *c->node_cell);
    for (uint32_t i = 0; i < g->count; i++) {
        uint32_t to_goal = g->to_goal[i] == GRAPH_NO_GOAL ? columns - 1 : g->to_goal[i];
        uint64_t at = (uint64_t)g->from_start[i] * columns + to_goal;
        states[at]++;
        c->node_cell[i] = (uint32_t)at;   /* a grid place for now: renumbered below */
    }
    c->cell = xmalloc(ngrid * sizeof *c->cell);
    for (uint64_t at = 0; at < ngrid; at++) {
        if (!states[at]) continue;
        uint32_t to_goal = (uint32_t)(at % columns);
        c->cell[c->ncells] = (graph_cell){(uint32_t)(at / columns),
                                          to_goal == columns - 1 ? GRAPH_NO_GOAL : to_goal,
                                          states[at]};
        grid[at] = c->ncells++;
    }
    for (uint32_t i = 0; i < g->count; i++) c->node_cell[i] = grid[c->node_cell[i]];

    /* The moves between cells, counted in a table keyed by the pair (a < b). */
    stateset pairs;
    stateset_init(&pairs, stateset_default_hash);
    stateset_clear(&pairs, true);
    uint64_t capacity = 0;
    for (uint32_t i = 0; i < g->count; i++) {
        int n = neighbours(g, g->key[i]);
        for (int k = 0; k < n; k++) {
            uint32_t j = state_graph_node(g, g->child[k]);
            uint32_t a = c->node_cell[i], b = c->node_cell[j];
            if (j <= i || a == b) continue;
            uint64_t pair = a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
            bool added;
            uint64_t slot = stateset_add(&pairs, pair, &added);   /* may grow: first */
            if (added) {
                GROW(c->edge, capacity, c->nedges + 1, 256);
                c->edge[c->nedges] = (graph_cell_edge){(uint32_t)(pair >> 32), (uint32_t)pair, 0};
                pairs.value[slot] = (uint32_t)c->nedges++;
            }
            c->edge[pairs.value[slot]].moves++;
        }
    }
    stateset_free(&pairs);
    free(grid);
    free(states);
}

void condensed_graph_free(condensed_graph *c)
{
    free(c->cell);
    free(c->edge);
    free(c->node_cell);
    memset(c, 0, sizeof *c);
}
