/* The shared-memory transport's set-up: who is local, mapping each local
 * peer's segment and proving it is the peer's, watching the peers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "transport/locality.h"
#include "transport/shm/fd_share.h"
#include "mapped/segment_header.h"
#include "transport/shm/shm_state.h"
#include "util/params.h"
#include "util/log.h"

struct shm_blob {
    int32_t segment_fd;
    int32_t pad;
    uint64_t socket_token; /* names this PE's descriptor socket, if needed */
};

static int shm_open_instance(struct mishmem_transport_ctx *ctx, void *my_blob, void **state)
{
    struct mishmem_shm_state *shm = calloc(1, sizeof *shm);
    if (shm)
        shm->maps = calloc((size_t)ctx->n_pes, sizeof *shm->maps);
    if (!shm || !shm->maps) {
        free(shm);
        return ACLSHMEM_MALLOC_FAILED;
    }
    shm->ctx = ctx;
    shm->unmapped = mishmem_params()->MISHMEM_PEERS_UNMAPPED;
    struct shm_blob blob = {.segment_fd = ctx->segment->fd};
    if (getrandom(&blob.socket_token, sizeof blob.socket_token, 0) != sizeof blob.socket_token)
        blob.socket_token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)ctx;
    memcpy(my_blob, &blob, sizeof blob);
    *state = shm;
    return ACLSHMEM_SUCCESS;
}

static int shm_reaches(const struct mishmem_transport_ctx *ctx, const struct mishmem_cards *cards, int pe,
                       const void *my_blob, const void *their_blob)
{
    (void)my_blob;
    (void)their_blob;
    char why[160];
    return mishmem_same_host(&mishmem_card_of(cards, ctx->my_pe)->host, &mishmem_card_of(cards, pe)->host, why,
                             sizeof why);
}

static int pidfd_of(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

static int is_mine(const struct mishmem_transport_ctx *ctx, int pe)
{
    return ctx->peers[pe].transport == &mishmem_shm_transport;
}

/* Opens a pidfd on every local peer: this PE's verdict before mapping. */
static int watch_peers(struct mishmem_transport_ctx *ctx)
{
    for (int pe = 0; pe < ctx->n_pes; pe++) {
        struct mishmem_peer *peer = &ctx->peers[pe];
        if (pe == ctx->my_pe || !is_mine(ctx, pe))
            continue;
        peer->pidfd = pidfd_of(peer->pid);
        if (peer->pidfd < 0) {
            MISHMEM_ERROR("cannot watch PE %d (pid %d): %s", pe, (int)peer->pid, strerror(errno));
            return ACLSHMEM_SMEM_ERROR;
        }
    }
    return ACLSHMEM_SUCCESS;
}

struct map_args {
    struct mishmem_shm_state *shm;
    const struct mishmem_cards *cards;
};

/* Maps pe's segment and checks that its owner is the PE that announced it
 * (the token of its card, this instance, that PE number). */
static int map_heap(struct mishmem_transport_ctx *ctx, int pe, int fd, void *arg)
{
    const struct map_args *args = arg;
    const struct mishmem_card_common *card = mishmem_card_of(args->cards, pe);
    char *base;
    int rc = mishmem_segment_map_fd(fd, ctx->peers[pe].pid, card->segment_size, &base);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    const struct mishmem_segment_header *control = (const struct mishmem_segment_header *)base;
    if (control->owner.token != card->token || control->owner.instance_id != ctx->id ||
        control->owner.pe != pe) {
        MISHMEM_ERROR("the memory found at pid %d is not PE %d's segment of instance %llu (another "
                      "process has that pid here): not mapping it", (int)ctx->peers[pe].pid, pe,
                      (unsigned long long)ctx->id);
        mishmem_segment_unmap(base, card->segment_size);
        return ACLSHMEM_SMEM_ERROR;
    }
    args->shm->maps[pe] = base;
    if (!args->shm->unmapped)
        ctx->peers[pe].segment = base;
    return ACLSHMEM_SUCCESS;
}

static int shm_connect(struct mishmem_transport_ctx *ctx, void *state, const struct mishmem_cards *cards,
                       size_t blob_offset, int precheck)
{
    struct mishmem_shm_state *shm = state;
    int n = ctx->n_pes;
    int32_t *remote_fds = calloc((unsigned)n, sizeof *remote_fds);
    uint64_t *tokens = calloc((unsigned)n, sizeof *tokens);
    int rc = remote_fds && tokens ? precheck : ACLSHMEM_MALLOC_FAILED;
    for (int pe = 0; remote_fds && tokens && pe < n; pe++) {
        struct shm_blob blob;
        memcpy(&blob, (const char *)mishmem_card_of(cards, pe) + blob_offset, sizeof blob);
        remote_fds[pe] = blob.segment_fd;
        tokens[pe] = blob.socket_token;
    }
    if (!shm && rc == ACLSHMEM_SUCCESS)
        rc = ACLSHMEM_INNER_ERROR;
    if (shm)
        shm->maps[ctx->my_pe] = ctx->segment->base;
    if (rc == ACLSHMEM_SUCCESS)
        rc = watch_peers(ctx);
    struct map_args args = {.shm = shm, .cards = cards};
    struct mishmem_fd_share share = {.my_fd = ctx->segment->fd, .remote_fds = remote_fds, .tokens = tokens,
                                     .what = "heap", .map = map_heap, .arg = &args};
    /* Collective whatever the verdict: every PE takes part. */
    rc = remote_fds && tokens ? mishmem_fd_share(ctx, &share, rc) : rc;
    free(tokens);
    free(remote_fds);
    return rc;
}

static void shm_close(struct mishmem_transport_ctx *ctx, void *state)
{
    struct mishmem_shm_state *shm = state;
    for (int pe = 0; pe < ctx->n_pes; pe++) {
        struct mishmem_peer *peer = &ctx->peers[pe];
        if (pe != ctx->my_pe && shm && shm->maps[pe])
            mishmem_segment_unmap(shm->maps[pe], ctx->segment->size);
        if (pe != ctx->my_pe && is_mine(ctx, pe))
            peer->segment = peer->amo_segment = NULL;
        if (peer->pidfd >= 0) {
            close(peer->pidfd);
            peer->pidfd = -1;
        }
    }
    if (shm)
        free(shm->maps);
    free(shm);
}

const struct mishmem_transport mishmem_shm_transport = {
    .name = "shm",
    .blob_size = sizeof(struct shm_blob),
    .between_hosts = 0,
    .open = shm_open_instance,
    .reaches = shm_reaches,
    .connect = shm_connect,
    .close = shm_close,
    .put = mishmem_shm_put,
    .get = mishmem_shm_get,
    .amo = mishmem_shm_amo,
    .put_signal = mishmem_shm_put_signal,
    .quiet = mishmem_shm_quiet,
    .fence = mishmem_shm_quiet,
    .progress = NULL,
    .direct_address = mishmem_shm_direct_address,
};
