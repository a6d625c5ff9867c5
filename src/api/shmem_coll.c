/* OpenSHMEM face: team synchronization and data movement, typed forms
 * generated from the type table. */
#include "api/shmem_coll_face.h"
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

#define TEAM_CALL(call, team, expr)                                                   \
    do {                                                                              \
        struct mishmem_coll_group group_ = mishmem_shmem_team_group(team, call);      \
        const struct mishmem_coll_group *g = &group_;                                 \
        return mishmem_shmem_result(expr);                                            \
    } while (0)

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root)
{
    TEAM_CALL("shmem_broadcastmem", team, mishmem_broadcast(g, dest, source, nelems, 1, PE_root, 1, MISHMEM_ABORT));
}

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    TEAM_CALL("shmem_collectmem", team, mishmem_collect(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    TEAM_CALL("shmem_fcollectmem", team, mishmem_fcollect(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    TEAM_CALL("shmem_alltoallmem", team, mishmem_alltoall(g, dest, source, nelems, 1, MISHMEM_ABORT));
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                       size_t nelems)
{
    TEAM_CALL("shmem_alltoallsmem", team,
              mishmem_alltoalls(g, dest, source, dst, sst, nelems, 1, MISHMEM_ABORT));
}

#define DEFINE_SHMEM_COLL(T, N)                                                                      \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root) \
    {                                                                                                \
        TEAM_CALL("shmem_" #N "_broadcast", team,                                                    \
                  mishmem_broadcast(g, dest, source, nelems, sizeof(T), PE_root, 1, MISHMEM_ABORT)); \
    }                                                                                                \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems)              \
    {                                                                                                \
        TEAM_CALL("shmem_" #N "_collect", team,                                                      \
                  mishmem_collect(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));               \
    }                                                                                                \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                \
        TEAM_CALL("shmem_" #N "_fcollect", team,                                                     \
                  mishmem_fcollect(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));              \
    }                                                                                                \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                \
        TEAM_CALL("shmem_" #N "_alltoall", team,                                                     \
                  mishmem_alltoall(g, dest, source, nelems, sizeof(T), MISHMEM_ABORT));              \
    }                                                                                                \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,            \
                              ptrdiff_t sst, size_t nelems)                                          \
    {                                                                                                \
        TEAM_CALL("shmem_" #N "_alltoalls", team,                                                    \
                  mishmem_alltoalls(g, dest, source, dst, sst, nelems, sizeof(T), MISHMEM_ABORT));   \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_COLL)
