/* stats.c -- median and quantiles. */
#include "bench/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void stats_sort(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
}

double stats_median(const double *v, int n)
{
    if (n == 0) return NAN;
    double *c = xmalloc((size_t)n * sizeof *c);
    memcpy(c, v, (size_t)n * sizeof *c);
    stats_sort(c, n);
    double m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    free(c);
    return m;
}

double stats_quantile(double *v, int n, double q)
{
    if (n == 0) return NAN;
    stats_sort(v, n);
    int k = (int)ceil(q * n) - 1;
    return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}
