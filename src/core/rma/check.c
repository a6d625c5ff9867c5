/* The slow path of RMA argument checks: say exactly what is wrong. */
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

int mishmem_rma_check_slow(struct mishmem_instance *inst, const char *call, const void *remote,
                           const void *local, size_t len, int pe, enum mishmem_on_error on_error)
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
    if (!inst->peers[pe].segment)
        return MISHMEM_VIA_TRANSPORT;
    /* SHMEM_DEBUG: memcpy between overlapping bytes is undefined. */
    if (mishmem_rma_debug_on() && ranges_overlap(mishmem_translate(inst, remote, pe), local, len)) {
        snprintf(message, sizeof message, "%s: the local buffer %p and the target bytes of address %p "
                 "on PE %d overlap (%zu bytes; SHMEM_DEBUG check)", call, local, remote, pe, len);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_strided_check_slow(struct mishmem_instance *inst, const char *call, const void *remote,
                               ptrdiff_t remote_stride, const void *local, ptrdiff_t local_stride,
                               size_t nelems, size_t elem, int pe, enum mishmem_on_error on_error)
{
    mishmem_rma_debug_read();
    /* Instance, PE and NULL problems read as for a plain access. */
    if (!inst || (unsigned)pe >= (unsigned)inst->n_pes || !remote || !local)
        return mishmem_rma_check_slow(inst, call, remote, local, elem * nelems, pe, on_error);
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
    int rc = mishmem_rma_check_slow(inst, call, (const void *)remote_lo, local, 1, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    /* SHMEM_DEBUG: elements copied between overlapping extents may clobber
     * each other (a put or get with the calling PE as target). */
    uintptr_t target_lo = (uintptr_t)mishmem_translate(inst, (const void *)remote_lo, pe);
    if (mishmem_rma_debug_on() && target_lo < local_lo + local_len && local_lo < target_lo + remote_len) {
        snprintf(message, sizeof message, "%s: the local elements [%p, %p) and the target elements of "
                 "address %p on PE %d overlap (SHMEM_DEBUG check)", call, (void *)local_lo,
                 (void *)(local_lo + local_len), remote, pe);
        return mishmem_report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_put_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source, size_t len,
                     int pe, enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    int rc = mishmem_rma_check_slow(inst, call, dest, source, len, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    rc = mishmem_remote_put(inst, pe, dest, source, len, completion);
    return rc == ACLSHMEM_SUCCESS ? MISHMEM_DONE_VIA_TRANSPORT : rc;
}

int mishmem_get_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source, size_t len,
                     int pe, enum mishmem_on_error on_error, enum mishmem_completion completion)
{
    int rc = mishmem_rma_check_slow(inst, call, source, dest, len, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    rc = mishmem_remote_get(inst, pe, dest, source, len, completion);
    return rc == ACLSHMEM_SUCCESS ? MISHMEM_DONE_VIA_TRANSPORT : rc;
}

int mishmem_iput_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source,
                      ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem, int pe,
                      enum mishmem_on_error on_error)
{
    int rc = mishmem_strided_check_slow(inst, call, dest, dst, source, sst, nelems, elem, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    rc = mishmem_remote_iput(inst, pe, dest, source, dst, sst, nelems, elem);
    return rc == ACLSHMEM_SUCCESS ? MISHMEM_DONE_VIA_TRANSPORT : rc;
}

int mishmem_iget_slow(struct mishmem_instance *inst, const char *call, void *dest, const void *source,
                      ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem, int pe,
                      enum mishmem_on_error on_error)
{
    int rc = mishmem_strided_check_slow(inst, call, source, sst, dest, dst, nelems, elem, pe, on_error);
    if (rc != MISHMEM_VIA_TRANSPORT)
        return rc;
    rc = mishmem_remote_iget(inst, pe, dest, source, dst, sst, nelems, elem);
    return rc == ACLSHMEM_SUCCESS ? MISHMEM_DONE_VIA_TRANSPORT : rc;
}
