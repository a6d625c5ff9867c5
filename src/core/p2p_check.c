/* The slow path of point-to-point argument checks: say what is wrong. */
#include <stdio.h>

#include "core/p2p_check.h"
#include "core/rma/check.h"
#include "core/rma/rma.h"
#include "util/log.h"

static int report(enum mishmem_on_error on_error, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_p2p_check_slow(const char *call, const void *ivars, size_t nelems, int cmp,
                           enum mishmem_on_error on_error)
{
    char message[256];
    if (!mishmem_cmp_valid(cmp))
        snprintf(message, sizeof message,
                 "%s: unknown comparison %d (expected SHMEM_CMP_EQ, NE, GT, LE, LT or GE)", call, cmp);
    else if (!ivars)
        snprintf(message, sizeof message, "%s: ivars is NULL with nelems %zu", call, nelems);
    else /* the only other way to get here */
        snprintf(message, sizeof message, "%s: cmp_values is NULL with nelems %zu", call, nelems);
    return report(on_error, message);
}

int mishmem_p2p_indices_missing(const char *call, size_t nelems, enum mishmem_on_error on_error)
{
    char message[256];
    snprintf(message, sizeof message, "%s: indices is NULL with nelems %zu", call, nelems);
    return report(on_error, message);
}

int mishmem_p2p_not_symmetric(struct mishmem_instance *inst, const char *call, const void *ivars, size_t len,
                              enum mishmem_on_error on_error)
{
    /* The RMA check says it as for a put: no instance, or the address and
     * which heap it is not in (this PE's, since the words are local). */
    return mishmem_rma_check(inst, call, ivars, ivars, len, inst ? inst->my_pe : 0, on_error);
}

int mishmem_p2p_debug_symmetric(const char *call, const void *ivars, size_t len, enum mishmem_on_error on_error)
{
    if (!mishmem_rma_debug_read()) /* the flag was not read yet: SHMEM_DEBUG is off */
        return ACLSHMEM_SUCCESS;
    return mishmem_p2p_check_symmetric(mishmem_current(), call, ivars, len, on_error);
}
