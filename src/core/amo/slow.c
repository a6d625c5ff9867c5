/* The out-of-line half of an atomic: what core/amo/amo.h leaves out. The
 * check (core/amo/check.h), then the AMO on a peer that is not mapped or
 * takes fabric atomics (through its transport), or on the program's global
 * data (the shmem_init world). */
#include <stdint.h>

#include "core/amo/amo.h"
#include "core/amo/check.h"
#include "core/remote.h"

int mishmem_amo_slow(struct mishmem_instance *inst, const char *call, enum mishmem_amo_op op, const void *target,
                     size_t size, const void *operand, const void *cond, void *fetched, int pe,
                     enum mishmem_on_error on_error)
{
    int rc = mishmem_amo_check(inst, call, target, size, op != MISHMEM_AMO_SET && fetched == NULL, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_stats_count(&inst->stats, MISHMEM_STATS_AMO, size); /* instance/stats.h */
    if (!inst->peers[pe].amo_segment) /* not mapped, or fabric atomics: through the transport */
        return mishmem_remote_amo(inst, pe, op, (void *)target, size, operand, cond,
                                  fetched ? fetched : &(uint64_t){0});
    mishmem_amo_on_word(op, mishmem_translate(inst, target, pe), size, operand, cond, fetched);
    if (op != MISHMEM_AMO_FETCH)
        mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}
