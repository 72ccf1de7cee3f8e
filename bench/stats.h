/* stats.h -- the few statistics the harness quotes, defined once so that every file means the
 * same by them: the median (the mean of the two middle values of an even count) and the
 * nearest-rank quantile. */
#ifndef STATS_H
#define STATS_H

/* Sorts v[0..n-1] in increasing order. */
void stats_sort(double *v, int n);

/* The median of v[0..n-1] (v is left as it is); NAN when n is 0. */
double stats_median(const double *v, int n);

/* The q-quantile (0..1) of v[0..n-1] by nearest rank (sorts v); NAN when n is 0. */
double stats_quantile(double *v, int n, double q);

#endif
