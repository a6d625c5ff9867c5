#include "core/lock.h"

#include <stdatomic.h>

#include "core/rma.h"
#include "core/sync.h"
#include "transport/shm/wait.h"
#include "util/log.h"

#define LOCK_OWNER_PE 0
#define TICKET_ONE (UINT64_C(1) << 32)

_Static_assert(sizeof(long) == sizeof(uint64_t), "the lock word is one 64-bit long");

static uint32_t next_ticket(uint64_t word) { return (uint32_t)(word >> 32); }
static uint32_t now_serving(uint64_t word) { return (uint32_t)word; }

/* The lock word on the owner PE; misuse ends the process with a message. */
static _Atomic uint64_t *lock_word(struct mishmem_instance *inst, const char *call, long *lock)
{
    if (__builtin_expect(!mishmem_rma_valid(inst, lock, lock, sizeof *lock, LOCK_OWNER_PE), 0))
        mishmem_rma_check_slow(inst, call, lock, lock, sizeof *lock, LOCK_OWNER_PE, MISHMEM_ABORT);
    if (__builtin_expect(((uintptr_t)lock & (sizeof *lock - 1)) != 0, 0))
        mishmem_fatal("%s: lock address %p is not aligned to a long (PE %d)", call, (void *)lock,
                      LOCK_OWNER_PE);
    return mishmem_translate(inst, lock, LOCK_OWNER_PE);
}

void mishmem_lock_set(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    uint32_t ticket = next_ticket(atomic_fetch_add_explicit(word, TICKET_ONE, memory_order_acq_rel));
    MISHMEM_WAIT_UNTIL(inst, call, now_serving(atomic_load_explicit(word, memory_order_acquire)) == ticket);
}

int mishmem_lock_test(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    uint64_t seen = atomic_load_explicit(word, memory_order_relaxed);
    while (next_ticket(seen) == now_serving(seen)) {
        /* Free: take the ticket that is being served right now. */
        if (atomic_compare_exchange_weak_explicit(word, &seen, seen + TICKET_ONE, memory_order_acquire,
                                                  memory_order_relaxed))
            return 0;
    }
    return 1;
}

void mishmem_lock_clear(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    mishmem_quiet();
    uint64_t seen = atomic_load_explicit(word, memory_order_relaxed), next;
    do {
        if (next_ticket(seen) == now_serving(seen))
            mishmem_fatal("%s: lock %p is not held (clear without a matching set or successful "
                          "test)", call, (void *)lock);
        /* Advance the served half only: it wraps without carrying into the
         * ticket half, which other PEs may be incrementing meanwhile. */
        next = (seen & ~(uint64_t)UINT32_MAX) | (uint32_t)(now_serving(seen) + 1);
    } while (!atomic_compare_exchange_weak_explicit(word, &seen, next, memory_order_release,
                                                    memory_order_relaxed));
    /* Any PE may be waiting for its turn on this word. */
    mishmem_doorbell_ring_all(inst);
}
