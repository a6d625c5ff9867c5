#include "transport/shm/peers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "transport/shm/fd_share.h"
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

/* Checks every card and opens a pidfd on every peer: this PE's verdict. */
static int watch_peers(struct mishmem_instance *inst, const struct peer_card *cards)
{
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
    }
    return ACLSHMEM_SUCCESS;
}

static int map_heap(struct mishmem_instance *inst, int pe, int fd, void *arg)
{
    const struct peer_card *cards = arg;
    return mishmem_segment_map_fd(fd, inst->peers[pe].pid, cards[pe].segment_size, &inst->peers[pe].segment);
}

int mishmem_peers_attach(struct mishmem_instance *inst)
{
    struct peer_card mine = {.pid = getpid(), .segment_fd = inst->segment.fd, .segment_size = inst->segment.size};
    if (getrandom(&mine.socket_token, sizeof mine.socket_token, 0) != sizeof mine.socket_token)
        mine.socket_token = (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)inst;
    read_boot_id(mine.boot_id);
    int n = inst->n_pes;
    struct peer_card *cards = calloc((unsigned)n, sizeof *cards);
    int32_t *remote_fds = calloc((unsigned)n, sizeof *remote_fds);
    uint64_t *tokens = calloc((unsigned)n, sizeof *tokens);
    int rc = cards && remote_fds && tokens ? mishmem_bootstrap_allgather(inst->boot, &mine, cards, sizeof mine)
                                           : ACLSHMEM_MALLOC_FAILED;
    if (rc == ACLSHMEM_SUCCESS) {
        for (int pe = 0; pe < n; pe++) {
            remote_fds[pe] = cards[pe].segment_fd;
            tokens[pe] = cards[pe].socket_token;
        }
        struct mishmem_fd_share share = {.my_fd = inst->segment.fd, .remote_fds = remote_fds, .tokens = tokens,
                                         .what = "heap", .map = map_heap, .arg = cards};
        rc = mishmem_fd_share(inst, &share, watch_peers(inst, cards));
    }
    free(tokens);
    free(remote_fds);
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
