/* C++ overloads in place of the C11 generic forms (OpenSHMEM 1.5 allows
 * either): shmem_put(dest, source, nelems, pe), shmem_put(ctx, dest,
 * source, nelems, pe), shmem_atomic_fetch_add(...), shmem_wait_until(...),
 * shmem_broadcast(team, ...), shmem_sum_reduce(team, ...), ... Each is an
 * inline function forwarding to the typed C function; overloads are over
 * the basic C types (the fixed-width names are typedefs of them), expanded
 * from the generic tables in type_tables.h. The context forms take one
 * more argument, so arity keeps them apart. Included by <shmem.h> when
 * compiled as C++; include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_CXX_H
#define MISHMEM_OPENSHMEM_CXX_H

#ifdef __cplusplus

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

/* RMA: the standard RMA types. A is unused (the tables hand it through). */
#define MISHMEM_CXX_RMA(T, N, A)                                                                   \
    inline void shmem_put(T *dest, const T *source, size_t nelems, int pe)                         \
    { shmem_##N##_put(dest, source, nelems, pe); }                                                 \
    inline void shmem_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)        \
    { shmem_ctx_##N##_put(ctx, dest, source, nelems, pe); }                                        \
    inline void shmem_get(T *dest, const T *source, size_t nelems, int pe)                         \
    { shmem_##N##_get(dest, source, nelems, pe); }                                                 \
    inline void shmem_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)        \
    { shmem_ctx_##N##_get(ctx, dest, source, nelems, pe); }                                        \
    inline void shmem_put_nbi(T *dest, const T *source, size_t nelems, int pe)                     \
    { shmem_##N##_put_nbi(dest, source, nelems, pe); }                                             \
    inline void shmem_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)    \
    { shmem_ctx_##N##_put_nbi(ctx, dest, source, nelems, pe); }                                    \
    inline void shmem_get_nbi(T *dest, const T *source, size_t nelems, int pe)                     \
    { shmem_##N##_get_nbi(dest, source, nelems, pe); }                                             \
    inline void shmem_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)    \
    { shmem_ctx_##N##_get_nbi(ctx, dest, source, nelems, pe); }                                    \
    inline void shmem_p(T *dest, T value, int pe) { shmem_##N##_p(dest, value, pe); }              \
    inline void shmem_p(shmem_ctx_t ctx, T *dest, T value, int pe)                                 \
    { shmem_ctx_##N##_p(ctx, dest, value, pe); }                                                   \
    inline T shmem_g(const T *source, int pe) { return shmem_##N##_g(source, pe); }                \
    inline T shmem_g(shmem_ctx_t ctx, const T *source, int pe)                                     \
    { return shmem_ctx_##N##_g(ctx, source, pe); }                                                 \
    inline void shmem_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                           int pe)                                                                 \
    { shmem_##N##_iput(dest, source, dst, sst, nelems, pe); }                                      \
    inline void shmem_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,               \
                           ptrdiff_t sst, size_t nelems, int pe)                                   \
    { shmem_ctx_##N##_iput(ctx, dest, source, dst, sst, nelems, pe); }                             \
    inline void shmem_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                           int pe)                                                                 \
    { shmem_##N##_iget(dest, source, dst, sst, nelems, pe); }                                      \
    inline void shmem_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,               \
                           ptrdiff_t sst, size_t nelems, int pe)                                   \
    { shmem_ctx_##N##_iget(ctx, dest, source, dst, sst, nelems, pe); }                             \
    inline void shmem_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,      \
                                 uint64_t signal, int sig_op, int pe)                              \
    { shmem_##N##_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }                \
    inline void shmem_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,         \
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)          \
    { shmem_ctx_##N##_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }       \
    inline void shmem_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,  \
                                     uint64_t signal, int sig_op, int pe)                          \
    { shmem_##N##_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }            \
    inline void shmem_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,     \
                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)      \
    { shmem_ctx_##N##_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
MISHMEM_RMA_GENERIC_TYPES(MISHMEM_CXX_RMA, ~)
#undef MISHMEM_CXX_RMA

/* OpenSHMEM 1.6 interleaved blocks. */
#define MISHMEM_CXX_BLOCKS(T, N, A)                                                                \
    inline void shmem_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,  \
                            size_t nblocks, int pe)                                                \
    { shmem_##N##_ibput(dest, source, dst, sst, bsize, nblocks, pe); }                             \
    inline void shmem_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,              \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)                   \
    { shmem_ctx_##N##_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }                    \
    inline void shmem_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,  \
                            size_t nblocks, int pe)                                                \
    { shmem_##N##_ibget(dest, source, dst, sst, bsize, nblocks, pe); }                             \
    inline void shmem_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,              \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)                   \
    { shmem_ctx_##N##_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
MISHMEM_RMA_GENERIC_TYPES(MISHMEM_CXX_BLOCKS, ~)
#undef MISHMEM_CXX_BLOCKS

/* AMO: fetch, set and swap take every extended AMO type. */
#define MISHMEM_CXX_AMO_EXTENDED(T, N, A)                                                          \
    inline T shmem_atomic_fetch(const T *source, int pe)                                           \
    { return shmem_##N##_atomic_fetch(source, pe); }                                               \
    inline T shmem_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe)                          \
    { return shmem_ctx_##N##_atomic_fetch(ctx, source, pe); }                                      \
    inline void shmem_atomic_fetch_nbi(T *fetch, const T *source, int pe)                          \
    { shmem_##N##_atomic_fetch_nbi(fetch, source, pe); }                                           \
    inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe)         \
    { shmem_ctx_##N##_atomic_fetch_nbi(ctx, fetch, source, pe); }                                  \
    inline void shmem_atomic_set(T *dest, T value, int pe)                                         \
    { shmem_##N##_atomic_set(dest, value, pe); }                                                   \
    inline void shmem_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe)                        \
    { shmem_ctx_##N##_atomic_set(ctx, dest, value, pe); }                                          \
    inline T shmem_atomic_swap(T *dest, T value, int pe)                                           \
    { return shmem_##N##_atomic_swap(dest, value, pe); }                                           \
    inline T shmem_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe)                          \
    { return shmem_ctx_##N##_atomic_swap(ctx, dest, value, pe); }                                  \
    inline void shmem_atomic_swap_nbi(T *fetch, T *dest, T value, int pe)                          \
    { shmem_##N##_atomic_swap_nbi(fetch, dest, value, pe); }                                       \
    inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)         \
    { shmem_ctx_##N##_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
MISHMEM_AMO_GENERIC_TYPES(MISHMEM_CXX_AMO_EXTENDED, ~)
MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(MISHMEM_CXX_AMO_EXTENDED, ~)
#undef MISHMEM_CXX_AMO_EXTENDED

/* compare_swap, inc and add: the standard AMO types. */
#define MISHMEM_CXX_AMO_STANDARD(T, N, A)                                                          \
    inline T shmem_atomic_compare_swap(T *dest, T cond, T value, int pe)                           \
    { return shmem_##N##_atomic_compare_swap(dest, cond, value, pe); }                             \
    inline T shmem_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe)          \
    { return shmem_ctx_##N##_atomic_compare_swap(ctx, dest, cond, value, pe); }                    \
    inline void shmem_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe)          \
    { shmem_##N##_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }                         \
    inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, T value, \
                                              int pe)                                              \
    { shmem_ctx_##N##_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }                \
    inline T shmem_atomic_fetch_inc(T *dest, int pe)                                               \
    { return shmem_##N##_atomic_fetch_inc(dest, pe); }                                             \
    inline T shmem_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe)                              \
    { return shmem_ctx_##N##_atomic_fetch_inc(ctx, dest, pe); }                                    \
    inline void shmem_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe)                              \
    { shmem_##N##_atomic_fetch_inc_nbi(fetch, dest, pe); }                                         \
    inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe)             \
    { shmem_ctx_##N##_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }                                \
    inline void shmem_atomic_inc(T *dest, int pe) { shmem_##N##_atomic_inc(dest, pe); }            \
    inline void shmem_atomic_inc(shmem_ctx_t ctx, T *dest, int pe)                                 \
    { shmem_ctx_##N##_atomic_inc(ctx, dest, pe); }                                                 \
    inline T shmem_atomic_fetch_add(T *dest, T value, int pe)                                      \
    { return shmem_##N##_atomic_fetch_add(dest, value, pe); }                                      \
    inline T shmem_atomic_fetch_add(shmem_ctx_t ctx, T *dest, T value, int pe)                     \
    { return shmem_ctx_##N##_atomic_fetch_add(ctx, dest, value, pe); }                             \
    inline void shmem_atomic_fetch_add_nbi(T *fetch, T *dest, T value, int pe)                     \
    { shmem_##N##_atomic_fetch_add_nbi(fetch, dest, value, pe); }                                  \
    inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)    \
    { shmem_ctx_##N##_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }                         \
    inline void shmem_atomic_add(T *dest, T value, int pe)                                         \
    { shmem_##N##_atomic_add(dest, value, pe); }                                                   \
    inline void shmem_atomic_add(shmem_ctx_t ctx, T *dest, T value, int pe)                        \
    { shmem_ctx_##N##_atomic_add(ctx, dest, value, pe); }
MISHMEM_AMO_GENERIC_TYPES(MISHMEM_CXX_AMO_STANDARD, ~)
#undef MISHMEM_CXX_AMO_STANDARD

/* and, or, xor: the bitwise AMO types. FETCH_OP and OP are whole
 * identifiers (atomic_and, not and), which <ciso646> leaves alone. */
#define MISHMEM_CXX_AMO_BITWISE_OP(T, N, FETCH_OP, OP)                                             \
    inline T shmem_##FETCH_OP(T *dest, T value, int pe)                                            \
    { return shmem_##N##_##FETCH_OP(dest, value, pe); }                                            \
    inline T shmem_##FETCH_OP(shmem_ctx_t ctx, T *dest, T value, int pe)                           \
    { return shmem_ctx_##N##_##FETCH_OP(ctx, dest, value, pe); }                                   \
    inline void shmem_##FETCH_OP##_nbi(T *fetch, T *dest, T value, int pe)                         \
    { shmem_##N##_##FETCH_OP##_nbi(fetch, dest, value, pe); }                                      \
    inline void shmem_##FETCH_OP##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)        \
    { shmem_ctx_##N##_##FETCH_OP##_nbi(ctx, fetch, dest, value, pe); }                             \
    inline void shmem_##OP(T *dest, T value, int pe) { shmem_##N##_##OP(dest, value, pe); }        \
    inline void shmem_##OP(shmem_ctx_t ctx, T *dest, T value, int pe)                              \
    { shmem_ctx_##N##_##OP(ctx, dest, value, pe); }
#define MISHMEM_CXX_AMO_BITWISE(T, N, A)                                \
    MISHMEM_CXX_AMO_BITWISE_OP(T, N, atomic_fetch_and, atomic_and)      \
    MISHMEM_CXX_AMO_BITWISE_OP(T, N, atomic_fetch_or, atomic_or)        \
    MISHMEM_CXX_AMO_BITWISE_OP(T, N, atomic_fetch_xor, atomic_xor)
MISHMEM_AMO_GENERIC_BITWISE_TYPES(MISHMEM_CXX_AMO_BITWISE, ~)
#undef MISHMEM_CXX_AMO_BITWISE
#undef MISHMEM_CXX_AMO_BITWISE_OP

/* Point-to-point synchronization. shmem_wait_until(long *, int, long) is
 * the C function of openshmem_p2p.h, so long has no overload of it here. */
#define MISHMEM_CXX_WAIT_UNTIL(T, N, A)                                                            \
    inline void shmem_wait_until(T *ivar, int cmp, T cmp_value)                                    \
    { shmem_##N##_wait_until(ivar, cmp, cmp_value); }
MISHMEM_P2P_GENERIC_TYPES_BUT_LONG(MISHMEM_CXX_WAIT_UNTIL, ~)
#undef MISHMEM_CXX_WAIT_UNTIL

#define MISHMEM_CXX_P2P(T, N, A)                                                                   \
    inline int shmem_test(T *ivar, int cmp, T cmp_value)                                           \
    { return shmem_##N##_test(ivar, cmp, cmp_value); }                                             \
    inline void shmem_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp,          \
                                     T cmp_value)                                                  \
    { shmem_##N##_wait_until_all(ivars, nelems, status, cmp, cmp_value); }                         \
    inline size_t shmem_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp,        \
                                       T cmp_value)                                                \
    { return shmem_##N##_wait_until_any(ivars, nelems, status, cmp, cmp_value); }                  \
    inline size_t shmem_wait_until_some(T *ivars, size_t nelems, size_t *indices,                  \
                                        const int *status, int cmp, T cmp_value)                   \
    { return shmem_##N##_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }        \
    inline int shmem_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value)    \
    { return shmem_##N##_test_all(ivars, nelems, status, cmp, cmp_value); }                        \
    inline size_t shmem_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value) \
    { return shmem_##N##_test_any(ivars, nelems, status, cmp, cmp_value); }                        \
    inline size_t shmem_test_some(T *ivars, size_t nelems, size_t *indices, const int *status,     \
                                  int cmp, T cmp_value)                                            \
    { return shmem_##N##_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
MISHMEM_P2P_GENERIC_TYPES(MISHMEM_CXX_P2P, ~)
#undef MISHMEM_CXX_P2P

/* The _vector forms: one comparison value per ivar. */
#define MISHMEM_CXX_P2P_VECTOR(T, N, A)                                                            \
    inline void shmem_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,   \
                                            T *cmp_values)                                         \
    { shmem_##N##_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }                 \
    inline size_t shmem_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                              T *cmp_values)                                       \
    { return shmem_##N##_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }          \
    inline size_t shmem_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,           \
                                               const int *status, int cmp, T *cmp_values)          \
    {                                                                                              \
        return shmem_##N##_wait_until_some_vector(ivars, nelems, indices, status, cmp,             \
                                                  cmp_values);                                     \
    }                                                                                              \
    inline int shmem_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,          \
                                     T *cmp_values)                                                \
    { return shmem_##N##_test_all_vector(ivars, nelems, status, cmp, cmp_values); }                \
    inline size_t shmem_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,       \
                                        T *cmp_values)                                             \
    { return shmem_##N##_test_any_vector(ivars, nelems, status, cmp, cmp_values); }                \
    inline size_t shmem_test_some_vector(T *ivars, size_t nelems, size_t *indices,                 \
                                         const int *status, int cmp, T *cmp_values)                \
    { return shmem_##N##_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
MISHMEM_P2P_GENERIC_TYPES(MISHMEM_CXX_P2P_VECTOR, ~)
#undef MISHMEM_CXX_P2P_VECTOR

/* Team collectives: data movement over the standard RMA types. */
#define MISHMEM_CXX_COLL(T, N, A)                                                                  \
    inline int shmem_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems,         \
                               int PE_root)                                                        \
    { return shmem_##N##_broadcast(team, dest, source, nelems, PE_root); }                         \
    inline int shmem_collect(shmem_team_t team, T *dest, const T *source, size_t nelems)           \
    { return shmem_##N##_collect(team, dest, source, nelems); }                                    \
    inline int shmem_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems)          \
    { return shmem_##N##_fcollect(team, dest, source, nelems); }                                   \
    inline int shmem_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems)          \
    { return shmem_##N##_alltoall(team, dest, source, nelems); }                                   \
    inline int shmem_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,         \
                               ptrdiff_t sst, size_t nelems)                                       \
    { return shmem_##N##_alltoalls(team, dest, source, dst, sst, nelems); }
MISHMEM_RMA_GENERIC_TYPES(MISHMEM_CXX_COLL, ~)
#undef MISHMEM_CXX_COLL

/* Reductions (OpenSHMEM 1.5 table 10, without the complex types, which
 * C++ spells std::complex). OP is a whole identifier (and_reduce). */
#define MISHMEM_CXX_REDUCE(T, N, OP)                                                               \
    inline int shmem_##OP(shmem_team_t team, T *dest, const T *source, size_t nreduce)             \
    { return shmem_##N##_##OP(team, dest, source, nreduce); }
MISHMEM_REDUCE_GENERIC_BITWISE_TYPES(MISHMEM_CXX_REDUCE, and_reduce)
MISHMEM_REDUCE_GENERIC_BITWISE_TYPES(MISHMEM_CXX_REDUCE, or_reduce)
MISHMEM_REDUCE_GENERIC_BITWISE_TYPES(MISHMEM_CXX_REDUCE, xor_reduce)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, max_reduce)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, min_reduce)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, sum_reduce)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, prod_reduce)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, sum_inscan)
MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(MISHMEM_CXX_REDUCE, sum_exscan)
#undef MISHMEM_CXX_REDUCE

/* OpenSHMEM 1.6 signal updates with a context first. */
inline void shmem_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{ shmem_ctx_signal_add(ctx, sig_addr, signal, pe); }
inline void shmem_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{ shmem_ctx_signal_set(ctx, sig_addr, signal, pe); }

#include <mishmem/openshmem_cxx_deprecated.h>

#endif /* __cplusplus */

#endif
