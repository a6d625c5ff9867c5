/* Shared helpers for the benchmarks: timing and medians. */
#ifndef MISHMEM_BENCH_UTIL_H
#define MISHMEM_BENCH_UTIL_H

#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double bench_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int bench_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts samples in place; returns the median. */
static inline double bench_median(double *samples, int count)
{
    qsort(samples, (size_t)count, sizeof *samples, bench_compare_doubles);
    return count % 2 ? samples[count / 2] : 0.5 * (samples[count / 2 - 1] + samples[count / 2]);
}

/* --quick shrinks iteration counts (smoke runs in the test suite). */
static inline int bench_quick(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quick") == 0)
            return 1;
    return 0;
}

#endif
