/* measure.c -- one solve with a fresh context, timed on two clocks, its allocator peak read. */
#include "cli/measure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/xmem.h"
#include "external/external.h"
#include "search/numbered.h"
#include "search/search.h"
#include "solvers/bfs.h"
#include "solvers/bounds/heuristic.h"

double measure_thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The one place a solve starts: the solver's entry on the puzzle's family view
 * (search/solver.h). A start the family proves unsolvable without a search (family.h,
 * `unsolvable`) is not searched: no solution, nothing expanded, whichever solver was asked. */
void measure_call(const solver_setup *u, solver_context *ctx, const puzzle *p,
                  const solver_budget *budget, solver_result *r)
{
    family_problem view;
    puzzle_problem(p, &view);
    if (!setup_takes(u, p)) {   /* the caller's to say: a row that says unsupported */
        memset(r, 0, sizeof *r);
        r->status = SOLVE_UNSUPPORTED;
        return;
    }
    if (family_start_unsolvable(&view)) {
        memset(r, 0, sizeof *r);
        r->status = SOLVE_UNSOLVABLE;
        r->note = "proved unsolvable without a search";
        return;
    }
    numbered_run(u->s, ctx, &view, budget, u->param, r);
    /* A solution is its text: one a plugin said it found and did not write is none, which
     * the replay then judges as the solution it is (the start's). */
    if (r->status == SOLVE_SOLVED && !r->text) r->text = xstrdup("");
}

/* What the setup's bound reads, built (or read from its cache) before the clocks start, so that
 * no row's seconds hold it (bounds/heuristic.h, heuristic_prepare). Returns the bytes it holds,
 * which the solve holds too; a build's seconds go to r->stats once the solve is done. */
static uint64_t prepare_bound(const solver_setup *u, const puzzle *p, const solver_budget *budget,
                              double *seconds)
{
    uint64_t bytes = 0;
    *seconds = 0;
    family_problem view;
    puzzle_problem(p, &view);
    if (family_start_unsolvable(&view)) return 0;   /* not searched */
    *seconds = heuristic_prepare(u, &view, budget->max_bytes, &bytes);
    return bytes;
}

static void note_bound(solver_result *r, uint64_t bytes, double seconds)
{
    if (!bytes) return;
    char kv[96];
    int n = seconds > 0 ? snprintf(kv, sizeof kv, "bound_build_ms=%.0f ", seconds * 1000) : 0;
    snprintf(kv + n, sizeof kv - (size_t)n, "bound_bytes=%llu", (unsigned long long)bytes);
    search_stats_add(r, kv);
}

/* Measures setup u on p, or (u NULL) the reference BFS's cluster mode. */
static measure_sample measure_run(const solver_setup *u, solver_context *given, const puzzle *p,
                                  const solver_budget *budget, solver_result *r)
{
    measure_sample m;
    solver_context fresh, *ctx = given ? given : &fresh;
    if (given) solver_context_begin_run(given);
    else solver_context_init(&fresh);
    double built = 0;
    uint64_t bound_bytes = u ? prepare_bound(u, p, budget, &built) : 0;
    xmem_peak_reset();
    double cpu0 = measure_thread_cpu(), t0 = search_now();
    if (u) measure_call(u, ctx, p, budget, r);
    else bfs_cluster_puzzle(ctx, p, budget, r);
    m.seconds = search_now() - t0;
    m.cpu_seconds = measure_thread_cpu() - cpu0;
    m.peak_bytes = given ? 0 : xmem_peak_read() + bound_bytes;
    note_bound(r, bound_bytes, built);
    m.peak_known = !given && xmem_peak_available();
    m.peak_rss = 0, m.rss_known = false, m.memory_method = "";
    if (!given) solver_context_free(&fresh);
    return m;
}

measure_sample measure_solve(const solver_setup *u, solver_context *ctx, const puzzle *p,
                             const solver_budget *budget, solver_result *r)
{
    if (!setup_takes(u, p)) {   /* not run: a row that says so */
        memset(r, 0, sizeof *r);
        r->status = SOLVE_UNSUPPORTED;
        return (measure_sample){0, 0, 0, false, 0, false, ""};
    }
    external_solver *x = external_of(u->s);
    if (x) {   /* another program: its own clocks, over its whole process group */
        external_measure e = external_solve(x, p, budget, r);
        return (measure_sample){e.seconds, e.cpu_seconds, 0, false, e.peak_rss, true,
                                ext_memory_method_name(e.memory_method)};
    }
    return measure_run(u, ctx, p, budget, r);
}

measure_sample measure_cluster(solver_context *ctx, const puzzle *p, const solver_budget *budget,
                               solver_result *r)
{
    return measure_run(NULL, ctx, p, budget, r);
}
