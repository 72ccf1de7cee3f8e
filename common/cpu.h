/* cpu.h -- whether the processor runs the code built for it alone: the AVX2 twins (Makefile),
 * files or functions compiled a second time with AVX2, BMI1 and BMI2 on x86-64. */
#ifndef CPU_H
#define CPU_H

#include <stdbool.h>

/* True where the AVX2 twins were built (HAVE_AVX2_TWINS) and the processor has AVX2, BMI1 and
 * BMI2: a read of what the C library found at start-up. */
static inline bool cpu_runs_avx2_twins(void)
{
#ifdef HAVE_AVX2_TWINS
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2");
#else
    return false;
#endif
}

#endif
