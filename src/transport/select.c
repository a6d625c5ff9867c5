#include "transport/select.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "transport/locality.h"
#include "transport/shm/shm.h"
#include "transport/shm/wait.h"
#include "util/env.h"
#include "util/log.h"
#ifdef MISHMEM_HAVE_OFI
#include "transport/ofi/ofi.h"
#endif

_Atomic int mishmem_instances_unmapped;

/* The longest sleep of a wait in an instance that spans hosts. */
#define MISHMEM_REMOTE_SLEEP_MAX_NS 1000000ull /* 1 ms */

/* A liveness read: what the transport writes, then the link that keeps
 * it once given up on. */
struct mishmem_probe_read {
    struct mishmem_flag departed, finalizing, failed;
    struct mishmem_probe_read *given_up_next;
};

/* Every transport of this build, in order of preference. A new one is a
 * folder and a line here. */
static const struct mishmem_transport *const transports[] = {
    &mishmem_shm_transport,
#ifdef MISHMEM_HAVE_OFI
    &mishmem_ofi_transport,
#endif
};
#define N_TRANSPORTS ((int)(sizeof transports / sizeof transports[0]))
_Static_assert(N_TRANSPORTS <= MISHMEM_MAX_TRANSPORTS, "raise MISHMEM_MAX_TRANSPORTS");

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* A card is the common part and the blobs of the transports of one
 * exchange: the first (every instance) or the second (instances that span
 * hosts). */
static size_t blob_offset(int t, int between_hosts)
{
    size_t offset = align8(sizeof(struct mishmem_card_common));
    for (int i = 0; i < t; i++)
        if (transports[i]->between_hosts == between_hosts)
            offset += align8(transports[i]->blob_size);
    return offset;
}

static void open_transports(struct mishmem_instance *inst, unsigned char *card, int between_hosts,
                            struct mishmem_card_common *common, int *rc)
{
    for (int t = 0; *rc == ACLSHMEM_SUCCESS && t < N_TRANSPORTS; t++) {
        if (transports[t]->between_hosts != between_hosts)
            continue;
        int opened = transports[t]->open(inst, card + blob_offset(t, between_hosts), &inst->transport_state[t]);
        if (opened == ACLSHMEM_SUCCESS)
            common->available |= 1u << t;
        else if (opened != ACLSHMEM_NOT_SUPPORTED)
            *rc = opened;
    }
}

static int make_card(struct mishmem_instance *inst, unsigned char *card)
{
    struct mishmem_card_common common = {.pid = getpid(), .segment_size = inst->segment.size};
    int rc = mishmem_host_identity_read(inst->my_pe, &common.host);
    if (getrandom(&common.token, sizeof common.token, 0) != sizeof common.token)
        common.token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)inst ^ (uint64_t)inst->id;
    struct mishmem_control *control = (struct mishmem_control *)inst->segment.base;
    control->owner.token = common.token;
    control->owner.instance_id = inst->id;
    control->owner.pe = inst->my_pe;
    open_transports(inst, card, 0, &common, &rc);
    memcpy(card, &common, sizeof common);
    return rc;
}

/* Whether the cards show more than one host (the same answer on every PE). */
static int spans_hosts(const struct mishmem_instance *inst, const struct mishmem_cards *cards)
{
    char why[200];
    const struct mishmem_card_common *first = mishmem_card_of(cards, 0);
    for (int pe = 1; pe < inst->n_pes; pe++)
        if (!mishmem_same_host(&first->host, &mishmem_card_of(cards, pe)->host, why, sizeof why))
            return 1;
    return 0;
}

struct host_rank {
    const struct mishmem_host_identity *host;
    int pe;
};

/* A total order that agrees with mishmem_same_host: equal iff same host. */
static int compare_hosts(const void *a_, const void *b_)
{
    const struct host_rank *a = a_, *b = b_;
    int c = strncmp(a->host->host_id, b->host->host_id, sizeof a->host->host_id);
    if (!c)
        c = memcmp(a->host->boot_id, b->host->boot_id, sizeof a->host->boot_id);
    if (!c && a->host->pidns_dev != b->host->pidns_dev)
        c = a->host->pidns_dev < b->host->pidns_dev ? -1 : 1;
    if (!c && a->host->pidns_ino != b->host->pidns_ino)
        c = a->host->pidns_ino < b->host->pidns_ino ? -1 : 1;
    return c ? c : a->pe - b->pe;
}

/* peers[pe].host_first for every pe, from the cards (the same on every
 * PE): sorted by host, each run of one host starts with its lowest PE. */
static int group_hosts(struct mishmem_instance *inst, const struct mishmem_cards *cards, int spans)
{
    int n = inst->n_pes;
    if (!spans) {
        for (int pe = 0; pe < n; pe++)
            inst->peers[pe].host_first = 0;
        return ACLSHMEM_SUCCESS;
    }
    struct host_rank *ranks = malloc((size_t)n * sizeof *ranks);
    if (!ranks)
        return ACLSHMEM_MALLOC_FAILED;
    for (int pe = 0; pe < n; pe++)
        ranks[pe] = (struct host_rank){.host = &mishmem_card_of(cards, pe)->host, .pe = pe};
    qsort(ranks, (size_t)n, sizeof *ranks, compare_hosts);
    char why[200];
    for (int i = 0, first = 0; i < n; i++) {
        if (i == 0 || !mishmem_same_host(ranks[i - 1].host, ranks[i].host, why, sizeof why))
            first = ranks[i].pe;
        inst->peers[ranks[i].pe].host_first = first;
    }
    free(ranks);
    return ACLSHMEM_SUCCESS;
}

/* The second exchange: the blobs of the transports between hosts, and
 * which of them opened on every PE. */
static int exchange_between_hosts(struct mishmem_instance *inst, unsigned char **all2, size_t *size2,
                                  uint32_t *available)
{
    *size2 = blob_offset(N_TRANSPORTS, 1);
    unsigned char *mine = calloc(1, *size2);
    *all2 = calloc((size_t)inst->n_pes, *size2);
    if (!mine || !*all2) {
        free(mine);
        return ACLSHMEM_MALLOC_FAILED;
    }
    struct mishmem_card_common common = {0};
    int rc = ACLSHMEM_SUCCESS;
    open_transports(inst, mine, 1, &common, &rc);
    memcpy(mine, &common, sizeof common);
    int exchanged = mishmem_bootstrap_allgather(inst->boot, mine, *all2, *size2);
    free(mine);
    for (int pe = 0; exchanged == ACLSHMEM_SUCCESS && pe < inst->n_pes; pe++)
        available[pe] |= ((const struct mishmem_card_common *)(*all2 + (size_t)pe * *size2))->available;
    return exchanged != ACLSHMEM_SUCCESS ? exchanged : rc;
}

/* Gives every peer its transport: this PE's verdict. */
static int assign(struct mishmem_instance *inst, const struct mishmem_cards *cards, const struct mishmem_cards *cards2,
                  const uint32_t *available)
{
    const struct mishmem_card_common *mine = mishmem_card_of(cards, inst->my_pe);
    for (int pe = 0; pe < inst->n_pes; pe++) {
        const struct mishmem_card_common *card = mishmem_card_of(cards, pe);
        if (card->segment_size != mine->segment_size) {
            MISHMEM_ERROR("PE %d has a %llu-byte heap, this PE %llu: local_mem_size must be equal on every PE", pe,
                          (unsigned long long)(card->segment_size - MISHMEM_CONTROL_SIZE),
                          (unsigned long long)(mine->segment_size - MISHMEM_CONTROL_SIZE));
            return ACLSHMEM_INVALID_PARAM;
        }
    }
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        const struct mishmem_card_common *card = mishmem_card_of(cards, pe);
        char why[200];
        int local = mishmem_same_host(&mine->host, &card->host, why, sizeof why);
        peer->pid = local ? card->pid : 0;
        peer->same_host = (uint8_t)local;
        for (int t = 0; !peer->transport && t < N_TRANSPORTS; t++) {
            const struct mishmem_cards *set = transports[t]->between_hosts ? cards2 : cards;
            if (!set || !(available[inst->my_pe] & available[pe] & (1u << t)))
                continue;
            size_t at = blob_offset(t, transports[t]->between_hosts);
            if (pe == inst->my_pe || transports[t]->reaches(inst, set, pe, (const char *)mishmem_card_of(set, inst->my_pe) + at,
                                                            (const char *)mishmem_card_of(set, pe) + at)) {
                peer->transport = transports[t];
                peer->transport_index = t;
            }
        }
        if (!peer->transport) {
            MISHMEM_ERROR("PE %d is on another host than this PE (%s), and no transport of this build "
                          "reaches it%s", pe, why, N_TRANSPORTS == 1 ? " (built without libfabric)" : "");
            return ACLSHMEM_NOT_SUPPORTED;
        }
    }
    return ACLSHMEM_SUCCESS;
}

/* The transport between hosts that peers of this instance use, or -1. */
static int fabric_in_use(const struct mishmem_instance *inst)
{
    for (int pe = 0; pe < inst->n_pes; pe++)
        if (inst->peers[pe].transport && inst->peers[pe].transport->between_hosts)
            return inst->peers[pe].transport_index;
    return -1;
}

/* How AMOs reach each peer. A CPU atomic and a fabric atomic on one word
 * are atomic with each other only when the fabric's atomics run on the
 * target's CPU (rxm, shm): then local peers keep CPU atomics; otherwise
 * every AMO of the instance, to itself too, goes through the fabric.
 * MISHMEM_AMO_PATH=cpu|fabric overrides. */
static int choose_amo_path(struct mishmem_instance *inst)
{
    int fabric = fabric_in_use(inst);
    const char *wanted = mishmem_env_string(MISHMEM_ENV_MISHMEM_AMO_PATH);
    if (wanted && strcmp(wanted, "cpu") != 0 && strcmp(wanted, "fabric") != 0) {
        MISHMEM_ERROR("MISHMEM_AMO_PATH=%s: expected cpu or fabric", wanted);
        return ACLSHMEM_INVALID_PARAM;
    }
    int on_cpu = 1;
    if (fabric >= 0)
        on_cpu = transports[fabric]->atomics_on_cpu ? transports[fabric]->atomics_on_cpu(inst->transport_state[fabric])
                                                    : 1;
    int via_fabric = fabric >= 0 && (wanted ? strcmp(wanted, "fabric") == 0 : !on_cpu);
    if (fabric >= 0 && !via_fabric && !on_cpu)
        MISHMEM_WARN("MISHMEM_AMO_PATH=cpu with %s atomics that do not run on the target's CPU: AMOs of local and "
                     "remote PEs on one word are not atomic with each other", transports[fabric]->name);
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        peer->amo_segment = via_fabric ? NULL : peer->segment;
        peer->amo_transport = via_fabric ? transports[fabric] : peer->transport;
        peer->amo_transport_index = via_fabric ? fabric : peer->transport_index;
    }
    inst->amo_via_fabric = (uint8_t)via_fabric;
    if (fabric >= 0 && inst->my_pe == 0 && mishmem_env_bool(MISHMEM_ENV_SHMEM_INFO)) {
        printf("mishmem: instance %llu spans hosts: AMOs on local PEs %s, on remote PEs through %s%s\n",
               (unsigned long long)inst->id, via_fabric ? "through the fabric too" : "are CPU atomics",
               transports[fabric]->name, wanted ? " (MISHMEM_AMO_PATH)" : "");
        fflush(stdout);
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_transports_attach(struct mishmem_instance *inst)
{
    size_t card_size = blob_offset(N_TRANSPORTS, 0), size2 = 0;
    unsigned char *mine = calloc(1, card_size), *all2 = NULL;
    unsigned char *all = calloc((size_t)inst->n_pes, card_size);
    uint32_t *available = calloc((size_t)inst->n_pes, sizeof *available);
    int rc = mine && all && available ? make_card(inst, mine) : ACLSHMEM_MALLOC_FAILED;
    int exchanged = mine && all && available ? mishmem_bootstrap_allgather(inst->boot, mine, all, card_size)
                                             : ACLSHMEM_MALLOC_FAILED;
    if (exchanged != ACLSHMEM_SUCCESS) {
        free(mine);
        free(all);
        free(available);
        return exchanged;
    }
    struct mishmem_cards cards = {.bytes = all, .card_size = card_size}, cards2 = {0};
    for (int pe = 0; pe < inst->n_pes; pe++)
        available[pe] = mishmem_card_of(&cards, pe)->available;
    int spans = spans_hosts(inst, &cards);
    if (spans) {
        /* Collective: every PE sees the same cards, so all take part. */
        int second = exchange_between_hosts(inst, &all2, &size2, available);
        rc = rc == ACLSHMEM_SUCCESS ? second : rc;
        cards2 = (struct mishmem_cards){.bytes = all2, .card_size = size2};
    }
    if (rc == ACLSHMEM_SUCCESS)
        rc = assign(inst, &cards, spans && all2 ? &cards2 : NULL, available);
    if (rc == ACLSHMEM_SUCCESS)
        rc = group_hosts(inst, &cards, spans);
    inst->peers[inst->my_pe].segment = inst->segment.base;
    /* Every transport of each exchange takes part, so that collective
     * set-ups line up on every PE. */
    for (int t = 0; t < N_TRANSPORTS; t++) {
        int between = transports[t]->between_hosts;
        if (between && !spans)
            continue;
        rc = transports[t]->connect(inst, inst->transport_state[t], between ? &cards2 : &cards,
                                    blob_offset(t, between), rc);
    }
    inst->n_unmapped = 0;
    for (int pe = 0; pe < inst->n_pes; pe++)
        inst->n_unmapped += inst->peers[pe].segment == NULL;
    if (rc == ACLSHMEM_SUCCESS)
        rc = choose_amo_path(inst);
    /* A write from another host lands without ringing this PE's doorbell
     * (only a local process can wake a futex): waits look again at least
     * this often. */
    if (spans && inst->sleep_max_ns > MISHMEM_REMOTE_SLEEP_MAX_NS)
        inst->sleep_max_ns = MISHMEM_REMOTE_SLEEP_MAX_NS;
    if (inst->n_unmapped > 0)
        atomic_fetch_add_explicit(&mishmem_instances_unmapped, 1, memory_order_relaxed);
    free(mine);
    free(all);
    free(all2);
    free(available);
    return rc;
}

int mishmem_transports_static_ready(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS, any = 0;
    for (int t = 0; t < N_TRANSPORTS; t++)
        if (inst->transport_state[t] && transports[t]->static_ready) {
            int one = transports[t]->static_ready(inst, inst->transport_state[t]);
            rc = rc == ACLSHMEM_SUCCESS ? one : rc;
            any = 1;
        }
    /* Nobody reaches a peer's static data before the peer has registered
     * it. Every PE has the same transports open, so all agree on `any`. */
    if (any) {
        int agreed = mishmem_bootstrap_barrier(inst->boot);
        rc = rc == ACLSHMEM_SUCCESS ? agreed : rc;
    }
    return rc;
}
void mishmem_transports_release(struct mishmem_instance *inst)
{
    if (!inst->peers)
        return;
    if (inst->n_unmapped > 0)
        atomic_fetch_sub_explicit(&mishmem_instances_unmapped, 1, memory_order_relaxed);
    inst->n_unmapped = 0;
    for (int t = N_TRANSPORTS - 1; t >= 0; t--) {
        transports[t]->close(inst, inst->transport_state[t]);
        inst->transport_state[t] = NULL;
    }
    for (struct mishmem_probe_read *next, *read = atomic_exchange(&inst->given_up_reads, NULL); read; read = next) {
        next = read->given_up_next;
        free(read);
    }
    free(inst->peers);
    inst->peers = NULL;
}

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
    for (int t = 0; t < N_TRANSPORTS; t++)
        if (inst->transport_state[t] && transports[t]->quiet) {
            int one = transports[t]->quiet(inst->transport_state[t]);
            if (one == ACLSHMEMX_PEER_FAILED)
                blame_unreachable(inst, t);
            rc = rc == ACLSHMEM_SUCCESS ? one : rc;
        }
    return rc;
}

int mishmem_transports_fence(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS;
    for (int t = 0; t < N_TRANSPORTS; t++)
        if (inst->transport_state[t] && transports[t]->fence) {
            int one = transports[t]->fence(inst->transport_state[t]);
            rc = rc == ACLSHMEM_SUCCESS ? one : rc;
        }
    return rc;
}

void mishmem_transports_progress(struct mishmem_instance *inst)
{
    for (int t = 0; t < N_TRANSPORTS; t++)
        if (inst->transport_state[t] && transports[t]->progress)
            transports[t]->progress(inst->transport_state[t]);
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
    _Static_assert(offsetof(struct mishmem_control, failed) - offsetof(struct mishmem_control, departed) ==
                       2 * sizeof(struct mishmem_flag),
                   "the control area's departed, finalizing and failed must stay together");
    struct mishmem_remote_addr at = {MISHMEM_REGION_SEGMENT, offsetof(struct mishmem_control, departed)};
    const struct mishmem_transport *t = inst->peers[pe].transport;
    int rc = t->get(inst->transport_state[inst->peers[pe].transport_index], pe, flags, at,
                    offsetof(struct mishmem_probe_read, given_up_next), MISHMEM_BLOCKING);
    if (rc == ACLSHMEMX_PEER_FAILED) {
        flags->given_up_next = atomic_load_explicit(&inst->given_up_reads, memory_order_relaxed);
        while (!atomic_compare_exchange_weak(&inst->given_up_reads, &flags->given_up_next, flags))
            ;
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

const char *mishmem_transport_name_of(const struct mishmem_instance *inst, int pe)
{
    const struct mishmem_transport *t = inst->peers[pe].transport;
    return t ? t->name : "none";
}
