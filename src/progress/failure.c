/* The fail/abort policy (failure.h): the one place that decides what a
 * peer's failure does to an instance and says so. */
#include "progress/failure.h"

#include <stdatomic.h>
#include <stdio.h>

#include "progress/ring.h"
#include "util/log.h"

/* A control area's `failed` word: which PE failed the instance, and how
 * (so that every PE's message names the PE that started it). */
static uint64_t failure_word(int pe, enum mishmem_wait_failure why)
{
    return (uint64_t)why << 32 | (uint32_t)(pe + 1);
}

int mishmem_instance_mark_failed(struct mishmem_instance *inst, int pe, enum mishmem_wait_failure why)
{
    int expected = 0;
    if (!atomic_compare_exchange_strong(&inst->failed, &expected, 1))
        return 0;
    /* Peers waiting on this instance learn it from our control area. */
    struct mishmem_segment_header *mine = mishmem_header_mapped_here(inst, inst->my_pe);
    if (mine)
        atomic_store_explicit(&mine->failed.value, failure_word(pe, why), memory_order_release);
    return 1;
}

/* Ends the process (the shmem_init world) or fails inst: PE origin did
 * it, for the reason why; message says what this PE saw. */
void mishmem_fail_instance(struct mishmem_instance *inst, int origin, enum mishmem_wait_failure why,
                           const char *message)
{
    if (inst->abort_on_failure)
        mishmem_fatal("%s; aborting", message);
    if (mishmem_instance_mark_failed(inst, origin, why))
        MISHMEM_ERROR("%s; instance %llu has failed: its calls now fail (ACLSHMEMX_PEER_FAILED on the aclshmem "
                      "face), aclshmemx_finalize(%llu) releases it; the process's other instances go on",
                      message, (unsigned long long)inst->id, (unsigned long long)inst->id);
}

/* "pid 1234", or where a peer without a pid here is. */
void mishmem_describe_peer(const struct mishmem_instance *inst, int pe, char *buf, size_t size)
{
    if (inst->peers[pe].pid > 0)
        snprintf(buf, size, "pid %d", (int)inst->peers[pe].pid);
    else
        snprintf(buf, size, "on another host");
}

void mishmem_peer_unreachable(struct mishmem_instance *inst, int pe, const char *operation)
{
    char who[32], message[320];
    mishmem_describe_peer(inst, pe, who, sizeof who);
    snprintf(message, sizeof message,
             "PE %d (%s) of instance %llu exited, or its host is down: the fabric has not reached it for "
             "MISHMEM_PEER_TIMEOUT_MS while PE %d was in %s",
             pe, who, (unsigned long long)inst->id, inst->my_pe, operation);
    mishmem_fail_instance(inst, pe, MISHMEM_PEER_EXITED, message);
}

