/* The core's path to peers it does not map: a symmetric address of this
 * PE (control area, heap, or the shmem_init world's global data) becomes a
 * region and offset, and the peer's transport moves the bytes. Mapped
 * peers never come here from the inline fast paths; the portable
 * collectives call these for every member, mapped or not, and a mapped
 * one is served in place. Out of line: a call is cheap next to a fabric
 * operation, and it keeps the inline paths small. */
#ifndef MISHMEM_CORE_REMOTE_H
#define MISHMEM_CORE_REMOTE_H

#include <stddef.h>
#include <stdint.h>

#include "instance/instance.h"

/* Where this PE's symmetric `addr` (len bytes) lives in every PE; 0 when
 * it is not symmetric. */
int mishmem_remote_addr_of(const struct mishmem_instance *inst, const void *addr, size_t len,
                           struct mishmem_remote_addr *out);

/* Each moves bytes between a local buffer and pe's copy of a symmetric
 * address. Returns ACLSHMEM_*; the arguments are checked already. */
int mishmem_remote_put(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                       enum mishmem_completion completion);
int mishmem_remote_get(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                       enum mishmem_completion completion);
/* Strided forms: nelems elements of elem bytes, strides in elements. */
int mishmem_remote_iput(struct mishmem_instance *inst, int pe, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems, size_t elem);
int mishmem_remote_iget(struct mishmem_instance *inst, int pe, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems, size_t elem);
/* op on the size-byte word `target` (4 or 8) of pe. */
int mishmem_remote_amo(struct mishmem_instance *inst, int pe, enum mishmem_amo_op op, void *target, size_t size,
                       const void *operand, const void *cond, void *fetched);
int mishmem_remote_put_signal(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                              uint64_t *sig_addr, uint64_t signal, enum mishmem_signal_op op,
                              enum mishmem_completion completion);
/* The 64-bit word `word` of pe: store (release) or add, then wake pe's
 * sync waiters; fetch. The portable collectives' signals. */
void mishmem_remote_word_set(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word, uint64_t value);
void mishmem_remote_word_add(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word, uint64_t value);
uint64_t mishmem_remote_word_fetch(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word);
/* Where pe's copy of addr is in this process (shmem_ptr), or NULL. */
void *mishmem_remote_direct_address(struct mishmem_instance *inst, int pe, const void *addr);

#endif
