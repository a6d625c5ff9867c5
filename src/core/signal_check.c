/* The slow path of signal argument checks. */
#include <stdio.h>

#include "core/signal.h"
#include "util/log.h"

int mishmem_signal_check_slow(struct mishmem_instance *inst, const char *call, const uint64_t *sig_addr,
                              int sig_op, int pe, enum mishmem_on_error on_error)
{
    if (!mishmem_rma_valid(inst, sig_addr, sig_addr, sizeof *sig_addr, pe))
        return mishmem_rma_check_slow(inst, call, sig_addr, sig_addr, sizeof *sig_addr, pe, on_error);
    char message[256];
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
