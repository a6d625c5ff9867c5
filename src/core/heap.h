/* Collective symmetric-heap allocation. Every PE runs the same sequence of
 * calls, so the deterministic allocator gives the same offsets everywhere. */
#ifndef MISHMEM_CORE_HEAP_H
#define MISHMEM_CORE_HEAP_H

#include <stddef.h>

#include "instance/instance.h"

/* NULL for size 0 or when the heap has no room (logged, naming `call`,
 * the size asked for and the heap's). */
void *mishmem_heap_alloc(struct mishmem_instance *inst, const char *call, size_t size, size_t alignment);
void *mishmem_heap_calloc(struct mishmem_instance *inst, const char *call, size_t count, size_t size);
void *mishmem_heap_realloc(struct mishmem_instance *inst, const char *call, void *ptr, size_t size);
/* Returns ACLSHMEM_INVALID_PARAM (logged) when ptr is not a live block. */
int mishmem_heap_free(struct mishmem_instance *inst, const char *call, void *ptr);

#endif
