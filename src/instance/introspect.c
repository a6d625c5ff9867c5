/* Reading the live instances, their counters and their heap's use
 * (instance/introspect.h). */
#include "instance/introspect.h"

#include <pthread.h>
#include <string.h>

#include "heap/allocator.h"
#include "instance/registry.h"
#include "transport/table.h"

size_t mishmem_live_instance_ids(uint64_t *ids, size_t capacity)
{
    uint64_t found[ACLSHMEM_MAX_INSTANCES];
    size_t count = 0;
    mishmem_registry_lock();
    for (uint64_t id = 0; id <= ACLSHMEM_MAX_INSTANCE_ID; id++)
        if (mishmem_instance_lookup(id))
            found[count++] = id;
    mishmem_registry_unlock();
    if (ids && count <= capacity)
        memcpy(ids, found, count * sizeof *found);
    return count;
}

/* The live instance, with the registry lock held; NULL and *rc when none. */
static struct mishmem_instance *locked_lookup(uint64_t id, int *rc)
{
    if (id > ACLSHMEM_MAX_INSTANCE_ID) {
        *rc = ACLSHMEM_INVALID_VALUE;
        return NULL;
    }
    mishmem_registry_lock();
    struct mishmem_instance *inst = mishmem_instance_lookup(id);
    if (!inst) {
        mishmem_registry_unlock();
        *rc = ACLSHMEM_INVALID_PARAM;
    }
    return inst;
}

static uint64_t load(_Atomic uint64_t *counter) { return atomic_load_explicit(counter, memory_order_relaxed); }

/* The public slot of the transport at index t of the table, or -1. */
static int public_transport(int t)
{
    const char *name = mishmem_transport_table[t]->name;
    if (strcmp(name, "shm") == 0)
        return ACLSHMEMX_STATS_VIA_SHM;
    if (strcmp(name, "ofi") == 0)
        return ACLSHMEMX_STATS_VIA_OFI;
    return -1;
}

int mishmem_instance_stats_read(uint64_t id, aclshmemx_instance_stats_t *out)
{
    int rc;
    struct mishmem_instance *inst = locked_lookup(id, &rc);
    if (!inst)
        return rc;
    struct mishmem_stats *stats = &inst->stats;
    memset(out, 0, sizeof *out);
    out->size = sizeof *out;
    out->version = ACLSHMEMX_INSTANCE_STATS_VERSION;
    for (int k = 0; k < MISHMEM_STATS_KINDS; k++) {
        out->ops[k] = load(&stats->kind[k].ops);
        out->bytes[k] = load(&stats->kind[k].bytes);
    }
    for (int t = 0; t < mishmem_transport_count; t++) {
        int slot = public_transport(t);
        if (slot < 0)
            continue;
        out->transport_ops[slot] += load(&stats->transport[t].ops);
        out->transport_bytes[slot] += load(&stats->transport[t].bytes);
    }
    out->waits = load(&stats->waits);
    out->sleeps = load(&stats->sleeps);
    out->asleep_ns = load(&stats->asleep_ns);
    mishmem_registry_unlock();
    return ACLSHMEM_SUCCESS;
}

int mishmem_instance_heap_usage(uint64_t id, uint64_t *used, uint64_t *unused)
{
    int rc;
    struct mishmem_instance *inst = locked_lookup(id, &rc);
    if (!inst)
        return rc;
    struct mishmem_allocator_stats heap;
    pthread_mutex_lock(&inst->heap_lock);
    mishmem_allocator_stats(inst->allocator, &heap);
    pthread_mutex_unlock(&inst->heap_lock);
    mishmem_registry_unlock();
    *used = heap.bytes_in_use;
    *unused = heap.bytes_free;
    return ACLSHMEM_SUCCESS;
}
