/* OpenSHMEM face: put-with-signal through a context (untyped, typed,
 * sized). The data lands before the signal is seen. */
#include "api/face.h"
#include "core/context.h"
#include "core/signal/signal.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

/* The context resolves first: it names the instance and, for a team
 * context, turns the team PE into the instance's numbering. */
#define CTX_PUT_SIGNAL(ctx, call, dest, source, bytes, sig_addr, signal, sig_op, pe)               \
    do {                                                                                           \
        struct mishmem_instance *inst_ = mishmem_ctx_target(ctx, &(pe), call);                     \
        mishmem_put_signal(inst_, call, dest, source, bytes, sig_addr, signal, sig_op, pe,         \
                           MISHMEM_ABORT);                                                         \
    } while (0)
/* Overflow-safe: a count too large for size_t fails the range check. */
#define ELEM_BYTES(nelems, size) mishmem_elems_bytes(nelems, size)

void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    CTX_PUT_SIGNAL(ctx, "shmem_ctx_putmem_signal", dest, source, nelems, sig_addr, signal, sig_op, pe);
}

void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    CTX_PUT_SIGNAL(ctx, "shmem_ctx_putmem_signal_nbi", dest, source, nelems, sig_addr, signal, sig_op, pe);
}

#define DEFINE_SHMEM_CTX_PUT_SIGNAL(T, N)                                                            \
    void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,        \
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)         \
    {                                                                                                \
        CTX_PUT_SIGNAL(ctx, "shmem_ctx_" #N "_put_signal", dest, source,                             \
                       ELEM_BYTES(nelems, sizeof(T)), sig_addr, signal, sig_op, pe);                 \
    }                                                                                                \
    void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,    \
                                        uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)     \
    {                                                                                                \
        CTX_PUT_SIGNAL(ctx, "shmem_ctx_" #N "_put_signal_nbi", dest, source,                         \
                       ELEM_BYTES(nelems, sizeof(T)), sig_addr, signal, sig_op, pe);                 \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_CTX_PUT_SIGNAL)

#define DEFINE_SHMEM_CTX_SIZED_SIGNAL(B)                                                             \
    void shmem_ctx_put##B##_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,   \
                                   uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)          \
    {                                                                                                \
        CTX_PUT_SIGNAL(ctx, "shmem_ctx_put" #B "_signal", dest, source, ELEM_BYTES(nelems, B / 8),   \
                       sig_addr, signal, sig_op, pe);                                                \
    }                                                                                                \
    void shmem_ctx_put##B##_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,              \
                                       size_t nelems, uint64_t *sig_addr, uint64_t signal,           \
                                       int sig_op, int pe)                                           \
    {                                                                                                \
        CTX_PUT_SIGNAL(ctx, "shmem_ctx_put" #B "_signal_nbi", dest, source,                          \
                       ELEM_BYTES(nelems, B / 8), sig_addr, signal, sig_op, pe);                     \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_CTX_SIZED_SIGNAL)
