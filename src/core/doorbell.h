/* Sleeping waits. A PE that has waited long (spun, then yielded) sleeps
 * on the doorbell in its control area (a futex), so PEs that outnumber
 * the cores leave them to the PEs that have work. Whoever writes a PE's
 * memory rings that PE's doorbell: one load of its `sleeping` count, and
 * a futex wake only when someone sleeps there.
 *
 * Ordering: the writer stores its data, then reads `sleeping`; the
 * sleeper counts itself in `sleeping`, then reads the data. Without a
 * fence between each store and load both could miss the other. The
 * sleeper, the slow side, pays for both: membarrier(2) makes every running
 * PE execute a full barrier, so the fast path needs only a compiler
 * barrier. Where membarrier is refused, writers fence. And a sleep ends
 * after MISHMEM_SLEEP_MAX_NS anyway, so a write that does not ring (a
 * store through shmem_ptr, say) is seen within that bound. */
#ifndef MISHMEM_CORE_DOORBELL_H
#define MISHMEM_CORE_DOORBELL_H

#include <stdatomic.h>
#include <stdint.h>

#include "instance/instance.h"

/* The default bound of one sleep (MISHMEM_WAIT_SLEEP_MAX_US sets it). */
#define MISHMEM_SLEEP_MAX_NS 1000000ull /* 1 ms */

/* Set at start-up: 1 when membarrier cannot serve, so writers fence. */
extern int mishmem_doorbell_writers_fence;

/* Once per process, before any doorbell is used. Returns nothing: without
 * membarrier the writers fence instead. */
void mishmem_doorbell_setup(void);

void mishmem_doorbell_wake(struct mishmem_doorbell *bell);

static inline void mishmem_doorbell_ring_bell(struct mishmem_doorbell *bell)
{
    if (__builtin_expect(mishmem_doorbell_writers_fence, 0))
        atomic_thread_fence(memory_order_seq_cst);
    else
        atomic_signal_fence(memory_order_seq_cst);
    if (__builtin_expect(atomic_load_explicit(&bell->sleeping, memory_order_relaxed) != 0, 0))
        mishmem_doorbell_wake(bell);
}

/* After writing memory of `pe`: wakes its sleepers, if any. */
static inline void mishmem_doorbell_ring(struct mishmem_instance *inst, int pe)
{
    mishmem_doorbell_ring_bell(&mishmem_control_of(inst, pe)->doorbell);
}

/* After writing memory that any PE may be waiting on (a lock word). */
void mishmem_doorbell_ring_all(struct mishmem_instance *inst);

/* The sleeper's side, in this order: prepare, test the condition once
 * more, sleep only if it is still false, then finish. */
uint32_t mishmem_doorbell_prepare(struct mishmem_instance *inst);
void mishmem_doorbell_sleep(struct mishmem_instance *inst, uint32_t ticket, uint64_t max_ns);
void mishmem_doorbell_finish(struct mishmem_instance *inst);

#endif
