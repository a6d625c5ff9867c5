/* What a program may read about the instances of its process: their ids,
 * their counters (instance/stats.h) and their heap's use. Each read takes
 * the registry lock, so an instance that another thread finalizes
 * meanwhile is read whole or not at all, never after it is freed. */
#ifndef MISHMEM_INSTANCE_INTROSPECT_H
#define MISHMEM_INSTANCE_INTROSPECT_H

#include <stddef.h>
#include <stdint.h>

#include "mishmem/aclshmem.h"

/* The ids of the published instances, ascending: returns how many there
 * are and writes them to ids only when capacity holds them all. */
size_t mishmem_live_instance_ids(uint64_t *ids, size_t capacity);

/* The counters of instance id in the public layout, every field filled.
 * ACLSHMEM_INVALID_PARAM when no live instance has the id,
 * ACLSHMEM_INVALID_VALUE when it is above ACLSHMEM_MAX_INSTANCE_ID. */
int mishmem_instance_stats_read(uint64_t id, aclshmemx_instance_stats_t *out);

/* Bytes of its heap allocated and not; the same codes. */
int mishmem_instance_heap_usage(uint64_t id, uint64_t *used, uint64_t *unused);

#endif
