#include "core/sync.h"

#include "core/wait.h"

void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation)
{
    mishmem_quiet();
    int n = inst->n_pes;
    if (n == 1)
        return;
    uint64_t epoch = ++inst->barrier_epoch;
    struct mishmem_control *mine = mishmem_control_of(inst, inst->my_pe);
    /* Round r: tell PE me+2^r, wait for PE me-2^r. Each flag has exactly one
     * writer, and epochs only grow, so ">=" is safe across barriers. */
    for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
        int to = (inst->my_pe + distance) % n;
        struct mishmem_control *target = mishmem_control_of(inst, to);
        atomic_store_explicit(&target->barrier[round].value, epoch, memory_order_release);
        _Atomic uint64_t *flag = &mine->barrier[round].value;
        MISHMEM_WAIT_UNTIL(inst, operation,
                           atomic_load_explicit(flag, memory_order_acquire) >= epoch);
    }
}
