/* The check of an atomic's arguments: say exactly what is wrong, or nothing. */
#include "core/amo/check.h"

#include <stdint.h>
#include <stdio.h>

#include "core/rma/check.h"
#include "util/log.h"

int mishmem_amo_check(struct mishmem_instance *inst, const char *call, const void *target, size_t size,
                      int fetch_missing, int pe, enum mishmem_on_error on_error)
{
    /* No instance, bad PEs and addresses outside the symmetric memory read
     * as for RMA. */
    if (!inst || (unsigned)pe >= (unsigned)inst->n_pes ||
        (target && ((uintptr_t)target & (size - 1)) == 0 && !mishmem_in_heap(inst, target, size)))
        return mishmem_rma_check(inst, call, target, target, size, pe, on_error);
    char message[384];
    if (!target)
        snprintf(message, sizeof message, "%s: target address is NULL (PE %d)", call, pe);
    else if (((uintptr_t)target & (size - 1)) != 0)
        snprintf(message, sizeof message, "%s: address %p on PE %d is not aligned to %zu bytes", call, target,
                 pe, size);
    else if (fetch_missing)
        snprintf(message, sizeof message, "%s: fetch pointer is NULL (address %p on PE %d)", call, target, pe);
    else
        return ACLSHMEM_SUCCESS;
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}
