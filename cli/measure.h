/* measure.h -- one solve, measured: the wall clock and the solving thread's CPU clock around
 * the solve call alone, and, with a fresh solver context, the allocator's peak over the run.
 *
 * The invariant that makes the figures comparable between programs: bin/solve and bin/bench
 * both measure through measure_solve, so `seconds` and `cpu_seconds` mean the same in both, and
 * `peak_bytes` is only ever the peak of a run with a fresh context. With a fresh context (ctx
 * NULL) the context is created before the clocks start and freed after the peak is read: the
 * tables only grow during a run, so reading the peak while they are still held catches their
 * full size (jemalloc refreshes its counter every 64 KiB of allocation activity and at the
 * read). A caller's context (bin/solve keeps one across puzzles, as the reference BFS is run
 * for speed) keeps the tables of earlier puzzles, so no peak is measured (peak_known false);
 * the run is begun on it (solver_context_begin_run), so that the solver's own count of its
 * tables (r->peak_bytes) is what it would be in a fresh context.
 */
#ifndef MEASURE_H
#define MEASURE_H

#include <stdbool.h>
#include <stdint.h>

#include "common/puzzle.h"
#include "solvers/setup.h"

typedef struct {
    double seconds;       /* wall time of the solve call, monotonic clock */
    double cpu_seconds;   /* the solving thread's CPU time over the same call */
    uint64_t peak_bytes;  /* most bytes the thread held at once above its start */
    bool peak_known;      /* a fresh context and a build with jemalloc */
    uint64_t peak_rss;    /* an external solver's: its processes' peak resident memory */
    bool rss_known;       /* an external solver's run: peak_rss holds */
    const char *memory_method;   /* an external solver's: which count peak_rss is; else "" */
} measure_sample;

/* Solves p with setup u under budget into r (the caller frees r) and measures it, in ctx, or
 * in a fresh context when ctx is NULL. A setup that does not take p's family (setup_takes) is
 * not run: r says SOLVE_UNSUPPORTED and the sample is zeros. An external solver (external/external.h) is asked
 * instead, and measured over its processes: peak_rss in place of peak_bytes. */
measure_sample measure_solve(const solver_setup *u, solver_context *ctx, const puzzle *p,
                             const solver_budget *budget, solver_result *r);

/* The cluster mode of the reference BFS, measured the same way. */
measure_sample measure_cluster(solver_context *ctx, const puzzle *p, const solver_budget *budget,
                               solver_result *r);

/* The solve alone, unmeasured: setup u (which must take p's family) on p's board, through
 * the entry for its family (search/solver.h). */
void measure_call(const solver_setup *u, solver_context *ctx, const puzzle *p,
                  const solver_budget *budget, solver_result *r);
/* CPU seconds of the calling thread. */
double measure_thread_cpu(void);

#endif
