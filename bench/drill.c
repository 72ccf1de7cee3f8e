/* drill.c -- a puzzle's state graph and walks for the report page (drill.h). */
#include "bench/drill.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"
#include "graph/dot.h"
#include "graph/stategraph.h"
#include "graph/tools.h"
#include "graph/walk.h"
#include "scan/scan.h"
#include "solvers/setup.h"

static json_t *int_array(const uint32_t *v, uint64_t n)
{
    json_t *a = json_array();
    for (uint64_t i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i] == GRAPH_NONE ? -1 : (json_int_t)v[i]));
    return a;
}

/* The graph laid out, positions scaled into [0, 1000] (its shape kept), y down as on a page. */
static json_t *graph_json(const state_graph *g, const double *x, const double *y)
{
    double x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0];
    for (uint32_t i = 1; i < g->count; i++) {
        if (x[i] < x0) x0 = x[i];
        if (x[i] > x1) x1 = x[i];
        if (y[i] < y0) y0 = y[i];
        if (y[i] > y1) y1 = y[i];
    }
    double span = x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0, k = span > 0 ? 1000 / span : 0;
    json_t *jx = json_array(), *jy = json_array(), *edges = json_array(), *to_goal = json_array();
    for (uint32_t i = 0; i < g->count; i++) {
        json_array_append_new(jx, json_integer((json_int_t)((x[i] - x0) * k + 0.5)));
        json_array_append_new(jy, json_integer((json_int_t)((y1 - y[i]) * k + 0.5)));
        json_array_append_new(to_goal, json_integer(g->to_goal[i] == GRAPH_NO_GOAL ? -1 : (json_int_t)g->to_goal[i]));
    }
    for (uint64_t e = 0; e < g->nedges; e++) {
        json_array_append_new(edges, json_integer(g->edge[e][0]));
        json_array_append_new(edges, json_integer(g->edge[e][1]));
    }
    return json_pack("{s:o, s:o, s:o, s:o, s:i, s:o}", "x", jx, "y", jy, "edges", edges, "to_goal",
                     to_goal, "far", (json_int_t)g->farthest_to_goal, "path",
                     int_array(g->path, (uint64_t)g->npath));
}

/* Why a row has no walk, or NULL when it can have one. */
static const char *no_walk(const drill_plan *plan, const report_row *row, solver_setup *u)
{
    char err[SETUP_ERR_MAX];
    if (strcmp(row->origin, "builtin") != 0) return "not a built-in solver: no trace";
    if (setup_parse_label(row->solver, u) || setup_parse_params(u, row->params, err))
        return "its solver or parameters are not this build's";
    if (strcmp(row->budget_hit, "seconds") == 0 || strcmp(row->budget_hit, "interrupted") == 0)
        return "stopped by the clock: not repeatable";
    if (row->expanded == REPORT_UNCOUNTED) return "no count of its expansions";
    if (row->expanded > plan->walk_max) return "too many expansions to embed";
    return NULL;
}

static uint64_t json_size(const json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT);
    uint64_t n = strlen(text);
    free(text);
    return n;
}

void drill_add_graph(drill_plan *plan, const report_row *rows, int n, json_t *entry, json_t *runs)
{
    char note[160] = "", why[SCAN_ERR_MAX];
    puzzle_list one = {0};
    state_graph g = {0};
    double *x = NULL, *y = NULL;
    if (plan->graph_max == 0) snprintf(note, sizeof note, "state graphs are off (--graph-max 0)");
    else if (plan->layout_failed) snprintf(note, sizeof note, "Graphviz's sfdp did not run");
    else if (plan->used >= plan->page_bytes) snprintf(note, sizeof note, "the page's room for graphs is spent");
    else if (rows[0].cluster_size != REPORT_NONE && (uint64_t)rows[0].cluster_size > plan->graph_max)
        snprintf(note, sizeof note, "its cluster is over --graph-max %llu states", (unsigned long long)plan->graph_max);
    else if (report_row_puzzle(&rows[0], &one, why)) snprintf(note, sizeof note, "its board did not read back");
    if (note[0]) goto done;

    const puzzle *p = &one.items[0];
    char err[GRAPH_ERR_MAX];
    if (state_graph_build(&g, &p->board, p->start, plan->graph_max, plan->graph_max, err)) {
        snprintf(note, sizeof note, "its cluster is over --graph-max %llu states", (unsigned long long)plan->graph_max);
        goto done;
    }
    /* The layout: sfdp on the DOT bin/render --graph writes, so that the report's picture of
     * a cluster is render's. */
    size_t len;
    char *dot = dot_source(&g, &len);
    x = xmalloc(g.count * sizeof *x);
    y = xmalloc(g.count * sizeof *y);
    char tool[TOOL_ERR_MAX];
    int laid = tool_layout(dot, len, g.count, x, y, tool);
    free(dot);
    if (laid) {
        fprintf(stderr, "bench report: no state graphs: %s\n", tool);
        plan->layout_failed = true;
        snprintf(note, sizeof note, "Graphviz's sfdp did not run");
        goto done;
    }
    json_t *graph = graph_json(&g, x, y);
    uint64_t bytes = json_size(graph);
    for (int k = 0; k < n; k++) {
        const report_row *row = &rows[k];
        json_t *run = json_object_get(runs, row->solver);
        solver_setup u;
        const char *skip = no_walk(plan, row, &u);
        if (!skip) {
            graph_walk w;
            graph_walk_run(&w, &g, p, &u, &plan->budget, plan->walk_max + 1);
            if (w.nsteps == row->expanded) {
                json_t *steps = int_array(w.steps, w.nsteps), *path = int_array(w.path, (uint64_t)w.npath);
                bytes += json_size(steps) + json_size(path);
                json_object_set_new(run, "walk", steps);
                json_object_set_new(run, "walk_path", path);
            } else {
                skip = "its trace again is not the row's count (another build?)";
            }
            graph_walk_free(&w);
        }
        if (skip) json_object_set_new(run, "walk_note", json_string(skip));
    }
    json_object_set_new(entry, "graph", graph);
    plan->used += bytes;
    plan->graphs++;
done:
    if (note[0]) json_object_set_new(entry, "graph_note", json_string(note));
    free(x);
    free(y);
    state_graph_free(&g);
    puzzle_list_free(&one);
}
