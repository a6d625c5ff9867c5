/* aclshmem face: ordering, barriers and the waits on one word:
 * aclshmem_<T>_wait_until (p2p_forms.h; the seed's types beyond table 7
 * through the set helper), the deprecated wait, and the signal wait. Kept
 * apart from the waits over arrays of ivars (aclshmem_p2p.c), as on the
 * OpenSHMEM face (shmem_sync.c). */
#include "api/p2p_forms.h"
#include "core/sync.h"
#include "mishmem/aclshmem_p2p.h"
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

#define DEFINE_WAIT_UNTIL(T, N) P2P_WAIT_UNTIL(ACL, aclshmem_, T, N)
MISHMEM_P2P_SYNC_TYPES(DEFINE_WAIT_UNTIL)

/* The seed's types beyond table 7 (char, float, ...): one ivar through the
 * set helper (whose load takes any type). */
#define DEFINE_WAIT_EXTRA(T, N)                                                                    \
    int aclshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                                   \
    {                                                                                              \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_" #N "_wait_until", ACLSHMEM_NOT_INITED,       \
                                    ACLSHMEMX_PEER_FAILED);                                        \
        if (!ivar) {                                                                               \
            MISHMEM_ERROR("aclshmem_" #N "_wait_until: ivar is NULL");                             \
            return ACLSHMEM_INVALID_PARAM;                                                         \
        }                                                                                          \
        int rc = mishmem_p2p_##N##_wait_all(inst, "aclshmem_" #N "_wait_until", ivar, 1, NULL, cmp, \
                                            &cmp_value, 0, MISHMEM_RETURN_ERROR);                  \
        return ACL_STATUS(inst, rc);                                                               \
    }
MISHMEM_P2P_ACL_EXTRA_TYPES(DEFINE_WAIT_EXTRA)

/* Deprecated: until *ivar != cmp_value. */
#define DEFINE_WAIT_NE(T, N)                                                \
    int aclshmem_##N##_wait(T *ivar, T cmp_value)                           \
    {                                                                       \
        if (!ivar) {                                                        \
            MISHMEM_ERROR("aclshmem_" #N "_wait: ivar is NULL");            \
            return ACLSHMEM_INVALID_PARAM;                                  \
        }                                                                   \
        return aclshmem_##N##_wait_until(ivar, ACLSHMEM_CMP_NE, cmp_value); \
    }
MISHMEM_ACL_WAIT_TYPES(DEFINE_WAIT_NE)

uint64_t aclshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_signal_wait_until", 0);
    if (!sig_addr || !mishmem_cmp_valid(cmp)) {
        MISHMEM_ERROR("aclshmem_signal_wait_until: %s", !sig_addr ? "sig_addr is NULL" : "unknown comparison");
        return 0;
    }
    if (mishmem_p2p_check_symmetric(inst, "aclshmem_signal_wait_until", sig_addr, sizeof *sig_addr,
                                    MISHMEM_RETURN_ERROR) != ACLSHMEM_SUCCESS)
        return 0;
    MISHMEM_WAIT_VAR(inst, "aclshmem_signal_wait_until", sig_addr, cmp, cmp_value);
    return __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE);
}
