/* cpu.c -- the path in force, and UNBLOCK_CPU (cpu.h). */
#include "common/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"portable", "avx2", "avx512"};

cpu_path cpu_widest(void)
{
#ifdef HAVE_AVX2_TWINS
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi") ||
        !__builtin_cpu_supports("bmi2"))
        return CPU_PORTABLE;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        return CPU_AVX512;
    return CPU_AVX2;
#else
    return CPU_PORTABLE;
#endif
}

/* UNBLOCK_CPU's path, or -1 when it is unset, -2 when it names none. */
static int requested(void)
{
    const char *v = getenv("UNBLOCK_CPU");
    if (!v || !v[0]) return -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(v, names[k]) == 0) return k;
    return -2;
}

cpu_path cpu_in_force(void)
{
    static int path = -1;   /* worked out once: the environment is read at the first search */
    if (path < 0) {
        int want = requested();
        cpu_path widest = cpu_widest();
        path = want >= 0 && want < (int)widest ? want : (int)widest;
    }
    return (cpu_path)path;
}

const char *cpu_path_name(cpu_path p)
{
    return names[p];
}

int cpu_check(char *err, size_t n)
{
    int want = requested();
    if (want == -2) {
        snprintf(err, n, "UNBLOCK_CPU='%.40s' is none of avx512, avx2, portable", getenv("UNBLOCK_CPU"));
        return -1;
    }
    if (want > (int)cpu_widest()) {
        snprintf(err, n, "UNBLOCK_CPU=%s: this processor (or this build) runs %s at the widest",
                 names[want], names[cpu_widest()]);
        return -1;
    }
    return 0;
}
