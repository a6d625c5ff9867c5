/* The fail/abort policy (failure.h): the one place that decides what a
 * peer's failure does to an instance and says so. */
#include "progress/failure.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "progress/ring.h"
#include "transport/locality.h"
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

/* What the host whose lowest PE is `first` said of itself (init kept it
 * when the instance spans hosts), or NULL. */
static const struct mishmem_host_identity *known_host(const struct mishmem_instance *inst, int first)
{
    for (int i = 0; i < inst->n_hosts; i++)
        if (inst->hosts[i].first == first)
            return &inst->hosts[i].identity;
    return NULL;
}

/* "pid 1234" for a peer on this host; for one on another host, which
 * host: its name, its MISHMEM_HOST_ID when set, else what tells it apart
 * from this one when the names are the same (namespaces on one machine). */
void mishmem_describe_peer(const struct mishmem_instance *inst, int pe, char *buf, size_t size)
{
    if (inst->peers[pe].pid > 0) {
        snprintf(buf, size, "pid %d", (int)inst->peers[pe].pid);
        return;
    }
    const struct mishmem_host_identity *there = known_host(inst, inst->peers[pe].host_first);
    const struct mishmem_host_identity *here = known_host(inst, inst->peers[inst->my_pe].host_first);
    if (!there) {
        snprintf(buf, size, "on another host");
        return;
    }
    char detail[200] = "";
    if (there->host_id[0])
        snprintf(detail, sizeof detail, ", MISHMEM_HOST_ID %.63s", there->host_id);
    else if (here && strncmp(here->nodename, there->nodename, sizeof here->nodename) == 0) {
        char why[160];
        if (!mishmem_same_host(here, there, why, sizeof why))
            snprintf(detail, sizeof detail, ", %s", why);
    }
    /* Where the fabric reaches it, when its transport can say. */
    const struct mishmem_peer *peer = &inst->peers[pe];
    static const char label[] = ", fabric address ";
    char address[128] = "";
    if (peer->transport && peer->transport->peer_address &&
        peer->transport->peer_address(inst->transport_state[peer->transport_index], pe, address + sizeof label - 1,
                                      sizeof address - (sizeof label - 1)) == 0)
        memcpy(address, label, sizeof label - 1);
    snprintf(buf, size, "host %.64s%s%s", there->nodename[0] ? there->nodename : "with no name", detail, address);
}

void mishmem_peer_unreachable(struct mishmem_instance *inst, int pe, const char *operation)
{
    char who[MISHMEM_DESCRIBE_PEER_SIZE], message[640];
    mishmem_describe_peer(inst, pe, who, sizeof who);
    snprintf(message, sizeof message,
             "PE %d (%s) of instance %llu exited, or its host is down: the fabric has not reached it for "
             "MISHMEM_PEER_TIMEOUT_MS while PE %d was in %s",
             pe, who, (unsigned long long)inst->id, inst->my_pe, operation);
    mishmem_fail_instance(inst, pe, MISHMEM_PEER_EXITED, message);
}

