/* The libfabric transport's set-up per instance: endpoint, address vector,
 * counter, error queue, registrations, and the peers' addresses and keys. */
#include <rdma/fi_cm.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "transport/ofi/ofi_am.h"
#include "transport/ofi/ofi_driver.h"
#include "transport/ofi/ofi_ops.h"
#include "util/log.h"
#include "util/params.h"

static int failed(const char *what, int rc)
{
    MISHMEM_ERROR("libfabric: %s failed: %s", what, mishmem_ofi_strerror(-rc));
    return ACLSHMEM_INNER_ERROR;
}

/* A failure that another domain may cure (open_endpoint) is a note. */
static int failed_as(int loud, const char *what, int rc)
{
    if (loud)
        return failed(what, rc);
    MISHMEM_INFO("libfabric: %s failed: %s (this domain may be full: trying another)", what,
                 mishmem_ofi_strerror(-rc));
    return ACLSHMEM_INNER_ERROR;
}

static uint64_t random_key(const struct mishmem_ofi_domain *dom)
{
    uint64_t key = 0;
    while (key == 0)
        if (getrandom(&key, sizeof key, 0) != sizeof key)
            key = (uint64_t)(uintptr_t)&key ^ 0x9e3779b97f4a7c15ull;
    return key & dom->key_mask;
}

static int register_region(struct mishmem_ofi_state *ofi, void *base, size_t len, uint64_t key, struct fid_mr **mr)
{
    int rc = fi_mr_reg(ofi->dom->domain, base, len, FI_REMOTE_READ | FI_REMOTE_WRITE, 0, key, 0, mr, NULL);
    if (rc != 0)
        return failed("registering memory", rc);
    if (ofi->dom->mr_endpoint) {
        rc = fi_mr_bind(*mr, &ofi->ep->fid, 0);
        if (rc == 0)
            rc = fi_mr_enable(*mr);
        if (rc != 0)
            return failed("binding a registration to the endpoint", rc);
    }
    return ACLSHMEM_SUCCESS;
}

/* The queues and the address vector first, the endpoint last: a provider
 * may crash closing an endpoint that never got its queues (net, libfabric
 * 1.17, when a full domain refused the counter). */
static int open_endpoint(struct mishmem_ofi_state *ofi, int n_pes, int loud)
{
    struct mishmem_ofi_domain *dom = ofi->dom;
    struct fi_av_attr av_attr = {.type = FI_AV_TABLE, .count = (size_t)n_pes};
    struct fi_cq_attr cq_attr = {.format = FI_CQ_FORMAT_CONTEXT, .size = 64, .wait_obj = FI_WAIT_NONE};
    /* A counter with a wait object: fi_cntr_wait on the default one fails. */
    struct fi_cntr_attr cntr_attr = {.events = FI_CNTR_EVENTS_COMP, .wait_obj = FI_WAIT_UNSPEC};
    int rc;
    if ((rc = fi_av_open(dom->domain, &av_attr, &ofi->av, NULL)) != 0)
        return failed_as(loud, "opening an address vector", rc);
    /* Manual progress or messages to serve: a file descriptor first, for
     * the driver (ofi_driver.h) polls the queue's wait set, which holds the
     * provider's sockets. With automatic progress nobody polls it: no wait
     * object. */
    if (dom->driven) {
        struct fi_wait_attr wait_attr = {.wait_obj = FI_WAIT_FD};
        if (fi_wait_open(dom->fabric, &wait_attr, &ofi->wait_set) == 0) {
            cq_attr.wait_obj = FI_WAIT_SET;
            cq_attr.wait_set = ofi->wait_set;
            ofi->cq_wait_fd = fi_cq_open(dom->domain, &cq_attr, &ofi->cq, NULL) == 0;
            cq_attr.wait_set = NULL;
            if (!ofi->cq_wait_fd) {
                fi_close(&ofi->wait_set->fid);
                ofi->wait_set = NULL;
            }
        }
        cq_attr.wait_obj = FI_WAIT_FD;
        if (!ofi->cq_wait_fd)
            ofi->cq_wait_fd = fi_cq_open(dom->domain, &cq_attr, &ofi->cq, NULL) == 0;
        cq_attr.wait_obj = FI_WAIT_NONE;
    }
    if (!ofi->cq_wait_fd && (rc = fi_cq_open(dom->domain, &cq_attr, &ofi->cq, NULL)) != 0)
        return failed_as(loud, "opening a completion queue", rc);
    if ((rc = fi_cntr_open(dom->domain, &cntr_attr, &ofi->cntr, NULL)) != 0)
        return failed_as(loud, "opening a counter", rc);
    if ((rc = fi_endpoint(dom->domain, dom->info, &ofi->ep, NULL)) != 0)
        return failed_as(loud, "opening an endpoint", rc);
    if ((rc = fi_ep_bind(ofi->ep, &ofi->av->fid, 0)) != 0)
        return failed("binding the address vector", rc);
    /* Successes count on the counter only; the queue gets the errors. */
    if ((rc = fi_ep_bind(ofi->ep, &ofi->cq->fid, FI_TRANSMIT | FI_RECV | FI_SELECTIVE_COMPLETION)) != 0)
        return failed("binding the completion queue", rc);
    if ((rc = fi_ep_bind(ofi->ep, &ofi->cntr->fid, FI_WRITE | FI_READ)) != 0)
        return failed("binding the counter", rc);
    if ((rc = fi_enable(ofi->ep)) != 0)
        return failed("enabling the endpoint", rc);
    return mishmem_ofi_am_open(ofi);
}

/* What open_endpoint opened (the endpoint first: nothing may land in
 * memory being unregistered; ofi_close unregisters in between). */
static void close_endpoint(struct mishmem_ofi_state *ofi)
{
    if (ofi->ep)
        fi_close(&ofi->ep->fid);
    ofi->ep = NULL;
    mishmem_ofi_am_close(ofi);
}

static void close_queues(struct mishmem_ofi_state *ofi)
{
    if (ofi->cntr)
        fi_close(&ofi->cntr->fid);
    if (ofi->cq)
        fi_close(&ofi->cq->fid);
    if (ofi->av)
        fi_close(&ofi->av->fid);
    if (ofi->wait_set)
        fi_close(&ofi->wait_set->fid);
    ofi->cntr = NULL;
    ofi->cq = NULL;
    ofi->av = NULL;
    ofi->wait_set = NULL;
    ofi->cq_wait_fd = 0;
}

/* In the process's domain, or, where that holds other instances and
 * refuses this one (a provider's limit on endpoints or queues), in the
 * next. */
static int open_endpoint_somewhere(struct mishmem_ofi_state *ofi, int n_pes)
{
    int rc = open_endpoint(ofi, n_pes, 0);
    while (rc != ACLSHMEM_SUCCESS) {
        close_endpoint(ofi);
        close_queues(ofi);
        struct mishmem_ofi_domain *next = mishmem_ofi_domain_spill(ofi->dom, &rc);
        if (!next)
            return open_endpoint(ofi, n_pes, 1); /* once more, to say why */
        ofi->dom = next;
        rc = open_endpoint(ofi, n_pes, 0);
    }
    return rc;
}

static int ofi_open(struct mishmem_transport_ctx *ctx, void *my_blob, void **state)
{
    struct mishmem_ofi_state *ofi = calloc(1, sizeof *ofi);
    if (!ofi)
        return ACLSHMEM_MALLOC_FAILED;
    *state = ofi;
    ofi->ctx = ctx;
    ofi->wake_fd = ofi->fabric_fd = -1;
    int rc;
    ofi->dom = mishmem_ofi_domain_get(&rc, ctx->pes_on_my_kernel, ctx->every_kernel_fits, ctx->n_pes);
    if (!ofi->dom)
        return rc;
    ofi->peers = calloc((size_t)ctx->n_pes, sizeof *ofi->peers);
    if (!ofi->peers)
        return ACLSHMEM_MALLOC_FAILED;
    rc = open_endpoint_somewhere(ofi, ctx->n_pes);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_ofi_driver_start(ofi);
    struct mishmem_ofi_blob blob = {.segment_key = random_key(ofi->dom),
                                    .segment_base = (uint64_t)(uintptr_t)ctx->segment->base,
                                    .n_static = MISHMEM_STATIC_MAX_RANGES,
                                    .amo_messages = (uint32_t)ofi->dom->amo_messages};
    snprintf(blob.provider, sizeof blob.provider, "%s", ofi->dom->info->fabric_attr->prov_name);
    MISHMEM_DEBUG("instance %llu PE %d: libfabric provider %s (%s), atomics %s, %s progress (%s)",
                  (unsigned long long)ctx->id, ctx->my_pe, blob.provider, ofi->dom->why ? ofi->dom->why : "",
                  ofi->dom->amo_messages ? "as messages" : "the provider's",
                  ofi->dom->auto_progress ? "automatic" : "manual", ofi->dom->progress_why);
    if (rc == ACLSHMEM_SUCCESS)
        rc = register_region(ofi, ctx->segment->base, ctx->segment->size, blob.segment_key, &ofi->segment_mr);
    if (rc == ACLSHMEM_SUCCESS && ofi->dom->prov_key)
        blob.segment_key = fi_mr_key(ofi->segment_mr);
    /* Static data is registered later (static_ready), with keys chosen now. */
    for (int r = 0; r < MISHMEM_STATIC_MAX_RANGES; r++)
        blob.static_keys[r] = ofi->static_keys[r] = random_key(ofi->dom);
    size_t len = sizeof blob.addr;
    if (rc == ACLSHMEM_SUCCESS) {
        int named = fi_getname(&ofi->ep->fid, blob.addr, &len);
        if (named != 0)
            rc = failed("reading the endpoint's address", named);
        blob.addr_len = (uint32_t)len;
    }
    memcpy(my_blob, &blob, sizeof blob);
    return rc;
}

static int ofi_reaches(const struct mishmem_transport_ctx *ctx, const struct mishmem_cards *cards, int pe,
                       const void *my_blob, const void *their_blob)
{
    (void)ctx;
    (void)cards;
    (void)pe;
    (void)my_blob;
    const struct mishmem_ofi_blob *blob = their_blob;
    return blob->addr_len > 0;
}

/* A peer on another provider, or with the other kind of atomics, could
 * not be reached or would apply AMOs differently: refuse, naming both. */
static int agrees(const struct mishmem_ofi_state *ofi, const struct mishmem_transport_ctx *ctx, int pe,
                  struct mishmem_ofi_blob *blob)
{
    if (blob->addr_len == 0)
        return ACLSHMEM_SUCCESS; /* no endpoint to compare */
    blob->provider[sizeof blob->provider - 1] = '\0';
    char mine[sizeof blob->provider];
    snprintf(mine, sizeof mine, "%s", ofi->dom->info->fabric_attr->prov_name);
    int messages = ofi->dom->amo_messages;
    if (strcmp(blob->provider, mine) == 0 && (blob->amo_messages != 0) == (messages != 0))
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("instance %llu: PE %d uses libfabric provider %s with atomics %s, PE %d uses %s with atomics %s: "
                  "every PE of an instance needs the same (set MISHMEM_OFI_PROVIDER and MISHMEM_OFI_ATOMICS alike "
                  "on every host)",
                  (unsigned long long)ctx->id, pe, blob->provider, blob->amo_messages ? "as messages" : "the provider's",
                  ctx->my_pe, mine, messages ? "as messages" : "the provider's");
    return ACLSHMEM_NOT_SUPPORTED;
}

/* The retransmission floor for the endpoint's TCP connections, which
 * know their ends by the endpoints' addresses (ofi_tcp_tune.h). */
static int start_tcp_tune(struct mishmem_ofi_state *ofi, const struct mishmem_transport_ctx *ctx,
                          const struct mishmem_cards *cards, size_t blob_offset)
{
    long rto_min_us;
    int rc = mishmem_param_long(MISHMEM_PARAM_MISHMEM_OFI_TCP_RTO_MIN_US, &rto_min_us);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    struct mishmem_ofi_blob blob;
    memcpy(&blob, (const char *)mishmem_card_of(cards, ctx->my_pe) + blob_offset, sizeof blob);
    struct mishmem_ofi_tcp_tune *tune = mishmem_ofi_tcp_tune_new(blob.addr, blob.addr_len, (size_t)ctx->n_pes,
                                                                 rto_min_us);
    for (int pe = 0; tune && pe < ctx->n_pes; pe++) {
        memcpy(&blob, (const char *)mishmem_card_of(cards, pe) + blob_offset, sizeof blob);
        if (pe != ctx->my_pe && blob.addr_len > 0 && blob.addr_len <= sizeof blob.addr)
            mishmem_ofi_tcp_tune_add_peer(tune, blob.addr, blob.addr_len);
    }
    mishmem_ofi_tcp_tune_ready(tune);
    mishmem_ofi_tcp_tune_scan(tune, mishmem_now_ns()); /* the listener: accepted sockets inherit it */
    atomic_store_explicit(&ofi->tcp_tune, tune, memory_order_release);
    return ACLSHMEM_SUCCESS;
}

static int ofi_connect(struct mishmem_transport_ctx *ctx, void *state, const struct mishmem_cards *cards,
                       size_t blob_offset, int precheck)
{
    struct mishmem_ofi_state *ofi = state;
    if (precheck != ACLSHMEM_SUCCESS || !ofi)
        return precheck != ACLSHMEM_SUCCESS ? precheck : ACLSHMEM_INNER_ERROR;
    /* Every PE's address goes in, in PE order: the table's index is the PE. */
    for (int pe = 0; pe < ctx->n_pes; pe++) {
        struct mishmem_ofi_blob blob;
        memcpy(&blob, (const char *)mishmem_card_of(cards, pe) + blob_offset, sizeof blob);
        int rc = agrees(ofi, ctx, pe, &blob);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
        struct mishmem_ofi_peer *peer = &ofi->peers[pe];
        int inserted = fi_av_insert(ofi->av, blob.addr, 1, &peer->addr, 0, NULL);
        if (inserted != 1) {
            MISHMEM_ERROR("libfabric: PE %d's address cannot be inserted (%d)", pe, inserted);
            return ACLSHMEM_INNER_ERROR;
        }
        peer->segment_key = blob.segment_key;
        peer->segment_base = blob.segment_base;
        memcpy(peer->static_keys, blob.static_keys, sizeof peer->static_keys);
    }
    return start_tcp_tune(ofi, ctx, cards, blob_offset);
}

static int ofi_static_ready(struct mishmem_transport_ctx *ctx, void *state)
{
    struct mishmem_ofi_state *ofi = state;
    const struct mishmem_static_data *data = ctx->static_data;
    if ((ofi->dom->prov_key || ofi->dom->virt_addr) && data->n_ranges > 0) {
        MISHMEM_WARN("libfabric provider %s chooses its own keys or addresses: global and static data are not "
                     "symmetric across hosts (only the heap is)", ofi->dom->info->fabric_attr->prov_name);
        return ACLSHMEM_SUCCESS;
    }
    for (int r = 0; r < data->n_ranges; r++) {
        int rc = register_region(ofi, (void *)data->ranges[r].base, data->ranges[r].size, ofi->static_keys[r],
                                 &ofi->static_mr[r]);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    return ACLSHMEM_SUCCESS;
}

static void ofi_close(struct mishmem_transport_ctx *ctx, void *state)
{
    (void)ctx;
    struct mishmem_ofi_state *ofi = state;
    if (!ofi)
        return;
    mishmem_ofi_driver_stop(ofi);
    close_endpoint(ofi);
    for (int r = 0; r < MISHMEM_STATIC_MAX_RANGES; r++)
        if (ofi->static_mr[r])
            fi_close(&ofi->static_mr[r]->fid);
    if (ofi->segment_mr)
        fi_close(&ofi->segment_mr->fid);
    close_queues(ofi);
    mishmem_ofi_domain_put(ofi->dom);
    mishmem_ofi_tcp_tune_free(atomic_load(&ofi->tcp_tune));
    free(ofi->peers);
    free(ofi);
}

static int ofi_atomics_on_cpu(void *state)
{
    const struct mishmem_ofi_state *ofi = state;
    return ofi->dom->cpu_atomics;
}

/* The peer's fabric address as the provider writes it
 * ("fi_sockaddr_in://10.0.0.2:41234"), from the address vector. */
static int ofi_peer_address(void *state, int pe, char *buf, size_t size)
{
    struct mishmem_ofi_state *ofi = state;
    if (!ofi || !ofi->av || !ofi->peers || pe < 0 || pe >= ofi->ctx->n_pes || size == 0)
        return -1;
    uint8_t raw[MISHMEM_OFI_ADDR_MAX];
    size_t len = sizeof raw;
    if (fi_av_lookup(ofi->av, ofi->peers[pe].addr, raw, &len) != 0 || len > sizeof raw)
        return -1;
    size_t text = size;
    if (!fi_av_straddr(ofi->av, raw, buf, &text))
        return -1;
    buf[size - 1] = 0;
    return 0;
}

const struct mishmem_transport mishmem_ofi_transport = {
    .name = "ofi",
    .blob_size = sizeof(struct mishmem_ofi_blob),
    .between_hosts = 1,
    .open = ofi_open,
    .reaches = ofi_reaches,
    .connect = ofi_connect,
    .static_ready = ofi_static_ready,
    .close = ofi_close,
    .put = mishmem_ofi_put,
    .get = mishmem_ofi_get,
    .amo = mishmem_ofi_amo,
    .atomics_on_cpu = ofi_atomics_on_cpu,
    .put_signal = mishmem_ofi_put_signal,
    .quiet = mishmem_ofi_quiet,
    .fence = mishmem_ofi_fence,
    .progress = mishmem_ofi_progress,
    .sleeping = mishmem_ofi_sleeping,
    .direct_address = NULL,
    .peer_address = ofi_peer_address,
};
