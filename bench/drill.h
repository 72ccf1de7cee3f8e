/* drill.h -- the state graph in a puzzle's drill-down on bench's report page: the cluster laid
 * out once by sfdp (graph/), and each built-in solver's walk through it, run again with an
 * expansion trace, for the page to step through.
 *
 * The invariant the page's test holds it to: a walk is embedded only when its trace is exactly
 * as long as the row's `expanded` (the built-in solvers are deterministic, so a run repeated
 * under the same budgets expands the same states in the same order); otherwise the run gets a
 * note saying why it has no walk. The page stays bounded: a graph only for a cluster of at most
 * graph_max states, a walk only of at most walk_max expansions, and once the graphs and walks
 * embedded reach page_bytes of JSON, no more.
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
#define DRILL_PAGE_BYTES (8u << 20)      /* the JSON of every graph and walk of a page */

typedef struct {
    uint64_t graph_max, walk_max, page_bytes;
    solver_budget budget;    /* the run's (its seconds budget left out: a repeat must not race) */
    uint64_t used;           /* bytes embedded so far */
    int graphs;              /* graphs embedded so far */
    bool layout_failed;      /* sfdp is missing or failed: said once, no more graphs */
} drill_plan;

/* For the rows[0 .. n) of one puzzle: sets entry's "graph" (or "graph_note", why there is
 * none) and each row's run object in runs (by label) its "walk" and "walk_path" (or
 * "walk_note"). */
void drill_add_graph(drill_plan *plan, const report_row *rows, int n, json_t *entry, json_t *runs);

#endif
