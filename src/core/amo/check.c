/* The AMOs that leave the heap's fast path: on global data, or misused. */
#include <stdio.h>

#include "core/amo/amo.h"
#include "util/log.h"

static int amo_check_slow(struct mishmem_instance *inst, const char *call, const void *target, size_t size,
                          int fetch_missing, int pe, enum mishmem_on_error on_error)
{
    /* No instance and bad PEs read as for RMA. */
    if (!inst || (unsigned)pe >= (unsigned)inst->n_pes)
        return mishmem_rma_check_slow(inst, call, target, target, size, pe, on_error);
    char message[384];
    if (!target)
        snprintf(message, sizeof message, "%s: target address is NULL (PE %d)", call, pe);
    else if (((uintptr_t)target & (size - 1)) != 0)
        snprintf(message, sizeof message, "%s: address %p on PE %d is not aligned to %zu bytes", call, target,
                 pe, size);
    else if (fetch_missing && mishmem_in_heap(inst, target, size))
        snprintf(message, sizeof message, "%s: fetch pointer is NULL (address %p on PE %d)", call, target, pe);
    else
        return mishmem_rma_check_slow(inst, call, target, target, size, pe, on_error);
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_amo_slow(struct mishmem_instance *inst, const char *call, enum mishmem_amo_op op, const void *target,
                     size_t size, const void *operand, const void *cond, void *fetched, int pe,
                     enum mishmem_on_error on_error)
{
    int fetch_missing = op != MISHMEM_AMO_SET && fetched == NULL;
    int valid = inst != NULL && (unsigned)pe < (unsigned)inst->n_pes && ((uintptr_t)target & (size - 1)) == 0 &&
                mishmem_in_heap(inst, target, size);
    if (!valid || fetch_missing)
        return amo_check_slow(inst, call, target, size, fetch_missing, pe, on_error);
    if (!inst->peers[pe].amo_segment) /* not mapped, or fabric atomics: through the transport */
        return mishmem_remote_amo(inst, pe, op, (void *)target, size, operand, cond,
                                  fetched ? fetched : &(uint64_t){0});
    mishmem_amo_on_word(op, mishmem_translate(inst, target, pe), size, operand, cond, fetched);
    if (op != MISHMEM_AMO_FETCH)
        mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}
