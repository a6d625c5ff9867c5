/* Minimal assertions for multi-PE tests: a failed check prints where and
 * why, then ends the process non-zero (the launcher then fails the job). */
#ifndef MISHMEM_TEST_UTIL_H
#define MISHMEM_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(cond, ...)                                                            \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "CHECK FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fprintf(stderr, "\n");                                                  \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

#define CHECK_RC(expr, expected)                                                    \
    do {                                                                            \
        int rc_ = (expr);                                                           \
        CHECK(rc_ == (expected), "%s returned %d, expected %d", #expr, rc_, (int)(expected)); \
    } while (0)

/* The loop count of a stress loop: n, or n / 100 (at least 1) when PEs may
 * be on different hosts (MISHMEM_HOST_ID set, as in CI's pass with every
 * PE its own host). There each remote operation is a libfabric round trip
 * over loopback, some 1000 times a memory access, and the pass checks the
 * same results on fewer rounds instead of taking an hour. */
static inline long test_reps(long n)
{
    const char *host = getenv("MISHMEM_HOST_ID");
    if (!host || !*host)
        return n;
    return n / 100 > 0 ? n / 100 : 1;
}

static inline double test_now_s(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

#endif
