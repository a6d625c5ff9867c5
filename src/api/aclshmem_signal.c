/* aclshmem face: reading and waiting for a signal. */
#include "api/face.h"
#include "core/p2p_check.h"
#include "core/signal/signal.h"

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
