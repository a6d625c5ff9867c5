/* aclshmem face: ordering, barriers and point-to-point waits. */
#include "api/face.h"
#include "core/p2p_set.h"
#include "core/p2p_wait.h"
#include "mishmem/aclshmem_p2p.h"
#include "core/sync.h"
#include "util/type_lists.h"

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

#define DEFINE_ACL_WAIT(T, N)                                                            \
    int aclshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                         \
    {                                                                                    \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_" #N "_wait_until", ACLSHMEM_NOT_INITED,     \
                                    ACLSHMEMX_PEER_FAILED);                                    \
        if (!ivar || !mishmem_cmp_valid(cmp)) {                                          \
            MISHMEM_ERROR("aclshmem_" #N "_wait_until: %s", !ivar ? "ivar is NULL"       \
                                                                  : "unknown comparison"); \
            return ACLSHMEM_INVALID_PARAM;                                               \
        }                                                                                \
        int rc = mishmem_p2p_check_symmetric(inst, "aclshmem_" #N "_wait_until", ivar,   \
                                             sizeof *ivar, MISHMEM_RETURN_ERROR);        \
        if (rc != ACLSHMEM_SUCCESS)                                                      \
            return rc;                                                                   \
        MISHMEM_WAIT_VAR(inst, "aclshmem_" #N "_wait_until", ivar, cmp, cmp_value);      \
        return ACL_STATUS(inst, ACLSHMEM_SUCCESS);                                       \
    }
MISHMEM_P2P_SYNC_TYPES(DEFINE_ACL_WAIT)

/* The seed's types beyond table 7 (char, float, ...): one ivar through the
 * set helper (whose load takes any type). */
#define DEFINE_ACL_WAIT_EXTRA(T, N)                                                                \
    int aclshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                                   \
    {                                                                                              \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_" #N "_wait_until", ACLSHMEM_NOT_INITED,       \
                                    ACLSHMEMX_PEER_FAILED);                                      \
        if (!ivar) {                                                                               \
            MISHMEM_ERROR("aclshmem_" #N "_wait_until: ivar is NULL");                             \
            return ACLSHMEM_INVALID_PARAM;                                                         \
        }                                                                                          \
        int rc = mishmem_p2p_##N##_wait_all(inst, "aclshmem_" #N "_wait_until", ivar, 1, NULL, cmp,  \
                                            &cmp_value, 0, MISHMEM_RETURN_ERROR);                  \
        return ACL_STATUS(inst, rc);                                                               \
    }
MISHMEM_P2P_ACL_EXTRA_TYPES(DEFINE_ACL_WAIT_EXTRA)

/* Deprecated: until *ivar != cmp_value. */
#define DEFINE_ACL_WAIT_NE(T, N)                                                \
    int aclshmem_##N##_wait(T *ivar, T cmp_value)                               \
    {                                                                           \
        if (!ivar) {                                                            \
            MISHMEM_ERROR("aclshmem_" #N "_wait: ivar is NULL");                \
            return ACLSHMEM_INVALID_PARAM;                                      \
        }                                                                       \
        return aclshmem_##N##_wait_until(ivar, ACLSHMEM_CMP_NE, cmp_value);     \
    }
MISHMEM_ACL_WAIT_TYPES(DEFINE_ACL_WAIT_NE)
