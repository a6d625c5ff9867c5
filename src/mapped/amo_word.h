/* One atomic operation on a word in this process's memory (a mapped
 * peer's or its own): one lock-free __atomic instruction, atomic against
 * every other PE's AMOs on that word, whoever issues them.
 *
 * Every operation works on the word's bits: add, and/or/xor, swap and
 * compare-and-swap give the same bits for signed and unsigned types (two's
 * complement), and float/double only fetch, set and swap, so an unsigned
 * integer of the operand's size serves every AMO type. */
#ifndef MISHMEM_MAPPED_AMO_WORD_H
#define MISHMEM_MAPPED_AMO_WORD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mapped/amo_ops.h"

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

#endif
