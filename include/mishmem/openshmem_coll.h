/* OpenSHMEM 1.6 collectives on teams (1.6 adds the scans), and the deprecated active-set forms
 * still used by programs and benchmarks. Typed families expand from the
 * type tables. Team forms return 0 on success. Include <shmem.h>, not this
 * file. */
#ifndef MISHMEM_OPENSHMEM_COLL_H
#define MISHMEM_OPENSHMEM_COLL_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

/* pSync and pWrk sizes for the active-set forms. The library keeps its own
 * sync state per active set and never writes pSync or pWrk; the sizes are
 * there so that programs written for other libraries build unchanged. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 32
#define SHMEM_BARRIER_SYNC_SIZE 32
#define SHMEM_BCAST_SYNC_SIZE 32
#define SHMEM_REDUCE_SYNC_SIZE 32
#define SHMEM_COLLECT_SYNC_SIZE 32
#define SHMEM_ALLTOALL_SYNC_SIZE 32
#define SHMEM_ALLTOALLS_SYNC_SIZE 32
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_ALLTOALLS_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Synchronization on a team (shmem_barrier_all and shmem_sync_all are in
 * openshmem.h). */
int shmem_team_sync(shmem_team_t team);
int shmem_sync(shmem_team_t team);

/* Data movement on a team. nelems counts elements (bytes for the mem forms). */
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems);

#define MISHMEM_DECLARE_SHMEM_COLL(T, N)                                                          \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems,         \
                              int PE_root);                                                       \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems);          \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems);         \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems);         \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,         \
                              ptrdiff_t sst, size_t nelems);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_SHMEM_COLL)
#undef MISHMEM_DECLARE_SHMEM_COLL

/* Reductions on a team: dest and source are the same array or disjoint. */
#define MISHMEM_DECLARE_SHMEM_REDUCE(T, N, OP) \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
#define MISHMEM_DECLARE_SHMEM_AND_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, and)
#define MISHMEM_DECLARE_SHMEM_OR_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, or)
#define MISHMEM_DECLARE_SHMEM_XOR_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, xor)
#define MISHMEM_DECLARE_SHMEM_MAX_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, max)
#define MISHMEM_DECLARE_SHMEM_MIN_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, min)
#define MISHMEM_DECLARE_SHMEM_SUM_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, sum)
#define MISHMEM_DECLARE_SHMEM_PROD_REDUCE(T, N, W) MISHMEM_DECLARE_SHMEM_REDUCE(T, N, prod)
MISHMEM_REDUCE_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_AND_REDUCE)
MISHMEM_REDUCE_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_OR_REDUCE)
MISHMEM_REDUCE_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_XOR_REDUCE)
MISHMEM_REDUCE_MINMAX_TYPES(MISHMEM_DECLARE_SHMEM_MAX_REDUCE)
MISHMEM_REDUCE_MINMAX_TYPES(MISHMEM_DECLARE_SHMEM_MIN_REDUCE)
MISHMEM_REDUCE_ARITH_TYPES(MISHMEM_DECLARE_SHMEM_SUM_REDUCE)
MISHMEM_REDUCE_ARITH_TYPES(MISHMEM_DECLARE_SHMEM_PROD_REDUCE)

/* Prefix sums on a team (OpenSHMEM 1.6): PE i of the team gets the sum of
 * the sources of PEs 0..i (inscan) or 0..i-1 (exscan; zeros on PE 0).
 * dest and source are the same array or disjoint. */
#define MISHMEM_DECLARE_SHMEM_SCAN(T, N, W)                                                     \
    int shmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source, size_t nelems);    \
    int shmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source, size_t nelems);
MISHMEM_REDUCE_ARITH_TYPES(MISHMEM_DECLARE_SHMEM_SCAN)
#undef MISHMEM_DECLARE_SHMEM_SCAN

/* Deprecated active-set forms: the set is PE_start + i * 2^logPE_stride,
 * i < PE_size, in world PE numbers of the current instance. */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync_deprecated(int PE_start, int logPE_stride, int PE_size, long *pSync);

#define MISHMEM_DECLARE_SHMEM_ACTIVE_SET(B)                                                       \
    void shmem_broadcast##B(void *dest, const void *source, size_t nelems, int PE_root,           \
                            int PE_start, int logPE_stride, int PE_size, long *pSync);            \
    void shmem_collect##B(void *dest, const void *source, size_t nelems, int PE_start,            \
                          int logPE_stride, int PE_size, long *pSync);                            \
    void shmem_fcollect##B(void *dest, const void *source, size_t nelems, int PE_start,           \
                           int logPE_stride, int PE_size, long *pSync);                           \
    void shmem_alltoall##B(void *dest, const void *source, size_t nelems, int PE_start,           \
                           int logPE_stride, int PE_size, long *pSync);                           \
    void shmem_alltoalls##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,         \
                            size_t nelems, int PE_start, int logPE_stride, int PE_size,           \
                            long *pSync);
MISHMEM_DECLARE_SHMEM_ACTIVE_SET(32)
MISHMEM_DECLARE_SHMEM_ACTIVE_SET(64)
#undef MISHMEM_DECLARE_SHMEM_ACTIVE_SET

#define MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, OP)                                                    \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce, int PE_start,           \
                                   int logPE_stride, int PE_size, T *pWrk, long *pSync);
#define MISHMEM_DECLARE_SHMEM_AND_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, and)
#define MISHMEM_DECLARE_SHMEM_OR_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, or)
#define MISHMEM_DECLARE_SHMEM_XOR_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, xor)
#define MISHMEM_DECLARE_SHMEM_MAX_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, max)
#define MISHMEM_DECLARE_SHMEM_MIN_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, min)
#define MISHMEM_DECLARE_SHMEM_SUM_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, sum)
#define MISHMEM_DECLARE_SHMEM_PROD_TO_ALL(T, N, W) MISHMEM_DECLARE_SHMEM_TO_ALL(T, N, prod)
MISHMEM_TO_ALL_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_AND_TO_ALL)
MISHMEM_TO_ALL_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_OR_TO_ALL)
MISHMEM_TO_ALL_BITWISE_TYPES(MISHMEM_DECLARE_SHMEM_XOR_TO_ALL)
MISHMEM_TO_ALL_MINMAX_TYPES(MISHMEM_DECLARE_SHMEM_MAX_TO_ALL)
MISHMEM_TO_ALL_MINMAX_TYPES(MISHMEM_DECLARE_SHMEM_MIN_TO_ALL)
MISHMEM_TO_ALL_ARITH_TYPES(MISHMEM_DECLARE_SHMEM_SUM_TO_ALL)
MISHMEM_TO_ALL_ARITH_TYPES(MISHMEM_DECLARE_SHMEM_PROD_TO_ALL)

#ifdef __cplusplus
}
#endif

/* shmem_sync(team) is the 1.5 team form and shmem_sync(PE_start,
 * logPE_stride, PE_size, pSync) the deprecated active-set form: the number
 * of arguments picks. (shmem_sync)(team) calls the function directly. */
#define MISHMEM_SYNC_PICK_(a1, a2, a3, a4, name, ...) name
#define shmem_sync(...)                                                                           \
    MISHMEM_SYNC_PICK_(__VA_ARGS__, shmem_sync_deprecated, mishmem_sync_takes_1_or_4_arguments,   \
                       mishmem_sync_takes_1_or_4_arguments, shmem_team_sync, )(__VA_ARGS__)

#include <mishmem/openshmem_generic_coll.h>

#endif
