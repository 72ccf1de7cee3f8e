/* cpu.h -- which build of the vector code runs: portable, AVX2 or AVX-512.
 *
 * On x86-64 the breadth-first searches are compiled more than once (the Makefile's AVX2 twins:
 * AVX2, BMI1 and BMI2; the Rush Hour engine a third time with AVX-512 too), and the widest the
 * processor runs is the one that runs. The environment variable UNBLOCK_CPU (avx512, avx2 or
 * portable) forces a narrower one, so that every path can be measured and tested on one
 * machine; asking for one the processor cannot run is an error every program reports at its
 * start (cpu_check). Every path gives the same results (tests/test_bfs.c, test_klotski.c).
 */
#ifndef CPU_H
#define CPU_H

#include <stddef.h>

typedef enum { CPU_PORTABLE, CPU_AVX2, CPU_AVX512 } cpu_path;

/* The widest path this build and the processor run: a read of what the C library found at
 * start-up. */
cpu_path cpu_widest(void);
/* The path in force: UNBLOCK_CPU's where it names one the processor runs, else the widest. */
cpu_path cpu_in_force(void);
/* "portable", "avx2", "avx512": UNBLOCK_CPU's values, and what run descriptions record. */
const char *cpu_path_name(cpu_path p);
/* Whether UNBLOCK_CPU, where set, names a path the processor runs. Returns 0, or -1 with one
 * line in err (n bytes). */
int cpu_check(char *err, size_t n);

#endif
