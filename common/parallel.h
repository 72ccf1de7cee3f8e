/* parallel.h -- one loop shared out among the processors this process may run on.
 *
 * The tables built by a level-by-level search (the sliding tiles' pattern databases, the tiles'
 * space) go through a bitmap a level, a word at a time. parallel_runs hands the words out in
 * runs, first come first served, to a thread on each processor the process may use (its
 * affinity, so a run pinned to one processor uses one thread), the calling thread among them,
 * and returns when every run is done. The callers' results never depend on the threads'
 * number or order: they write a table entry only from one value to one other value that every
 * thread would agree on, with atomic operations.
 */
#ifndef PARALLEL_H
#define PARALLEL_H

#include <stdint.h>

#define PARALLEL_MAX 64   /* threads at most */

/* Calls fn(arg, first, last) for runs [first, last) of `run` items that cover 0 .. count - 1,
 * on up to `threads` threads at once (0: one for each processor the process may run on). */
void parallel_runs(uint64_t count, uint64_t run, int threads,
                   void (*fn)(void *arg, uint64_t first, uint64_t last), void *arg);

#endif
