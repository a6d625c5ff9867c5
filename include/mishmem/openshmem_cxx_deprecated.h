/* C++ overloads in place of the deprecated OpenSHMEM 1.3 C11 generic names
 * (shmem_fetch, shmem_set, shmem_swap, shmem_cswap, shmem_finc, shmem_inc,
 * shmem_fadd, shmem_add, shmem_wait), so that such programs build as C++
 * too. As in C (openshmem_generic_amo.h), each takes the types of the
 * atomic_* name that replaced it and forwards to its typed function; as in
 * 1.3, none has a context form. The long forms of shmem_swap and
 * shmem_wait are the 1.3 C functions, so those two have no long overload
 * here. Included by <mishmem/openshmem_cxx.h>. */
#ifndef MISHMEM_OPENSHMEM_CXX_DEPRECATED_H
#define MISHMEM_OPENSHMEM_CXX_DEPRECATED_H

#ifdef __cplusplus

#include <mishmem/type_tables.h>

/* fetch and set: the extended AMO types. */
#define MISHMEM_CXX_DEPRECATED_EXTENDED(T, N, A)                                                   \
    inline T shmem_fetch(const T *source, int pe) { return shmem_##N##_atomic_fetch(source, pe); } \
    inline void shmem_set(T *dest, T value, int pe) { shmem_##N##_atomic_set(dest, value, pe); }
MISHMEM_AMO_GENERIC_TYPES(MISHMEM_CXX_DEPRECATED_EXTENDED, ~)
MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(MISHMEM_CXX_DEPRECATED_EXTENDED, ~)
#undef MISHMEM_CXX_DEPRECATED_EXTENDED

#define MISHMEM_CXX_DEPRECATED_SWAP(T, N, A)                                                       \
    inline T shmem_swap(T *dest, T value, int pe)                                                  \
    { return shmem_##N##_atomic_swap(dest, value, pe); }
MISHMEM_AMO_GENERIC_TYPES_BUT_LONG(MISHMEM_CXX_DEPRECATED_SWAP, ~)
MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(MISHMEM_CXX_DEPRECATED_SWAP, ~)
#undef MISHMEM_CXX_DEPRECATED_SWAP

/* cswap, finc, inc, fadd and add: the standard AMO types. */
#define MISHMEM_CXX_DEPRECATED_STANDARD(T, N, A)                                                   \
    inline T shmem_cswap(T *dest, T cond, T value, int pe)                                         \
    { return shmem_##N##_atomic_compare_swap(dest, cond, value, pe); }                             \
    inline T shmem_finc(T *dest, int pe) { return shmem_##N##_atomic_fetch_inc(dest, pe); }        \
    inline void shmem_inc(T *dest, int pe) { shmem_##N##_atomic_inc(dest, pe); }                   \
    inline T shmem_fadd(T *dest, T value, int pe)                                                  \
    { return shmem_##N##_atomic_fetch_add(dest, value, pe); }                                      \
    inline void shmem_add(T *dest, T value, int pe) { shmem_##N##_atomic_add(dest, value, pe); }
MISHMEM_AMO_GENERIC_TYPES(MISHMEM_CXX_DEPRECATED_STANDARD, ~)
#undef MISHMEM_CXX_DEPRECATED_STANDARD

#define MISHMEM_CXX_DEPRECATED_WAIT(T, N, A)                                                       \
    inline void shmem_wait(T *ivar, T cmp_value) { shmem_##N##_wait(ivar, cmp_value); }
MISHMEM_P2P_GENERIC_TYPES_BUT_LONG(MISHMEM_CXX_DEPRECATED_WAIT, ~)
#undef MISHMEM_CXX_DEPRECATED_WAIT

#endif /* __cplusplus */

#endif
