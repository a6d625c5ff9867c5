/* Ordering and world synchronization over shared memory. */
#ifndef MISHMEM_CORE_SYNC_H
#define MISHMEM_CORE_SYNC_H

#include <stdatomic.h>

#include "instance/instance.h"

/* Puts are stores into mapped memory, complete when they return; quiet and
 * fence only need to order them before what follows. */
#if defined(__SANITIZE_THREAD__)
/* TSan does not model fences; a seq_cst read-modify-write is a full barrier
 * on every target we build for and TSan understands it. */
static inline void mishmem_quiet(void)
{
    static _Atomic int tsan_fence_word;
    atomic_fetch_add_explicit(&tsan_fence_word, 0, memory_order_seq_cst);
}
static inline void mishmem_fence(void) { mishmem_quiet(); }
#else
static inline void mishmem_quiet(void) { atomic_thread_fence(memory_order_seq_cst); }
static inline void mishmem_fence(void) { atomic_thread_fence(memory_order_release); }
#endif

/* Barrier over all PEs of the instance: the world team's barrier (one
 * round for small worlds, log2 rounds for large ones), with monotonic
 * epochs so back-to-back barriers need no reset. Includes quiet.
 * operation names the caller in the message if a peer dies meanwhile. */
void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation);

#endif
