/* OpenSHMEM face: the deprecated active-set collectives (shmem_barrier,
 * shmem_broadcast32, shmem_<T>_<op>_to_all, ...). pSync and pWrk are
 * accepted and never touched: the library keeps its own sync state. A PE
 * outside the active set returns at once (SHMEM_DEBUG=1: an error). */
#include "api/shmem_coll_face.h"
#include "mishmem/openshmem_coll.h"
#include "util/type_lists.h"

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    (void)pSync;
    struct mishmem_coll_group group;
    if (mishmem_shmem_active_set(PE_start, logPE_stride, PE_size, "shmem_barrier", &group))
        mishmem_active_set_barrier(&group);
}

void shmem_sync_deprecated(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    (void)pSync;
    struct mishmem_coll_group group;
    if (mishmem_shmem_active_set(PE_start, logPE_stride, PE_size, "shmem_sync", &group))
        mishmem_active_set_barrier(&group);
}

#define SET_CALL(call, expr)                                                                    \
    do {                                                                                        \
        (void)pSync;                                                                            \
        struct mishmem_coll_group group_;                                                       \
        const struct mishmem_coll_group *g = &group_;                                           \
        if (mishmem_shmem_active_set(PE_start, logPE_stride, PE_size, call, &group_))           \
            (void)(expr);                                                                       \
    } while (0)

#define DEFINE_SHMEM_ACTIVE_SET(B)                                                                 \
    void shmem_broadcast##B(void *dest, const void *source, size_t nelems, int PE_root, int PE_start, \
                            int logPE_stride, int PE_size, long *pSync)                            \
    {                                                                                              \
        SET_CALL("shmem_broadcast" #B,                                                             \
                 mishmem_broadcast(g, dest, source, nelems, B / 8, PE_root, 0, MISHMEM_ABORT));    \
    }                                                                                              \
    void shmem_collect##B(void *dest, const void *source, size_t nelems, int PE_start,             \
                          int logPE_stride, int PE_size, long *pSync)                              \
    {                                                                                              \
        SET_CALL("shmem_collect" #B, mishmem_collect(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_fcollect##B(void *dest, const void *source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long *pSync)                             \
    {                                                                                              \
        SET_CALL("shmem_fcollect" #B, mishmem_fcollect(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_alltoall##B(void *dest, const void *source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long *pSync)                             \
    {                                                                                              \
        SET_CALL("shmem_alltoall" #B, mishmem_alltoall(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_alltoalls##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int PE_start, int logPE_stride, int PE_size, long *pSync)              \
    {                                                                                              \
        SET_CALL("shmem_alltoalls" #B,                                                             \
                 mishmem_alltoalls(g, dest, source, dst, sst, nelems, B / 8, MISHMEM_ABORT));      \
    }
DEFINE_SHMEM_ACTIVE_SET(32)
DEFINE_SHMEM_ACTIVE_SET(64)

#define DEFINE_SHMEM_TO_ALL(T, N, OP)                                                              \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce, int PE_start,            \
                                   int logPE_stride, int PE_size, T *pWrk, long *pSync)            \
    {                                                                                              \
        const char *call = "shmem_" #N "_" #OP "_to_all";                                          \
        (void)pWrk;                                                                                \
        if (nreduce < 0)                                                                           \
            mishmem_fatal("%s: nreduce %d is negative", call, nreduce);                            \
        SET_CALL(call, mishmem_reduce(g, &MISHMEM_REDUCE_OP_NAME(N, OP), dest, source,             \
                                      (size_t)nreduce, MISHMEM_ABORT));                            \
    }
#define DEFINE_AND(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, and)
#define DEFINE_OR(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, or)
#define DEFINE_XOR(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, xor)
#define DEFINE_MAX(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, max)
#define DEFINE_MIN(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, min)
#define DEFINE_SUM(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, sum)
#define DEFINE_PROD(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, prod)
MISHMEM_TO_ALL_BITWISE_TYPES(DEFINE_AND)
MISHMEM_TO_ALL_BITWISE_TYPES(DEFINE_OR)
MISHMEM_TO_ALL_BITWISE_TYPES(DEFINE_XOR)
MISHMEM_TO_ALL_MINMAX_TYPES(DEFINE_MAX)
MISHMEM_TO_ALL_MINMAX_TYPES(DEFINE_MIN)
MISHMEM_TO_ALL_ARITH_TYPES(DEFINE_SUM)
MISHMEM_TO_ALL_ARITH_TYPES(DEFINE_PROD)
