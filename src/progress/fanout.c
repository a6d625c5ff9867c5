/* Quiet, fence and progress over an instance's transports (fanout.h). */
#include "progress/fanout.h"

#include "progress/failure.h"
#include "progress/liveness.h"
#include "transport/table.h"

_Atomic int mishmem_instances_unmapped;

/* A quiet that gave up (ACLSHMEMX_PEER_FAILED: operations stopped
 * completing) does not know whose: the peer of transport t that no longer
 * answers is the culprit. */
static void blame_unreachable(struct mishmem_instance *inst, int t)
{
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer_flags flags;
        if (pe != inst->my_pe && inst->peers[pe].transport_index == t && !inst->peers[pe].segment &&
            mishmem_transport_peer_flags(inst, pe, &flags) == ACLSHMEMX_PEER_FAILED) {
            mishmem_peer_unreachable(inst, pe, "a quiet");
            return;
        }
    }
}

int mishmem_transports_quiet(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS;
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->quiet) {
            int one = mishmem_transport_table[t]->quiet(inst->transport_state[t]);
            if (one == ACLSHMEMX_PEER_FAILED)
                blame_unreachable(inst, t);
            rc = rc == ACLSHMEM_SUCCESS ? one : rc;
        }
    return rc;
}

int mishmem_transports_fence(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS;
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->fence) {
            int one = mishmem_transport_table[t]->fence(inst->transport_state[t]);
            rc = rc == ACLSHMEM_SUCCESS ? one : rc;
        }
    return rc;
}

void mishmem_transports_progress(struct mishmem_instance *inst)
{
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->progress)
            mishmem_transport_table[t]->progress(inst->transport_state[t]);
}

void mishmem_transports_sleeping(struct mishmem_instance *inst, int asleep)
{
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->sleeping)
            mishmem_transport_table[t]->sleeping(inst->transport_state[t], asleep);
}

const char *mishmem_transport_name_of(const struct mishmem_instance *inst, int pe)
{
    const struct mishmem_transport *t = inst->peers[pe].transport;
    return t ? t->name : "none";
}
