/* OpenSHMEM face: strided iput/iget through a context, generated from the
 * type table. */
#include "api/face.h"
#include "core/context.h"
#include "core/rma/strided.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

/* The context resolves first: it names the instance and, for a team
 * context, turns the team PE into the instance's numbering. */
#define CTX_STRIDED(op, ctx, call, dest, source, dst, sst, nelems, elem, pe)                  \
    do {                                                                                      \
        struct mishmem_instance *inst_ = mishmem_ctx_target(ctx, &(pe), call);                \
        op(inst_, call, dest, source, dst, sst, nelems, elem, pe, MISHMEM_ABORT);             \
    } while (0)

#define DEFINE_SHMEM_CTX_STRIDED(T, N)                                                                 \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                              size_t nelems, int pe)                                                   \
    {                                                                                                  \
        CTX_STRIDED(mishmem_iput, ctx, "shmem_ctx_" #N "_iput", dest, source, dst, sst, nelems,        \
                    sizeof(T), pe);                                                                    \
    }                                                                                                  \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                              size_t nelems, int pe)                                                   \
    {                                                                                                  \
        CTX_STRIDED(mishmem_iget, ctx, "shmem_ctx_" #N "_iget", dest, source, dst, sst, nelems,        \
                    sizeof(T), pe);                                                                    \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_CTX_STRIDED)

#define DEFINE_SHMEM_CTX_SIZED_STRIDED(B)                                                               \
    void shmem_ctx_iput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,              \
                           ptrdiff_t sst, size_t nelems, int pe)                                        \
    {                                                                                                   \
        CTX_STRIDED(mishmem_iput, ctx, "shmem_ctx_iput" #B, dest, source, dst, sst, nelems, B / 8, pe); \
    }                                                                                                   \
    void shmem_ctx_iget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,              \
                           ptrdiff_t sst, size_t nelems, int pe)                                        \
    {                                                                                                   \
        CTX_STRIDED(mishmem_iget, ctx, "shmem_ctx_iget" #B, dest, source, dst, sst, nelems, B / 8, pe); \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_CTX_SIZED_STRIDED)
