/* measure.c -- one solve with a fresh context, timed on two clocks, its allocator peak read. */
#include "measure.h"

#include <time.h>

#include "search.h"
#include "xmem.h"

double measure_thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef void solve_fn(solver_context *ctx, const board *b, uint64_t start,
                      const solver_budget *budget, solver_result *r);

static measure_sample measure(solve_fn *fn, const puzzle *p, const solver_budget *budget,
                              solver_result *r)
{
    measure_sample m;
    solver_context ctx;
    solver_context_init(&ctx);
    xmem_peak_reset();
    double cpu0 = measure_thread_cpu(), t0 = search_now();
    fn(&ctx, &p->board, p->start, budget, r);
    m.seconds = search_now() - t0;
    m.cpu_seconds = measure_thread_cpu() - cpu0;
    m.peak_bytes = xmem_peak_read();
    solver_context_free(&ctx);
    return m;
}

measure_sample measure_solve(const solver *s, const puzzle *p, const solver_budget *budget,
                             solver_result *r)
{
    return measure(s->solve, p, budget, r);
}

measure_sample measure_cluster(const puzzle *p, const solver_budget *budget, solver_result *r)
{
    return measure(bfs_cluster, p, budget, r);
}
