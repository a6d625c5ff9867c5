/* The shapes of the collectives: the group of a team handle or of an
 * active set (misuse: message and exit), the standard's 0 / non-zero
 * results, and the two ways a collective call is made, on a team
 * (COLL_TEAM_CALL) and on a deprecated active set (COLL_SET_CALL).
 * shmem_coll.c instantiates them for the OpenSHMEM face; the aclshmem
 * face has only the team barriers (aclshmem_coll.c). */
#ifndef MISHMEM_API_COLL_FORMS_H
#define MISHMEM_API_COLL_FORMS_H

#include "api/face.h"
#include "core/coll/coll.h"
#include "core/coll/group.h"

static inline struct mishmem_coll_group mishmem_shmem_team_group(shmem_team_t handle, const char *call)
{
    struct mishmem_instance *inst = mishmem_shmem_instance(call);
    return mishmem_group_of_team(mishmem_team_resolve(inst, handle, call, MISHMEM_ABORT, NULL), call);
}

/* The group of an active set (misuse: message and exit). 0 when this PE
 * is not in the set: the call returns at once (core/coll/group.h). pSync
 * is not used: the library keeps its own state per pair of PEs. */
static inline int mishmem_shmem_active_set(int PE_start, int logPE_stride, int PE_size, const char *call,
                                           struct mishmem_coll_group *group)
{
    return mishmem_active_set_group(mishmem_shmem_instance(call), PE_start, logPE_stride, PE_size, call,
                                    MISHMEM_ABORT, group) == ACLSHMEM_SUCCESS;
}

static inline int mishmem_shmem_result(int rc) { return rc == ACLSHMEM_SUCCESS ? 0 : -1; }

/* A call named call on team: expr, which may use g, the team's group,
 * gives the core's code, returned as the standard's 0 / -1. */
#define COLL_TEAM_CALL(call, team, expr)                                              \
    do {                                                                              \
        struct mishmem_coll_group group_ = mishmem_shmem_team_group(team, call);      \
        const struct mishmem_coll_group *g = &group_;                                 \
        return mishmem_shmem_result(expr);                                            \
    } while (0)

/* A call named call on the active set (PE_start, logPE_stride, PE_size):
 * expr, which may use g, runs on the PEs of the set only. pSync is not
 * used. */
#define COLL_SET_CALL(call, expr)                                                               \
    do {                                                                                        \
        (void)pSync;                                                                            \
        struct mishmem_coll_group group_;                                                       \
        const struct mishmem_coll_group *g = &group_;                                           \
        if (mishmem_shmem_active_set(PE_start, logPE_stride, PE_size, call, &group_))           \
            (void)(expr);                                                                       \
    } while (0)

#endif
