/* OpenSHMEM face: the 1.6 interleaved block transfers shmem_ibput /
 * shmem_ibget, typed, sized and through a context, generated from the
 * type table. */
#include "api/face.h"
#include "core/context.h"
#include "core/rma/blocks.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

#define BLOCKS(op, call, dest, source, dst, sst, bsize, nblocks, elem, pe) \
    op(mishmem_shmem_instance(call), call, dest, source, dst, sst, bsize, nblocks, elem, pe, MISHMEM_ABORT)

/* The context resolves first: it names the instance and, for a team
 * context, turns the team PE into the instance's numbering. */
#define CTX_BLOCKS(op, ctx, call, dest, source, dst, sst, bsize, nblocks, elem, pe)            \
    do {                                                                                       \
        struct mishmem_instance *inst_ = mishmem_ctx_target(ctx, &(pe), call);                 \
        op(inst_, call, dest, source, dst, sst, bsize, nblocks, elem, pe, MISHMEM_ABORT);      \
    } while (0)

#define DEFINE_SHMEM_BLOCKS(T, N)                                                                           \
    void shmem_##N##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,            \
                           size_t nblocks, int pe)                                                          \
    {                                                                                                       \
        BLOCKS(mishmem_ibput, "shmem_" #N "_ibput", dest, source, dst, sst, bsize, nblocks, sizeof(T), pe); \
    }                                                                                                       \
    void shmem_##N##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,            \
                           size_t nblocks, int pe)                                                          \
    {                                                                                                       \
        BLOCKS(mishmem_ibget, "shmem_" #N "_ibget", dest, source, dst, sst, bsize, nblocks, sizeof(T), pe); \
    }                                                                                                       \
    void shmem_ctx_##N##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,     \
                               size_t bsize, size_t nblocks, int pe)                                        \
    {                                                                                                       \
        CTX_BLOCKS(mishmem_ibput, ctx, "shmem_ctx_" #N "_ibput", dest, source, dst, sst, bsize, nblocks,    \
                   sizeof(T), pe);                                                                          \
    }                                                                                                       \
    void shmem_ctx_##N##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,     \
                               size_t bsize, size_t nblocks, int pe)                                        \
    {                                                                                                       \
        CTX_BLOCKS(mishmem_ibget, ctx, "shmem_ctx_" #N "_ibget", dest, source, dst, sst, bsize, nblocks,    \
                   sizeof(T), pe);                                                                          \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_BLOCKS)

#define DEFINE_SHMEM_SIZED_BLOCKS(B)                                                                       \
    void shmem_ibput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,        \
                        size_t nblocks, int pe)                                                            \
    {                                                                                                      \
        BLOCKS(mishmem_ibput, "shmem_ibput" #B, dest, source, dst, sst, bsize, nblocks, B / 8, pe);        \
    }                                                                                                      \
    void shmem_ibget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,        \
                        size_t nblocks, int pe)                                                            \
    {                                                                                                      \
        BLOCKS(mishmem_ibget, "shmem_ibget" #B, dest, source, dst, sst, bsize, nblocks, B / 8, pe);        \
    }                                                                                                      \
    void shmem_ctx_ibput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                            size_t bsize, size_t nblocks, int pe)                                          \
    {                                                                                                      \
        CTX_BLOCKS(mishmem_ibput, ctx, "shmem_ctx_ibput" #B, dest, source, dst, sst, bsize, nblocks,       \
                   B / 8, pe);                                                                             \
    }                                                                                                      \
    void shmem_ctx_ibget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                            size_t bsize, size_t nblocks, int pe)                                          \
    {                                                                                                      \
        CTX_BLOCKS(mishmem_ibget, ctx, "shmem_ctx_ibget" #B, dest, source, dst, sst, bsize, nblocks,       \
                   B / 8, pe);                                                                             \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_SIZED_BLOCKS)
