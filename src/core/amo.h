/* Atomic memory operations on a word of a peer's symmetric heap. Peers on
 * this host are mapped, so an AMO is one lock-free __atomic instruction on
 * the mapping, atomic against every other PE's AMOs on that word.
 *
 * Every operation works on the word's bits: add, and/or/xor, swap and
 * compare-and-swap give the same bits for signed and unsigned types (two's
 * complement), and float/double only fetch, set and swap, so an unsigned
 * integer of the operand's size serves every AMO type. */
#ifndef MISHMEM_CORE_AMO_H
#define MISHMEM_CORE_AMO_H

#include <stdint.h>
#include <string.h>

#include "core/rma.h"

enum mishmem_amo_op {
    MISHMEM_AMO_FETCH,
    MISHMEM_AMO_SET,
    MISHMEM_AMO_SWAP,
    MISHMEM_AMO_COMPARE_SWAP,
    MISHMEM_AMO_FETCH_ADD,
    MISHMEM_AMO_FETCH_AND,
    MISHMEM_AMO_FETCH_OR,
    MISHMEM_AMO_FETCH_XOR,
};

_Static_assert(__atomic_always_lock_free(4, 0) && __atomic_always_lock_free(8, 0),
               "AMOs need lock-free 32- and 64-bit atomics");

/* The word may hold a float or a double: may_alias keeps the compiler
 * from assuming it does not. */
typedef uint32_t __attribute__((may_alias)) mishmem_amo_word32;
typedef uint64_t __attribute__((may_alias)) mishmem_amo_word64;

/* Applies op to *word and returns the word's old value (0 for SET).
 * Sequentially consistent, so an AMO also orders the caller's earlier puts
 * for a peer that observes it. */
#define MISHMEM_DEFINE_AMO_APPLY(BITS)                                                                \
    static inline __attribute__((always_inline)) uint##BITS##_t mishmem_amo_apply##BITS(                \
        enum mishmem_amo_op op, mishmem_amo_word##BITS *word, uint##BITS##_t operand, uint##BITS##_t cond) \
    {                                                                                                 \
        switch (op) {                                                                                 \
        case MISHMEM_AMO_FETCH:                                                                       \
            return __atomic_load_n(word, __ATOMIC_SEQ_CST);                                           \
        case MISHMEM_AMO_SET:                                                                         \
            __atomic_store_n(word, operand, __ATOMIC_SEQ_CST);                                        \
            return 0;                                                                                 \
        case MISHMEM_AMO_SWAP:                                                                        \
            return __atomic_exchange_n(word, operand, __ATOMIC_SEQ_CST);                              \
        case MISHMEM_AMO_COMPARE_SWAP:                                                                \
            /* On failure cond receives the current value: the old value either way. */               \
            __atomic_compare_exchange_n(word, &cond, operand, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
            return cond;                                                                              \
        case MISHMEM_AMO_FETCH_ADD:                                                                   \
            return __atomic_fetch_add(word, operand, __ATOMIC_SEQ_CST);                               \
        case MISHMEM_AMO_FETCH_AND:                                                                   \
            return __atomic_fetch_and(word, operand, __ATOMIC_SEQ_CST);                               \
        case MISHMEM_AMO_FETCH_OR:                                                                    \
            return __atomic_fetch_or(word, operand, __ATOMIC_SEQ_CST);                                \
        case MISHMEM_AMO_FETCH_XOR:                                                                   \
            return __atomic_fetch_xor(word, operand, __ATOMIC_SEQ_CST);                               \
        }                                                                                             \
        return 0;                                                                                     \
    }
MISHMEM_DEFINE_AMO_APPLY(32)
MISHMEM_DEFINE_AMO_APPLY(64)
#undef MISHMEM_DEFINE_AMO_APPLY

/* op on the size-byte word at `word` (size 4 or 8); operand, cond and
 * fetched are that many bytes each, and NULL when the op has none. Inlined
 * with constant op and size, the copies vanish and one instruction remains. */
static inline __attribute__((always_inline)) void mishmem_amo_on_word(enum mishmem_amo_op op, void *word,
                                                                      size_t size, const void *operand,
                                                                      const void *cond, void *fetched)
{
    if (size == 4) {
        uint32_t value = 0, expected = 0, old;
        if (operand)
            memcpy(&value, operand, 4);
        if (cond)
            memcpy(&expected, cond, 4);
        old = mishmem_amo_apply32(op, word, value, expected);
        if (fetched)
            memcpy(fetched, &old, 4);
    } else {
        uint64_t value = 0, expected = 0, old;
        if (operand)
            memcpy(&value, operand, 8);
        if (cond)
            memcpy(&expected, cond, 8);
        old = mishmem_amo_apply64(op, word, value, expected);
        if (fetched)
            memcpy(fetched, &old, 8);
    }
}

/* The word `target` of `pe` when the AMO can run on the heap's fast path,
 * NULL otherwise (no instance, bad PE, misaligned, not in the heap). */
static inline __attribute__((always_inline)) void *mishmem_amo_heap_word(const struct mishmem_instance *inst,
                                                                         const void *target, size_t size, int pe)
{
    if (inst == NULL || (unsigned)pe >= (unsigned)inst->n_pes || ((uintptr_t)target & (size - 1)) != 0)
        return NULL;
    uint64_t offset = (uint64_t)((const char *)target - inst->heap_base);
    char *segment = inst->peers[pe].segment;
    if (offset >= inst->heap_size || size > inst->heap_size - offset || segment == NULL)
        return NULL;
    return segment + MISHMEM_CONTROL_SIZE + offset;
}

/* Everything but the heap's fast path, out of line: AMOs on the program's
 * global data (the shmem_init world), and saying exactly what is wrong
 * (target NULL, misaligned, not symmetric, bad PE, fetch NULL, no
 * instance). Returns ACLSHMEM_*. */
__attribute__((cold)) int mishmem_amo_slow(struct mishmem_instance *inst, const char *call, enum mishmem_amo_op op,
                                           const void *target, size_t size, const void *operand, const void *cond,
                                           void *fetched, int pe, enum mishmem_on_error on_error);

/* One AMO: op on the size-byte symmetric word `target` of `pe`, the old
 * value into *fetched (every op but SET needs fetched). Returns ACLSHMEM_*;
 * on error *fetched is left as it was. Always inlined: with op and size
 * constant in every caller, the checks and one locked instruction remain,
 * and every other path is one call to a cold function (a call and a
 * switch, or registers saved for rare paths, would cost half again the
 * atomic itself). */
static inline __attribute__((always_inline)) int mishmem_amo(struct mishmem_instance *inst, const char *call,
                                                             enum mishmem_amo_op op, const void *target, size_t size,
                                                             const void *operand, const void *cond, void *fetched,
                                                             int pe, enum mishmem_on_error on_error)
{
    void *word = mishmem_amo_heap_word(inst, target, size, pe);
    if (__builtin_expect(word == NULL || (op != MISHMEM_AMO_SET && fetched == NULL), 0))
        return mishmem_amo_slow(inst, call, op, target, size, operand, cond, fetched, pe, on_error);
    mishmem_amo_on_word(op, word, size, operand, cond, fetched);
    if (op != MISHMEM_AMO_FETCH)
        mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}

#endif
