/* Quiet and fence: completion and ordering of this PE's puts. Apart from
 * the world barriers (core/sync.h) so that the collectives and teams,
 * which the world barrier runs on, can use them without including it. */
#ifndef MISHMEM_CORE_QUIET_H
#define MISHMEM_CORE_QUIET_H

#include <stdatomic.h>

#include "instance/instance.h"
#include "instance/registry.h"
#include "progress/fanout.h"

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

#endif
