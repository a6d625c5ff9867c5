/* Ordering and world synchronization over shared memory. */
#ifndef MISHMEM_CORE_SYNC_H
#define MISHMEM_CORE_SYNC_H

#include <stdatomic.h>

#include "instance/instance.h"
#include "instance/registry.h"
#include "progress/fanout.h"
#include "progress/liveness.h"

/* Puts to mapped peers are stores, complete when they return; quiet and
 * fence only need to order them before what follows. Peers that are not
 * mapped are completed (quiet) or ordered (fence) by their transports. */
#if defined(__SANITIZE_THREAD__)
/* TSan does not model fences; a seq_cst read-modify-write is a full barrier
 * on every target we build for and TSan understands it. */
static inline void mishmem_store_fence(void)
{
    static _Atomic int tsan_fence_word;
    atomic_fetch_add_explicit(&tsan_fence_word, 0, memory_order_seq_cst);
}
static inline void mishmem_store_release_fence(void) { mishmem_store_fence(); }
#else
static inline void mishmem_store_fence(void) { atomic_thread_fence(memory_order_seq_cst); }
static inline void mishmem_store_release_fence(void) { atomic_thread_fence(memory_order_release); }
#endif

/* While no live instance has peers that are not mapped
 * (mishmem_instances_unmapped, progress/fanout.h), quiet and fence on the
 * default context are one fence, with no lookup of the current instance. */
/* Quiet / fence of the current instance (shmem_quiet, shmem_fence). */
static inline void mishmem_quiet_current(void)
{
    mishmem_store_fence();
    if (__builtin_expect(atomic_load_explicit(&mishmem_instances_unmapped, memory_order_relaxed) != 0, 0)) {
        struct mishmem_instance *inst = mishmem_current();
        if (inst && inst->n_unmapped > 0)
            mishmem_transports_quiet(inst);
    }
}

static inline void mishmem_fence_current(void)
{
    mishmem_store_release_fence();
    if (__builtin_expect(atomic_load_explicit(&mishmem_instances_unmapped, memory_order_relaxed) != 0, 0)) {
        struct mishmem_instance *inst = mishmem_current();
        if (inst && inst->n_unmapped > 0)
            mishmem_transports_fence(inst);
    }
}

/* inst may be NULL (no instance: nothing to complete but stores). */
static inline void mishmem_quiet(struct mishmem_instance *inst)
{
    mishmem_store_fence();
    if (__builtin_expect(inst != NULL && inst->n_unmapped > 0, 0))
        mishmem_transports_quiet(inst);
}

static inline void mishmem_fence(struct mishmem_instance *inst)
{
    mishmem_store_release_fence();
    if (__builtin_expect(inst != NULL && inst->n_unmapped > 0, 0))
        mishmem_transports_fence(inst);
}

/* Barrier over all PEs of the instance: the world team's barrier (one
 * round for small worlds, log2 rounds for large ones), with monotonic
 * epochs so back-to-back barriers need no reset. Includes quiet.
 * operation names the caller in the message if a peer dies meanwhile. */
void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation);

/* The finalize barrier: over all PEs of the instance, on words of its own
 * (struct mishmem_control's finalize_round), so that it completes only
 * against the other PEs' finalize, never against a barrier or collective
 * they wait in. Sets this PE's `finalizing` first: peers waiting for a
 * word of this PE then know it will never come. Includes quiet. */
void mishmem_finalize_barrier(struct mishmem_instance *inst, const char *operation);

#endif
