/* measure.h -- one solve, measured: a fresh solver context, the wall clock and the solving
 * thread's CPU clock around the solve call alone, and the allocator's peak over the run.
 *
 * The invariant that makes the figures comparable between programs: bin/solve and bin/bench
 * both measure through measure_solve, so `seconds`, `cpu_seconds` and `peak_bytes` mean the
 * same in both. The context is created before the clocks start and freed after the peak is
 * read: the tables only grow during a run, so reading the peak while they are still held
 * catches their full size (jemalloc refreshes its counter every 64 KiB of allocation activity
 * and at the read).
 */
#ifndef MEASURE_H
#define MEASURE_H

#include <stdint.h>

#include "puzzle.h"
#include "solver.h"

typedef struct {
    double seconds;       /* wall time of the solve call, monotonic clock */
    double cpu_seconds;   /* the solving thread's CPU time over the same call */
    uint64_t peak_bytes;  /* most bytes the thread held at once above its start (0: unknown) */
} measure_sample;

/* Solves p with s under budget into r (the caller frees r) and measures it. */
measure_sample measure_solve(const solver *s, const puzzle *p, const solver_budget *budget,
                             solver_result *r);

/* The cluster mode of the reference BFS, measured the same way. */
measure_sample measure_cluster(const puzzle *p, const solver_budget *budget, solver_result *r);

/* CPU seconds of the calling thread. */
double measure_thread_cpu(void);

#endif
