/* Interleaved block transfers: one checked put or get per block, so every
 * block takes the path its peer needs (a memcpy into the mapping, or the
 * peer's transport), and a bad block is named before anything of it moves. */
#include "core/rma/blocks.h"

#include <stdio.h>

#include "core/rma/rma.h"

/* The byte steps between blocks on each side and the bytes of a block;
 * 0 (and *rc, after the report) when the arguments are refused. */
static int block_steps(const char *call, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem,
                       size_t *dest_step, size_t *source_step, size_t *block_bytes, enum mishmem_on_error on_error,
                       int *rc)
{
    char message[256];
    size_t span;
    if (dst < 1 || sst < 1) {
        snprintf(message, sizeof message, "%s: strides must be >= 1 (dst %td, sst %td)", call, dst, sst);
        *rc = mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
        return 0;
    }
    if (__builtin_mul_overflow((size_t)dst, elem, dest_step) ||
        __builtin_mul_overflow((size_t)sst, elem, source_step) || __builtin_mul_overflow(bsize, elem, block_bytes) ||
        __builtin_mul_overflow(nblocks - 1, *dest_step > *source_step ? *dest_step : *source_step, &span) ||
        __builtin_add_overflow(span, *block_bytes, &span)) {
        snprintf(message, sizeof message, "%s: %zu blocks of %zu elements with strides %td / %td overflow", call,
                 nblocks, bsize, dst, sst);
        *rc = mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
        return 0;
    }
    return 1;
}

/* nblocks blocks of bsize elements, each one put or get. */
static int move_blocks(int put, struct mishmem_instance *inst, const char *call, void *dest, const void *source,
                       ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem, int pe,
                       enum mishmem_on_error on_error)
{
    size_t dest_step, source_step, block_bytes;
    int rc = ACLSHMEM_SUCCESS;
    if (bsize == 0 || nblocks == 0)
        return ACLSHMEM_SUCCESS;
    if (!block_steps(call, dst, sst, bsize, nblocks, elem, &dest_step, &source_step, &block_bytes, on_error, &rc))
        return rc;
    for (size_t b = 0; b < nblocks && rc == ACLSHMEM_SUCCESS; b++) {
        char *to = (char *)dest + b * dest_step;
        const char *from = (const char *)source + b * source_step;
        rc = put ? mishmem_put(inst, call, to, from, block_bytes, pe, on_error)
                 : mishmem_get(inst, call, to, from, block_bytes, pe, on_error);
    }
    return rc;
}

int mishmem_ibput(struct mishmem_instance *inst, const char *call, void *dest, const void *source, ptrdiff_t dst,
                  ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem, int pe, enum mishmem_on_error on_error)
{
    return move_blocks(1, inst, call, dest, source, dst, sst, bsize, nblocks, elem, pe, on_error);
}

int mishmem_ibget(struct mishmem_instance *inst, const char *call, void *dest, const void *source, ptrdiff_t dst,
                  ptrdiff_t sst, size_t bsize, size_t nblocks, size_t elem, int pe, enum mishmem_on_error on_error)
{
    return move_blocks(0, inst, call, dest, source, dst, sst, bsize, nblocks, elem, pe, on_error);
}
