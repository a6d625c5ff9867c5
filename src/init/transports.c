/* Choosing the transports of an instance when it is created (see
 * transports.h), and closing them when it ends. */
#include "init/transports.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "progress/fanout.h"
#include "progress/liveness.h"
#include "progress/wait.h"
#include "transport/locality.h"
#include "transport/table.h"
#include "util/cpus.h"
#include "util/params.h"
#include "util/log.h"

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* A card is the common part and the blobs of the transports of one
 * exchange: the first (every instance) or the second (instances that span
 * hosts). */
static size_t blob_offset(int t, int between_hosts)
{
    size_t offset = align8(sizeof(struct mishmem_card_common));
    for (int i = 0; i < t; i++)
        if (mishmem_transport_table[i]->between_hosts == between_hosts)
            offset += align8(mishmem_transport_table[i]->blob_size);
    return offset;
}

static void open_transports(struct mishmem_instance *inst, unsigned char *card, int between_hosts,
                            struct mishmem_card_common *common, int *rc)
{
    for (int t = 0; *rc == ACLSHMEM_SUCCESS && t < mishmem_transport_count; t++) {
        if (mishmem_transport_table[t]->between_hosts != between_hosts)
            continue;
        int opened = mishmem_transport_table[t]->open(&inst->transport_ctx, card + blob_offset(t, between_hosts),
                                         &inst->transport_state[t]);
        if (opened == ACLSHMEM_SUCCESS)
            common->available |= 1u << t;
        else if (opened != ACLSHMEM_NOT_SUPPORTED)
            *rc = opened;
    }
}

static int make_card(struct mishmem_instance *inst, unsigned char *card)
{
    struct mishmem_card_common common = {.pid = getpid(), .cpus = mishmem_usable_cpus(),
                                         .segment_size = inst->segment.size};
    int rc = mishmem_host_identity_read(inst->my_pe, &common.host);
    if (getrandom(&common.token, sizeof common.token, 0) != sizeof common.token)
        common.token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)inst ^ (uint64_t)inst->id;
    struct mishmem_control *control = (struct mishmem_control *)inst->segment.base;
    control->header.owner.token = common.token;
    control->header.owner.instance_id = inst->id;
    control->header.owner.pe = inst->my_pe;
    open_transports(inst, card, 0, &common, &rc);
    memcpy(card, &common, sizeof common);
    return rc;
}

/* The PEs whose kernel is this PE's (by boot id, not by host: namespaces
 * and MISHMEM_HOST_ID make "hosts" that still share one machine's CPUs). */
static int pes_on_my_kernel(const struct mishmem_instance *inst, const struct mishmem_cards *cards)
{
    const struct mishmem_host_identity *mine = &mishmem_card_of(cards, inst->my_pe)->host;
    int n = 0;
    for (int pe = 0; pe < inst->n_pes; pe++)
        n += mishmem_same_kernel(&mishmem_card_of(cards, pe)->host, mine);
    return n;
}

/* Whether on every kernel the PEs are no more than the CPUs each of them
 * may use (the same answer on every PE). Each kernel is counted once, by
 * its lowest PE. */
static int every_kernel_fits(const struct mishmem_instance *inst, const struct mishmem_cards *cards)
{
    for (int first = 0; first < inst->n_pes; first++) {
        const struct mishmem_host_identity *kernel = &mishmem_card_of(cards, first)->host;
        int pes = 0, fewest_cpus = INT32_MAX, counted_before = 0;
        for (int pe = 0; pe < inst->n_pes && !counted_before; pe++) {
            const struct mishmem_card_common *card = mishmem_card_of(cards, pe);
            if (!mishmem_same_kernel(&card->host, kernel))
                continue;
            counted_before = pe < first;
            pes++;
            fewest_cpus = card->cpus < fewest_cpus ? card->cpus : fewest_cpus;
        }
        if (!counted_before && pes > fewest_cpus)
            return 0;
    }
    return 1;
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
    int n_hosts = 0;
    for (int i = 0, first = 0; i < n; i++) {
        if (i == 0 || !mishmem_same_host(ranks[i - 1].host, ranks[i].host, why, sizeof why)) {
            first = ranks[i].pe;
            n_hosts++;
        }
        inst->peers[ranks[i].pe].host_first = first;
    }
    /* Each host as its lowest PE described it, for messages that name a
     * peer's host (progress/failure.c). */
    inst->hosts = calloc((size_t)n_hosts, sizeof *inst->hosts);
    if (!inst->hosts) {
        free(ranks);
        return ACLSHMEM_MALLOC_FAILED;
    }
    inst->n_hosts = 0;
    for (int i = 0; i < n; i++)
        if (inst->peers[ranks[i].pe].host_first == ranks[i].pe)
            inst->hosts[inst->n_hosts++] = (struct mishmem_known_host){.first = ranks[i].pe, .identity = *ranks[i].host};
    free(ranks);
    return ACLSHMEM_SUCCESS;
}

/* The second exchange: the blobs of the transports between hosts, and
 * which of them opened on every PE. */
static int exchange_between_hosts(struct mishmem_instance *inst, unsigned char **all2, size_t *size2,
                                  uint32_t *available)
{
    *size2 = blob_offset(mishmem_transport_count, 1);
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
        for (int t = 0; !peer->transport && t < mishmem_transport_count; t++) {
            const struct mishmem_cards *set = mishmem_transport_table[t]->between_hosts ? cards2 : cards;
            if (!set || !(available[inst->my_pe] & available[pe] & (1u << t)))
                continue;
            size_t at = blob_offset(t, mishmem_transport_table[t]->between_hosts);
            if (pe == inst->my_pe || mishmem_transport_table[t]->reaches(&inst->transport_ctx, set, pe, (const char *)mishmem_card_of(set, inst->my_pe) + at,
                                                            (const char *)mishmem_card_of(set, pe) + at)) {
                peer->transport = mishmem_transport_table[t];
                peer->transport_index = t;
            }
        }
        if (!peer->transport) {
            MISHMEM_ERROR("PE %d is on another host than this PE (%s), and no transport of this build "
                          "reaches it%s", pe, why, mishmem_transport_count == 1 ? " (built without libfabric)" : "");
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
    const char *wanted = mishmem_params()->MISHMEM_AMO_PATH;
    if (wanted && strcmp(wanted, "cpu") != 0 && strcmp(wanted, "fabric") != 0) {
        MISHMEM_ERROR("MISHMEM_AMO_PATH=%s: expected cpu or fabric", wanted);
        return ACLSHMEM_INVALID_PARAM;
    }
    int on_cpu = 1;
    if (fabric >= 0)
        on_cpu = mishmem_transport_table[fabric]->atomics_on_cpu ? mishmem_transport_table[fabric]->atomics_on_cpu(inst->transport_state[fabric])
                                                    : 1;
    int via_fabric = fabric >= 0 && (wanted ? strcmp(wanted, "fabric") == 0 : !on_cpu);
    if (fabric >= 0 && !via_fabric && !on_cpu)
        MISHMEM_WARN("MISHMEM_AMO_PATH=cpu with %s atomics that do not run on the target's CPU: AMOs of local and "
                     "remote PEs on one word are not atomic with each other", mishmem_transport_table[fabric]->name);
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        peer->amo_segment = via_fabric ? NULL : peer->segment;
        peer->amo_transport = via_fabric ? mishmem_transport_table[fabric] : peer->transport;
        peer->amo_transport_index = via_fabric ? fabric : peer->transport_index;
    }
    inst->amo_via_fabric = (uint8_t)via_fabric;
    if (fabric >= 0 && inst->my_pe == 0 && mishmem_params()->SHMEM_INFO) {
        printf("mishmem: instance %llu spans hosts: AMOs on local PEs %s, on remote PEs through %s%s\n",
               (unsigned long long)inst->id, via_fabric ? "through the fabric too" : "are CPU atomics",
               mishmem_transport_table[fabric]->name, wanted ? " (MISHMEM_AMO_PATH)" : "");
        fflush(stdout);
    }
    return ACLSHMEM_SUCCESS;
}

struct mishmem_transport_ctx *mishmem_transports_ctx(struct mishmem_instance *inst)
{
    inst->transport_ctx = (struct mishmem_transport_ctx){
        .id = inst->id,
        .my_pe = inst->my_pe,
        .n_pes = inst->n_pes,
        .boot = inst->boot,
        .segment = &inst->segment,
        .static_data = &inst->static_data,
        .peers = inst->peers,
        .op_timeout_ms = inst->op_timeout_ms,
    };
    return &inst->transport_ctx;
}

int mishmem_transports_attach(struct mishmem_instance *inst)
{
    mishmem_transports_ctx(inst);
    size_t card_size = blob_offset(mishmem_transport_count, 0), size2 = 0;
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
        inst->transport_ctx.pes_on_my_kernel = pes_on_my_kernel(inst, &cards);
        inst->transport_ctx.every_kernel_fits = every_kernel_fits(inst, &cards);
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
    for (int t = 0; t < mishmem_transport_count; t++) {
        int between = mishmem_transport_table[t]->between_hosts;
        if (between && !spans)
            continue;
        rc = mishmem_transport_table[t]->connect(&inst->transport_ctx, inst->transport_state[t], between ? &cards2 : &cards,
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
    for (int t = 0; t < mishmem_transport_count; t++)
        if (inst->transport_state[t] && mishmem_transport_table[t]->static_ready) {
            int one = mishmem_transport_table[t]->static_ready(&inst->transport_ctx, inst->transport_state[t]);
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
    free(inst->hosts);
    inst->hosts = NULL;
    inst->n_hosts = 0;
    if (!inst->peers)
        return;
    if (inst->n_unmapped > 0)
        atomic_fetch_sub_explicit(&mishmem_instances_unmapped, 1, memory_order_relaxed);
    inst->n_unmapped = 0;
    for (int t = mishmem_transport_count - 1; t >= 0; t--) {
        mishmem_transport_table[t]->close(&inst->transport_ctx, inst->transport_state[t]);
        inst->transport_state[t] = NULL;
    }
    mishmem_liveness_free_given_up(inst);
    free(inst->peers);
    inst->peers = NULL;
}

