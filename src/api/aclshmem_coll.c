/* aclshmem face: barriers on teams. */
#include "api/face.h"
#include "core/team/team.h"
#include "mishmem/aclshmem_coll.h"

static int team_barrier(aclshmem_team_t team, const char *call)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);
    struct mishmem_team *t = mishmem_team_from_id(inst, team, call);
    if (!t)
        return ACLSHMEM_INVALID_PARAM;
    mishmem_team_barrier(t, call);
    return ACL_STATUS(inst, ACLSHMEM_SUCCESS);
}

int aclshmem_barrier(aclshmem_team_t team) { return team_barrier(team, "aclshmem_barrier"); }

int aclshmem_sync(aclshmem_team_t team) { return team_barrier(team, "aclshmem_sync"); }
