/* Placement of waiting PEs when PEs outnumber cores. The kernel keeps two
 * PEs that hand work back and forth on one CPU (each yield runs the
 * other) even while another CPU idles because the PEs there sleep: then
 * every hand-off costs a context switch (about 5 us here) instead of a
 * cache-line transfer. So a yielding PE now and then publishes its CPU,
 * counts the awake PEs of its instance per CPU, and, when it is the
 * highest-numbered of the awake PEs on its CPU and an allowed CPU has at
 * least two fewer, moves there (pins itself to it, then restores its
 * affinity mask: the kernel leaves it where it is). The kernel alone
 * leaves 3 + 1 or 4 + 0 of 4 PEs on 2 CPUs for long stretches, which
 * doubles a barrier. The same look tells whether the PE is alone on its
 * CPU (progress/wait.h then spins instead of yielding). MISHMEM_BALANCE=0
 * turns this off. */
#ifndef MISHMEM_PROGRESS_PLACEMENT_H
#define MISHMEM_PROGRESS_PLACEMENT_H

#include <stdint.h>

#include "instance/instance.h"

/* How often a yielding PE looks at the placement. */
#define MISHMEM_BALANCE_PERIOD_NS 1000000ull /* 1 ms */

/* Called by a yielding wait when PEs outnumber cores; cheap unless a
 * period has passed since this PE last looked. */
void mishmem_balance_slow(struct mishmem_instance *inst, uint64_t now);

static inline void mishmem_balance(struct mishmem_instance *inst, uint64_t now)
{
    if (inst->balance && now >= atomic_load_explicit(&inst->next_balance_ns, memory_order_relaxed))
        mishmem_balance_slow(inst, now);
}

#endif
