/* The slow path of RMA argument checks: say exactly what is wrong. */
#include <stdio.h>

#include "core/rma.h"
#include "util/log.h"

static int report(enum mishmem_on_error on_error, int rc, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return rc;
}

int mishmem_rma_check_slow(struct mishmem_instance *inst, const char *call, const void *remote,
                           const void *local, size_t len, int pe, enum mishmem_on_error on_error)
{
    char message[512];
    if (!inst) {
        snprintf(message, sizeof message, "%s: no current instance (call shmem_init or "
                 "aclshmemx_init_attr first, or select a live instance)", call);
        return report(on_error, ACLSHMEM_NOT_INITED, message);
    }
    if ((unsigned)pe >= (unsigned)inst->n_pes) {
        snprintf(message, sizeof message, "%s: PE %d is out of range [0, %d) in instance %llu", call, pe,
                 inst->n_pes, (unsigned long long)inst->id);
        return report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    if (!local) {
        snprintf(message, sizeof message, "%s: local buffer is NULL with %zu bytes to move (PE %d)", call,
                 len, pe);
        return report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    if (!mishmem_in_heap(inst, remote, len)) {
        snprintf(message, sizeof message,
                 "%s: address %p (+%zu bytes) on PE %d is not in the symmetric heap of instance %llu "
                 "[%p, %p)", call, remote, len, pe, (unsigned long long)inst->id, (void *)inst->heap_base,
                 (void *)(inst->heap_base + inst->heap_size));
        return report(on_error, ACLSHMEM_INVALID_PARAM, message);
    }
    snprintf(message, sizeof message, "%s: PE %d of instance %llu is not reachable by load/store", call,
             pe, (unsigned long long)inst->id);
    return report(on_error, ACLSHMEM_NOT_SUPPORTED, message);
}
