#include "transport/shm/static_world.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "transport/shm/fd_share.h"
#include "heap/segment.h"
#include "util/log.h"

enum card_state { CARD_READY, CARD_TAKEN, CARD_FAILED };

/* What each PE tells the others about its static data. */
struct static_card {
    int32_t state;
    int32_t rc;        /* CARD_FAILED: why */
    int32_t fd;        /* the memfd, for pidfd_getfd */
    int32_t n_ranges;
    uint64_t socket_token; /* names this PE's descriptor socket, if needed */
    uint64_t range_sizes[MISHMEM_STATIC_MAX_RANGES];
};

/* The one live world whose peers map this process's data. Sharing it again
 * for a second live world would leave the first one's peers on a stale copy. */
static struct mishmem_transport_ctx *_Atomic data_owner;

static int claim(struct mishmem_transport_ctx *ctx)
{
    struct mishmem_transport_ctx *expected = NULL;
    return atomic_compare_exchange_strong(&data_owner, &expected, ctx);
}

static void unclaim(struct mishmem_transport_ctx *ctx)
{
    struct mishmem_transport_ctx *expected = ctx;
    atomic_compare_exchange_strong(&data_owner, &expected, NULL);
}

static void prepare(struct mishmem_transport_ctx *ctx, struct static_card *card)
{
    memset(card, 0, sizeof *card);
    card->fd = -1;
    if (!claim(ctx)) {
        card->state = CARD_TAKEN;
        return;
    }
    struct mishmem_static_data *data = ctx->static_data;
    int rc = mishmem_static_find(data, ctx->n_pes);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_static_share(data);
    if (rc != ACLSHMEM_SUCCESS) {
        card->state = CARD_FAILED;
        card->rc = rc;
        return;
    }
    card->state = CARD_READY;
    card->fd = data->fd;
    if (getrandom(&card->socket_token, sizeof card->socket_token, 0) != sizeof card->socket_token)
        card->socket_token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)ctx;
    card->n_ranges = data->n_ranges;
    for (int r = 0; r < data->n_ranges; r++)
        card->range_sizes[r] = data->ranges[r].size;
}

static uint64_t total_size(const struct static_card *card)
{
    uint64_t total = 0;
    for (int r = 0; r < card->n_ranges; r++)
        total += card->range_sizes[r];
    return total;
}

static int same_layout(const struct static_card *a, const struct static_card *b)
{
    if (a->n_ranges != b->n_ranges)
        return 0;
    for (int r = 0; r < a->n_ranges; r++)
        if (a->range_sizes[r] != b->range_sizes[r])
            return 0;
    return 1;
}

static int check_layouts(const struct mishmem_transport_ctx *ctx, const struct static_card *cards)
{
    const struct static_card *mine = &cards[ctx->my_pe];
    for (int pe = 0; pe < ctx->n_pes; pe++)
        if (!same_layout(&cards[pe], mine)) {
            MISHMEM_ERROR("PE %d has %llu bytes of global and static data in %d ranges, this PE %llu "
                          "in %d: every PE of the shmem_init world must run the same executable",
                          pe, (unsigned long long)total_size(&cards[pe]), cards[pe].n_ranges,
                          (unsigned long long)total_size(mine), mine->n_ranges);
            return ACLSHMEM_INVALID_PARAM;
        }
    return ACLSHMEM_SUCCESS;
}

static int map_static(struct mishmem_transport_ctx *ctx, int pe, int fd, void *arg)
{
    (void)arg;
    return mishmem_static_map_peer(ctx->static_data, pe, fd, ctx->peers[pe].pid);
}

static int map_peers(struct mishmem_transport_ctx *ctx, const struct static_card *cards)
{
    int n = ctx->n_pes;
    int32_t *remote_fds = calloc((unsigned)n, sizeof *remote_fds);
    uint64_t *tokens = calloc((unsigned)n, sizeof *tokens);
    int rc = ACLSHMEM_MALLOC_FAILED;
    if (remote_fds && tokens) {
        for (int pe = 0; pe < n; pe++) {
            remote_fds[pe] = cards[pe].fd;
            tokens[pe] = cards[pe].socket_token;
        }
        /* Equal layouts (the precheck) mean an empty range is empty everywhere. */
        struct mishmem_fd_share share = {.my_fd = ctx->static_data->size ? ctx->static_data->fd : -1,
                                         .remote_fds = remote_fds, .tokens = tokens,
                                         .what = "global and static data", .map = map_static};
        rc = mishmem_fd_share(ctx, &share, check_layouts(ctx, cards));
    }
    free(tokens);
    free(remote_fds);
    return rc;
}

/* First failure, else the first PE whose data another world holds (-1: none). */
static int verdict(const struct mishmem_transport_ctx *ctx, const struct static_card *cards, int *taken_by)
{
    *taken_by = -1;
    for (int pe = 0; pe < ctx->n_pes; pe++) {
        if (cards[pe].state == CARD_FAILED) {
            if (pe != ctx->my_pe)
                MISHMEM_ERROR("PE %d failed to share its global and static data (%d)", pe, cards[pe].rc);
            return cards[pe].rc;
        }
        if (cards[pe].state == CARD_TAKEN && *taken_by < 0)
            *taken_by = pe;
    }
    return ACLSHMEM_SUCCESS;
}

static int exchange(struct mishmem_transport_ctx *ctx, struct static_card *cards)
{
    struct static_card mine;
    prepare(ctx, &mine);
    int rc = mishmem_bootstrap_allgather(ctx->boot, &mine, cards, sizeof mine);
    int taken_by;
    if (rc == ACLSHMEM_SUCCESS)
        rc = verdict(ctx, cards, &taken_by);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (taken_by >= 0) {
        MISHMEM_WARN("global and static data are not symmetric in instance %llu: PE %d already shares "
                     "its data with another live shmem_init world; only the heap is symmetric",
                     (unsigned long long)ctx->id, taken_by);
        mishmem_static_world_release(ctx);
        return ACLSHMEM_SUCCESS;
    }
    rc = map_peers(ctx, cards);
    if (rc == ACLSHMEM_SUCCESS) {
        /* Every peer holds its own mapping now. */
        mishmem_static_close_fd(ctx->static_data);
        MISHMEM_INFO("global and static data symmetric: %llu bytes in %d ranges",
                     (unsigned long long)ctx->static_data->size, ctx->static_data->n_ranges);
    }
    return rc;
}

int mishmem_static_world_attach(struct mishmem_transport_ctx *ctx)
{
    if (ctx->n_pes == 1) /* no peers: nothing to share, every address is mine */
        return mishmem_static_find(ctx->static_data, 1);
    struct static_card *cards = calloc((size_t)ctx->n_pes, sizeof *cards);
    if (!cards)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = exchange(ctx, cards);
    free(cards);
    if (rc != ACLSHMEM_SUCCESS)
        mishmem_static_world_release(ctx);
    return rc;
}

void mishmem_static_world_release(struct mishmem_transport_ctx *ctx)
{
    unclaim(ctx);
    mishmem_static_release(ctx->static_data);
}
