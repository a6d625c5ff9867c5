/* The monotonic clock in nanoseconds, for waits and timeouts of every
 * transport. */
#ifndef MISHMEM_UTIL_CLOCK_H
#define MISHMEM_UTIL_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t mishmem_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

#endif
