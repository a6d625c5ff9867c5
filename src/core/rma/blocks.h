/* Interleaved block transfers (OpenSHMEM 1.6 shmem_ibput / shmem_ibget):
 * nblocks blocks of bsize contiguous elements of elem bytes; block b
 * starts dst * b elements into dest and sst * b elements into source. */
#ifndef MISHMEM_CORE_RMA_BLOCKS_H
#define MISHMEM_CORE_RMA_BLOCKS_H

#include <stddef.h>

#include "core/on_error.h"
#include "instance/instance.h"

/* Strides below 1 are refused (the standard requires >= 1), as is an
 * extent that overflows; every block is checked like a put or get of its
 * own. Returns ACLSHMEM_*; with MISHMEM_ABORT misuse prints and exits. */
int mishmem_ibput(struct mishmem_instance *inst, const char *call, void *dest, const void *source, ptrdiff_t dst,
                  ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem, int pe, enum mishmem_on_error on_error);
int mishmem_ibget(struct mishmem_instance *inst, const char *call, void *dest, const void *source, ptrdiff_t dst,
                  ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem, int pe, enum mishmem_on_error on_error);

#endif
