/* OpenSHMEM face: the collectives (coll_forms.h), typed forms generated
 * from the type and reduction tables: team synchronization and data
 * movement, team reductions, the 1.6 scans, and the deprecated
 * active-set collectives (shmem_barrier, shmem_broadcast32,
 * shmem_<T>_<op>_to_all, ...), whose pSync and pWrk are accepted and never
 * touched (the library keeps its own sync state; a PE outside the active
 * set returns at once, SHMEM_DEBUG=1: an error). */
#include "api/coll_forms.h"
#include "mishmem/openshmem_coll.h"
#include "util/type_lists.h"

int shmem_team_sync(shmem_team_t team)
{
    struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_team_sync");
    mishmem_team_barrier(group.team, group.call);
    return 0;
}

/* Parenthesised: shmem_sync is also the macro that picks by argument count. */
int(shmem_sync)(shmem_team_t team)
{
    struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_sync");
    mishmem_team_barrier(group.team, group.call);
    return 0;
}

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root)
{
    COLL_TEAM_CALL("shmem_broadcastmem", team, mishmem_broadcast(g, dest, source, nelems, 1, PE_root, 1, MISHMEM_ABORT));
}

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    COLL_TEAM_CALL("shmem_collectmem", team, mishmem_collect(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    COLL_TEAM_CALL("shmem_fcollectmem", team, mishmem_fcollect(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    COLL_TEAM_CALL("shmem_alltoallmem", team, mishmem_alltoall(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                       size_t nelems)
{
    COLL_TEAM_CALL("shmem_alltoallsmem", team,
              mishmem_alltoalls(g, dest, source, dst, sst, nelems, 1, MISHMEM_ABORT));
}

#define DEFINE_SHMEM_COLL(T, N)                                                                      \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root) \
    {                                                                                                \
        COLL_TEAM_CALL("shmem_" #N "_broadcast", team,                                                    \
                  mishmem_broadcast(g, dest, source, nelems, sizeof(T), PE_root, 1, MISHMEM_ABORT)); \
    }                                                                                                \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems)              \
    {                                                                                                \
        COLL_TEAM_CALL("shmem_" #N "_collect", team,                                                      \
                  mishmem_collect(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));               \
    }                                                                                                \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                \
        COLL_TEAM_CALL("shmem_" #N "_fcollect", team,                                                     \
                  mishmem_fcollect(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));              \
    }                                                                                                \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                \
        COLL_TEAM_CALL("shmem_" #N "_alltoall", team,                                                     \
                  mishmem_alltoall(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));              \
    }                                                                                                \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,            \
                              ptrdiff_t sst, size_t nelems)                                          \
    {                                                                                                \
        COLL_TEAM_CALL("shmem_" #N "_alltoalls", team,                                                    \
                  mishmem_alltoalls(g, dest, source, dst, sst, nelems, sizeof(T), MISHMEM_ABORT));   \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_COLL)

/* Team reductions. */
#define DEFINE_SHMEM_REDUCE(T, N, OP)                                                                   \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce)         \
    {                                                                                                   \
        struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_" #N "_" #OP "_reduce"); \
        return mishmem_shmem_result(                                                                    \
            mishmem_reduce(&group, &MISHMEM_REDUCE_OP_NAME(N, OP), dest, source, nreduce, MISHMEM_ABORT)); \
    }
#define REDUCE_AND(T, N, W) DEFINE_SHMEM_REDUCE(T, N, and)
#define REDUCE_OR(T, N, W) DEFINE_SHMEM_REDUCE(T, N, or)
#define REDUCE_XOR(T, N, W) DEFINE_SHMEM_REDUCE(T, N, xor)
#define REDUCE_MAX(T, N, W) DEFINE_SHMEM_REDUCE(T, N, max)
#define REDUCE_MIN(T, N, W) DEFINE_SHMEM_REDUCE(T, N, min)
#define REDUCE_SUM(T, N, W) DEFINE_SHMEM_REDUCE(T, N, sum)
#define REDUCE_PROD(T, N, W) DEFINE_SHMEM_REDUCE(T, N, prod)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_AND)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_OR)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_XOR)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_MAX)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_MIN)
MISHMEM_REDUCE_ARITH_TYPES(REDUCE_SUM)
MISHMEM_REDUCE_ARITH_TYPES(REDUCE_PROD)

/* The 1.6 scans on a team, for the SUM types. */
#define DEFINE_SHMEM_SCAN(T, N, KIND, EXCLUSIVE)                                                        \
    int shmem_##N##_sum_##KIND(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                   \
        struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_" #N "_sum_" #KIND);   \
        return mishmem_shmem_result(mishmem_scan(&group, &MISHMEM_REDUCE_OP_NAME(N, sum), dest, source, \
                                                 nelems, EXCLUSIVE, MISHMEM_ABORT));                    \
    }
#define DEFINE_SCANS(T, N, W) DEFINE_SHMEM_SCAN(T, N, inscan, 0) DEFINE_SHMEM_SCAN(T, N, exscan, 1)
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_SCANS)

/* The deprecated active-set collectives. */
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

#define DEFINE_SHMEM_ACTIVE_SET(B)                                                                 \
    void shmem_broadcast##B(void *dest, const void *source, size_t nelems, int PE_root, int PE_start, \
                            int logPE_stride, int PE_size, long *pSync)                            \
    {                                                                                              \
        COLL_SET_CALL("shmem_broadcast" #B,                                                             \
                 mishmem_broadcast(g, dest, source, nelems, B / 8, PE_root, 0, MISHMEM_ABORT));    \
    }                                                                                              \
    void shmem_collect##B(void *dest, const void *source, size_t nelems, int PE_start,             \
                          int logPE_stride, int PE_size, long *pSync)                              \
    {                                                                                              \
        COLL_SET_CALL("shmem_collect" #B, mishmem_collect(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_fcollect##B(void *dest, const void *source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long *pSync)                             \
    {                                                                                              \
        COLL_SET_CALL("shmem_fcollect" #B, mishmem_fcollect(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_alltoall##B(void *dest, const void *source, size_t nelems, int PE_start,            \
                           int logPE_stride, int PE_size, long *pSync)                             \
    {                                                                                              \
        COLL_SET_CALL("shmem_alltoall" #B, mishmem_alltoall(g, dest, source, nelems, B / 8, MISHMEM_ABORT)); \
    }                                                                                              \
    void shmem_alltoalls##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int PE_start, int logPE_stride, int PE_size, long *pSync)              \
    {                                                                                              \
        COLL_SET_CALL("shmem_alltoalls" #B,                                                             \
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
        COLL_SET_CALL(call, mishmem_reduce(g, &MISHMEM_REDUCE_OP_NAME(N, OP), dest, source,             \
                                      (size_t)nreduce, MISHMEM_ABORT));                            \
    }
#define TO_ALL_AND(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, and)
#define TO_ALL_OR(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, or)
#define TO_ALL_XOR(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, xor)
#define TO_ALL_MAX(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, max)
#define TO_ALL_MIN(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, min)
#define TO_ALL_SUM(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, sum)
#define TO_ALL_PROD(T, N, W) DEFINE_SHMEM_TO_ALL(T, N, prod)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_AND)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_OR)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_XOR)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_MAX)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_MIN)
MISHMEM_TO_ALL_ARITH_TYPES(TO_ALL_SUM)
MISHMEM_TO_ALL_ARITH_TYPES(TO_ALL_PROD)
