/* drill.c -- a puzzle's state graph and walks for the report page (drill.h). */
#include "bench/drill.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

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
    if (strcmp(row->status, "unsupported") == 0) return "not run: its solver does not take the family";
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

struct drill_graph {
    puzzle p;             /* the row's puzzle, which g points into */
    state_graph g;
    char *dot;            /* the DOT bin/render --graph writes: the layout's input */
    size_t len;
    double *x, *y;        /* the layout */
    bool laid;
    json_t *walks;        /* each row's walk, or its note, by label */
};

void drill_graph_free(drill_graph *d)
{
    if (!d) return;
    state_graph_free(&d->g);
    free(d->dot);
    free(d->x);
    free(d->y);
    json_decref(d->walks);
    free(d);
}

drill_graph *drill_plan_graph(drill_plan *plan, const report_row *rows, int n, const char **note)
{
    static char why_not[160];
    char why[SCAN_ERR_MAX];
    puzzle_list one = {0};
    *note = why_not;
    if (plan->graph_max == 0) snprintf(why_not, sizeof why_not, "state graphs are off (--graph-max 0)");
    else if (plan->used >= plan->page_bytes) snprintf(why_not, sizeof why_not, "the page's room for graphs is spent");
    else if (rows[0].cluster_size != REPORT_NONE && (uint64_t)rows[0].cluster_size > plan->graph_max)
        snprintf(why_not, sizeof why_not, "its cluster is over --graph-max %llu states", (unsigned long long)plan->graph_max);
    else if (report_row_puzzle(&rows[0], &one, why)) snprintf(why_not, sizeof why_not, "its board did not read back");
    else why_not[0] = '\0';
    if (why_not[0]) {
        puzzle_list_free(&one);
        return NULL;
    }

    drill_graph *d = xcalloc(1, sizeof *d);
    d->p = one.items[0];
    puzzle_list_free(&one);
    const puzzle *p = &d->p;
    char err[GRAPH_ERR_MAX];
    if (state_graph_build(&d->g, p, plan->graph_max, plan->graph_max, err)) {
        snprintf(why_not, sizeof why_not, "its cluster is over --graph-max %llu states", (unsigned long long)plan->graph_max);
        drill_graph_free(d);
        return NULL;
    }
    /* The layout, later: sfdp on the DOT bin/render --graph writes, so that the report's
     * picture of a cluster is render's. */
    d->dot = dot_source(&d->g, &d->len);
    d->walks = json_object();
    for (int k = 0; k < n; k++) {
        const report_row *row = &rows[k];
        solver_setup u;
        const char *skip = no_walk(plan, row, &u);
        json_t *walk = json_object();
        if (!skip) {
            graph_walk w;
            graph_walk_run(&w, &d->g, p, &u, &plan->budget, plan->walk_max + 1);
            if (w.nsteps == row->expanded) {
                json_object_set_new(walk, "walk", int_array(w.steps, w.nsteps));
                json_object_set_new(walk, "walk_path", int_array(w.path, (uint64_t)w.npath));
            } else {
                skip = "its trace again is not the row's count (another build?)";
            }
            graph_walk_free(&w);
        }
        if (skip) json_object_set_new(walk, "walk_note", json_string(skip));
        json_object_set_new(d->walks, row->solver, walk);
    }
    /* What the page will hold: the walks, and the graph (its coordinates, up to 4 digits and a
     * comma each, are reckoned before the layout that gives them). */
    d->x = xcalloc(d->g.count, sizeof *d->x);
    d->y = xcalloc(d->g.count, sizeof *d->y);
    json_t *shape = graph_json(&d->g, d->x, d->y);
    plan->used += json_size(d->walks) + json_size(shape) + 6ull * d->g.count;
    json_decref(shape);
    return d;
}

/* ---- layouts, several at a time, kept by content -------------------------------------------- */

/* A layout kept in the cache: "COUNT" then "X Y" per node, in DIR/HASH.xy. */
static void cache_path(const char *dir, const drill_graph *d, char *out, size_t size)
{
    snprintf(out, size, "%s/%016llx.xy", dir, (unsigned long long)XXH3_64bits(d->dot, d->len));
}

static bool cache_read(const char *dir, drill_graph *d)
{
    char path[4096];
    cache_path(dir, d, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    unsigned long count = 0;
    bool ok = fscanf(f, "%lu", &count) == 1 && count == d->g.count;
    for (uint32_t i = 0; ok && i < d->g.count; i++) ok = fscanf(f, "%lf %lf", &d->x[i], &d->y[i]) == 2;
    fclose(f);
    return ok;
}

/* Written under a temporary name and renamed: a reader never sees half a layout. A cache that
 * cannot be written is no cache, not an error. */
static void cache_write(const char *dir, const drill_graph *d)
{
    char path[4096], tmp[4200];
    cache_path(dir, d, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%d.%lu", path, (int)getpid(), (unsigned long)pthread_self());
    FILE *f = fopen(tmp, "w");
    if (!f) return;
    fprintf(f, "%lu\n", (unsigned long)d->g.count);
    for (uint32_t i = 0; i < d->g.count; i++) fprintf(f, "%.17g %.17g\n", d->x[i], d->y[i]);
    if (fclose(f) != 0 || rename(tmp, path) != 0) unlink(tmp);
}

typedef struct {
    drill_graph **graphs;
    int count, next, cached;
    const char *cache_dir;
    pthread_mutex_t lock;
    char err[TOOL_ERR_MAX];   /* the first failure */
} layout_work;

static void *layout_worker(void *arg)
{
    layout_work *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->lock);
        int i = w->err[0] ? w->count : w->next++;
        pthread_mutex_unlock(&w->lock);
        if (i >= w->count) return NULL;
        drill_graph *d = w->graphs[i];
        if (w->cache_dir && cache_read(w->cache_dir, d)) {
            d->laid = true;
            pthread_mutex_lock(&w->lock);
            w->cached++;
            pthread_mutex_unlock(&w->lock);
            continue;
        }
        char err[TOOL_ERR_MAX];
        if (tool_layout(d->dot, d->len, d->g.count, d->x, d->y, err) == 0) {
            d->laid = true;
            if (w->cache_dir) cache_write(w->cache_dir, d);
        } else {
            pthread_mutex_lock(&w->lock);
            if (!w->err[0]) snprintf(w->err, sizeof w->err, "%s", err);
            pthread_mutex_unlock(&w->lock);
        }
    }
}

int drill_layout(drill_plan *plan, drill_graph **graphs, int count, int jobs, const char *cache_dir)
{
    layout_work w = {.graphs = graphs, .count = count, .cache_dir = cache_dir,
                     .lock = PTHREAD_MUTEX_INITIALIZER};
    if (cache_dir && mkdir(cache_dir, 0755) != 0 && errno != EEXIST) w.cache_dir = NULL;
    if (jobs < 1) jobs = 1;
    if (jobs > count) jobs = count;
    pthread_t thread[64];
    int started = 0;
    for (; started < jobs && started < 64; started++)
        if (pthread_create(&thread[started], NULL, layout_worker, &w) != 0) break;
    if (started == 0) layout_worker(&w);
    for (int k = 0; k < started; k++) pthread_join(thread[k], NULL);
    plan->cached = w.cached;
    if (!w.err[0]) return 0;
    fprintf(stderr, "bench report: no state graphs: %s\n", w.err);
    return -1;
}

json_t *drill_graph_json(const drill_graph *d)
{
    if (!d->laid) return NULL;
    return json_pack("{s:o, s:O}", "graph", graph_json(&d->g, d->x, d->y), "walks", d->walks);
}
