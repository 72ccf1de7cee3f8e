/* micro.h -- a C interface to Google Benchmark (bench/gbench_shim.cc), so that micro-benchmarks
 * are written in C. Register benchmarks, then hand over to the library:
 *
 *     static void bench_thing(micro_state *st, const void *arg)
 *     {
 *         while (micro_keep_running(st)) do_the_thing(arg);
 *         micro_set_items_processed(st, micro_iterations(st));
 *     }
 *     int main(int argc, char **argv)
 *     {
 *         micro_register("thing", bench_thing, NULL);
 *         return micro_main(argc, argv);   // takes the library's own flags
 *     }
 */
#ifndef MICRO_H
#define MICRO_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct micro_state micro_state;   /* a benchmark::State */
typedef void (*micro_fn)(micro_state *state, const void *arg);

/* Registers fn under name (copied); arg is passed to every call. */
void micro_register(const char *name, micro_fn fn, const void *arg);
/* True while the library wants more iterations; the timed loop's condition. */
bool micro_keep_running(micro_state *state);
int64_t micro_iterations(const micro_state *state);
/* Items per iteration times iterations: the library reports items per second. */
void micro_set_items_processed(micro_state *state, int64_t items);
void micro_set_label(micro_state *state, const char *label);
/* Stops and restarts the clock around set-up work inside the loop. */
void micro_pause(micro_state *state);
void micro_resume(micro_state *state);
/* Keeps the compiler from discarding a computed value. */
void micro_keep(uint64_t value);
/* Parses the library's flags (--benchmark_filter, --benchmark_format=json, ...), rejects
 * unknown ones, runs the selected benchmarks. Returns the exit status. */
int micro_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
