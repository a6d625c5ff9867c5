/* The out-of-line halves of put-with-signal and of a signal update: what
 * core/signal/signal.h leaves out. The checks (core/signal/check.h,
 * core/rma/check.h), then the whole call through the peer's transport:
 * its peer is not mapped, or its signal word takes fabric atomics. */
#include "core/remote.h"
#include "core/rma/check.h"
#include "core/signal/check.h"
#include "core/signal/signal.h"

int mishmem_signal_update_slow(struct mishmem_instance *inst, const char *call, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe, enum mishmem_on_error on_error)
{
    int rc = mishmem_signal_check(inst, call, sig_addr, sig_op, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_stats_count(&inst->stats, MISHMEM_STATS_SIGNAL, sizeof signal); /* instance/stats.h */
    return mishmem_remote_amo(inst, pe, sig_op == SHMEM_SIGNAL_SET ? MISHMEM_AMO_SET : MISHMEM_AMO_FETCH_ADD,
                              sig_addr, sizeof signal, &signal, NULL, NULL);
}

int mishmem_put_signal_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source,
                            size_t len, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                            enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    int rc = mishmem_signal_check(inst, call, sig_addr, sig_op, pe, on_error);
    if (rc == ACLSHMEM_SUCCESS && len > 0)
        rc = mishmem_rma_check(inst, call, dest, source, len, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_stats_count(&inst->stats, MISHMEM_STATS_SIGNAL, len + sizeof signal);
    /* The data's peer may be mapped while its signal takes a fabric
     * atomic: mishmem_remote_put_signal orders the two either way. */
    return mishmem_remote_put_signal(inst, pe, dest, source, len, sig_addr, signal,
                                     sig_op == SHMEM_SIGNAL_SET ? MISHMEM_SIGNAL_SET_OP : MISHMEM_SIGNAL_ADD_OP,
                                     completion);
}
