/* timing.h -- a solve measured as a benchmark: warm-up runs not counted, timed samples, batches
 * for solves too short for the clock, and the statistics and warnings a paper can quote.
 *
 * The invariant: every sample is the time of `iterations` solves divided by iterations, and
 * iterations is the same for every sample of a run. A solve shorter than min_seconds is timed
 * as a batch, repeated inside one timing; the batch size grows until one batch spans at least
 * min_seconds of CPU time (as Google Benchmark does), and those calibrating batches are not
 * counted; the k solves of a batch share one solver context (each clears it first), so their
 * allocations are amortized. The peak memory and the counters always come from a solve
 * with a fresh context. An external solver is never batched: each sample is one request, and
 * its answer and counters are those of the first.
 */
#ifndef TIMING_H
#define TIMING_H

#include "bench/report.h"
#include "cli/measure.h"

typedef struct {
    int warmup;           /* solves before the samples, not counted */
    int repeat;           /* timed samples */
    double min_seconds;   /* shortest sample; 0: never batch */
    solver_budget budget;
} timing_plan;

/* Solves p with setup u as the plan says, keeps the result of a fresh-context solve in r (the caller
 * frees it), and fills the row's timing columns: seconds (median), seconds_mean, seconds_sd,
 * seconds_min, seconds_max, cpu_seconds (median), iterations, repeat, warmup, warning,
 * peak_bytes, peak_known, and for an external solver peak_rss (the largest of the samples). */
void timing_run(const timing_plan *plan, const solver_setup *u, const puzzle *p, solver_result *r,
                report_row *row);

/* The warning column for samples wall[0..n-1], in the order they were taken, into out (32
 * bytes): "spread" when they spread more than TIMING_SPREAD (max > 2 min), "first-outlier" when
 * the first is more than TIMING_SPREAD times the median of the others (caches not yet filled),
 * both joined by ';', or "" when the samples are steady. */
#define TIMING_SPREAD 2.0
void timing_warning(const double *wall, int n, char out[32]);

#endif
