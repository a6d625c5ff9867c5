/* Reading an unmapped peer's liveness flags through its transport
 * (liveness.h). */
#include "progress/liveness.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* A liveness read: what the transport writes, then the link that keeps
 * it once given up on. */
struct mishmem_probe_read {
    struct mishmem_flag departed, finalizing, failed;
    struct mishmem_probe_read *given_up_next;
};

/* Kept until the transports close: a reply may still land in it. */
static void give_up(struct mishmem_instance *inst, struct mishmem_probe_read *read)
{
    read->given_up_next = atomic_load_explicit(&inst->given_up_reads, memory_order_relaxed);
    while (!atomic_compare_exchange_weak(&inst->given_up_reads, &read->given_up_next, read))
        ;
}

int mishmem_transport_peer_flags(struct mishmem_instance *inst, int pe, struct mishmem_peer_flags *out)
{
    /* departed, finalizing and failed follow each other: one read, into
     * memory of its own, kept until the transports close if the read is
     * given up on: a reply that comes after all must not land in reused
     * memory. */
    struct mishmem_probe_read *flags = aligned_alloc(MISHMEM_CACHE_LINE, sizeof *flags);
    if (!flags)
        return ACLSHMEM_INNER_ERROR;
    _Static_assert(offsetof(struct mishmem_segment_header, failed) -
                           offsetof(struct mishmem_segment_header, departed) ==
                       2 * sizeof(struct mishmem_flag),
                   "the segment header's departed, finalizing and failed must stay together");
    _Static_assert(offsetof(struct mishmem_control, header) == 0, "the segment header starts the segment");
    struct mishmem_remote_addr at = {MISHMEM_REGION_SEGMENT, offsetof(struct mishmem_segment_header, departed)};
    const struct mishmem_transport *t = inst->peers[pe].transport;
    int rc = t->get(inst->transport_state[inst->peers[pe].transport_index], pe, flags, at,
                    offsetof(struct mishmem_probe_read, given_up_next), MISHMEM_BLOCKING);
    if (rc == ACLSHMEMX_PEER_FAILED) {
        give_up(inst, flags);
        return rc;
    }
    if (rc == ACLSHMEM_SUCCESS) {
        out->departed = atomic_load_explicit(&flags->departed.value, memory_order_relaxed) != 0;
        out->finalizing = atomic_load_explicit(&flags->finalizing.value, memory_order_relaxed) != 0;
        out->failed = atomic_load_explicit(&flags->failed.value, memory_order_relaxed);
    }
    free(flags);
    return rc;
}

/* No flag word holds this: a posted read's words start with it and
 * change once the reply lands. */
#define UNANSWERED 0xffu

int mishmem_probe_post(struct mishmem_instance *inst, int pe, struct mishmem_probe_read **read)
{
    struct mishmem_probe_read *flags = aligned_alloc(MISHMEM_CACHE_LINE, sizeof *flags);
    if (!flags)
        return ACLSHMEM_INNER_ERROR;
    memset(flags, UNANSWERED, offsetof(struct mishmem_probe_read, given_up_next));
    struct mishmem_remote_addr at = {MISHMEM_REGION_SEGMENT, offsetof(struct mishmem_segment_header, departed)};
    const struct mishmem_transport *t = inst->peers[pe].transport;
    int rc = t->get(inst->transport_state[inst->peers[pe].transport_index], pe, flags, at,
                    offsetof(struct mishmem_probe_read, given_up_next), MISHMEM_NBI_TRY);
    if (rc == ACLSHMEM_TIMEOUT_ERROR) { /* not taken: nobody holds it */
        free(flags);
        return rc;
    }
    /* Posted, or failed half way: the transport may hold it. */
    give_up(inst, flags);
    *read = flags;
    return rc;
}

int mishmem_probe_answered(const struct mishmem_probe_read *read)
{
    /* The provider writes the words as the reply lands: any change says it came. */
    return atomic_load_explicit(&read->failed.value, memory_order_acquire) != UINT64_MAX ||
           atomic_load_explicit(&read->departed.value, memory_order_acquire) != UINT64_MAX;
}

void mishmem_liveness_free_given_up(struct mishmem_instance *inst)
{
    for (struct mishmem_probe_read *next, *read = atomic_exchange(&inst->given_up_reads, NULL); read; read = next) {
        next = read->given_up_next;
        free(read);
    }
}
