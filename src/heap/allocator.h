/* The symmetric-heap allocator: hands out offsets into a range of
 * [0, capacity). Every PE runs the same sequence of collective calls and
 * must get the same offsets, so the result depends only on that sequence
 * (no addresses, clocks or randomness). The heap itself is shared with and
 * written by other processes, so all metadata lives in ordinary malloc'd
 * nodes outside the managed range.
 *
 * Cost: O(log n) per call in the number of blocks. The one exception is an
 * alignment above min_align: best fit then also steps over free blocks that
 * are big enough but cannot hold an aligned block (only those smaller than
 * size + alignment - min_align can fail), each step O(log n).
 *
 * No global state and no locking: each allocator is used by one thread at
 * a time. */
#ifndef MISHMEM_HEAP_ALLOCATOR_H
#define MISHMEM_HEAP_ALLOCATOR_H

#include <stdint.h>

struct mishmem_allocator;

/* Manages offsets [0, capacity). Every block starts at a multiple of
 * min_align (a power of two >= 16) and block sizes are rounded up to it;
 * a capacity that is not a multiple is rounded down (stats report the
 * managed capacity). Returns 0 or ENOMEM/EINVAL. */
int mishmem_allocator_create(uint64_t capacity, uint64_t min_align, struct mishmem_allocator **out);
void mishmem_allocator_destroy(struct mishmem_allocator *a);

/* Best fit (smallest free block that fits, ties -> lowest offset),
 * alignment a power of two (>= min_align after rounding up; larger
 * alignments honoured by splitting the front off as a free block;
 * 0 means min_align). size 0 -> EINVAL. Returns 0 and *offset, or
 * ENOMEM / EINVAL. */
int mishmem_allocator_alloc(struct mishmem_allocator *a, uint64_t size, uint64_t alignment, uint64_t *offset);

/* offset must be the start of a live block, else EINVAL (double free and
 * foreign offsets are detected, never corrupt state). Coalesces with free
 * neighbours. */
int mishmem_allocator_free(struct mishmem_allocator *a, uint64_t offset);

/* Usable size of the live block at offset, 0 if none (used by realloc). */
uint64_t mishmem_allocator_block_size(const struct mishmem_allocator *a, uint64_t offset);

/* Can the live block at offset grow in place to new_size (the next block
 * is free and large enough)? If so, do it and return 0; else return ENOMEM
 * and change nothing. Shrinking in place always succeeds. EINVAL if offset
 * is not a live block or new_size is 0. */
int mishmem_allocator_resize(struct mishmem_allocator *a, uint64_t offset, uint64_t new_size);

/* Statistics for tests and SHMEM_INFO. */
struct mishmem_allocator_stats {
    uint64_t capacity, bytes_in_use, bytes_free, largest_free;
    uint64_t live_blocks, free_blocks;
};
void mishmem_allocator_stats(const struct mishmem_allocator *a, struct mishmem_allocator_stats *stats);

#endif
