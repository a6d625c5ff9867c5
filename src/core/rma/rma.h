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

/* What the slow path answers for a valid access to a peer that is not
 * mapped: the caller goes through the peer's transport (core/remote.h). */
#define MISHMEM_VIA_TRANSPORT 1
/* What the slow paths of put and get answer once the transport has done
 * the access: nothing is left for the inline path. */
#define MISHMEM_DONE_VIA_TRANSPORT 2

/* The slow path of a remote access of len bytes at symmetric address
 * `remote` on `pe` with local buffer `local`: says exactly what is wrong
 * and returns its ACLSHMEM_* code; with SHMEM_DEBUG also checks that the
 * local and remote bytes do not overlap. Returns ACLSHMEM_SUCCESS when the
 * access is fine and pe is mapped, MISHMEM_VIA_TRANSPORT when it is fine
 * and pe is not. */
int mishmem_rma_check_slow(struct mishmem_instance *inst, const char *call, const void *remote,
                           const void *local, size_t len, int pe, enum mishmem_on_error on_error);

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

/* Cold: the checks, and for a peer that is not mapped the whole access
 * through its transport (then MISHMEM_DONE_VIA_TRANSPORT). ACLSHMEM_SUCCESS
 * means the inline path does the access (a mapped peer under SHMEM_DEBUG). */
__attribute__((cold)) int mishmem_put_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                           const void *source, size_t len, int pe, enum mishmem_on_error on_error,
                                           enum mishmem_completion completion);
__attribute__((cold)) int mishmem_get_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                           const void *source, size_t len, int pe, enum mishmem_on_error on_error,
                                           enum mishmem_completion completion);

/* Fast path: one predictable branch; `slow` (one of the calls above) only
 * on misuse, with SHMEM_DEBUG, or for a peer that is not mapped. */
#define MISHMEM_RMA_CHECK(inst, remote, local, len, pe, slow)                                   \
    do {                                                                                        \
        if (__builtin_expect(!mishmem_rma_valid(inst, remote, local, len, pe) ||                \
                                 mishmem_rma_debug_on(), 0)) {                                  \
            int rc_ = (slow);                                                                   \
            if (rc_ != ACLSHMEM_SUCCESS)                                                        \
                return rc_ == MISHMEM_DONE_VIA_TRANSPORT ? ACLSHMEM_SUCCESS : rc_;              \
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
    MISHMEM_RMA_CHECK(inst, dest, source, len, pe,
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
    MISHMEM_RMA_CHECK(inst, source, dest, len, pe,
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
