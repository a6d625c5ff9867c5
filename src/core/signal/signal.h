/* Put-with-signal: the data is stored first, then the signal word is
 * updated with release ordering, so a PE that sees the signal sees the data. */
#ifndef MISHMEM_CORE_SIGNAL_SIGNAL_H
#define MISHMEM_CORE_SIGNAL_SIGNAL_H

#include <stdatomic.h>

#include "core/rma/rma.h"
#include "mishmem/openshmem.h"

/* The out-of-line halves (core/signal/slow.c): the checks
 * (core/signal/check.h), then the whole call through the peer's transport.
 * They return ACLSHMEM_* only. */
__attribute__((cold)) int mishmem_signal_update_slow(struct mishmem_instance *inst, const char *call,
                                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                                     enum mishmem_on_error on_error);

static inline int mishmem_signal_valid(const struct mishmem_instance *inst, const uint64_t *sig_addr,
                                       int sig_op, int pe)
{
    return mishmem_rma_valid(inst, sig_addr, sig_addr, sizeof *sig_addr, pe) &&
           inst->peers[pe].amo_segment != NULL && ((uintptr_t)sig_addr & 7) == 0 && (sig_op == SHMEM_SIGNAL_SET || sig_op == SHMEM_SIGNAL_ADD);
}

static inline int mishmem_signal_update(struct mishmem_instance *inst, const char *call, uint64_t *sig_addr,
                                        uint64_t signal, int sig_op, int pe, enum mishmem_on_error on_error)
{
    if (__builtin_expect(!mishmem_signal_valid(inst, sig_addr, sig_op, pe), 0))
        return mishmem_signal_update_slow(inst, call, sig_addr, signal, sig_op, pe, on_error);
    _Atomic uint64_t *remote = mishmem_translate(inst, sig_addr, pe);
    if (sig_op == SHMEM_SIGNAL_SET)
        atomic_store_explicit(remote, signal, memory_order_release);
    else
        atomic_fetch_add_explicit(remote, signal, memory_order_release);
    mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}

/* The transport delivers the data before the signal. */
__attribute__((cold)) int mishmem_put_signal_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                                  const void *source, size_t len, uint64_t *sig_addr,
                                                  uint64_t signal, int sig_op, int pe,
                                                  enum mishmem_on_error on_error,
                                                  enum mishmem_completion completion);

static inline __attribute__((always_inline)) int
mishmem_put_signal_with(struct mishmem_instance *inst, const char *call, void *dest,
                                          const void *source, size_t len, uint64_t *sig_addr, uint64_t signal,
                                          int sig_op, int pe, enum mishmem_on_error on_error,
                                          enum mishmem_completion completion)
{
    /* A bad signal fails the call before any data moves. */
    if (__builtin_expect(!mishmem_signal_valid(inst, sig_addr, sig_op, pe), 0))
        return mishmem_put_signal_slow(inst, call, dest, source, len, sig_addr, signal, sig_op, pe, on_error,
                                       completion);
    int rc = mishmem_put(inst, call, dest, source, len, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    return mishmem_signal_update(inst, call, sig_addr, signal, sig_op, pe, on_error);
}

static inline int mishmem_put_signal(struct mishmem_instance *inst, const char *call, void *dest,
                                     const void *source, size_t len, uint64_t *sig_addr, uint64_t signal,
                                     int sig_op, int pe, enum mishmem_on_error on_error)
{
    return mishmem_put_signal_with(inst, call, dest, source, len, sig_addr, signal, sig_op, pe, on_error,
                                   MISHMEM_BLOCKING);
}

static inline int mishmem_put_signal_nbi(struct mishmem_instance *inst, const char *call, void *dest,
                                         const void *source, size_t len, uint64_t *sig_addr, uint64_t signal,
                                         int sig_op, int pe, enum mishmem_on_error on_error)
{
    return mishmem_put_signal_with(inst, call, dest, source, len, sig_addr, signal, sig_op, pe, on_error,
                                   MISHMEM_NBI);
}

#endif
