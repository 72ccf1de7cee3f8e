/* pictures.c -- a cluster's pictures, its walks and their frontier profile (pictures.h). */
#include "graph/pictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/outfile.h"
#include "common/xmem.h"
#include "graph/dot.h"
#include "graph/stategraph.h"
#include "graph/tools.h"
#include "graph/walk.h"

void graph_path(const char *path, const char *insert, bool replace, char *buf, size_t size)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) dot = path + strlen(path);
    if (replace) snprintf(buf, size, "%.*s%s", (int)(dot - path), path, insert);
    else snprintf(buf, size, "%.*s%s%s", (int)(dot - path), path, insert, dot);
}

static bool is_png(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".png") == 0;
}

/* Writes text whole to path. */
static int write_text(const char *path, const char *text, size_t len, char *err)
{
    char why[OUTFILE_ERR_MAX];
    if (outfile_write_all(path, text, len, why) == 0) return 0;
    snprintf(err, PICTURES_ERR_MAX, "%s", why);
    return GRAPH_FAILED;
}

/* Has a program draw `source` into path, through outfile: whole or not at all. */
static int draw(const char *const args[], const char *package, const char *path,
                const char *source, size_t len, char *err)
{
    outfile out;
    char why[OUTFILE_ERR_MAX];
    if (outfile_open(&out, path, NULL, why)) {
        snprintf(err, PICTURES_ERR_MAX, "%s", why);
        return GRAPH_FAILED;
    }
    char tool[TOOL_ERR_MAX];
    int rc = tool_run(args, package, source, len, out.f, tool);
    if (rc) {
        outfile_abandon(&out);
        snprintf(err, PICTURES_ERR_MAX, "%s: %s", path, tool);
        return rc == TOOL_MISSING ? GRAPH_TOOL_MISSING : GRAPH_FAILED;
    }
    if (outfile_commit(&out, why)) {
        snprintf(err, PICTURES_ERR_MAX, "%s", why);
        return GRAPH_FAILED;
    }
    return 0;
}

/* neato -n2 draws a pinned graph as it stands; a PNG is held to 40 inches a side at 96 dpi. */
static int draw_pinned(const char *path, const char *dot, size_t len, char *err)
{
    const char *png[] = {"neato", "-n2", "-Tpng", "-Gdpi=96", "-Gsize=40,40", NULL};
    const char *svg[] = {"neato", "-n2", "-Tsvg", NULL};
    return draw(is_png(path) ? png : svg, "graphviz", path, dot, len, err);
}

/* ---- the panels ---------------------------------------------------------------------------- */

typedef struct {
    const puzzle *p;
    const graph_request *rq;
    state_graph g;
    condensed_graph c;        /* when the cluster is drawn condensed */
    bool condensed;
    double *x, *y;            /* the full graph's layout */
    graph_walk *walk;
    dot_panel *panel;         /* the distance panel, then one per walk */
    char (*title)[160];
} drawing;

static void walk_title(const graph_walk *w, char *out, size_t size)
{
    char expanded[32], nodes[32];
    dot_count(w->r.expanded, expanded);
    dot_count(w->ranks, nodes);
    int n = snprintf(out, size, "%s: %s expanded (%s states)", w->label, expanded, nodes);
    if (w->r.status == SOLVE_SOLVED) n += snprintf(out + n, size - n, ", %d moves", w->units.moves);
    else n += snprintf(out + n, size - n, ", %s", solve_status_name(w->r.status));
    if (w->cut) snprintf(out + n, size - n, " (trace cut at %llu)", (unsigned long long)w->nsteps);
}

static void make_panels(drawing *d)
{
    int n = d->rq->nsetups + 1;
    d->panel = xcalloc((size_t)n, sizeof *d->panel);
    d->title = xcalloc((size_t)n, sizeof *d->title);
    char states[32];
    dot_count(d->g.count, states);
    int len = snprintf(d->title[0], sizeof d->title[0], "%s: %s states", d->p->name, states);
    if (d->g.npath)
        snprintf(d->title[0] + len, sizeof d->title[0] - len, ", %d moves at best", d->g.npath - 1);
    else
        snprintf(d->title[0] + len, sizeof d->title[0] - len, ", no solution");
    d->panel[0] = (dot_panel){d->title[0], NULL, 0, d->g.path, d->g.npath};
    for (int k = 1; k < n; k++) {
        const graph_walk *w = &d->walk[k - 1];
        walk_title(w, d->title[k], sizeof d->title[k]);
        d->panel[k] = (dot_panel){d->title[k], w->order, w->ranks, w->path, w->npath};
    }
}

/* The DOT text of panels [first, first + count), every node pinned. */
static char *dot_text(const drawing *d, int first, int count, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (d->condensed) dot_write_condensed(f, &d->g, &d->c, d->panel + first, count);
    else dot_write_graph(f, &d->g, d->panel + first, count, d->x, d->y);
    fclose(f);
    return text;
}

static int draw_panels(const drawing *d, int first, int count, const char *path, char *err)
{
    size_t len;
    char *text = dot_text(d, first, count, &len);
    int rc = draw_pinned(path, text, len, err);
    free(text);
    return rc;
}

/* ---- the frontier profile ---------------------------------------------------------------- */

/* Paul Tol's "bright" scheme, distinct to colour-blind readers. */
static const char *const profile_colour[] = {"#4477aa", "#ee6677", "#228833", "#ccbb44",
                                             "#66ccee", "#aa3377", "#bbbbbb"};

static int draw_frontier(const drawing *d, const char *out, char *err)
{
    char path[4096], data_path[4096];
    graph_path(out, "-frontier", false, path, sizeof path);
    graph_path(out, "-frontier.tsv", true, data_path, sizeof data_path);
    int depths = 0;
    for (int k = 0; k < d->rq->nsetups; k++)
        if (d->walk[k].ndepths > depths) depths = d->walk[k].ndepths;
    char *data = NULL;
    size_t data_len;
    FILE *f = open_memstream(&data, &data_len);
    fputs("depth", f);
    for (int k = 0; k < d->rq->nsetups; k++) fprintf(f, "\t%s", d->walk[k].label);
    fputc('\n', f);
    for (int g = 0; g < depths; g++) {
        fprintf(f, "%d", g);
        for (int k = 0; k < d->rq->nsetups; k++)
            fprintf(f, "\t%llu", (unsigned long long)(g < d->walk[k].ndepths ? d->walk[k].per_depth[g] : 0));
        fputc('\n', f);
    }
    fclose(f);
    int rc = write_text(data_path, data, data_len, err);

    /* A panel per walk, each with its own depths: a depth-first walk runs hundreds of moves
     * deep where a breadth-first one stays within the optimum. */
    int n = d->rq->nsetups, columns = 1;
    while (columns * columns < n) columns++;
    int rows = (n + columns - 1) / columns;
    char *script = NULL;
    size_t script_len;
    f = open_memstream(&script, &script_len);
    fprintf(f, "set terminal %s size %d,%d font 'DejaVu Sans,11' background rgb 'white'\n",
            is_png(path) ? "pngcairo" : "svg", 120 + 380 * columns, 60 + 280 * rows);
    fputs("set datafile separator '\\t'\nset grid ytics\nset style fill solid 0.85 noborder\n"
          "set boxwidth 0.8 relative\nset xlabel 'depth g'\nset ylabel 'states expanded'\n"
          "set yrange [0:*]\n$data << EOD\n", f);
    fwrite(data, 1, data_len, f);
    fprintf(f, "EOD\nset multiplot layout %d,%d title 'States expanded at each depth "
               "(g: moves from the start; for bibfs, from its own side)'\n", rows, columns);
    for (int k = 0; k < n; k++)
        fprintf(f, "set title '%s'\nset xrange [-0.5:%d.5]\n"
                   "plot $data using 1:%d with boxes lc rgb '%s' notitle\n",
                d->walk[k].label, d->walk[k].ndepths ? d->walk[k].ndepths - 1 : 0, k + 2,
                profile_colour[k % 7]);
    fputs("unset multiplot\n", f);
    fclose(f);
    free(data);
    const char *args[] = {"gnuplot", NULL};
    if (!rc) rc = draw(args, "gnuplot", path, script, script_len, err);
    free(script);
    return rc;
}

/* ---- the whole ------------------------------------------------------------------------------ */

static void drawing_free(drawing *d)
{
    for (int k = 0; d->walk && k < d->rq->nsetups; k++) graph_walk_free(&d->walk[k]);
    free(d->walk);
    free(d->panel);
    free(d->title);
    free(d->x);
    free(d->y);
    condensed_graph_free(&d->c);
    state_graph_free(&d->g);
}

int graph_pictures(const puzzle *p, const char *out, const graph_request *rq, char *err)
{
    drawing d = {.p = p, .rq = rq};
    char why[GRAPH_ERR_MAX];
    if (state_graph_build(&d.g, p, rq->max_states, rq->full_max, why)) {
        snprintf(err, PICTURES_ERR_MAX, "%s: %s (--graph-max %llu)", p->name, why,
                 (unsigned long long)rq->max_states);
        return GRAPH_TOO_LARGE;
    }
    d.condensed = d.g.edge == NULL;
    if (d.condensed) state_graph_condense(&d.g, &d.c);
    d.walk = xcalloc((size_t)rq->nsetups + 1, sizeof *d.walk);
    for (int k = 0; k < rq->nsetups; k++)
        graph_walk_run(&d.walk[k], &d.g, p, &rq->setup[k], &rq->budget, GRAPH_TRACE_MAX);
    make_panels(&d);

    /* The source first, so that it is there whatever happens next. */
    char path[4096];
    graph_path(out, ".dot", true, path, sizeof path);
    size_t len;
    /* (A condensed picture is its own source: its cells stand on a grid, pinned.) */
    char *source = d.condensed ? dot_text(&d, 0, 1, &len) : dot_source(&d.g, &len);
    int rc = write_text(path, source, len, err);
    if (!rc && !d.condensed) {
        d.x = xmalloc(d.g.count * sizeof *d.x);
        d.y = xmalloc(d.g.count * sizeof *d.y);
        char tool[TOOL_ERR_MAX];
        int laid = tool_layout(source, len, d.g.count, d.x, d.y, tool);
        if (laid) {
            snprintf(err, PICTURES_ERR_MAX, "%s; wrote %s", tool, path);
            rc = laid == TOOL_MISSING ? GRAPH_TOOL_MISSING : GRAPH_FAILED;
        }
    }
    free(source);
    if (!rc) rc = draw_panels(&d, 0, rq->nsetups + 1, out, err);
    for (int k = 0; k < rq->nsetups && !rc; k++) {
        char insert[SETUP_LABEL_MAX + 2];
        snprintf(insert, sizeof insert, "-%s", d.walk[k].label);
        for (char *c = insert; *c; c++)
            if (*c == '/') *c = '-';   /* astar/pdb: one file name */
        graph_path(out, insert, false, path, sizeof path);
        rc = draw_panels(&d, k + 1, 1, path, err);
    }
    if (!rc && rq->nsetups) rc = draw_frontier(&d, out, err);
    drawing_free(&d);
    return rc;
}
