/* Sleeping waits. A PE that has waited long (spun, then yielded) sleeps
 * on the doorbell in its control area (a futex), so PEs that outnumber
 * the cores leave them to the PEs that have work. A sleeper arms the
 * doorbell for its kind of wait; whoever writes memory that such a wait
 * reads rings it: one load, and a futex wake only when armed. The wake
 * disarms, so a stream of writes to a sleeping PE pays one wake, and a
 * PE asleep in a barrier is not woken by puts to its heap.
 *
 * Ordering: the writer stores its data, then reads the flag; the sleeper
 * arms, then reads the data. Without a fence between each store and load
 * both could miss the other. The sleeper, the slow side, pays for both:
 * membarrier(2) makes every running PE execute a full barrier, so the
 * fast path needs only a compiler barrier. Where membarrier is refused,
 * writers fence. And a sleep ends after the instance's sleep_max_ns
 * anyway, so a write that does not ring (a store through shmem_ptr, say)
 * is seen within that bound. */
#ifndef MISHMEM_MAPPED_DOORBELL_H
#define MISHMEM_MAPPED_DOORBELL_H

#include <stdatomic.h>
#include <stdint.h>

#include "mapped/segment_header.h"

/* Set at start-up: 1 when membarrier cannot serve, so writers fence. */
extern int mishmem_doorbell_writers_fence;

/* Once per process, before any doorbell is used. Returns nothing: without
 * membarrier the writers fence instead. */
void mishmem_doorbell_setup(void);

/* What a wait reads: memory that programs write (wait_until, signals) or
 * the library's sync words (barrier and collective flags, lock words). */
enum mishmem_wait_kind { MISHMEM_WAIT_ON_SYNC, MISHMEM_WAIT_ON_DATA };

/* Disarms the bell and wakes everyone asleep on it (out of line: rare). */
void mishmem_doorbell_wake(struct mishmem_doorbell *bell, enum mishmem_wait_kind kind);

#if defined(__SANITIZE_THREAD__)
#define MISHMEM_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MISHMEM_UNDER_TSAN 1
#endif
#endif

/* A full barrier between the writer's stores and its load of the flag.
 * TSan does not model fences (GCC refuses them under -Werror): there, a
 * sequentially consistent read-modify-write, a locked instruction on x86,
 * does the same. */
static inline void mishmem_writer_fence(void)
{
#ifdef MISHMEM_UNDER_TSAN
    static _Thread_local _Atomic int fence_word;
    atomic_fetch_add_explicit(&fence_word, 0, memory_order_seq_cst);
#else
    atomic_thread_fence(memory_order_seq_cst);
#endif
}

static inline void mishmem_doorbell_ring_bell(struct mishmem_doorbell *bell, enum mishmem_wait_kind kind)
{
    if (__builtin_expect(mishmem_doorbell_writers_fence, 0))
        mishmem_writer_fence();
    else
        atomic_signal_fence(memory_order_seq_cst);
    if (__builtin_expect(atomic_load_explicit(&bell->armed[kind], memory_order_relaxed) != 0, 0))
        mishmem_doorbell_wake(bell, kind);
}

/* What one wait remembers between its sleeps: the ticket of its last
 * barrier, so that re-arming after a sleep that nobody ended needs no new
 * barrier. */
struct mishmem_doorbell_arming {
    int fenced;
    uint32_t ticket;
};

/* The sleeper's side, on its own segment's header: arm (returns the
 * ticket to sleep on), test the condition once more, and sleep only if it
 * is still false; the sleeper counts as asleep in header->placement. */
uint32_t mishmem_bell_arm(struct mishmem_segment_header *mine, enum mishmem_wait_kind kind,
                          struct mishmem_doorbell_arming *arming);
void mishmem_bell_sleep(struct mishmem_segment_header *mine, uint32_t ticket, uint64_t max_ns);

#endif
