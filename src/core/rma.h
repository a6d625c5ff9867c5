/* Remote memory access on the instance's symmetric heap. Peers on this
 * host are mapped, so put and get are memcpy into or out of the mapping. */
#ifndef MISHMEM_CORE_RMA_H
#define MISHMEM_CORE_RMA_H

#include <stddef.h>
#include <string.h>

#include "instance/instance.h"

/* How a face reports misuse: the aclshmem face logs and returns a code,
 * the OpenSHMEM face (whose calls return void) prints and aborts. */
enum mishmem_on_error { MISHMEM_RETURN_ERROR, MISHMEM_ABORT };

/* Validates a remote access of len bytes at symmetric address `remote` on
 * `pe` (and the local buffer `local` when len > 0). Returns ACLSHMEM_*. */
int mishmem_rma_check_slow(struct mishmem_instance *inst, const char *call, const void *remote,
                           const void *local, size_t len, int pe, enum mishmem_on_error on_error);

static inline int mishmem_rma_valid(const struct mishmem_instance *inst, const void *remote,
                                    const void *local, size_t len, int pe)
{
    return inst != NULL && (unsigned)pe < (unsigned)inst->n_pes && mishmem_in_heap(inst, remote, len) &&
           local != NULL && inst->peers[pe].segment != NULL;
}

static inline int mishmem_put(struct mishmem_instance *inst, const char *call, void *dest,
                              const void *source, size_t len, int pe, enum mishmem_on_error on_error)
{
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    if (__builtin_expect(!mishmem_rma_valid(inst, dest, source, len, pe), 0))
        return mishmem_rma_check_slow(inst, call, dest, source, len, pe, on_error);
    memcpy(mishmem_translate(inst, dest, pe), source, len);
    return ACLSHMEM_SUCCESS;
}

static inline int mishmem_get(struct mishmem_instance *inst, const char *call, void *dest,
                              const void *source, size_t len, int pe, enum mishmem_on_error on_error)
{
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    if (__builtin_expect(!mishmem_rma_valid(inst, source, dest, len, pe), 0))
        return mishmem_rma_check_slow(inst, call, source, dest, len, pe, on_error);
    memcpy(dest, mishmem_translate(inst, source, pe), len);
    return ACLSHMEM_SUCCESS;
}

#endif
