/* The checks of remote accesses: say exactly what is wrong, or nothing. */
#include "core/rma/check.h"

#include <stdint.h>
#include <stdio.h>

#include "core/rma/rma.h"
#include "core/rma/strided.h"
#include "instance/registry.h"
#include "util/log.h"


/* Names the other live instance whose heap holds addr, if any: symmetric
 * addresses belong to the instance that allocated them. The registry lock
 * keeps the instances from being released meanwhile. */
static void describe_owner(const struct mishmem_instance *inst, const void *addr, char *out, size_t size)
{
    out[0] = '\0';
    mishmem_registry_lock();
    for (uint64_t id = 0; id <= ACLSHMEM_MAX_INSTANCE_ID; id++) {
        struct mishmem_instance *other = mishmem_registry_slot_locked(id);
        if (other && other != MISHMEM_SLOT_BUILDING && other != inst && other->heap_base &&
            mishmem_in_heap(other, addr, 1)) {
            snprintf(out, size, "; it lies in the symmetric memory of instance %llu, not of instance "
                     "%llu that this call acts on", (unsigned long long)id, (unsigned long long)inst->id);
            break;
        }
    }
    mishmem_registry_unlock();
}

static int ranges_overlap(const void *a, const void *b, size_t len)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return x < y + len && y < x + len;
}

int mishmem_rma_check(struct mishmem_instance *inst, const char *call, const void *remote, const void *local,
                      size_t len, int pe, enum mishmem_on_error on_error)
{
    mishmem_rma_debug_read();
    char message[640];
    if (!inst) {
        snprintf(message, sizeof message, "%s: no current instance (call shmem_init or "
                 "aclshmemx_init_attr first, or select a live instance)", call);
        return mishmem_report(on_error, ACLSHMEM_NOT_INITED, message);
    }
    if ((unsigned)pe >= (unsigned)inst->n_pes) {
        snprintf(message, sizeof message, "%s: PE %d is out of range [0, %d) in instance %llu (address %p)",
                 call, pe, inst->n_pes, (unsigned long long)inst->id, remote);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    if (!remote || !local) {
        snprintf(message, sizeof message, "%s: %s buffer is NULL with %zu bytes to move (PE %d, %s "
                 "address %p)", call, !remote ? "symmetric" : "local", len, pe,
                 !remote ? "local" : "symmetric", !remote ? local : remote);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    if (!mishmem_in_heap(inst, remote, len)) {
        char owner[160];
        describe_owner(inst, remote, owner, sizeof owner);
        snprintf(message, sizeof message,
                 "%s: address %p (+%zu bytes) on PE %d is not in the symmetric heap of instance %llu "
                 "[%p, %p)%s", call, remote, len, pe, (unsigned long long)inst->id,
                 (void *)inst->heap_base, (void *)(inst->heap_base + inst->heap_size), owner);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    /* SHMEM_DEBUG: memcpy between overlapping bytes is undefined (a
     * transport copies from a buffer of its own or the wire). */
    if (mishmem_rma_debug_on() && inst->peers[pe].segment && ranges_overlap(mishmem_translate(inst, remote, pe), local, len)) {
        snprintf(message, sizeof message, "%s: the local buffer %p and the target bytes of address %p "
                 "on PE %d overlap (%zu bytes; SHMEM_DEBUG check)", call, local, remote, pe, len);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_strided_check(struct mishmem_instance *inst, const char *call, const void *remote,
                          ptrdiff_t remote_stride, const void *local, ptrdiff_t local_stride, size_t nelems,
                          size_t elem, int pe, enum mishmem_on_error on_error)
{
    mishmem_rma_debug_read();
    /* Instance, PE and NULL problems read as for a plain access. */
    if (!inst || (unsigned)pe >= (unsigned)inst->n_pes || !remote || !local)
        return mishmem_rma_check(inst, call, remote, local, elem * nelems, pe, on_error);
    char message[640];
    uintptr_t remote_lo, local_lo;
    size_t remote_len, local_len;
    int remote_ok = mishmem_strided_extent(remote, remote_stride, nelems, elem, &remote_lo, &remote_len);
    if (!remote_ok || !mishmem_strided_extent(local, local_stride, nelems, elem, &local_lo, &local_len)) {
        snprintf(message, sizeof message, "%s: %zu elements of %zu bytes at stride %td from %s address %p "
                 "overflow the address space (PE %d)", call, nelems, elem,
                 remote_ok ? local_stride : remote_stride, remote_ok ? "local" : "symmetric",
                 remote_ok ? local : remote, pe);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    if (!mishmem_in_heap(inst, (const void *)remote_lo, remote_len)) {
        char owner[160];
        describe_owner(inst, remote, owner, sizeof owner);
        snprintf(message, sizeof message,
                 "%s: %zu elements at stride %td from address %p span [%p, %p) on PE %d, which is not "
                 "inside the symmetric heap of instance %llu [%p, %p)%s", call, nelems, remote_stride,
                 remote, (void *)remote_lo, (void *)(remote_lo + remote_len), pe,
                 (unsigned long long)inst->id, (void *)inst->heap_base,
                 (void *)(inst->heap_base + inst->heap_size), owner);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    int rc = mishmem_rma_check(inst, call, (const void *)remote_lo, local, 1, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS || !mishmem_rma_debug_on() || !inst->peers[pe].segment)
        return rc;
    /* SHMEM_DEBUG: elements copied between overlapping extents of a mapped
     * peer may clobber each other (a put or get with the calling PE as
     * target). */
    uintptr_t target_lo = (uintptr_t)mishmem_translate(inst, (const void *)remote_lo, pe);
    if (target_lo < local_lo + local_len && local_lo < target_lo + remote_len) {
        snprintf(message, sizeof message, "%s: the local elements [%p, %p) and the target elements of "
                 "address %p on PE %d overlap (SHMEM_DEBUG check)", call, (void *)local_lo,
                 (void *)(local_lo + local_len), remote, pe);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    return ACLSHMEM_SUCCESS;
}
