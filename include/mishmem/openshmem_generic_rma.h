/* C11 generic RMA (OpenSHMEM 1.6): shmem_put(dest, source, nelems, pe)
 * and shmem_put(ctx, dest, source, nelems, pe) pick the typed call from
 * the first argument, or, when it is a context, from the second. The
 * fixed-width types are typedefs of the basic ones, so one association per
 * basic type covers them. Included by openshmem_rma_ext.h. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_RMA_H
#define MISHMEM_OPENSHMEM_GENERIC_RMA_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

/* The first and second argument of a call (padding keeps "..." non-empty). */
#define MISHMEM_GEN_ARG0(...) MISHMEM_GEN_ARG0_(__VA_ARGS__, 0)
#define MISHMEM_GEN_ARG0_(first, ...) first
#define MISHMEM_GEN_ARG1(...) MISHMEM_GEN_ARG1_(__VA_ARGS__, 0, 0)
#define MISHMEM_GEN_ARG1_(first, second, ...) second

/* Never defined: chosen only when a context is followed by a pointer to a
 * type outside the table, where the call then fails to compile. */
void mishmem_generic_rma_unsupported_type(void);

/* One association per basic type; g also accepts a const source. */
#define MISHMEM_GEN_RMA(T, N, SUFFIX) T *: shmem_##N##SUFFIX,
#define MISHMEM_GEN_CTX_RMA(T, N, SUFFIX) T *: shmem_ctx_##N##SUFFIX,
#define MISHMEM_GEN_RMA_CONST(T, N, SUFFIX) T *: shmem_##N##SUFFIX, const T *: shmem_##N##SUFFIX,
#define MISHMEM_GEN_CTX_RMA_CONST(T, N, SUFFIX) T *: shmem_ctx_##N##SUFFIX, const T *: shmem_ctx_##N##SUFFIX,

/* _Generic over the first argument; a context selects over the second.
 * OP is pasted into the suffix _OP at once, so a user macro named like the
 * operation (p, g, ...) cannot expand it. */
#define MISHMEM_GENERIC_RMA_SELECT(ASSOC, CTX_ASSOC, SUFFIX, ...)                     \
    _Generic(MISHMEM_GEN_ARG0(__VA_ARGS__),                                           \
             MISHMEM_RMA_GENERIC_TYPES(ASSOC, SUFFIX)                                 \
             shmem_ctx_t: _Generic(MISHMEM_GEN_ARG1(__VA_ARGS__),                     \
                                   MISHMEM_RMA_GENERIC_TYPES(CTX_ASSOC, SUFFIX)       \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define MISHMEM_GENERIC_RMA(OP, ...) \
    MISHMEM_GENERIC_RMA_SELECT(MISHMEM_GEN_RMA, MISHMEM_GEN_CTX_RMA, _##OP, __VA_ARGS__)

#define shmem_put(...) MISHMEM_GENERIC_RMA(put, __VA_ARGS__)
#define shmem_get(...) MISHMEM_GENERIC_RMA(get, __VA_ARGS__)
#define shmem_put_nbi(...) MISHMEM_GENERIC_RMA(put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) MISHMEM_GENERIC_RMA(get_nbi, __VA_ARGS__)
#define shmem_p(...) MISHMEM_GENERIC_RMA(p, __VA_ARGS__)
#define shmem_g(...) \
    MISHMEM_GENERIC_RMA_SELECT(MISHMEM_GEN_RMA_CONST, MISHMEM_GEN_CTX_RMA_CONST, _g, __VA_ARGS__)
#define shmem_iput(...) MISHMEM_GENERIC_RMA(iput, __VA_ARGS__)
#define shmem_iget(...) MISHMEM_GENERIC_RMA(iget, __VA_ARGS__)
#define shmem_put_signal(...) MISHMEM_GENERIC_RMA(put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...) MISHMEM_GENERIC_RMA(put_signal_nbi, __VA_ARGS__)
#define shmem_ibput(...) MISHMEM_GENERIC_RMA(ibput, __VA_ARGS__)
#define shmem_ibget(...) MISHMEM_GENERIC_RMA(ibget, __VA_ARGS__)

/* OpenSHMEM 1.6 signal updates: with a context first, the ctx form; the
 * C functions of the same names take the other calls (a macro does not
 * expand inside its own expansion). */
#define MISHMEM_GENERIC_SIGNAL(OP, ...)                                                 \
    _Generic(MISHMEM_GEN_ARG0(__VA_ARGS__), shmem_ctx_t: shmem_ctx_signal_##OP,         \
             default: shmem_signal_##OP)(__VA_ARGS__)
#define shmem_signal_add(...) MISHMEM_GENERIC_SIGNAL(add, __VA_ARGS__)
#define shmem_signal_set(...) MISHMEM_GENERIC_SIGNAL(set, __VA_ARGS__)

#endif /* C11 */

#endif
