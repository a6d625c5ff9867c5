/* Remote memory access on the instance's symmetric heap. Peers on this
 * host are mapped, so put and get are memcpy into or out of the mapping. */
#ifndef MISHMEM_CORE_RMA_RMA_H
#define MISHMEM_CORE_RMA_RMA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/debug.h"
#include "core/on_error.h"
#include "core/remote.h"
#include "progress/ring.h"
#include "instance/instance.h"

static inline __attribute__((always_inline)) int mishmem_rma_valid(const struct mishmem_instance *inst, const void *remote,
                                    const void *local, size_t len, int pe)
{
    return inst != NULL && (unsigned)pe < (unsigned)inst->n_pes && mishmem_in_heap(inst, remote, len) &&
           local != NULL && inst->peers[pe].segment != NULL;
}

/* The bytes of nelems elements of size bytes; SIZE_MAX (never a valid
 * length) when the product overflows, so the range check refuses it
 * instead of moving a wrapped-around count. */
static inline size_t mishmem_elems_bytes(size_t nelems, size_t size)
{
    return __builtin_expect(nelems <= SIZE_MAX / size, 1) ? nelems * size : SIZE_MAX;
}

/* What the out-of-line half of an access answers its inline path: a type
 * of its own, so that it is never returned or tested as an ACLSHMEM_*
 * code (the checks, core/rma/check.h, return those and nothing else).
 * Either the inline path still does the copy (a mapped peer that
 * SHMEM_DEBUG sent out of line, checked), or the call is over: done, or
 * failed with the ACLSHMEM_* code in `code` (reported already). */
struct mishmem_rma_rest {
    int code;
};
#define MISHMEM_RMA_REST_COPY 0 /* the inline path copies */
#define MISHMEM_RMA_REST_DONE 2 /* over, and ACLSHMEM_SUCCESS */

/* The rest once an access is over with rc (ACLSHMEM_*). */
static inline struct mishmem_rma_rest mishmem_rma_over(int rc)
{
    return (struct mishmem_rma_rest){rc == ACLSHMEM_SUCCESS ? MISHMEM_RMA_REST_DONE : rc};
}

/* The out-of-line halves (core/rma/slow.c): the checks, then the access
 * through the peer's transport when it is not mapped. */
__attribute__((cold)) struct mishmem_rma_rest mishmem_put_slow(struct mishmem_instance *inst, const char *call,
                                                               void *dest, const void *source, size_t len, int pe,
                                                               enum mishmem_on_error on_error,
                                                               enum mishmem_completion completion);
__attribute__((cold)) struct mishmem_rma_rest mishmem_get_slow(struct mishmem_instance *inst, const char *call,
                                                               void *dest, const void *source, size_t len, int pe,
                                                               enum mishmem_on_error on_error,
                                                               enum mishmem_completion completion);

/* Fast path: one predictable branch; `slow` (one of the calls above) only
 * on misuse, with SHMEM_DEBUG, or for a peer that is not mapped. */
#define MISHMEM_RMA_FAST_OR(inst, remote, local, len, pe, slow)                                 \
    do {                                                                                        \
        if (__builtin_expect(!mishmem_rma_valid(inst, remote, local, len, pe) ||                \
                                 mishmem_rma_debug_on(), 0)) {                                  \
            struct mishmem_rma_rest rest_ = (slow);                                             \
            if (rest_.code != MISHMEM_RMA_REST_COPY)                                            \
                return rest_.code == MISHMEM_RMA_REST_DONE ? ACLSHMEM_SUCCESS : rest_.code;     \
        }                                                                                       \
    } while (0)

/* completion: NBI returns before a remote peer has the data (quiet
 * completes it); for a mapped peer both are the same store. */
static inline __attribute__((always_inline)) int
mishmem_put_with(struct mishmem_instance *inst, const char *call, void *dest, const void *source, size_t len, int pe,
                 enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    MISHMEM_RMA_FAST_OR(inst, dest, source, len, pe,
                        mishmem_put_slow(inst, call, dest, source, len, pe, on_error, completion));
    memcpy(mishmem_translate(inst, dest, pe), source, len);
    mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}

static inline __attribute__((always_inline)) int
mishmem_get_with(struct mishmem_instance *inst, const char *call, void *dest, const void *source, size_t len, int pe,
                 enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    MISHMEM_RMA_FAST_OR(inst, source, dest, len, pe,
                        mishmem_get_slow(inst, call, dest, source, len, pe, on_error, completion));
    /* memcpy may be a tail call here: a fault on a bad local buffer then
     * names memcpy's caller's caller, not the get (instance/fault.c); the
     * barrier that kept the frame cost an 8-byte get 1.4 ns (12 %). */
    memcpy(dest, mishmem_translate(inst, source, pe), len);
    return ACLSHMEM_SUCCESS;
}

static inline __attribute__((always_inline)) int mishmem_put(struct mishmem_instance *inst, const char *call,
                                                             void *dest, const void *source, size_t len, int pe,
                                                             enum mishmem_on_error on_error)
{
    return mishmem_put_with(inst, call, dest, source, len, pe, on_error, MISHMEM_BLOCKING);
}

static inline __attribute__((always_inline)) int mishmem_get(struct mishmem_instance *inst, const char *call,
                                                             void *dest, const void *source, size_t len, int pe,
                                                             enum mishmem_on_error on_error)
{
    return mishmem_get_with(inst, call, dest, source, len, pe, on_error, MISHMEM_BLOCKING);
}

static inline __attribute__((always_inline)) int mishmem_put_nbi(struct mishmem_instance *inst, const char *call,
                                                                 void *dest, const void *source, size_t len, int pe,
                                                                 enum mishmem_on_error on_error)
{
    return mishmem_put_with(inst, call, dest, source, len, pe, on_error, MISHMEM_NBI);
}

static inline __attribute__((always_inline)) int mishmem_get_nbi(struct mishmem_instance *inst, const char *call,
                                                                 void *dest, const void *source, size_t len, int pe,
                                                                 enum mishmem_on_error on_error)
{
    return mishmem_get_with(inst, call, dest, source, len, pe, on_error, MISHMEM_NBI);
}

#endif
