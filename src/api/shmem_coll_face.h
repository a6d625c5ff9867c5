/* What the OpenSHMEM collective faces share: the group of a team handle
 * (misuse: message and exit) and the standard's 0 / non-zero results. */
#ifndef MISHMEM_API_SHMEM_COLL_FACE_H
#define MISHMEM_API_SHMEM_COLL_FACE_H

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

#endif
