/* Quiet, fence and progress over an instance's transports (fanout.h). */
#include "progress/fanout.h"

#include "progress/failure.h"
#include "progress/liveness.h"
#include "transport/table.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/params.h"

#include <stdlib.h>
#include <time.h>

_Atomic int mishmem_instances_unmapped;

/* How long the peers of a transport that completes nothing have to
 * answer a read of their flags before the first that has not is named:
 * a part of the peer timeout, since the verdict is in already (the
 * transport completed nothing for all of it) and this only says whose. */
#define BLAME_WINDOW_PART 4
#define BLAME_NAP_NS 1000000L /* 1 ms between looks */

/* A quiet or fence that gave up (ACLSHMEMX_PEER_FAILED: operations
 * stopped completing) does not know whose: the peer of transport t that
 * does not answer a read of its flags while the others do is the culprit.
 * The reads go out together: one blocking read after another cost a whole
 * peer timeout more for the first peer that cannot answer. */
static void blame_unreachable(struct mishmem_instance *inst, int t, const char *operation)
{
    struct mishmem_probe_read **reads = calloc((size_t)inst->n_pes, sizeof *reads);
    char *asked = calloc((size_t)inst->n_pes, 1);
    int culprit = -1;
    uint64_t window = (uint64_t)mishmem_params()->MISHMEM_PEER_TIMEOUT_MS * 1000000ull / BLAME_WINDOW_PART;
    for (int pe = 0; reads && asked && pe < inst->n_pes; pe++)
        asked[pe] = pe != inst->my_pe && inst->peers[pe].transport_index == t && !inst->peers[pe].segment;
    for (uint64_t end = mishmem_now_ns() + window; reads && asked && culprit < 0;) {
        int waiting = -1; /* the first peer not posted to yet, or not answered */
        for (int pe = 0; pe < inst->n_pes && culprit < 0; pe++) {
            if (!asked[pe])
                continue;
            int rc = reads[pe] ? ACLSHMEM_SUCCESS : mishmem_probe_post(inst, pe, &reads[pe]);
            if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEM_TIMEOUT_ERROR)
                culprit = pe; /* the transport has given up on it */
            else if (waiting < 0 && (!reads[pe] || !mishmem_probe_answered(reads[pe])))
                waiting = pe;
        }
        if (culprit >= 0 || waiting < 0)
            break; /* named, or every peer answered: none to blame */
        if (mishmem_now_ns() >= end)
            culprit = waiting;
        else {
            mishmem_transports_progress(inst);
            nanosleep(&(struct timespec){.tv_nsec = BLAME_NAP_NS}, NULL);
        }
    }
    free(reads);
    free(asked);
    if (culprit >= 0)
        mishmem_peer_unreachable(inst, culprit, operation);
    else
        MISHMEM_WARN("instance %llu: %s of transport %d gave up (its operations stopped completing), "
                     "but every peer answers: operations may have been lost", (unsigned long long)inst->id,
                     operation, t);
}

int mishmem_transports_quiet(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS;
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->quiet) {
            int one = mishmem_transport_table[t]->quiet(inst->transport_state[t]);
            if (one == ACLSHMEMX_PEER_FAILED)
                blame_unreachable(inst, t, "a quiet");
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
            if (one == ACLSHMEMX_PEER_FAILED) /* its quiet gave up: nobody else says so */
                blame_unreachable(inst, t, "a fence");
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
