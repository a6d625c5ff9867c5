/* Atomics the target executes (ofi_am.h): the messages, their receive
 * buffers, the target's side (apply, answer) and the requester's. */
#include "transport/ofi/ofi_am.h"

#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <stdlib.h>
#include <string.h>

#include "mapped/amo_word.h"
#include "transport/ofi/ofi_ops.h"
#include "util/clock.h"
#include "util/log.h"

enum am_kind { AM_REQUEST = 0x51, AM_ANSWER = 0xa5 };

/* One message, either way; small enough to be injected (copied out at
 * once). operand, cond and value hold size bytes from their start. */
struct mishmem_ofi_am_message {
    uint8_t kind;
    uint8_t op;     /* enum mishmem_amo_op */
    uint8_t type;   /* enum mishmem_datatype */
    uint8_t region; /* enum mishmem_region */
    int32_t status; /* an answer: ACLSHMEM_SUCCESS, or why it was refused */
    uint32_t from_pe;
    uint32_t reserved;
    uint64_t offset;
    uint64_t operand, cond; /* a request's; an answer's old value in operand */
    uint64_t ticket;        /* 0: nobody waits for the value */
};

_Static_assert(sizeof(struct mishmem_ofi_am_message) == MISHMEM_OFI_AM_MESSAGE_SIZE,
               "struct mishmem_ofi_am_message: keep MISHMEM_OFI_AM_MESSAGE_SIZE");

/* Requests in flight towards this PE that need no wait for a buffer: a
 * peer's requests beyond these wait in its socket until one is free. */
#define AM_BUFFERS 64

static void received(struct mishmem_ofi_state *ofi, uint64_t context, int failed);
static int message_amo(struct mishmem_ofi_state *ofi, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                       enum mishmem_datatype type, const void *operand, const void *cond, void *fetched);
static int settle(struct mishmem_ofi_state *ofi);

static int post_buffer(struct mishmem_ofi_state *ofi, uint64_t index)
{
    struct iovec iov = {.iov_base = &ofi->am_buffers[index], .iov_len = sizeof ofi->am_buffers[index]};
    struct fi_msg msg = {.msg_iov = &iov, .iov_count = 1, .addr = FI_ADDR_UNSPEC,
                         .context = (void *)(uintptr_t)(OFI_RECEIVE_CONTEXT_BIT | index)};
    ssize_t rc;
    /* The receive queue has room for every buffer (rx size 256): a refusal
     * is the provider catching up, so drive it without reading entries
     * (this may run inside a completion handler). */
    for (unsigned tries = 0; (rc = fi_recvmsg(ofi->ep, &msg, FI_COMPLETION)) == -FI_EAGAIN && tries < 1000000; tries++)
        (void)fi_cq_read(ofi->cq, NULL, 0);
    return (int)rc;
}

int mishmem_ofi_am_open(struct mishmem_ofi_state *ofi)
{
    if (!ofi->dom->amo_messages)
        return ACLSHMEM_SUCCESS;
    ofi->am_buffers = calloc(AM_BUFFERS, sizeof *ofi->am_buffers);
    if (!ofi->am_buffers)
        return ACLSHMEM_MALLOC_FAILED;
    for (uint64_t i = 0; i < AM_BUFFERS; i++) {
        int rc = post_buffer(ofi, i);
        if (rc != 0) {
            MISHMEM_ERROR("libfabric: posting a receive buffer for atomics failed: %s", mishmem_ofi_strerror(-rc));
            return ACLSHMEM_INNER_ERROR;
        }
    }
    ofi->received = received;
    ofi->message_amo = message_amo;
    ofi->settle = settle;
    return ACLSHMEM_SUCCESS;
}

void mishmem_ofi_am_close(struct mishmem_ofi_state *ofi)
{
    free(ofi->am_buffers);
    ofi->am_buffers = NULL;
}

/* Sends one message, retrying while the provider refuses (queue full, a
 * connection being made) for at most the peer timeout. Inside a handler
 * (nested), progress is driven without reading entries, so that handlers
 * never run inside each other. */
static int send_message(struct mishmem_ofi_state *ofi, int pe, const struct mishmem_ofi_am_message *m, int nested)
{
    fi_addr_t dest = ofi->peers[pe].addr;
    uint64_t since = 0;
    ssize_t rc;
    for (unsigned tries = 1; (rc = fi_inject(ofi->ep, m, sizeof *m, dest)) == -FI_EAGAIN; tries++)
        if (mishmem_ofi_refused(ofi, tries, &since, nested) == -FI_ETIMEDOUT)
            return ACLSHMEMX_PEER_FAILED;
    if (rc != 0) {
        MISHMEM_ERROR("libfabric: an atomic's message to PE %d failed: %s", pe, mishmem_ofi_strerror((int)-rc));
        return ACLSHMEM_INNER_ERROR;
    }
    return ACLSHMEM_SUCCESS;
}

/* This PE's word a request names, or NULL when it names none (outside the
 * segment and the static data, or not aligned to its size). */
static void *word_of(const struct mishmem_ofi_state *ofi, const struct mishmem_ofi_am_message *m, size_t size)
{
    if (m->offset % size != 0)
        return NULL;
    if (m->region == MISHMEM_REGION_SEGMENT) {
        const struct mishmem_segment *segment = ofi->ctx->segment;
        return m->offset < segment->size && segment->size - m->offset >= size ? segment->base + m->offset : NULL;
    }
    if (m->region != MISHMEM_REGION_STATIC)
        return NULL;
    const struct mishmem_static_data *data = ofi->ctx->static_data;
    for (int r = 0; data && r < data->n_ranges; r++) {
        uint64_t within = m->offset - data->ranges[r].file_offset;
        if (m->offset >= data->ranges[r].file_offset && within < data->ranges[r].size &&
            data->ranges[r].size - within >= size)
            return (char *)data->ranges[r].base + within;
    }
    return NULL;
}

static int valid_request(const struct mishmem_ofi_state *ofi, const struct mishmem_ofi_am_message *m)
{
    return m->from_pe < (uint32_t)ofi->ctx->n_pes && m->op <= MISHMEM_AMO_FETCH_XOR && m->type <= MISHMEM_DT_DOUBLE;
}

/* The target's side: apply, answer. */
static void serve_request(struct mishmem_ofi_state *ofi, const struct mishmem_ofi_am_message *m)
{
    if (!valid_request(ofi, m)) {
        MISHMEM_ERROR("instance %llu: dropped a malformed atomic request (PE %u, op %u, type %u)",
                      (unsigned long long)ofi->ctx->id, m->from_pe, m->op, m->type);
        return;
    }
    size_t size = mishmem_datatype_size((enum mishmem_datatype)m->type);
    struct mishmem_ofi_am_message answer = {.kind = AM_ANSWER, .ticket = m->ticket, .status = ACLSHMEM_SUCCESS};
    void *word = word_of(ofi, m, size);
    if (word)
        mishmem_amo_on_word((enum mishmem_amo_op)m->op, word, size, &m->operand, &m->cond, &answer.operand);
    else {
        MISHMEM_ERROR("instance %llu: PE %u sent an atomic to offset 0x%llx (%zu bytes) of region %u, outside "
                      "this PE's symmetric memory",
                      (unsigned long long)ofi->ctx->id, m->from_pe, (unsigned long long)m->offset, size, m->region);
        answer.status = ACLSHMEM_INVALID_PARAM;
    }
    /* A requester that is gone needs no answer: the failure is its peers' to see. */
    (void)send_message(ofi, (int)m->from_pe, &answer, 1);
}

static void take_answer(struct mishmem_ofi_state *ofi, const struct mishmem_ofi_am_message *m)
{
    uint64_t t = m->ticket;
    if (t != 0)
        mishmem_ofi_ticket_answer(ofi, t, m->status, m->operand);
    atomic_fetch_add_explicit(&ofi->am_answered, 1, memory_order_seq_cst);
}

/* A receive buffer has a message (or an error): act on it, post it again. */
static void received(struct mishmem_ofi_state *ofi, uint64_t context, int failed)
{
    uint64_t index = context & ~OFI_RECEIVE_CONTEXT_BIT;
    if (index >= AM_BUFFERS || !ofi->am_buffers)
        return;
    /* Copied out first: the buffer goes back to the provider before the
     * answer is sent, so that a peer's next request has somewhere to land. */
    struct mishmem_ofi_am_message m = ofi->am_buffers[index];
    int rc = post_buffer(ofi, index);
    if (rc != 0 && rc != -FI_ECANCELED)
        MISHMEM_ERROR("instance %llu: reposting an atomics buffer failed: %s", (unsigned long long)ofi->ctx->id,
                      mishmem_ofi_strerror(-rc));
    if (failed) /* truncated (not one of ours) or cancelled at close */
        return;
    if (m.kind == AM_REQUEST)
        serve_request(ofi, &m);
    else if (m.kind == AM_ANSWER)
        take_answer(ofi, &m);
    else
        MISHMEM_ERROR("instance %llu: dropped a message of unknown kind 0x%x", (unsigned long long)ofi->ctx->id,
                      m.kind);
}

static int message_amo(struct mishmem_ofi_state *ofi, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                       enum mishmem_datatype type, const void *operand, const void *cond, void *fetched)
{
    size_t size = mishmem_datatype_size(type);
    struct mishmem_ofi_am_message m = {.kind = AM_REQUEST, .op = (uint8_t)op, .type = (uint8_t)type,
                                       .region = (uint8_t)at.region, .from_pe = (uint32_t)ofi->ctx->my_pe,
                                       .offset = at.offset};
    if (operand)
        memcpy(&m.operand, operand, size);
    if (cond)
        memcpy(&m.cond, cond, size);
    /* Nobody wants the old value: answered later, settled by a quiet. */
    int wants_value = fetched != NULL;
    if (wants_value)
        m.ticket = mishmem_ofi_take_ticket(ofi);
    atomic_fetch_add_explicit(&ofi->am_sent, 1, memory_order_seq_cst);
    int rc = send_message(ofi, pe, &m, 0);
    if (rc != ACLSHMEM_SUCCESS) {
        atomic_fetch_sub_explicit(&ofi->am_sent, 1, memory_order_seq_cst);
        if (wants_value)
            mishmem_ofi_ticket_release(ofi, m.ticket);
        return rc;
    }
    if (!wants_value)
        return ACLSHMEM_SUCCESS;
    rc = mishmem_ofi_wait_own(ofi, ACLSHMEM_SUCCESS, m.ticket, size); /* with the answer's status */
    /* The answer is read before the slot is released to a later ticket. */
    uint64_t value = ofi->am_value[m.ticket % OFI_TICKETS];
    mishmem_ofi_ticket_release(ofi, m.ticket);
    if (rc == ACLSHMEM_SUCCESS)
        memcpy(fetched, &value, size);
    return rc;
}

static int settle(struct mishmem_ofi_state *ofi)
{
    uint64_t sent = atomic_load_explicit(&ofi->am_sent, memory_order_seq_cst);
    struct mishmem_ofi_stall stall = {0};
    for (unsigned spins = 0;; spins++) {
        uint64_t answered = atomic_load_explicit(&ofi->am_answered, memory_order_seq_cst);
        if (answered >= sent)
            return ACLSHMEM_SUCCESS;
        mishmem_ofi_progress(ofi);
        if (spins < 256)
            continue;
        mishmem_ofi_await_traffic(ofi, 1);
        if (mishmem_ofi_stalled(&stall, answered, mishmem_ofi_clock(ofi), ofi->dom->peer_timeout_ns))
            return ACLSHMEMX_PEER_FAILED;
    }
}
