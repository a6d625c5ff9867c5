#include "transport/select.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "transport/locality.h"
#include "transport/shm/shm.h"
#include "util/log.h"

/* Every transport of this build, in order of preference. A new one is a
 * folder and a line here. */
static const struct mishmem_transport *const transports[] = {
    &mishmem_shm_transport,
};
#define N_TRANSPORTS ((int)(sizeof transports / sizeof transports[0]))
_Static_assert(N_TRANSPORTS <= MISHMEM_MAX_TRANSPORTS, "raise MISHMEM_MAX_TRANSPORTS");

static size_t blob_offset(int t)
{
    size_t offset = (sizeof(struct mishmem_card_common) + 7) & ~(size_t)7;
    for (int i = 0; i < t; i++)
        offset += (transports[i]->blob_size + 7) & ~(size_t)7;
    return offset;
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
    for (int t = 0; rc == ACLSHMEM_SUCCESS && t < N_TRANSPORTS; t++) {
        int opened = transports[t]->open(inst, card + blob_offset(t), &inst->transport_state[t]);
        if (opened == ACLSHMEM_SUCCESS)
            common.available |= 1u << t;
        else if (opened != ACLSHMEM_NOT_SUPPORTED)
            rc = opened;
    }
    memcpy(card, &common, sizeof common);
    return rc;
}

/* Gives every peer its transport: this PE's verdict. */
static int assign(struct mishmem_instance *inst, const struct mishmem_cards *cards)
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
        for (int t = 0; !peer->transport && t < N_TRANSPORTS; t++) {
            if (!(mine->available & card->available & (1u << t)))
                continue;
            if (pe == inst->my_pe ||
                transports[t]->reaches(inst, cards, pe, (const char *)mine + blob_offset(t),
                                       (const char *)card + blob_offset(t))) {
                peer->transport = transports[t];
                peer->transport_index = t;
            }
        }
        if (!peer->transport) {
            MISHMEM_ERROR("PE %d is on another host than this PE (%s), and no transport of this build "
                          "reaches it", pe, why);
            return ACLSHMEM_NOT_SUPPORTED;
        }
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_transports_attach(struct mishmem_instance *inst)
{
    size_t card_size = blob_offset(N_TRANSPORTS);
    unsigned char *mine = calloc(1, card_size);
    unsigned char *all = calloc((size_t)inst->n_pes, card_size);
    if (!mine || !all) {
        free(mine);
        free(all);
        return ACLSHMEM_MALLOC_FAILED;
    }
    int rc = make_card(inst, mine);
    int exchanged = mishmem_bootstrap_allgather(inst->boot, mine, all, card_size);
    if (exchanged != ACLSHMEM_SUCCESS) {
        free(mine);
        free(all);
        return exchanged;
    }
    struct mishmem_cards cards = {.bytes = all, .card_size = card_size};
    if (rc == ACLSHMEM_SUCCESS)
        rc = assign(inst, &cards);
    inst->peers[inst->my_pe].segment = inst->segment.base;
    /* Every transport takes part, so that collective set-ups line up. */
    for (int t = 0; t < N_TRANSPORTS; t++)
        rc = transports[t]->connect(inst, inst->transport_state[t], &cards, blob_offset(t), rc);
    inst->n_unmapped = 0;
    for (int pe = 0; pe < inst->n_pes; pe++)
        inst->n_unmapped += inst->peers[pe].segment == NULL;
    free(mine);
    free(all);
    return rc;
}

void mishmem_transports_release(struct mishmem_instance *inst)
{
    if (!inst->peers)
        return;
    for (int t = N_TRANSPORTS - 1; t >= 0; t--) {
        transports[t]->close(inst, inst->transport_state[t]);
        inst->transport_state[t] = NULL;
    }
    free(inst->peers);
    inst->peers = NULL;
}

int mishmem_transports_quiet(struct mishmem_instance *inst)
{
    int rc = ACLSHMEM_SUCCESS;
    for (int t = 0; t < N_TRANSPORTS; t++)
        if (inst->transport_state[t] && transports[t]->quiet) {
            int one = transports[t]->quiet(inst->transport_state[t]);
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

const char *mishmem_transport_name_of(const struct mishmem_instance *inst, int pe)
{
    const struct mishmem_transport *t = inst->peers[pe].transport;
    return t ? t->name : "none";
}
