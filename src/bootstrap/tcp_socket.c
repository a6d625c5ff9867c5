#include "bootstrap/tcp_socket.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_io.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

/* Copies host without the brackets of a "[v6]" literal. */
static void strip_brackets(const char *host, char *out, size_t size)
{
    size_t len = strnlen(host, size - 1);
    if (len >= 2 && host[0] == '[' && host[len - 1] == ']') {
        memcpy(out, host + 1, len - 2);
        out[len - 2] = '\0';
        return;
    }
    memcpy(out, host, len);
    out[len] = '\0';
}

int mishmem_tcp_resolve(const char *host, uint16_t port, int passive, struct addrinfo **out)
{
    char name[256];
    strip_brackets(host, name, sizeof name);
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    /* No AI_ADDRCONFIG: it hides ::1 on hosts with only loopback IPv6. */
    hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    return getaddrinfo(name[0] ? name : NULL, service, &hints, out);
}

static void set_nodelay(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* Makes one listening socket for one resolved address, or returns -1. */
static int listen_on(const struct addrinfo *ai)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0)
        return fd;
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
}

int mishmem_tcp_listen(const char *host, uint16_t port, int *fd_out)
{
    struct addrinfo *addresses = NULL;
    int gai = mishmem_tcp_resolve(host, port, 1, &addresses);
    if (gai != 0) {
        MISHMEM_ERROR("bootstrap tcp: cannot resolve %s:%u to listen on: %s", host, (unsigned)port,
                      gai_strerror(gai));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    int fd = -1;
    int err = 0;
    for (const struct addrinfo *ai = addresses; ai && fd < 0; ai = ai->ai_next) {
        fd = listen_on(ai);
        if (fd < 0)
            err = errno;
    }
    freeaddrinfo(addresses);
    if (fd < 0 && err == EADDRINUSE) {
        MISHMEM_ERROR("bootstrap tcp: cannot listen on %s:%u: the port is in use by another job "
                      "(or program); give each job its own SHMEM_INSTANCE_PORT_RANGE, or another "
                      "port in ip_port",
                      host, (unsigned)port);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    if (fd < 0) {
        MISHMEM_ERROR("bootstrap tcp: cannot listen on %s:%u: %s", host, (unsigned)port,
                      strerror(err));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    *fd_out = fd;
    return ACLSHMEM_SUCCESS;
}

int mishmem_tcp_adopt_listener(int fd)
{
    int listening = 0;
    socklen_t len = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || !listening) {
        MISHMEM_ERROR("bootstrap tcp: listen_fd %d is not a listening socket", fd);
        return ACLSHMEM_INVALID_PARAM;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0 ||
        fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
        MISHMEM_ERROR("bootstrap tcp: cannot configure listen_fd %d: %s", fd, strerror(errno));
        return ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

/* Waits for a non-blocking connect to finish; returns 0 or an errno value. */
static int finish_connect(int fd, int64_t deadline)
{
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int rc = poll(&p, 1, mishmem_tcp_ms_left(deadline));
        if (rc == 0)
            return ETIMEDOUT;
        if (rc < 0 && errno == EINTR)
            continue;
        if (rc < 0)
            return errno;
        int err = 0;
        socklen_t len = sizeof err;
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
            return errno;
        return err;
    }
}

static int connect_one(const struct addrinfo *ai, int64_t deadline)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
    if (fd < 0)
        return -1;
    int err = 0;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0)
        err = (errno == EINPROGRESS || errno == EINTR) ? finish_connect(fd, deadline) : errno;
    if (err == 0) {
        set_nodelay(fd);
        return fd;
    }
    close(fd);
    errno = err;
    return -1;
}

int mishmem_tcp_connect(const struct addrinfo *addresses, int64_t deadline)
{
    int err = ECONNREFUSED;
    for (const struct addrinfo *ai = addresses; ai; ai = ai->ai_next) {
        int fd = connect_one(ai, deadline);
        if (fd >= 0)
            return fd;
        err = errno;
    }
    errno = err;
    return -1;
}

int mishmem_tcp_accept(int listen_fd, char *peer, size_t peer_size)
{
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    int fd;
    do
        fd = accept4(listen_fd, (struct sockaddr *)&addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return -1;
    set_nodelay(fd);
    char host[NI_MAXHOST], service[NI_MAXSERV];
    if (getnameinfo((struct sockaddr *)&addr, len, host, sizeof host, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV) == 0)
        snprintf(peer, peer_size, "%s port %s", host, service);
    else
        snprintf(peer, peer_size, "an unknown address");
    return fd;
}
