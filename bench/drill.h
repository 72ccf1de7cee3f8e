/* drill.h -- the state graph in a puzzle's drill-down on bench's report page: the cluster laid
 * out once by sfdp (graph/), and each built-in solver's walk through it, run again with an
 * expansion trace, for the page to step through.
 *
 * The invariant the page's test holds it to: a walk is embedded only when its trace is exactly
 * as long as the row's `expanded` (the built-in solvers are deterministic, so a run repeated
 * under the same budgets expands the same states in the same order); otherwise the run gets a
 * note saying why it has no walk. The page stays bounded: a graph only for a cluster of at most
 * graph_max states, a walk only of at most walk_max expansions, and once the graphs and walks
 * planned reach page_bytes of JSON, no more.
 *
 * In two passes, since the layouts are what costs: drill_plan_graph, puzzle by puzzle in page
 * order, builds each graph and runs its walks (in this process, quick); drill_layout then lays
 * out every planned graph at once, `jobs` sfdp processes at a time, each from a cache of
 * layouts by the DOT's content where it was laid out before; drill_graph_json gives each
 * graph's JSON for the page.
 *
 *     drill_graph *g = drill_plan_graph(&plan, rows, n, &note);    (for every puzzle)
 *     drill_layout(&plan, graphs, count, jobs, cache);
 *     json_t *j = drill_graph_json(g);  drill_graph_free(g);
 */
#ifndef DRILL_H
#define DRILL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "bench/report.h"
#include "search/solver.h"

#define DRILL_GRAPH_MAX 1000u            /* bench report --graph-max's default */
#define DRILL_WALK_MAX 20000u            /* expansions a walk may have to be embedded */
#define DRILL_PAGE_BYTES (4u << 20)      /* the JSON of every graph and walk of a page */

typedef struct {
    uint64_t graph_max, walk_max, page_bytes;
    solver_budget budget;    /* the run's (its seconds budget left out: a repeat must not race) */
    uint64_t used;           /* bytes planned so far */
    int graphs;              /* graphs the page holds, once laid out (the report counts them) */
    int cached;              /* layouts the last drill_layout took from the cache */
} drill_plan;

typedef struct drill_graph drill_graph;

/* Plans the graph of the rows[0 .. n) of one puzzle: its cluster's graph and each row's walk
 * through it (or a note why not). Returns it, or NULL with *note saying why there is none. */
drill_graph *drill_plan_graph(drill_plan *plan, const report_row *rows, int n, const char **note);

/* Lays out graphs[0 .. count), `jobs` sfdp processes at a time; a layout of the same DOT found
 * in cache_dir (NULL: none) is taken from there, and a new one is kept there. Returns 0, or -1
 * when sfdp could not run (said once on stderr; the graphs it did not lay out stay without a
 * layout, and drill_graph_json gives NULL for them). */
int drill_layout(drill_plan *plan, drill_graph **graphs, int count, int jobs, const char *cache_dir);

/* The page's JSON of a laid-out graph: {"graph": ..., "walks": {LABEL: {"walk", "walk_path"}
 * or {"walk_note"}}}. */
json_t *drill_graph_json(const drill_graph *g);

void drill_graph_free(drill_graph *g);

#endif
