/* The check of a signal's arguments: say exactly what is wrong, or nothing. */
#include "core/signal/check.h"

#include <stdio.h>

#include "core/rma/check.h"
#include "core/rma/rma.h"
#include "mishmem/openshmem.h"
#include "util/log.h"

int mishmem_signal_check(struct mishmem_instance *inst, const char *call, const uint64_t *sig_addr, int sig_op,
                         int pe, enum mishmem_on_error on_error)
{
    if (!mishmem_rma_valid(inst, sig_addr, sig_addr, sizeof *sig_addr, pe)) {
        int rc = mishmem_rma_check(inst, call, sig_addr, sig_addr, sizeof *sig_addr, pe, on_error);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    char message[256];
    if (((uintptr_t)sig_addr & 7) == 0 && (sig_op == SHMEM_SIGNAL_SET || sig_op == SHMEM_SIGNAL_ADD))
        return ACLSHMEM_SUCCESS;
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
