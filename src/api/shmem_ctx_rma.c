/* OpenSHMEM face: put/get/p/g (and _nbi) through a context, generated from
 * the type table. Each acts on the context's instance. */
#include "api/face.h"
#include "core/context.h"
#include "core/rma/rma.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

/* The context resolves first: it names the instance and, for a team
 * context, turns the team PE into the instance's numbering. */
#define CTX_RMA(op, ctx, call, dest, source, bytes, pe)                                  \
    do {                                                                                 \
        struct mishmem_instance *inst_ = mishmem_ctx_target(ctx, &(pe), call);           \
        op(inst_, call, dest, source, bytes, pe, MISHMEM_ABORT);                         \
    } while (0)
#define CTX_PUT(ctx, call, dest, source, bytes, pe) CTX_RMA(mishmem_put, ctx, call, dest, source, bytes, pe)
#define CTX_GET(ctx, call, dest, source, bytes, pe) CTX_RMA(mishmem_get, ctx, call, dest, source, bytes, pe)
#define CTX_PUT_NBI(ctx, call, dest, source, bytes, pe) CTX_RMA(mishmem_put_nbi, ctx, call, dest, source, bytes, pe)
#define CTX_GET_NBI(ctx, call, dest, source, bytes, pe) CTX_RMA(mishmem_get_nbi, ctx, call, dest, source, bytes, pe)
/* Overflow-safe: a count too large for size_t fails the range check. */
#define ELEM_BYTES(nelems, size) mishmem_elems_bytes(nelems, size)

void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)
{
    CTX_PUT(ctx, "shmem_ctx_putmem", dest, source, nelems, pe);
}

void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)
{
    CTX_GET(ctx, "shmem_ctx_getmem", dest, source, nelems, pe);
}

void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)
{
    CTX_PUT_NBI(ctx, "shmem_ctx_putmem_nbi", dest, source, nelems, pe);
}

void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)
{
    CTX_GET_NBI(ctx, "shmem_ctx_getmem_nbi", dest, source, nelems, pe);
}

#define DEFINE_SHMEM_CTX_RMA(T, N)                                                                   \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)       \
    {                                                                                                \
        CTX_PUT(ctx, "shmem_ctx_" #N "_put", dest, source, ELEM_BYTES(nelems, sizeof(T)), pe);       \
    }                                                                                                \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)       \
    {                                                                                                \
        CTX_GET(ctx, "shmem_ctx_" #N "_get", dest, source, ELEM_BYTES(nelems, sizeof(T)), pe);       \
    }                                                                                                \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)   \
    {                                                                                                \
        CTX_PUT_NBI(ctx, "shmem_ctx_" #N "_put_nbi", dest, source, ELEM_BYTES(nelems, sizeof(T)), pe);   \
    }                                                                                                \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)   \
    {                                                                                                \
        CTX_GET_NBI(ctx, "shmem_ctx_" #N "_get_nbi", dest, source, ELEM_BYTES(nelems, sizeof(T)), pe);   \
    }                                                                                                \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe)                                \
    {                                                                                                \
        CTX_PUT(ctx, "shmem_ctx_" #N "_p", dest, &value, sizeof(T), pe);                             \
    }                                                                                                \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe)                                    \
    {                                                                                                \
        T value = 0;                                                                                 \
        CTX_GET(ctx, "shmem_ctx_" #N "_g", &value, source, sizeof(T), pe);                           \
        return value;                                                                                \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_CTX_RMA)

#define DEFINE_SHMEM_CTX_SIZED(B)                                                                    \
    void shmem_ctx_put##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)    \
    {                                                                                                \
        CTX_PUT(ctx, "shmem_ctx_put" #B, dest, source, ELEM_BYTES(nelems, B / 8), pe);               \
    }                                                                                                \
    void shmem_ctx_get##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe)    \
    {                                                                                                \
        CTX_GET(ctx, "shmem_ctx_get" #B, dest, source, ELEM_BYTES(nelems, B / 8), pe);               \
    }                                                                                                \
    void shmem_ctx_put##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,      \
                                int pe)                                                              \
    {                                                                                                \
        CTX_PUT_NBI(ctx, "shmem_ctx_put" #B "_nbi", dest, source, ELEM_BYTES(nelems, B / 8), pe);        \
    }                                                                                                \
    void shmem_ctx_get##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,      \
                                int pe)                                                              \
    {                                                                                                \
        CTX_GET_NBI(ctx, "shmem_ctx_get" #B "_nbi", dest, source, ELEM_BYTES(nelems, B / 8), pe);        \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_CTX_SIZED)
