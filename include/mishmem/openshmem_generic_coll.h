/* C11 generic team collectives (OpenSHMEM 1.6): shmem_broadcast(team,
 * dest, source, nelems, PE_root), shmem_collect, shmem_fcollect,
 * shmem_alltoall, shmem_alltoalls(team, dest, source, dst, sst, nelems),
 * shmem_<op>_reduce(team, dest, source, nreduce) and the scans
 * shmem_sum_inscan / _exscan(team, dest, source, nelems). The typed function is
 * picked from dest's type (the second argument), among the types that the
 * operation supports. Included by openshmem_coll.h. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_COLL_H
#define MISHMEM_OPENSHMEM_GENERIC_COLL_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

/* The second argument of a call (dummies keep "..." non-empty). */
#define MISHMEM_GC_SECOND(...) MISHMEM_GC_SECOND_(__VA_ARGS__, ~, ~)
#define MISHMEM_GC_SECOND_(first, second, ...) second

/* Association ", T *: shmem_<N>_<OP>"; OP is a whole identifier
 * (and_reduce, not and), which <iso646.h> leaves alone. */
#define MISHMEM_GC_ENTRY(T, N, OP) , T *: shmem_##N##_##OP
#define MISHMEM_GC_SELECT(TYPES, OP, ...) \
    _Generic(MISHMEM_GC_SECOND(__VA_ARGS__) TYPES(MISHMEM_GC_ENTRY, OP))(__VA_ARGS__)

#define MISHMEM_GC_ARITH_TYPES(X, OP) \
    MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(X, OP) MISHMEM_REDUCE_GENERIC_COMPLEX_TYPES(X, OP)

/* Data movement: the standard RMA types. */
#define shmem_broadcast(...) MISHMEM_GC_SELECT(MISHMEM_RMA_GENERIC_TYPES, broadcast, __VA_ARGS__)
#define shmem_collect(...) MISHMEM_GC_SELECT(MISHMEM_RMA_GENERIC_TYPES, collect, __VA_ARGS__)
#define shmem_fcollect(...) MISHMEM_GC_SELECT(MISHMEM_RMA_GENERIC_TYPES, fcollect, __VA_ARGS__)
#define shmem_alltoall(...) MISHMEM_GC_SELECT(MISHMEM_RMA_GENERIC_TYPES, alltoall, __VA_ARGS__)
#define shmem_alltoalls(...) MISHMEM_GC_SELECT(MISHMEM_RMA_GENERIC_TYPES, alltoalls, __VA_ARGS__)

/* Reductions (OpenSHMEM 1.5 table 10). */
#define shmem_and_reduce(...) MISHMEM_GC_SELECT(MISHMEM_REDUCE_GENERIC_BITWISE_TYPES, and_reduce, __VA_ARGS__)
#define shmem_or_reduce(...) MISHMEM_GC_SELECT(MISHMEM_REDUCE_GENERIC_BITWISE_TYPES, or_reduce, __VA_ARGS__)
#define shmem_xor_reduce(...) MISHMEM_GC_SELECT(MISHMEM_REDUCE_GENERIC_BITWISE_TYPES, xor_reduce, __VA_ARGS__)
#define shmem_max_reduce(...) MISHMEM_GC_SELECT(MISHMEM_REDUCE_GENERIC_MINMAX_TYPES, max_reduce, __VA_ARGS__)
#define shmem_min_reduce(...) MISHMEM_GC_SELECT(MISHMEM_REDUCE_GENERIC_MINMAX_TYPES, min_reduce, __VA_ARGS__)
#define shmem_sum_reduce(...) MISHMEM_GC_SELECT(MISHMEM_GC_ARITH_TYPES, sum_reduce, __VA_ARGS__)
#define shmem_prod_reduce(...) MISHMEM_GC_SELECT(MISHMEM_GC_ARITH_TYPES, prod_reduce, __VA_ARGS__)

/* Scans (OpenSHMEM 1.6): the SUM types. */
#define shmem_sum_inscan(...) MISHMEM_GC_SELECT(MISHMEM_GC_ARITH_TYPES, sum_inscan, __VA_ARGS__)
#define shmem_sum_exscan(...) MISHMEM_GC_SELECT(MISHMEM_GC_ARITH_TYPES, sum_exscan, __VA_ARGS__)

#endif /* C11 */

#endif
