/* The checks of remote accesses: each says exactly what is wrong and
 * returns its ACLSHMEM_* code, ACLSHMEM_SUCCESS when the access may go on
 * (to a mapped peer or through a transport: where it goes is not theirs
 * to say). Used by every operation on symmetric addresses. */
#ifndef MISHMEM_CORE_RMA_CHECK_H
#define MISHMEM_CORE_RMA_CHECK_H

#include <stddef.h>

#include "core/on_error.h"
#include "instance/instance.h"

/* An access of len bytes at symmetric address `remote` on `pe` with local
 * buffer `local`; with SHMEM_DEBUG also that the local and remote bytes
 * do not overlap (for a mapped peer). */
int mishmem_rma_check(struct mishmem_instance *inst, const char *call, const void *remote, const void *local,
                      size_t len, int pe, enum mishmem_on_error on_error);

/* A strided access (core/rma/strided.h): the whole extent on each side. */
int mishmem_strided_check(struct mishmem_instance *inst, const char *call, const void *remote,
                          ptrdiff_t remote_stride, const void *local, ptrdiff_t local_stride, size_t nelems,
                          size_t elem, int pe, enum mishmem_on_error on_error);

#endif
