/* Atomic memory operations on a word of a peer's symmetric heap. A mapped
 * peer's word takes one lock-free __atomic instruction in place
 * (mapped/amo_word.h); every other case, an unmapped peer included, is
 * one call to the cold path, which goes through the peer's transport. */
#ifndef MISHMEM_CORE_AMO_AMO_H
#define MISHMEM_CORE_AMO_AMO_H

#include <stdint.h>
#include <string.h>

#include "core/rma/rma.h"
#include "mapped/amo_word.h"

/* The word `target` of `pe` when the AMO can run on the heap's fast path,
 * NULL otherwise (no instance, bad PE, misaligned, not in the heap). */
static inline __attribute__((always_inline)) void *mishmem_amo_heap_word(const struct mishmem_instance *inst,
                                                                         const void *target, size_t size, int pe)
{
    if (inst == NULL || (unsigned)pe >= (unsigned)inst->n_pes || ((uintptr_t)target & (size - 1)) != 0)
        return NULL;
    uint64_t offset = (uint64_t)((const char *)target - inst->heap_base);
    char *segment = inst->peers[pe].amo_segment;
    if (offset >= inst->heap_size || size > inst->heap_size - offset || segment == NULL)
        return NULL;
    return segment + MISHMEM_CONTROL_SIZE + offset;
}

/* Everything but the heap's fast path, out of line (core/amo/slow.c): the
 * check (core/amo/check.h: target NULL, misaligned, not symmetric, bad
 * PE, fetch NULL, no instance), then the whole AMO, through the peer's
 * transport or on the program's global data. Returns ACLSHMEM_*. */
__attribute__((cold)) int mishmem_amo_slow(struct mishmem_instance *inst, const char *call, enum mishmem_amo_op op,
                                           const void *target, size_t size, const void *operand, const void *cond,
                                           void *fetched, int pe, enum mishmem_on_error on_error);

/* One AMO: op on the size-byte symmetric word `target` of `pe`, the old
 * value into *fetched (every op but SET needs fetched). Returns ACLSHMEM_*;
 * on error *fetched is left as it was. Always inlined: with op and size
 * constant in every caller, the checks and one locked instruction remain,
 * and every other path is one call to a cold function (a call and a
 * switch, or registers saved for rare paths, would cost half again the
 * atomic itself). */
static inline __attribute__((always_inline)) int mishmem_amo(struct mishmem_instance *inst, const char *call,
                                                             enum mishmem_amo_op op, const void *target, size_t size,
                                                             const void *operand, const void *cond, void *fetched,
                                                             int pe, enum mishmem_on_error on_error)
{
    void *word = mishmem_amo_heap_word(inst, target, size, pe);
    if (__builtin_expect(word == NULL || (op != MISHMEM_AMO_SET && fetched == NULL), 0))
        return mishmem_amo_slow(inst, call, op, target, size, operand, cond, fetched, pe, on_error);
    mishmem_amo_on_word(op, word, size, operand, cond, fetched);
    if (op != MISHMEM_AMO_FETCH)
        mishmem_doorbell_ring_data(inst, pe);
    return ACLSHMEM_SUCCESS;
}

#endif
