/* Argument checks of the point-to-point calls over arrays of ivars. Each
 * returns ACLSHMEM_SUCCESS, or reports the problem (abort on the OpenSHMEM
 * face, logged on the aclshmem face) and returns ACLSHMEM_INVALID_PARAM. */
#ifndef MISHMEM_CORE_P2P_CHECK_H
#define MISHMEM_CORE_P2P_CHECK_H

#include <stddef.h>

#include "core/p2p_wait.h"
#include "core/on_error.h"

int mishmem_p2p_check_slow(const char *call, const void *ivars, size_t nelems, int cmp,
                           enum mishmem_on_error on_error);
int mishmem_p2p_indices_missing(const char *call, size_t nelems, enum mishmem_on_error on_error);

/* ivars and cmp_values (the vector forms' array; the others pass their one
 * value's address) must be there when nelems > 0, and cmp must be known. */
static inline __attribute__((always_inline)) int
mishmem_p2p_check(const char *call, const void *ivars, size_t nelems, int cmp, const void *cmp_values,
                  enum mishmem_on_error on_error)
{
    if (__builtin_expect(mishmem_cmp_valid(cmp) && (nelems == 0 || (ivars && cmp_values)), 1))
        return ACLSHMEM_SUCCESS;
    return mishmem_p2p_check_slow(call, ivars, nelems, cmp, on_error);
}

/* The words [ivars, ivars + len) must be symmetric in inst (its heap, or
 * the world's global data): peers can write nothing else, so a wait on
 * any other address would never end, and one far off every mapping would
 * fault. One subtraction and two compares on the heap's fast path. */
int mishmem_p2p_not_symmetric(struct mishmem_instance *inst, const char *call, const void *ivars, size_t len,
                              enum mishmem_on_error on_error);
static inline __attribute__((always_inline)) int
mishmem_p2p_check_symmetric(struct mishmem_instance *inst, const char *call, const void *ivars, size_t len,
                            enum mishmem_on_error on_error)
{
    if (__builtin_expect(inst != NULL && mishmem_in_heap(inst, ivars, len), 1))
        return ACLSHMEM_SUCCESS;
    return mishmem_p2p_not_symmetric(inst, call, ivars, len, on_error);
}

/* The same check for calls that read once and return (tests,
 * shmem_signal_fetch: they cannot hang), made only under SHMEM_DEBUG=1
 * (callers test mishmem_rma_debug_on() first), on the current instance. */
int mishmem_p2p_debug_symmetric(const char *call, const void *ivars, size_t len, enum mishmem_on_error on_error);

/* The *_some forms write up to nelems indices. */
static inline int mishmem_p2p_check_indices(const char *call, const size_t *indices, size_t nelems,
                                            enum mishmem_on_error on_error)
{
    if (__builtin_expect(indices != NULL || nelems == 0, 1))
        return ACLSHMEM_SUCCESS;
    return mishmem_p2p_indices_missing(call, nelems, on_error);
}

#endif
