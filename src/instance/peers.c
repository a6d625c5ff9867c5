#include "instance/peers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "heap/fd_exchange.h"
#include "util/env.h"
#include "util/log.h"

/* What each PE tells the others about itself. */
struct peer_card {
    int32_t pid;
    int32_t segment_fd;
    uint64_t segment_size;
    uint64_t socket_token; /* names this PE's descriptor socket, if needed */
    char boot_id[40];      /* same value <=> same host (same kernel boot) */
};

static void read_boot_id(char out[40])
{
    memset(out, 0, 40);
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, out, 39);
        (void)n;
        close(fd);
    }
}

static int pidfd_of(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

/* Checks that a peer can share memory with this PE at all. */
static int check_card(const struct peer_card *card, const struct peer_card *mine, int pe)
{
    if (card->segment_size != mine->segment_size) {
        MISHMEM_ERROR("PE %d has a %llu-byte heap, this PE %llu: local_mem_size must be equal on every PE", pe,
                      (unsigned long long)(card->segment_size - MISHMEM_CONTROL_SIZE),
                      (unsigned long long)(mine->segment_size - MISHMEM_CONTROL_SIZE));
        return ACLSHMEM_INVALID_PARAM;
    }
    if (memcmp(card->boot_id, mine->boot_id, sizeof card->boot_id) != 0) {
        MISHMEM_ERROR("PE %d runs on another host; this build reaches peers by shared memory only", pe);
        return ACLSHMEM_NOT_SUPPORTED;
    }
    return ACLSHMEM_SUCCESS;
}

/* Maps what the kernel lets us take directly; *missing counts the rest. */
static int attach_directly(struct mishmem_instance *inst, const struct peer_card *cards, int *missing)
{
    int force_sockets = strcmp(mishmem_env_string(MISHMEM_ENV_MISHMEM_FD_TRANSFER), "socket") == 0;
    *missing = 0;
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        int rc = check_card(&cards[pe], &cards[inst->my_pe], pe);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
        peer->pid = cards[pe].pid;
        if (pe == inst->my_pe) {
            peer->segment = inst->segment.base;
            continue;
        }
        peer->pidfd = pidfd_of(peer->pid);
        if (peer->pidfd < 0) {
            MISHMEM_ERROR("cannot watch PE %d (pid %d): %s", pe, (int)peer->pid, strerror(errno));
            return ACLSHMEM_SMEM_ERROR;
        }
        int fd = force_sockets ? -1 : mishmem_segment_fetch_fd(peer->pidfd, peer->pid, cards[pe].segment_fd);
        if (fd < 0) {
            (*missing)++;
            continue;
        }
        rc = mishmem_segment_map_fd(fd, peer->pid, cards[pe].segment_size, &peer->segment);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    return ACLSHMEM_SUCCESS;
}

/* The fallback: every PE passes its descriptor to every peer. */
static int attach_over_sockets(struct mishmem_instance *inst, const struct peer_card *cards)
{
    int n = inst->n_pes;
    uint64_t *tokens = malloc((size_t)n * sizeof *tokens);
    pid_t *pids = malloc((size_t)n * sizeof *pids);
    int *fds = malloc((size_t)n * sizeof *fds);
    int rc = ACLSHMEM_MALLOC_FAILED;
    if (tokens && pids && fds) {
        for (int pe = 0; pe < n; pe++) {
            tokens[pe] = cards[pe].socket_token;
            pids[pe] = cards[pe].pid;
        }
        rc = mishmem_fd_exchange(inst->boot, inst->segment.fd, tokens, pids, inst->op_timeout_ms, fds);
    }
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < n; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        if (pe == inst->my_pe)
            continue;
        if (peer->segment) { /* mapped directly already */
            close(fds[pe]);
            continue;
        }
        int fd = fds[pe];
        fds[pe] = -1;
        rc = mishmem_segment_map_fd(fd, peer->pid, cards[pe].segment_size, &peer->segment);
    }
    for (int pe = 0; rc != ACLSHMEM_SUCCESS && fds && pe < n; pe++)
        if (fds[pe] >= 0)
            close(fds[pe]);
    free(fds);
    free(pids);
    free(tokens);
    return rc;
}

/* Every PE contributes a value; returns the first non-zero one (or 0), the
 * same on every PE. */
static int first_nonzero(struct mishmem_instance *inst, int32_t mine, int32_t *result)
{
    int32_t *all = calloc((size_t)inst->n_pes, sizeof *all);
    if (!all)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = mishmem_bootstrap_allgather(inst->boot, &mine, all, sizeof mine);
    *result = 0;
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < inst->n_pes && *result == 0; pe++) {
        *result = all[pe];
        if (all[pe] != 0 && pe != inst->my_pe && all[pe] < 0)
            MISHMEM_ERROR("PE %d failed to reach its peers (%d)", pe, all[pe]);
    }
    free(all);
    return rc;
}

int mishmem_peers_attach(struct mishmem_instance *inst)
{
    struct peer_card mine = {.pid = getpid(), .segment_fd = inst->segment.fd, .segment_size = inst->segment.size};
    if (getrandom(&mine.socket_token, sizeof mine.socket_token, 0) != sizeof mine.socket_token)
        mine.socket_token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)inst;
    read_boot_id(mine.boot_id);
    struct peer_card *cards = calloc((size_t)inst->n_pes, sizeof *cards);
    if (!cards)
        return ACLSHMEM_MALLOC_FAILED;
    int missing = 0;
    int32_t failure = 0, need_sockets = 0;
    int rc = mishmem_bootstrap_allgather(inst->boot, &mine, cards, sizeof mine);
    if (rc == ACLSHMEM_SUCCESS)
        rc = first_nonzero(inst, attach_directly(inst, cards, &missing), &failure);
    if (rc == ACLSHMEM_SUCCESS)
        rc = failure;
    if (rc == ACLSHMEM_SUCCESS)
        rc = first_nonzero(inst, missing > 0, &need_sockets);
    if (rc == ACLSHMEM_SUCCESS && need_sockets)
        rc = first_nonzero(inst, attach_over_sockets(inst, cards), &failure);
    if (rc == ACLSHMEM_SUCCESS)
        rc = failure;
    free(cards);
    return rc;
}

void mishmem_peers_release(struct mishmem_instance *inst)
{
    if (!inst->peers)
        return;
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        if (pe != inst->my_pe)
            mishmem_segment_unmap(peer->segment, inst->segment.size);
        if (peer->pidfd >= 0)
            close(peer->pidfd);
    }
    free(inst->peers);
    inst->peers = NULL;
}
