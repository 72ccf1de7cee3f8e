/* parallel.c -- one loop shared out among the processors (parallel.h). The invariant: `taken`
 * is the first item no thread has claimed; a thread claims `run` items at once by adding to it,
 * so every item is claimed exactly once. */
#include "common/parallel.h"

#include <pthread.h>
#include <sched.h>

typedef struct {
    uint64_t count, run, taken;   /* taken: atomic */
    void (*fn)(void *arg, uint64_t first, uint64_t last);
    void *arg;
} parallel_loop;

/* The processors this process may run on (at least 1, at most PARALLEL_MAX). */
static int processors(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    int n = CPU_COUNT(&set);
    return n < 1 ? 1 : n > PARALLEL_MAX ? PARALLEL_MAX : n;
}

static void *worker(void *arg)
{
    parallel_loop *l = arg;
    for (;;) {
        uint64_t first = __atomic_fetch_add(&l->taken, l->run, __ATOMIC_RELAXED);
        if (first >= l->count) return NULL;
        l->fn(l->arg, first, first + l->run < l->count ? first + l->run : l->count);
    }
}

void parallel_runs(uint64_t count, uint64_t run, int threads,
                   void (*fn)(void *arg, uint64_t first, uint64_t last), void *arg)
{
    parallel_loop l = {count, run ? run : 1, 0, fn, arg};
    if (threads <= 0) threads = processors();
    if (threads > PARALLEL_MAX) threads = PARALLEL_MAX;
    pthread_t thread[PARALLEL_MAX];
    int started = 0;   /* a thread that cannot be made leaves its share to the others */
    while (started < threads - 1 && pthread_create(&thread[started], NULL, worker, &l) == 0)
        started++;
    worker(&l);
    for (int t = 0; t < started; t++) pthread_join(thread[t], NULL);
}
