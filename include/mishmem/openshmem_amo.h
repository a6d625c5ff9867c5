/* OpenSHMEM 1.5 atomic memory operations: the typed forms, their context
 * (shmem_ctx_*) and non-blocking fetching (_nbi) variants, and the
 * deprecated 1.3 names. The C11 generic forms are in
 * openshmem_generic_amo.h. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_AMO_H
#define MISHMEM_OPENSHMEM_AMO_H

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

/* fetch, set and swap: every extended AMO type. */
#define MISHMEM_DECLARE_SHMEM_AMO_EXTENDED(T, N)                                               \
    T shmem_##N##_atomic_fetch(const T *source, int pe);                                       \
    T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe);                  \
    void shmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe);                      \
    void shmem_ctx_##N##_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe); \
    void shmem_##N##_atomic_set(T *dest, T value, int pe);                                     \
    void shmem_ctx_##N##_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe);                \
    T shmem_##N##_atomic_swap(T *dest, T value, int pe);                                       \
    T shmem_ctx_##N##_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe);                  \
    void shmem_##N##_atomic_swap_nbi(T *fetch, T *dest, T value, int pe);                      \
    void shmem_ctx_##N##_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);

/* compare_swap, inc and add: the standard AMO types. */
#define MISHMEM_DECLARE_SHMEM_AMO_STANDARD(T, N)                                                      \
    T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe);                              \
    T shmem_ctx_##N##_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe);         \
    void shmem_##N##_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe);             \
    void shmem_ctx_##N##_atomic_compare_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, T value, \
                                                 int pe);                                             \
    T shmem_##N##_atomic_fetch_inc(T *dest, int pe);                                                  \
    T shmem_ctx_##N##_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe);                             \
    void shmem_##N##_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe);                                 \
    void shmem_ctx_##N##_atomic_fetch_inc_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe);            \
    void shmem_##N##_atomic_inc(T *dest, int pe);                                                     \
    void shmem_ctx_##N##_atomic_inc(shmem_ctx_t ctx, T *dest, int pe);                                \
    T shmem_##N##_atomic_fetch_add(T *dest, T value, int pe);                                         \
    T shmem_ctx_##N##_atomic_fetch_add(shmem_ctx_t ctx, T *dest, T value, int pe);                    \
    void shmem_##N##_atomic_fetch_add_nbi(T *fetch, T *dest, T value, int pe);                        \
    void shmem_ctx_##N##_atomic_fetch_add_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);   \
    void shmem_##N##_atomic_add(T *dest, T value, int pe);                                            \
    void shmem_ctx_##N##_atomic_add(shmem_ctx_t ctx, T *dest, T value, int pe);

/* and, or, xor: the bitwise AMO types. The operation is named by whole
 * identifiers (atomic_and, not and), which <iso646.h> leaves alone. */
#define MISHMEM_DECLARE_SHMEM_AMO_BITWISE_OP(T, N, FETCH_OP, OP)                                \
    T shmem_##N##_##FETCH_OP(T *dest, T value, int pe);                                         \
    T shmem_ctx_##N##_##FETCH_OP(shmem_ctx_t ctx, T *dest, T value, int pe);                    \
    void shmem_##N##_##FETCH_OP##_nbi(T *fetch, T *dest, T value, int pe);                      \
    void shmem_ctx_##N##_##FETCH_OP##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe); \
    void shmem_##N##_##OP(T *dest, T value, int pe);                                            \
    void shmem_ctx_##N##_##OP(shmem_ctx_t ctx, T *dest, T value, int pe);
#define MISHMEM_DECLARE_SHMEM_AMO_BITWISE(T, N)                              \
    MISHMEM_DECLARE_SHMEM_AMO_BITWISE_OP(T, N, atomic_fetch_and, atomic_and) \
    MISHMEM_DECLARE_SHMEM_AMO_BITWISE_OP(T, N, atomic_fetch_or, atomic_or)   \
    MISHMEM_DECLARE_SHMEM_AMO_BITWISE_OP(T, N, atomic_fetch_xor, atomic_xor)

MISHMEM_AMO_STANDARD_TYPES(MISHMEM_DECLARE_SHMEM_AMO_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(MISHMEM_DECLARE_SHMEM_AMO_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(MISHMEM_DECLARE_SHMEM_AMO_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_AMO_BITWISE)
#undef MISHMEM_DECLARE_SHMEM_AMO_EXTENDED
#undef MISHMEM_DECLARE_SHMEM_AMO_STANDARD
#undef MISHMEM_DECLARE_SHMEM_AMO_BITWISE_OP
#undef MISHMEM_DECLARE_SHMEM_AMO_BITWISE

/* Deprecated OpenSHMEM 1.3 names (still used by older programs). */
#define MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED(T, N)         \
    T shmem_##N##_fetch(const T *source, int pe);          \
    void shmem_##N##_set(T *dest, T value, int pe);        \
    T shmem_##N##_swap(T *dest, T value, int pe);          \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe); \
    T shmem_##N##_finc(T *dest, int pe);                   \
    void shmem_##N##_inc(T *dest, int pe);                 \
    T shmem_##N##_fadd(T *dest, T value, int pe);          \
    void shmem_##N##_add(T *dest, T value, int pe);
#define MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED_EXTENDED(T, N) \
    T shmem_##N##_fetch(const T *source, int pe);           \
    void shmem_##N##_set(T *dest, T value, int pe);         \
    T shmem_##N##_swap(T *dest, T value, int pe);
MISHMEM_AMO_DEPRECATED_TYPES(MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED_EXTENDED)
#undef MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED
#undef MISHMEM_DECLARE_SHMEM_AMO_DEPRECATED_EXTENDED

/* 1.3's untyped swap on a long (the C11 generic shmem_swap covers it too). */
long shmem_swap(long *dest, long value, int pe);

#ifdef __cplusplus
}
#endif

#include <mishmem/openshmem_generic_amo.h>

#endif
