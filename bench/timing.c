/* timing.c -- warm-up, samples, batches, and their statistics. */
#include "bench/timing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"
#include "common/xmem.h"
#include "search/search.h"

#define MAX_BATCH 1000000

/* k solves in one timing, on one context; seconds and CPU seconds per solve. */
static measure_sample batch(const solver_setup *u, const puzzle *p, const solver_budget *budget,
                            int k)
{
    solver_context ctx;
    solver_context_init(&ctx);
    double cpu0 = measure_thread_cpu(), t0 = search_now();
    for (int i = 0; i < k; i++) {
        solver_result r;
        measure_call(u, &ctx, p, budget, &r);
        solver_result_free(&r);
    }
    measure_sample m = {(search_now() - t0) / k, (measure_thread_cpu() - cpu0) / k, 0, false, 0,
                        false, ""};
    solver_context_free(&ctx);
    return m;
}

void timing_warning(const double *wall, int n, char out[32])
{
    double lo = wall[0], hi = wall[0];
    for (int j = 1; j < n; j++) {
        lo = fmin(lo, wall[j]);
        hi = fmax(hi, wall[j]);
    }
    bool spread = n > 1 && hi > TIMING_SPREAD * lo;
    bool first_outlier = n > 2 && wall[0] > TIMING_SPREAD * stats_median(wall + 1, n - 1);
    snprintf(out, 32, "%s%s%s", spread ? "spread" : "", spread && first_outlier ? ";" : "",
             first_outlier ? "first-outlier" : "");
}

void timing_run(const timing_plan *plan, const solver_setup *u, const puzzle *p, solver_result *r,
                report_row *row)
{
    if (!setup_takes(u, p)) {   /* not run: the row says unsupported */
        measure_solve(u, NULL, p, &plan->budget, r);
        return;
    }
    for (int w = 0; w < plan->warmup && !search_interrupted; w++) {
        solver_result discard;
        measure_solve(u, NULL, p, &plan->budget, &discard);
        solver_result_free(&discard);
    }
    /* The first counted solve: the result, the peak, and how long one solve takes. */
    measure_sample first = measure_solve(u, NULL, p, &plan->budget, r);
    /* Too short for the clock: find the batch size as Google Benchmark does, growing it until
     * one batch spans min_seconds (the first, cold solve is no guide to a warm one). The span
     * is judged in CPU time: a calibrating batch that the scheduler preempts takes longer on
     * the wall clock but not on the CPU, so a busy moment cannot make the batches that follow
     * shorter than min_seconds. */
    int k = 1;
    double per_solve = first.cpu_seconds;
    /* An external solver's request is one measured run, never a batch (docs/external.md). */
    bool batches = plan->min_seconds > 0 && !first.rss_known;
    while (batches && per_solve * k < plan->min_seconds && k < MAX_BATCH && !search_interrupted) {
        double want = 1.2 * plan->min_seconds / (per_solve > 1e-9 ? per_solve : 1e-9);
        k = want > MAX_BATCH ? MAX_BATCH : want < 2.0 * k ? 2 * k : (int)ceil(want);
        per_solve = batch(u, p, &plan->budget, k).cpu_seconds;
    }
    int n = plan->repeat;
    double *wall = xmalloc((size_t)n * sizeof *wall), *cpu = xmalloc((size_t)n * sizeof *cpu);
    uint64_t peak = first.peak_bytes, rss = first.peak_rss;
    for (int j = 0; j < n; j++) {   /* an interruption cuts the samples short: the run is dropped */
        measure_sample m = first;
        if (k > 1) m = batch(u, p, &plan->budget, k);
        else if (j > 0) {
            solver_result again;
            m = measure_solve(u, NULL, p, &plan->budget, &again);
            solver_result_free(&again);
            if (m.peak_bytes > peak) peak = m.peak_bytes;
            if (m.peak_rss > rss) rss = m.peak_rss;
        }
        wall[j] = m.seconds;
        cpu[j] = m.cpu_seconds;
    }

    double sum = 0, lo = wall[0], hi = wall[0];
    for (int j = 0; j < n; j++) {
        sum += wall[j];
        lo = fmin(lo, wall[j]);
        hi = fmax(hi, wall[j]);
    }
    double mean = sum / n, var = 0;
    for (int j = 0; j < n; j++) var += (wall[j] - mean) * (wall[j] - mean);
    row->seconds = report_nanoseconds(stats_median(wall, n));
    row->seconds_mean = report_nanoseconds(mean);
    row->seconds_sd = report_nanoseconds(n > 1 ? sqrt(var / (n - 1)) : 0);
    row->seconds_min = report_nanoseconds(lo);
    row->seconds_max = report_nanoseconds(hi);
    row->cpu_seconds = report_nanoseconds(stats_median(cpu, n));
    row->iterations = k;
    row->repeat = n;
    row->warmup = plan->warmup;
    row->peak_known = first.peak_known;
    row->peak_bytes = peak;
    row->rss_known = first.rss_known;
    row->peak_rss = rss;
    snprintf(row->memory_method, sizeof row->memory_method, "%s", first.memory_method);

    timing_warning(wall, n, row->warning);
    free(wall);
    free(cpu);
}
