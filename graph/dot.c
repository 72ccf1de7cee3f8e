/* dot.c -- a cluster's graph, whole or condensed, as DOT panels (dot.h). */
#include "graph/dot.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"
#include "graph/palette.h"

const char *dot_count(uint64_t n, char out[32])
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n), o = 0;
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0) out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    return out;
}

/* Text inside an HTML-like label or a quoted string: the few characters either would take. */
static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '&') fputs("&amp;", f);
        else if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

/* ---- the key under a picture ------------------------------------------------------------- */

static bool dark(double t) { return t < 0.55; }   /* on viridis and plasma: white text */

static void key_cell(FILE *f, const char *fill, bool white, const char *text)
{
    white &= text[0] != '\0';   /* Graphviz refuses an empty <font> */
    fprintf(f, "<td bgcolor=\"%s\" width=\"22\">%s", fill, white ? "<font color=\"white\">" : "");
    put_escaped(f, text);
    fprintf(f, "%s</td>", white ? "</font>" : "");
}

/* The distance scale (up to a dozen cells), the order scale when a panel shows a walk, and the
 * marks. */
static void put_key(FILE *f, const state_graph *g, const dot_panel *panel, int npanels)
{
    bool walks = false;
    for (int k = 0; k < npanels; k++) walks |= panel[k].order != NULL;
    bool distances = false;
    for (int k = 0; k < npanels; k++) distances |= panel[k].order == NULL;
    /* A row of the outer table each, every row a table of its own so that cells keep their
     * size. */
    const char *row = "<tr><td align=\"left\"><table border=\"0\" cellspacing=\"2\" "
                      "cellpadding=\"3\"><tr>";
    fputs("  label=<<table border=\"0\" cellspacing=\"0\">", f);
    if (distances) {
        fprintf(f, "%s<td align=\"right\">moves to the nearest goal</td>", row);
        if (!g->goals) key_cell(f, PALETTE_NO_GOAL, false, "no goal in this cluster");
        unsigned far = g->farthest_to_goal, step = far > 11 ? (far + 10) / 11 : 1;
        for (unsigned d = 0; g->goals; d += step) {   /* every step-th distance, and the last */
            if (d > far) d = far;
            char fill[PALETTE_HEX], text[16];
            palette_distance(d, far, fill);
            snprintf(text, sizeof text, "%u", d);
            key_cell(f, fill, dark(far ? 1.0 - (double)d / far : 1.0), text);
            if (d == far) break;
        }
        fputs("</tr></table></td></tr>", f);
    }
    if (walks) {
        fprintf(f, "%s<td align=\"right\">order of expansion</td>", row);
        for (int k = 0; k <= 8; k++) {
            char fill[PALETTE_HEX];
            palette_plasma(k / 8.0, fill);
            key_cell(f, fill, dark(k / 8.0), k == 0 ? "first" : k == 8 ? "last" : "");
        }
        key_cell(f, PALETTE_FADED, false, "not expanded");
        fputs("</tr></table></td></tr>", f);
    }
    fprintf(f, "%s<td>large ringed node: the start; squares: goal states; thick black path: "
               "the solution</td></tr></table></td></tr></table>>;\n", row);
}

/* layout: the program a reader's `dot -Tsvg FILE` should hand the file to, or NULL (a pinned
 * graph for neato -n2). */
static void put_header(FILE *f, const state_graph *g, const dot_panel *panel, int npanels,
                       const char *layout, double fontsize)
{
    fprintf(f, "graph cluster {\n  graph [fontname=\"DejaVu Sans\", fontsize=%.0f, bgcolor=\"white\", "
               "outputorder=edgesfirst, pad=0.3, labelloc=b, overlap=prism", fontsize);
    if (layout) fprintf(f, ", layout=%s", layout);
    fputs("];\n  node [shape=circle, style=filled, label=\"\", fixedsize=true, width=0.12, "
          "penwidth=0, color=black, fontname=\"DejaVu Sans\"];\n"
          "  edge [color=\"#8c8c8c80\", penwidth=0.6];\n", f);
    put_key(f, g, panel, npanels);
}

/* The fill of a node (or cell) of distance `to_goal` and first expansion `rank` in a panel. */
static void node_fill(const state_graph *g, const dot_panel *p, uint32_t to_goal, uint64_t rank,
                      char fill[PALETTE_HEX])
{
    if (p->order) {
        if (rank == DOT_NOT_EXPANDED) snprintf(fill, PALETTE_HEX, "%s", PALETTE_FADED);
        else palette_plasma(p->ranks > 1 ? (double)rank / (double)(p->ranks - 1) : 0, fill);
    } else if (to_goal == GRAPH_NO_GOAL) {
        snprintf(fill, PALETTE_HEX, "%s", PALETTE_NO_GOAL);
    } else {
        palette_distance(to_goal, g->farthest_to_goal, fill);
    }
}

/* Panels sit in a grid of about square shape, each w x h points plus room for its title. */
typedef struct {
    int columns;
    double w, h, gap, title;
} panel_grid;

static panel_grid grid_of(int npanels, double w, double h)
{
    panel_grid p = {1, w, h, 0, 0};
    while (p.columns * p.columns < npanels) p.columns++;
    p.gap = 0.08 * (w > h ? w : h) + 36;
    p.title = 12 + 0.02 * (w > h ? w : h);
    return p;
}

static void panel_offset(const panel_grid *p, int k, double *dx, double *dy)
{
    *dx = (k % p->columns) * (p->w + p->gap);
    *dy = -(k / p->columns) * (p->h + p->gap + p->title);
}

static void put_title(FILE *f, const panel_grid *p, int k, const char *title, double x0,
                      double top)
{
    double dx, dy;
    panel_offset(p, k, &dx, &dy);
    fprintf(f, "  t%d [shape=plaintext, fixedsize=false, style=\"\", fontsize=%.0f, label=\"", k,
            p->title);
    put_escaped(f, title);
    fprintf(f, "\", pos=\"%.1f,%.1f!\"];\n", x0 + p->w / 2 + dx, top + p->title + dy);
}

/* Node names: n<i> alone, p<k>n<i> in panel k of several. */
static void node_name(char *out, size_t size, int k, int npanels, const char *kind, uint32_t i)
{
    if (npanels > 1) snprintf(out, size, "p%d%s%u", k, kind, i);
    else snprintf(out, size, "%s%u", kind, i);
}

/* The panel's solution as sorted node (or cell, through map) pairs a < b: the edges to draw in
 * its style. */
static int pair_order(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static uint64_t edge_pair(uint32_t a, uint32_t b)
{
    return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
}

static uint64_t *path_pairs(const dot_panel *p, const uint32_t *map, int *n)
{
    uint64_t *pairs = xmalloc((size_t)(p->npath ? p->npath : 1) * sizeof *pairs);
    *n = 0;
    for (int s = 1; s < p->npath; s++) {
        uint32_t a = p->path[s - 1], b = p->path[s];
        if (a == GRAPH_NONE || b == GRAPH_NONE) continue;
        if (map) a = map[a], b = map[b];
        if (a != b) pairs[(*n)++] = edge_pair(a, b);
    }
    qsort(pairs, (size_t)*n, sizeof *pairs, pair_order);
    return pairs;
}

static bool on_path(const uint64_t *pairs, int n, uint32_t a, uint32_t b)
{
    uint64_t want = edge_pair(a, b);
    return bsearch(&want, pairs, (size_t)n, sizeof want, pair_order) != NULL;
}

/* Edge a -- b of panel k: the solution's thick black, or grey at `width` (0: the default). */
static void put_edge(FILE *f, int k, int npanels, const char *kind, uint32_t a, uint32_t b,
                     double width, bool solution)
{
    char na[40], nb[40];
    node_name(na, sizeof na, k, npanels, kind, a);
    node_name(nb, sizeof nb, k, npanels, kind, b);
    fprintf(f, "  %s -- %s", na, nb);
    if (solution) fputs(" [color=black, penwidth=3]", f);
    else if (width > 0) fprintf(f, " [penwidth=%.2f]", width);
    fputs(";\n", f);
}

void dot_write_graph(FILE *f, const state_graph *g, const dot_panel *panel, int npanels,
                     const double *x, const double *y)
{
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (uint32_t i = 0; x && i < g->count; i++) {
        if (i == 0 || x[i] < x0) x0 = x[i];
        if (i == 0 || x[i] > x1) x1 = x[i];
        if (i == 0 || y[i] < y0) y0 = y[i];
        if (i == 0 || y[i] > y1) y1 = y[i];
    }
    panel_grid grid = grid_of(npanels, x1 - x0 + 20, y1 - y0 + 20);
    put_header(f, g, panel, npanels, x ? NULL : "sfdp", x ? 0.6 * grid.title : 12);
    for (int k = 0; k < npanels; k++) {
        const dot_panel *p = &panel[k];
        double dx = 0, dy = 0;
        if (x) {
            panel_offset(&grid, k, &dx, &dy);
            if (p->title) put_title(f, &grid, k, p->title, x0 - 10, y1 + 10);
        }
        for (uint32_t i = 0; i < g->count; i++) {
            char name[40], fill[PALETTE_HEX];
            uint64_t rank = p->order ? p->order[i] : 0;
            node_name(name, sizeof name, k, npanels, "n", i);
            node_fill(g, p, g->to_goal[i], rank, fill);
            fprintf(f, "  %s [key=\"%016llx\", from_start=%u", name, (unsigned long long)g->key[i],
                    g->from_start[i]);
            if (g->to_goal[i] != GRAPH_NO_GOAL) fprintf(f, ", to_goal=%u", g->to_goal[i]);
            fprintf(f, ", fillcolor=\"%s\"", fill);
            if (i == 0) fputs(", width=0.3, penwidth=3", f);
            else if (g->to_goal[i] == 0) fputs(", shape=square, width=0.14", f);
            else if (p->order && rank == DOT_NOT_EXPANDED) fputs(", width=0.08", f);
            if (x) fprintf(f, ", pos=\"%.1f,%.1f!\"", x[i] + dx, y[i] + dy);
            fputs("];\n", f);
        }
        /* The solution's edges last: drawn over the rest. */
        int npairs;
        uint64_t *pairs = path_pairs(p, NULL, &npairs);
        for (int last = 0; last < 2; last++)
            for (uint64_t e = 0; e < g->nedges; e++) {
                bool solution = on_path(pairs, npairs, g->edge[e][0], g->edge[e][1]);
                if (solution == last) put_edge(f, k, npanels, "n", g->edge[e][0], g->edge[e][1], 0, solution);
            }
        free(pairs);
    }
    fputs("}\n", f);
}

char *dot_source(const state_graph *g, size_t *len)
{
    dot_panel distances = {NULL, NULL, 0, g->path, g->npath};
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    dot_write_graph(f, g, &distances, 1, NULL, NULL);
    fclose(f);
    return text;
}

/* ---- the condensed graph ----------------------------------------------------------------- */

#define CELL_SPACING 36.0   /* points between neighbouring distances */

void dot_write_condensed(FILE *f, const state_graph *g, const condensed_graph *c,
                         const dot_panel *panel, int npanels)
{
    uint64_t most = 1;
    for (uint32_t i = 0; i < c->ncells; i++)
        if (c->cell[i].states > most) most = c->cell[i].states;
    double w = (g->farthest_from_start + 2) * CELL_SPACING;
    double h = (g->farthest_to_goal + 3) * CELL_SPACING;
    panel_grid grid = grid_of(npanels, w, h);
    put_header(f, g, panel, npanels, "neato", 0.6 * grid.title);   /* all pinned: neato keeps them */
    uint64_t *cell_rank = xmalloc((c->ncells ? c->ncells : 1) * sizeof *cell_rank);
    for (int k = 0; k < npanels; k++) {
        const dot_panel *p = &panel[k];
        double dx, dy;
        panel_offset(&grid, k, &dx, &dy);
        if (p->title) put_title(f, &grid, k, p->title, -CELL_SPACING, h - CELL_SPACING);
        /* A cell's rank is that of the first of its states expanded. */
        for (uint32_t i = 0; i < c->ncells; i++) cell_rank[i] = DOT_NOT_EXPANDED;
        for (uint32_t i = 0; p->order && i < g->count; i++)
            if (p->order[i] < cell_rank[c->node_cell[i]]) cell_rank[c->node_cell[i]] = p->order[i];
        for (uint32_t i = 0; i < c->ncells; i++) {
            const graph_cell *cell = &c->cell[i];
            char name[40], fill[PALETTE_HEX];
            node_name(name, sizeof name, k, npanels, "c", i);
            node_fill(g, p, cell->to_goal, cell_rank[i], fill);
            double row = cell->to_goal == GRAPH_NO_GOAL ? g->farthest_to_goal + 1.5 : cell->to_goal;
            fprintf(f, "  %s [from_start=%u", name, cell->from_start);
            if (cell->to_goal != GRAPH_NO_GOAL) fprintf(f, ", to_goal=%u", cell->to_goal);
            fprintf(f, ", states=%llu, fillcolor=\"%s\", width=%.3f, tooltip=\"%llu states\", "
                       "pos=\"%.1f,%.1f!\"",
                    (unsigned long long)cell->states, fill,
                    0.06 + 0.42 * sqrt((double)cell->states / (double)most),
                    (unsigned long long)cell->states, cell->from_start * CELL_SPACING + dx,
                    row * CELL_SPACING + dy);
            if (cell->from_start == 0) fputs(", penwidth=3, width=0.25", f);
            else if (cell->to_goal == 0) fputs(", shape=square", f);
            fputs("];\n", f);
        }
        int npairs;
        uint64_t *pairs = path_pairs(p, c->node_cell, &npairs);
        for (int last = 0; last < 2; last++)
            for (uint64_t e = 0; e < c->nedges; e++) {
                const graph_cell_edge *ce = &c->edge[e];
                bool solution = on_path(pairs, npairs, ce->a, ce->b);
                if (solution == last)
                    put_edge(f, k, npanels, "c", ce->a, ce->b, 0.4 + 0.6 * log10((double)ce->moves),
                             solution);
            }
        free(pairs);
        /* The axes: a tick every few distances, and what they count. */
        unsigned step_x = g->farthest_from_start > 20 ? 5 : 1;
        unsigned step_y = g->farthest_to_goal > 20 ? 5 : 1;
        for (unsigned s = 0; s <= g->farthest_from_start; s += step_x)
            fprintf(f, "  x%d_%u [shape=plaintext, style=\"\", fixedsize=false, label=\"%u\", "
                       "pos=\"%.1f,%.1f!\"];\n", k, s, s, s * CELL_SPACING + dx, -0.8 * CELL_SPACING + dy);
        for (unsigned s = 0; g->goals && s <= g->farthest_to_goal; s += step_y)
            fprintf(f, "  y%d_%u [shape=plaintext, style=\"\", fixedsize=false, label=\"%u\", "
                       "pos=\"%.1f,%.1f!\"];\n", k, s, s, -0.9 * CELL_SPACING + dx, s * CELL_SPACING + dy);
        fprintf(f, "  ax%d [shape=plaintext, style=\"\", fixedsize=false, label=\"moves from the "
                   "start \xe2\x86\x92\", pos=\"%.1f,%.1f!\"];\n", k, w / 2 + dx, -1.5 * CELL_SPACING + dy);
        fprintf(f, "  ay%d [shape=plaintext, style=\"\", fixedsize=false, label=\"moves to the "
                   "goal \xe2\x86\x91\", pos=\"%.1f,%.1f!\"];\n", k, dx, h - 1.6 * CELL_SPACING + dy);
    }
    free(cell_rank);
    fputs("}\n", f);
}
