/* Strided RMA (iput/iget): nelems elements of elem bytes, the target
 * stride and source stride counted in elements. The whole extent on the
 * remote PE (first to last element) is validated once, then elements are
 * copied one by one; contiguous transfers are one memcpy. */
#ifndef MISHMEM_CORE_RMA_STRIDED_H
#define MISHMEM_CORE_RMA_STRIDED_H

#include <stddef.h>
#include <stdint.h>

#include "core/rma/rma.h"

/* The bytes [lo, lo + len) covered by nelems elements (nelems > 0) of elem
 * bytes spaced stride elements apart from base. 0 when it overflows. */
static inline int mishmem_strided_extent(const void *base, ptrdiff_t stride, size_t nelems, size_t elem,
                                         uintptr_t *lo, size_t *len)
{
    ptrdiff_t step, last;
    if (nelems > (size_t)PTRDIFF_MAX || __builtin_mul_overflow(stride, (ptrdiff_t)elem, &step) ||
        __builtin_mul_overflow(step, (ptrdiff_t)(nelems - 1), &last))
        return 0;
    uintptr_t first = (uintptr_t)base, end;
    uintptr_t span = (uintptr_t)(last < 0 ? -(uintmax_t)last : (uintmax_t)last);
    if (last < 0) {
        if (span > first)
            return 0;
        first -= span;
    }
    if (__builtin_add_overflow(first, span, &end) || __builtin_add_overflow(end, elem, &end))
        return 0;
    *lo = first;
    *len = (size_t)(end - first);
    return 1;
}

static inline int mishmem_strided_valid(const struct mishmem_instance *inst, const void *remote,
                                        ptrdiff_t remote_stride, const void *local, ptrdiff_t local_stride,
                                        size_t nelems, size_t elem, int pe)
{
    uintptr_t remote_lo, local_lo;
    size_t remote_len, local_len;
    return mishmem_strided_extent(remote, remote_stride, nelems, elem, &remote_lo, &remote_len) &&
           mishmem_strided_extent(local, local_stride, nelems, elem, &local_lo, &local_len) &&
           mishmem_rma_valid(inst, (const void *)remote_lo, local, remote_len, pe);
}

/* The out-of-line halves (core/rma/slow.c): the checks, then the
 * transfer through the peer's transport when it is not mapped (see
 * struct mishmem_rma_rest, core/rma/rma.h). */
__attribute__((cold)) struct mishmem_rma_rest mishmem_iput_slow(struct mishmem_instance *inst, const char *call,
                                                                void *dest, const void *source, ptrdiff_t dst,
                                                                ptrdiff_t sst, size_t nelems, size_t elem, int pe,
                                                                enum mishmem_on_error on_error);
__attribute__((cold)) struct mishmem_rma_rest mishmem_iget_slow(struct mishmem_instance *inst, const char *call,
                                                                void *dest, const void *source, ptrdiff_t dst,
                                                                ptrdiff_t sst, size_t nelems, size_t elem, int pe,
                                                                enum mishmem_on_error on_error);

/* Fast path: the strided form of MISHMEM_RMA_FAST_OR (core/rma/rma.h). */
#define MISHMEM_STRIDED_FAST_OR(inst, remote, rstride, local, lstride, nelems, elem, pe, slow)          \
    do {                                                                                                 \
        if (__builtin_expect(!mishmem_strided_valid(inst, remote, rstride, local, lstride, nelems, elem, \
                                                    pe) || mishmem_rma_debug_on(), 0)) {                 \
            struct mishmem_rma_rest rest_ = (slow);                                                      \
            if (rest_.code != MISHMEM_RMA_REST_COPY)                                                     \
                return rest_.code == MISHMEM_RMA_REST_DONE ? ACLSHMEM_SUCCESS : rest_.code;              \
        }                                                                                                \
    } while (0)

/* Copies element i from from + i*from_stride to to + i*to_stride. */
static inline void mishmem_strided_copy(char *to, ptrdiff_t to_stride, const char *from,
                                        ptrdiff_t from_stride, size_t nelems, size_t elem)
{
    ptrdiff_t to_step = to_stride * (ptrdiff_t)elem, from_step = from_stride * (ptrdiff_t)elem;
    for (size_t i = 0; i < nelems; i++, to += to_step, from += from_step)
        memcpy(to, from, elem);
}

static inline int mishmem_iput(struct mishmem_instance *inst, const char *call, void *dest,
                               const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem,
                               int pe, enum mishmem_on_error on_error)
{
    if (nelems == 0)
        return ACLSHMEM_SUCCESS;
    MISHMEM_STRIDED_FAST_OR(inst, dest, dst, source, sst, nelems, elem, pe,
                            mishmem_iput_slow(inst, call, dest, source, dst, sst, nelems, elem, pe, on_error));
    char *target = mishmem_translate(inst, dest, pe);
    if (dst == 1 && sst == 1)
        memcpy(target, source, nelems * elem);
    else
        mishmem_strided_copy(target, dst, source, sst, nelems, elem);
    mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}

static inline int mishmem_iget(struct mishmem_instance *inst, const char *call, void *dest,
                               const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem,
                               int pe, enum mishmem_on_error on_error)
{
    if (nelems == 0)
        return ACLSHMEM_SUCCESS;
    MISHMEM_STRIDED_FAST_OR(inst, source, sst, dest, dst, nelems, elem, pe,
                            mishmem_iget_slow(inst, call, dest, source, dst, sst, nelems, elem, pe, on_error));
    const char *origin = mishmem_translate(inst, source, pe);
    if (dst == 1 && sst == 1)
        memcpy(dest, origin, nelems * elem);
    else
        mishmem_strided_copy(dest, dst, origin, sst, nelems, elem);
    return ACLSHMEM_SUCCESS;
}

#endif
