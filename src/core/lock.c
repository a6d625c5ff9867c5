#include "core/lock.h"

#include <stdatomic.h>

#include "core/rma/check.h"
#include "core/rma/rma.h"
#include "core/sync.h"
#include "progress/wait.h"
#include "util/log.h"

#define LOCK_OWNER_PE 0
#define TICKET_ONE (UINT64_C(1) << 32)

_Static_assert(sizeof(long) == sizeof(uint64_t), "the lock word is one 64-bit long");

static uint32_t next_ticket(uint64_t word) { return (uint32_t)(word >> 32); }
static uint32_t now_serving(uint64_t word) { return (uint32_t)word; }

/* The lock word on the owner PE, NULL when the owner is not mapped (then
 * every access is an AMO through its transport); misuse ends the process
 * with a message. */
static _Atomic uint64_t *lock_word(struct mishmem_instance *inst, const char *call, long *lock)
{
    if (__builtin_expect(!mishmem_rma_valid(inst, lock, lock, sizeof *lock, LOCK_OWNER_PE), 0))
        mishmem_rma_check(inst, call, lock, lock, sizeof *lock, LOCK_OWNER_PE, MISHMEM_ABORT);
    if (__builtin_expect(((uintptr_t)lock & (sizeof *lock - 1)) != 0, 0))
        mishmem_fatal("%s: lock address %p is not aligned to a long (PE %d)", call, (void *)lock,
                      LOCK_OWNER_PE);
    if (!inst->peers[LOCK_OWNER_PE].amo_segment)
        return NULL;
    return mishmem_translate(inst, lock, LOCK_OWNER_PE);
}

/* The three accesses the lock makes, in place or through the transport. */
static uint64_t word_load(struct mishmem_instance *inst, _Atomic uint64_t *word, long *lock)
{
    if (word)
        return atomic_load_explicit(word, memory_order_acquire);
    return mishmem_remote_word_fetch(inst, LOCK_OWNER_PE, (_Atomic uint64_t *)lock);
}

static uint64_t word_fetch_add(struct mishmem_instance *inst, _Atomic uint64_t *word, long *lock, uint64_t add)
{
    if (word)
        return atomic_fetch_add_explicit(word, add, memory_order_acq_rel);
    uint64_t old = 0;
    if (mishmem_remote_amo(inst, LOCK_OWNER_PE, MISHMEM_AMO_FETCH_ADD, lock, sizeof old, &add, NULL, &old) != 0)
        mishmem_fatal("lock %p: the owner PE %d cannot be reached", (void *)lock, LOCK_OWNER_PE);
    return old;
}

/* Compare-and-swap; on failure *seen gets the current value. */
static int word_cas(struct mishmem_instance *inst, _Atomic uint64_t *word, long *lock, uint64_t *seen,
                    uint64_t desired)
{
    if (word)
        return atomic_compare_exchange_weak_explicit(word, seen, desired, memory_order_acq_rel,
                                                     memory_order_relaxed);
    uint64_t expected = *seen;
    if (mishmem_remote_amo(inst, LOCK_OWNER_PE, MISHMEM_AMO_COMPARE_SWAP, lock, sizeof expected, &desired,
                           &expected, seen) != 0)
        mishmem_fatal("lock %p: the owner PE %d cannot be reached", (void *)lock, LOCK_OWNER_PE);
    return *seen == expected;
}

void mishmem_lock_set(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    uint32_t ticket = next_ticket(word_fetch_add(inst, word, lock, TICKET_ONE));
    MISHMEM_WAIT_UNTIL(inst, call, now_serving(word_load(inst, word, lock)) == ticket);
}

int mishmem_lock_test(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    uint64_t seen = word_load(inst, word, lock);
    while (next_ticket(seen) == now_serving(seen)) {
        /* Free: take the ticket that is being served right now. */
        if (word_cas(inst, word, lock, &seen, seen + TICKET_ONE))
            return 0;
    }
    return 1;
}

void mishmem_lock_clear(struct mishmem_instance *inst, const char *call, long *lock)
{
    _Atomic uint64_t *word = lock_word(inst, call, lock);
    mishmem_quiet(inst);
    uint64_t seen = word_load(inst, word, lock), next;
    do {
        if (next_ticket(seen) == now_serving(seen))
            mishmem_fatal("%s: lock %p is not held (clear without a matching set or successful "
                          "test)", call, (void *)lock);
        /* Advance the served half only: it wraps without carrying into the
         * ticket half, which other PEs may be incrementing meanwhile. */
        next = (seen & ~(uint64_t)UINT32_MAX) | (uint32_t)(now_serving(seen) + 1);
    } while (!word_cas(inst, word, lock, &seen, next));
    /* Any PE may be waiting for its turn on this word. */
    mishmem_doorbell_ring_all(inst);
}
