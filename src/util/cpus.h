/* The CPUs this process may run on: its affinity, which a launcher or
 * taskset may have narrowed; at least one. */
#ifndef MISHMEM_UTIL_CPUS_H
#define MISHMEM_UTIL_CPUS_H

#include <sched.h>

static inline int mishmem_usable_cpus(void)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return 1;
    int n = CPU_COUNT(&allowed);
    return n > 0 ? n : 1;
}

#endif
