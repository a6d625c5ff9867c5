/* aclshmem face: introspection of a multi-instance program (mishmem's
 * own): the live instances, each one's counters, its heap's use. Checks
 * the arguments; the instance layer reads (instance/introspect.h). */
#include <string.h>

#include "api/face.h"
#include "instance/introspect.h"

/* Version 1's size: what every caller passes at least. */
#define STATS_V1_SIZE sizeof(aclshmemx_instance_stats_t)

static int no_instance(const char *call, uint64_t instance_id, int rc)
{
    MISHMEM_ERROR("%s(%llu): no live instance has this id", call, (unsigned long long)instance_id);
    return rc;
}

int aclshmemx_instance_list(uint64_t *ids, size_t capacity, size_t *count)
{
    if (!count || (!ids && capacity > 0)) {
        MISHMEM_ERROR("aclshmemx_instance_list(%p, %zu, %p): %s", (void *)ids, capacity, (void *)count,
                      count ? "ids is NULL" : "count is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    *count = mishmem_live_instance_ids(ids, capacity);
    /* ids NULL (capacity 0) asks only how many. */
    return !ids || *count <= capacity ? ACLSHMEM_SUCCESS : ACLSHMEM_INVALID_VALUE;
}

int aclshmemx_instance_stats(uint64_t instance_id, aclshmemx_instance_stats_t *stats)
{
    if (!stats || stats->size < STATS_V1_SIZE) {
        MISHMEM_ERROR("aclshmemx_instance_stats(%llu): %s", (unsigned long long)instance_id,
                      stats ? "stats->size is smaller than sizeof(aclshmemx_instance_stats_t) version 1"
                            : "stats is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    aclshmemx_instance_stats_t mine;
    int rc = mishmem_instance_stats_read(instance_id, &mine);
    if (rc != ACLSHMEM_SUCCESS)
        return no_instance("aclshmemx_instance_stats", instance_id, rc);
    /* A caller built against a later version gets our fields, zeros after. */
    uint32_t size = stats->size;
    memset(stats, 0, size);
    memcpy(stats, &mine, sizeof mine);
    stats->size = size;
    return ACLSHMEM_SUCCESS;
}

static int heap_usage(const char *call, uint64_t instance_id, size_t *bytes, int want_used)
{
    if (!bytes) {
        MISHMEM_ERROR("%s(%llu): bytes is NULL", call, (unsigned long long)instance_id);
        return ACLSHMEM_INVALID_PARAM;
    }
    uint64_t used, unused;
    int rc = mishmem_instance_heap_usage(instance_id, &used, &unused);
    if (rc != ACLSHMEM_SUCCESS)
        return no_instance(call, instance_id, rc);
    *bytes = (size_t)(want_used ? used : unused);
    return rc;
}

int aclshmemx_heap_used(uint64_t instance_id, size_t *bytes)
{
    return heap_usage("aclshmemx_heap_used", instance_id, bytes, 1);
}

int aclshmemx_heap_free(uint64_t instance_id, size_t *bytes)
{
    return heap_usage("aclshmemx_heap_free", instance_id, bytes, 0);
}
