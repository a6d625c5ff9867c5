/* Giving every peer of an instance one memfd of this PE's (its heap, or the
 * world's global data) and mapping each peer's: directly (pidfd_getfd, then
 * /proc/PID/fd) where the kernel allows, else over Unix sockets. */
#ifndef MISHMEM_TRANSPORT_SHM_FD_SHARE_H
#define MISHMEM_TRANSPORT_SHM_FD_SHARE_H

#include <stdint.h>

#include "transport/transport.h"

struct mishmem_fd_share {
    int my_fd;                /* this PE's descriptor; -1: nothing to share (on every PE) */
    const int32_t *remote_fds; /* n_pes: each PE's descriptor number in its own process */
    const uint64_t *tokens;    /* n_pes: each PE's socket name, for the fallback */
    const char *what;          /* named in error messages ("heap", ...) */
    /* Maps PE pe's descriptor (consumed). Returns ACLSHMEM_*. */
    int (*map)(struct mishmem_transport_ctx *ctx, int pe, int fd, void *arg);
    void *arg;
};

/* Collective; needs ctx->peers[].pid and .pidfd. precheck is this PE's
 * verdict on what was exchanged before (ACLSHMEM_*): a failure anywhere
 * fails every PE before anything is mapped. Same result on every PE. */
int mishmem_fd_share(struct mishmem_transport_ctx *ctx, const struct mishmem_fd_share *share, int precheck);

/* Every PE contributes mine; *result is the first non-zero value in PE
 * order (or 0), the same on every PE. Negative values of other PEs are
 * logged as failures to share `what`. Returns the bootstrap's ACLSHMEM_*. */
int mishmem_agree_first_nonzero(struct mishmem_transport_ctx *ctx, int32_t mine, int32_t *result, const char *what);

#endif
