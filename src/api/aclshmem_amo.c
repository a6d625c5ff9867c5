/* aclshmem face: typed atomics on the current instance, generated from the
 * AMO type tables. Fetching calls return the old value (0 after a logged
 * error); the others return an ACLSHMEM_* code. */
#include "api/face.h"
#include "core/amo/amo.h"
#include "mishmem/aclshmem_amo.h"
#include "util/type_lists.h"

#define ACL_AMO(NAME, op, T, target, operand, cond, fetched, pe)                            \
    mishmem_amo(mishmem_current(), "aclshmem_" #NAME, op, target, sizeof(T), operand, cond, \
                fetched, pe, MISHMEM_RETURN_ERROR)

/* T op(T *dest, T value, int pe) and int op_nbi(T *fetch, T *dest, T value, int pe). */
#define ACL_AMO_FETCHING(T, NAME, OP)                                     \
    T aclshmem_##NAME(T *dest, T value, int pe)                           \
    {                                                                     \
        T old = 0;                                                        \
        ACL_AMO(NAME, OP, T, dest, &value, NULL, &old, pe);               \
        return old;                                                       \
    }                                                                     \
    int aclshmem_##NAME##_nbi(T *fetch, T *dest, T value, int pe)         \
    {                                                                     \
        return ACL_AMO(NAME##_nbi, OP, T, dest, &value, NULL, fetch, pe); \
    }

/* int op(T *dest, T value, int pe): set, add, and, or, xor. */
#define ACL_AMO_UPDATE(T, NAME, OP)                                      \
    int aclshmem_##NAME(T *dest, T value, int pe)                        \
    {                                                                    \
        T discarded;                                                     \
        return ACL_AMO(NAME, OP, T, dest, &value, NULL, &discarded, pe); \
    }

#define DEFINE_EXTENDED(T, N)                                                                      \
    _Static_assert(sizeof(T) == 4 || sizeof(T) == 8, #T " is not an AMO word size");               \
    T aclshmem_##N##_atomic_fetch(const T *source, int pe)                                         \
    {                                                                                              \
        T old = 0;                                                                                 \
        ACL_AMO(N##_atomic_fetch, MISHMEM_AMO_FETCH, T, source, NULL, NULL, &old, pe);             \
        return old;                                                                                \
    }                                                                                              \
    int aclshmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe)                         \
    {                                                                                              \
        return ACL_AMO(N##_atomic_fetch_nbi, MISHMEM_AMO_FETCH, T, source, NULL, NULL, fetch, pe); \
    }                                                                                              \
    ACL_AMO_UPDATE(T, N##_atomic_set, MISHMEM_AMO_SET)                                             \
    ACL_AMO_FETCHING(T, N##_atomic_swap, MISHMEM_AMO_SWAP)

#define DEFINE_STANDARD(T, N)                                                                            \
    T aclshmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe)                               \
    {                                                                                                    \
        T old = 0;                                                                                       \
        ACL_AMO(N##_atomic_compare_swap, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond, &old, pe);    \
        return old;                                                                                      \
    }                                                                                                    \
    int aclshmem_##N##_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe)               \
    {                                                                                                    \
        return ACL_AMO(N##_atomic_compare_swap_nbi, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond,    \
                       fetch, pe);                                                                       \
    }                                                                                                    \
    T aclshmem_##N##_atomic_fetch_inc(T *dest, int pe)                                                   \
    {                                                                                                    \
        T one = 1, old = 0;                                                                              \
        ACL_AMO(N##_atomic_fetch_inc, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &old, pe);             \
        return old;                                                                                      \
    }                                                                                                    \
    int aclshmem_##N##_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe)                                   \
    {                                                                                                    \
        T one = 1;                                                                                       \
        return ACL_AMO(N##_atomic_fetch_inc_nbi, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, fetch, pe); \
    }                                                                                                    \
    int aclshmem_##N##_atomic_inc(T *dest, int pe)                                                       \
    {                                                                                                    \
        T one = 1, discarded;                                                                            \
        return ACL_AMO(N##_atomic_inc, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &discarded, pe);      \
    }                                                                                                    \
    ACL_AMO_FETCHING(T, N##_atomic_fetch_add, MISHMEM_AMO_FETCH_ADD)                                     \
    ACL_AMO_UPDATE(T, N##_atomic_add, MISHMEM_AMO_FETCH_ADD)

#define DEFINE_BITWISE(T, N)                                         \
    ACL_AMO_FETCHING(T, N##_atomic_fetch_and, MISHMEM_AMO_FETCH_AND) \
    ACL_AMO_UPDATE(T, N##_atomic_and, MISHMEM_AMO_FETCH_AND)         \
    ACL_AMO_FETCHING(T, N##_atomic_fetch_or, MISHMEM_AMO_FETCH_OR)   \
    ACL_AMO_UPDATE(T, N##_atomic_or, MISHMEM_AMO_FETCH_OR)           \
    ACL_AMO_FETCHING(T, N##_atomic_fetch_xor, MISHMEM_AMO_FETCH_XOR) \
    ACL_AMO_UPDATE(T, N##_atomic_xor, MISHMEM_AMO_FETCH_XOR)

MISHMEM_AMO_STANDARD_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(DEFINE_BITWISE)
