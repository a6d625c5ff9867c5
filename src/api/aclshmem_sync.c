/* aclshmem face: ordering and barriers. */
#include "api/face.h"
#include "core/sync.h"

int aclshmem_quiet(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_quiet", ACLSHMEM_NOT_INITED);
    (void)inst;
    mishmem_quiet(inst);
    return ACLSHMEM_SUCCESS;
}

int aclshmem_fence(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_fence", ACLSHMEM_NOT_INITED);
    (void)inst;
    mishmem_fence(inst);
    return ACLSHMEM_SUCCESS;
}

int aclshmem_barrier_all(void)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_barrier_all", ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);
    mishmem_barrier_world(inst, "aclshmem_barrier_all");
    return ACL_STATUS(inst, ACLSHMEM_SUCCESS);
}

int aclshmem_sync_all(void)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_sync_all", ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);
    mishmem_barrier_world(inst, "aclshmem_sync_all");
    return ACL_STATUS(inst, ACLSHMEM_SUCCESS);
}
