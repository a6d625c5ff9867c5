#include "heap/fd_exchange.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "util/log.h"

/* Abstract socket names vanish with the process: nothing to clean up. */
static socklen_t socket_name(uint64_t token, struct sockaddr_un *addr)
{
    memset(addr, 0, sizeof *addr);
    addr->sun_family = AF_UNIX;
    int len = snprintf(addr->sun_path + 1, sizeof addr->sun_path - 1, "mishmem-fdx-%016llx",
                       (unsigned long long)token);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)len);
}

static int64_t now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static int wait_readable(int fd, int64_t deadline)
{
    struct pollfd probe = {.fd = fd, .events = POLLIN};
    for (;;) {
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return -1;
        int rc = poll(&probe, 1, (int)left);
        if (rc > 0)
            return 0;
        if (rc < 0 && errno != EINTR)
            return -1;
    }
}

static int is_peer_pid(pid_t pid, const pid_t *pids, int n_pes)
{
    for (int pe = 0; pe < n_pes; pe++)
        if (pids[pe] == pid)
            return 1;
    return 0;
}

/* Accepts one connection from a PE of this instance and sends it my_fd. */
static int serve_one(int listener, int my_pe, int my_fd, const pid_t *pids, int n_pes, int64_t deadline)
{
    if (wait_readable(listener, deadline) != 0)
        return ACLSHMEM_TIMEOUT_ERROR;
    int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    if (conn < 0)
        return ACLSHMEM_SMEM_ERROR;
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || !is_peer_pid(cred.pid, pids, n_pes)) {
        MISHMEM_WARN("heap descriptor request from pid %d, which is not a PE of this instance: refused",
                     (int)cred.pid);
        close(conn);
        return serve_one(listener, my_pe, my_fd, pids, n_pes, deadline);
    }
    int32_t sender = my_pe;
    struct iovec data = {.iov_base = &sender, .iov_len = sizeof sender};
    char control[CMSG_SPACE(sizeof(int))];
    memset(control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &data, .msg_iovlen = 1, .msg_control = control,
                             .msg_controllen = sizeof control};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &my_fd, sizeof(int));
    ssize_t sent = sendmsg(conn, &message, MSG_NOSIGNAL);
    close(conn);
    return sent == (ssize_t)sizeof sender ? ACLSHMEM_SUCCESS : ACLSHMEM_SMEM_ERROR;
}

/* Receives the descriptor PE `from` sent on conn; -1 on failure. */
static int receive_fd(int conn, int from, int64_t deadline)
{
    if (wait_readable(conn, deadline) != 0)
        return -1;
    int32_t sender = -1;
    struct iovec data = {.iov_base = &sender, .iov_len = sizeof sender};
    char control[CMSG_SPACE(sizeof(int))];
    struct msghdr message = {.msg_iov = &data, .msg_iovlen = 1, .msg_control = control,
                             .msg_controllen = sizeof control};
    ssize_t got = recvmsg(conn, &message, MSG_CMSG_CLOEXEC);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    int fd = -1;
    if (got == (ssize_t)sizeof sender && header && header->cmsg_level == SOL_SOCKET &&
        header->cmsg_type == SCM_RIGHTS && header->cmsg_len == CMSG_LEN(sizeof(int)))
        memcpy(&fd, CMSG_DATA(header), sizeof(int));
    if (fd >= 0 && sender != from) {
        close(fd);
        fd = -1;
    }
    return fd;
}

static int connect_to(uint64_t token)
{
    struct sockaddr_un addr;
    socklen_t len = socket_name(token, &addr);
    int conn = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (conn >= 0 && connect(conn, (struct sockaddr *)&addr, len) != 0) {
        close(conn);
        conn = -1;
    }
    return conn;
}

static void close_all(int *fds, int count)
{
    for (int i = 0; i < count; i++)
        if (fds[i] >= 0)
            close(fds[i]);
}

int mishmem_fd_exchange(struct mishmem_bootstrap *boot, int my_fd, const uint64_t *tokens, const pid_t *pids,
                        uint32_t timeout_ms, int *peer_fds)
{
    int n = boot->n_pes, me = boot->my_pe;
    int64_t deadline = now_ms() + timeout_ms;
    int *conns = malloc((size_t)n * sizeof *conns);
    if (!conns)
        return ACLSHMEM_MALLOC_FAILED;
    for (int pe = 0; pe < n; pe++)
        peer_fds[pe] = conns[pe] = -1;
    struct sockaddr_un addr;
    socklen_t len = socket_name(tokens[me], &addr);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int rc = (listener >= 0 && bind(listener, (struct sockaddr *)&addr, len) == 0 && listen(listener, n + 8) == 0)
                 ? ACLSHMEM_SUCCESS : ACLSHMEM_SMEM_ERROR;
    /* Everyone listens before anyone connects. */
    int agreed = mishmem_bootstrap_barrier(boot);
    if (rc == ACLSHMEM_SUCCESS)
        rc = agreed;
    /* Connecting never waits for the peer (the backlog holds us), so the
     * accept phase below always finds its callers: no ordering deadlock. */
    /* Only local peers (pid > 0) take part; the others are on other hosts. */
    int local_peers = 0;
    for (int pe = 0; pe < n; pe++)
        local_peers += pe != me && pids[pe] > 0;
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < n; pe++)
        if (pe != me && pids[pe] > 0 && (conns[pe] = connect_to(tokens[pe])) < 0)
            rc = ACLSHMEM_SMEM_ERROR;
    for (int served = 0; rc == ACLSHMEM_SUCCESS && served < local_peers; served++)
        rc = serve_one(listener, me, my_fd, pids, n, deadline);
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < n; pe++)
        if (pe != me && pids[pe] > 0 && (peer_fds[pe] = receive_fd(conns[pe], pe, deadline)) < 0)
            rc = ACLSHMEM_SMEM_ERROR;
    if (rc != ACLSHMEM_SUCCESS) {
        MISHMEM_ERROR("passing heap descriptors over Unix sockets failed (%d)", rc);
        close_all(peer_fds, n);
        for (int pe = 0; pe < n; pe++)
            peer_fds[pe] = -1;
    }
    close_all(conns, n);
    if (listener >= 0)
        close(listener);
    free(conns);
    return rc;
}
