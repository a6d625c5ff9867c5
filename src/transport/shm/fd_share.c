#include "transport/shm/fd_share.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "heap/fd_exchange.h"
#include "heap/segment.h"
#include "util/params.h"
#include "util/log.h"

int mishmem_agree_first_nonzero(struct mishmem_transport_ctx *ctx, int32_t mine, int32_t *result, const char *what)
{
    int32_t *all = calloc((size_t)ctx->n_pes, sizeof *all);
    if (!all)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = mishmem_bootstrap_allgather(ctx->boot, &mine, all, sizeof mine);
    *result = 0;
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < ctx->n_pes && *result == 0; pe++) {
        *result = all[pe];
        if (all[pe] < 0 && pe != ctx->my_pe)
            MISHMEM_ERROR("PE %d failed to share its %s (%d)", pe, what, all[pe]);
    }
    free(all);
    return rc;
}

/* Maps what the kernel lets us take directly; *missing counts the rest. */
static int share_directly(struct mishmem_transport_ctx *ctx, const struct mishmem_fd_share *share, char *mapped,
                          int *missing)
{
    int force_sockets = strcmp(mishmem_params()->MISHMEM_FD_TRANSFER, "socket") == 0;
    *missing = 0;
    for (int pe = 0; pe < ctx->n_pes; pe++) {
        if (pe == ctx->my_pe)
            continue;
        const struct mishmem_peer *peer = &ctx->peers[pe];
        if (peer->pidfd < 0) /* not a local peer: another transport reaches it */
            continue;
        int fd = force_sockets ? -1 : mishmem_segment_fetch_fd(peer->pidfd, peer->pid, share->remote_fds[pe]);
        if (fd < 0) {
            (*missing)++;
            continue;
        }
        int rc = share->map(ctx, pe, fd, share->arg);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
        mapped[pe] = 1;
    }
    return ACLSHMEM_SUCCESS;
}

/* The fallback: every PE passes its descriptor to every peer. */
static int share_over_sockets(struct mishmem_transport_ctx *ctx, const struct mishmem_fd_share *share,
                              const char *mapped)
{
    int n = ctx->n_pes;
    pid_t *pids = malloc((size_t)n * sizeof *pids);
    int *fds = malloc((size_t)n * sizeof *fds);
    int rc = ACLSHMEM_MALLOC_FAILED;
    if (pids && fds) {
        for (int pe = 0; pe < n; pe++)
            pids[pe] = ctx->peers[pe].pid;
        rc = mishmem_fd_exchange(ctx->boot, share->my_fd, share->tokens, pids, ctx->op_timeout_ms, fds);
    }
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < n; pe++) {
        if (pe == ctx->my_pe || fds[pe] < 0)
            continue;
        int fd = fds[pe];
        fds[pe] = -1;
        if (mapped[pe]) /* mapped directly already */
            close(fd);
        else
            rc = share->map(ctx, pe, fd, share->arg);
    }
    for (int pe = 0; rc != ACLSHMEM_SUCCESS && fds && pe < n; pe++)
        if (fds[pe] >= 0)
            close(fds[pe]);
    free(fds);
    free(pids);
    return rc;
}

int mishmem_fd_share(struct mishmem_transport_ctx *ctx, const struct mishmem_fd_share *share, int precheck)
{
    char *mapped = calloc((size_t)ctx->n_pes, 1);
    if (!mapped)
        return ACLSHMEM_MALLOC_FAILED;
    int missing = 0;
    int32_t failure = 0, need_sockets = 0;
    int mine = precheck;
    if (mine == ACLSHMEM_SUCCESS && share->my_fd >= 0)
        mine = share_directly(ctx, share, mapped, &missing);
    int rc = mishmem_agree_first_nonzero(ctx, mine, &failure, share->what);
    if (rc == ACLSHMEM_SUCCESS)
        rc = failure;
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_agree_first_nonzero(ctx, missing > 0, &need_sockets, share->what);
    if (rc == ACLSHMEM_SUCCESS && need_sockets)
        rc = mishmem_agree_first_nonzero(ctx, share_over_sockets(ctx, share, mapped), &failure, share->what);
    if (rc == ACLSHMEM_SUCCESS)
        rc = failure;
    free(mapped);
    return rc;
}
