/* Test aid for the symmetric-heap allocator, kept out of allocator.h so the
 * allocator's interface stays what its users need. */
#ifndef MISHMEM_HEAP_ALLOCATOR_CHECK_H
#define MISHMEM_HEAP_ALLOCATOR_CHECK_H

struct mishmem_allocator;

/* Walks all the metadata, O(n): blocks tile [0, capacity) in address
 * order, are aligned, no two free blocks are adjacent, each block is in
 * the right tree, both trees are valid AVL trees and the counters agree.
 * Returns 1 if all of that holds, else 0. */
int mishmem_allocator_is_consistent(const struct mishmem_allocator *a);

#endif
