#include "core/heap.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/sync.h"
#include "heap/allocator.h"
#include "heap/segment.h"
#include "util/log.h"

#define DEFAULT_ALIGNMENT 64

/* "1610612736 bytes (1.5G)": the exact size and a readable one. */
static void format_size(char *out, size_t out_size, uint64_t bytes)
{
    static const char units[] = "KMGT";
    double value = (double)bytes;
    int unit = -1;
    while (value >= 1024.0 && unit < 3) {
        value /= 1024.0;
        unit++;
    }
    if (unit < 0)
        snprintf(out, out_size, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(out, out_size, "%llu bytes (%.4g%c)", (unsigned long long)bytes, value, units[unit]);
}

static void report_no_room(struct mishmem_instance *inst, const char *call, size_t size)
{
    struct mishmem_allocator_stats stats;
    mishmem_allocator_stats(inst->allocator, &stats);
    char requested[48], heap[48];
    format_size(requested, sizeof requested, size);
    format_size(heap, sizeof heap, stats.capacity);
    /* An empty heap that cannot hold the block is too small, not full. */
    if (size > stats.capacity || stats.bytes_in_use == 0) {
        MISHMEM_ERROR("%s(%zu): requested %s, the symmetric heap of instance %llu is %s; set "
                      "SHMEM_SYMMETRIC_SIZE (shmem_init) or local_mem_size (aclshmemx_init_attr) larger",
                      call, size, requested, (unsigned long long)inst->id, heap);
        return;
    }
    MISHMEM_ERROR("%s(%zu): symmetric heap of instance %llu is full (%s, %llu free, largest "
                  "free block %llu); raise SHMEM_SYMMETRIC_SIZE (shmem_init) or local_mem_size "
                  "(aclshmemx_init_attr)", call, size, (unsigned long long)inst->id, heap,
                  (unsigned long long)stats.bytes_free, (unsigned long long)stats.largest_free);
}

static void *alloc_locked(struct mishmem_instance *inst, const char *call, size_t size, size_t alignment)
{
    uint64_t offset;
    int rc = mishmem_allocator_alloc(inst->allocator, size, alignment, &offset);
    if (rc == ENOMEM) {
        report_no_room(inst, call, size);
        return NULL;
    }
    if (rc != 0) {
        MISHMEM_ERROR("%s(%zu): invalid alignment %zu (must be a power of two)", call, size, alignment);
        return NULL;
    }
    return inst->heap_base + offset;
}

static int is_power_of_two(size_t value) { return value && !(value & (value - 1)); }

void *mishmem_heap_alloc(struct mishmem_instance *inst, const char *call, size_t size, size_t alignment)
{
    void *block = NULL;
    if (size > 0 && alignment > MISHMEM_SEGMENT_ADDRESS_ALIGN) {
        MISHMEM_ERROR("%s(%zu): alignment %zu is above the largest supported, %llu", call, size, alignment,
                      (unsigned long long)MISHMEM_SEGMENT_ADDRESS_ALIGN);
    } else if (size > 0) {
        if (alignment < DEFAULT_ALIGNMENT && is_power_of_two(alignment))
            alignment = DEFAULT_ALIGNMENT;
        pthread_mutex_lock(&inst->heap_lock);
        block = alloc_locked(inst, call, size, alignment);
        pthread_mutex_unlock(&inst->heap_lock);
    }
    /* Nobody may write into the block before every PE has it. A peer that
     * failed meanwhile leaves the instance failed: the block is of no use. */
    mishmem_barrier_world(inst, call);
    return mishmem_instance_failed(inst) ? NULL : block;
}

void *mishmem_heap_calloc(struct mishmem_instance *inst, const char *call, size_t count, size_t size)
{
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        MISHMEM_ERROR("%s(%zu, %zu): size overflows", call, count, size);
        total = 0;
    }
    void *block = NULL;
    if (total > 0) {
        pthread_mutex_lock(&inst->heap_lock);
        block = alloc_locked(inst, call, total, DEFAULT_ALIGNMENT);
        pthread_mutex_unlock(&inst->heap_lock);
        if (block)
            memset(block, 0, total);
    }
    mishmem_barrier_world(inst, call);
    return mishmem_instance_failed(inst) ? NULL : block;
}

static int free_locked(struct mishmem_instance *inst, const char *call, void *ptr)
{
    if (!mishmem_in_heap(inst, ptr, 1) ||
        mishmem_allocator_free(inst->allocator, (uint64_t)((char *)ptr - inst->heap_base)) != 0) {
        MISHMEM_ERROR("%s(%p): not a live block of the symmetric heap of instance %llu", call, ptr,
                      (unsigned long long)inst->id);
        return ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_heap_free(struct mishmem_instance *inst, const char *call, void *ptr)
{
    /* Nobody may still be accessing the block. */
    mishmem_barrier_world(inst, call);
    if (!ptr)
        return ACLSHMEM_SUCCESS;
    pthread_mutex_lock(&inst->heap_lock);
    int rc = free_locked(inst, call, ptr);
    pthread_mutex_unlock(&inst->heap_lock);
    return rc;
}

static void *realloc_locked(struct mishmem_instance *inst, const char *call, void *ptr, size_t size)
{
    uint64_t offset = (uint64_t)((char *)ptr - inst->heap_base);
    uint64_t old_size = mishmem_in_heap(inst, ptr, 1) ? mishmem_allocator_block_size(inst->allocator, offset) : 0;
    if (old_size == 0) {
        MISHMEM_ERROR("%s(%p): not a live block of the symmetric heap of instance %llu", call, ptr,
                      (unsigned long long)inst->id);
        return NULL;
    }
    if (mishmem_allocator_resize(inst->allocator, offset, size) == 0)
        return ptr;
    void *moved = alloc_locked(inst, call, size, DEFAULT_ALIGNMENT);
    if (moved) {
        memcpy(moved, ptr, old_size < size ? old_size : size);
        mishmem_allocator_free(inst->allocator, offset);
    }
    return moved;
}

void *mishmem_heap_realloc(struct mishmem_instance *inst, const char *call, void *ptr, size_t size)
{
    if (!ptr)
        return mishmem_heap_alloc(inst, call, size, DEFAULT_ALIGNMENT);
    if (size == 0) {
        mishmem_heap_free(inst, call, ptr);
        return NULL;
    }
    mishmem_barrier_world(inst, call);
    pthread_mutex_lock(&inst->heap_lock);
    void *block = realloc_locked(inst, call, ptr, size);
    pthread_mutex_unlock(&inst->heap_lock);
    mishmem_barrier_world(inst, call);
    return block;
}
