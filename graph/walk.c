/* walk.c -- a solver's walk laid on a cluster's graph (walk.h). */
#include "graph/walk.h"

#include <stdlib.h>
#include <string.h>

#include "cli/measure.h"
#include "common/xmem.h"
#include "graph/dot.h"
#include "search/search.h"

void graph_walk_run(graph_walk *w, const state_graph *g, const puzzle *p, const solver_setup *u,
                    const solver_budget *budget, uint64_t max_steps)
{
    memset(w, 0, sizeof *w);
    setup_label(u, w->label);
    solver_context ctx;
    solver_context_init(&ctx);
    trace_list trace;
    trace_list_init(&trace, max_steps);
    ctx.trace = &trace.base;
    measure_call(u, &ctx, p, budget, &w->r);
    solver_context_free(&ctx);

    w->cut = trace.cut;
    w->nsteps = trace.count;
    w->steps = xmalloc((trace.count ? trace.count : 1) * sizeof *w->steps);
    w->order = xmalloc((g->count ? g->count : 1) * sizeof *w->order);
    for (uint32_t i = 0; i < g->count; i++) w->order[i] = DOT_NOT_EXPANDED;
    for (uint64_t k = 0; k < trace.count; k++) {
        const trace_step *s = &trace.step[k];
        uint32_t node = state_graph_node(g, s->key);
        w->steps[k] = node;
        if (node != GRAPH_NONE && w->order[node] == DOT_NOT_EXPANDED) w->order[node] = w->ranks++;
        if (s->g >= w->ndepths) {
            w->per_depth = xrealloc(w->per_depth, (size_t)(s->g + 1) * sizeof *w->per_depth);
            memset(w->per_depth + w->ndepths, 0, (size_t)(s->g + 1 - w->ndepths) * sizeof *w->per_depth);
            w->ndepths = s->g + 1;
        }
        w->per_depth[s->g]++;
    }
    trace_list_free(&trace);

    if (w->r.status == SOLVE_SOLVED)
        w->npath = state_graph_path(g, &w->r, &w->path, &w->units);
}

void graph_walk_free(graph_walk *w)
{
    solver_result_free(&w->r);
    free(w->steps);
    free(w->order);
    free(w->path);
    free(w->per_depth);
    memset(w, 0, sizeof *w);
}
