/* The slow path of signal argument checks. */
#include <stdio.h>

#include "core/signal/signal.h"
#include "util/log.h"

int mishmem_signal_check_slow(struct mishmem_instance *inst, const char *call, const uint64_t *sig_addr,
                              int sig_op, int pe, enum mishmem_on_error on_error)
{
    int rc = MISHMEM_VIA_TRANSPORT; /* valid: the signal's AMO goes through the transport */
    if (!mishmem_rma_valid(inst, sig_addr, sig_addr, sizeof *sig_addr, pe)) {
        rc = mishmem_rma_check_slow(inst, call, sig_addr, sig_addr, sizeof *sig_addr, pe, on_error);
        if (rc != MISHMEM_VIA_TRANSPORT)
            return rc;
    }
    char message[256];
    if (((uintptr_t)sig_addr & 7) == 0 && (sig_op == SHMEM_SIGNAL_SET || sig_op == SHMEM_SIGNAL_ADD))
        return rc; /* fine, on a peer that is not mapped */
    if (((uintptr_t)sig_addr & 7) != 0)
        snprintf(message, sizeof message, "%s: signal address %p on PE %d is not 8-byte aligned", call,
                 (const void *)sig_addr, pe);
    else
        snprintf(message, sizeof message, "%s: unknown signal operation %d (SHMEM_SIGNAL_SET or "
                 "SHMEM_SIGNAL_ADD)", call, sig_op);
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_signal_update_slow(struct mishmem_instance *inst, const char *call, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe, enum mishmem_on_error on_error)
{
    int rc = mishmem_signal_check_slow(inst, call, sig_addr, sig_op, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    return mishmem_remote_amo(inst, pe, sig_op == SHMEM_SIGNAL_SET ? MISHMEM_AMO_SET : MISHMEM_AMO_FETCH_ADD,
                              sig_addr, sizeof signal, &signal, NULL, NULL);
}

int mishmem_put_signal_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source,
                            size_t len, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                            enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    int rc = mishmem_signal_check_slow(inst, call, sig_addr, sig_op, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    if (len > 0) {
        /* SUCCESS: the data's peer is mapped, but its signal takes a
         * fabric atomic; mishmem_remote_put_signal does both. */
        rc = mishmem_rma_check_slow(inst, call, dest, source, len, pe, on_error);
        if (rc != MISHMEM_VIA_TRANSPORT && rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    return mishmem_remote_put_signal(inst, pe, dest, source, len, sig_addr, signal,
                                     sig_op == SHMEM_SIGNAL_SET ? MISHMEM_SIGNAL_SET_OP : MISHMEM_SIGNAL_ADD_OP,
                                     completion);
}
