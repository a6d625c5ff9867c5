/* aclshmem face: atomic memory operations on a peer's symmetric word.
 * Calls that fetch return the old value (0 after an error, which is
 * logged); the others, and the non-blocking fetching forms, return an
 * ACLSHMEM_* code. Same type sets as OpenSHMEM 1.5: fetch, set and swap
 * for the extended AMO types, compare_swap, inc and add for the standard
 * ones, and, or and xor for the bitwise ones. Include <shmem.h>. */
#ifndef MISHMEM_ACLSHMEM_AMO_H
#define MISHMEM_ACLSHMEM_AMO_H

#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MISHMEM_DECLARE_ACL_AMO_EXTENDED(T, N)                              \
    T aclshmem_##N##_atomic_fetch(const T *source, int pe);                 \
    int aclshmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe); \
    int aclshmem_##N##_atomic_set(T *dest, T value, int pe);                \
    T aclshmem_##N##_atomic_swap(T *dest, T value, int pe);                 \
    int aclshmem_##N##_atomic_swap_nbi(T *fetch, T *dest, T value, int pe);

#define MISHMEM_DECLARE_ACL_AMO_STANDARD(T, N)                                              \
    T aclshmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe);                 \
    int aclshmem_##N##_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe); \
    T aclshmem_##N##_atomic_fetch_inc(T *dest, int pe);                                     \
    int aclshmem_##N##_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe);                     \
    int aclshmem_##N##_atomic_inc(T *dest, int pe);                                         \
    T aclshmem_##N##_atomic_fetch_add(T *dest, T value, int pe);                            \
    int aclshmem_##N##_atomic_fetch_add_nbi(T *fetch, T *dest, T value, int pe);            \
    int aclshmem_##N##_atomic_add(T *dest, T value, int pe);

/* Operations named by whole identifiers, which <iso646.h> leaves alone. */
#define MISHMEM_DECLARE_ACL_AMO_BITWISE_OP(T, N, FETCH_OP, OP)               \
    T aclshmem_##N##_##FETCH_OP(T *dest, T value, int pe);                   \
    int aclshmem_##N##_##FETCH_OP##_nbi(T *fetch, T *dest, T value, int pe); \
    int aclshmem_##N##_##OP(T *dest, T value, int pe);
#define MISHMEM_DECLARE_ACL_AMO_BITWISE(T, N)                              \
    MISHMEM_DECLARE_ACL_AMO_BITWISE_OP(T, N, atomic_fetch_and, atomic_and) \
    MISHMEM_DECLARE_ACL_AMO_BITWISE_OP(T, N, atomic_fetch_or, atomic_or)   \
    MISHMEM_DECLARE_ACL_AMO_BITWISE_OP(T, N, atomic_fetch_xor, atomic_xor)

MISHMEM_AMO_STANDARD_TYPES(MISHMEM_DECLARE_ACL_AMO_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(MISHMEM_DECLARE_ACL_AMO_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(MISHMEM_DECLARE_ACL_AMO_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(MISHMEM_DECLARE_ACL_AMO_BITWISE)
#undef MISHMEM_DECLARE_ACL_AMO_EXTENDED
#undef MISHMEM_DECLARE_ACL_AMO_STANDARD
#undef MISHMEM_DECLARE_ACL_AMO_BITWISE_OP
#undef MISHMEM_DECLARE_ACL_AMO_BITWISE

#ifdef __cplusplus
}
#endif

#endif
