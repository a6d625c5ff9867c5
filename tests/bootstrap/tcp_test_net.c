/* Loopback sockets for the tests: listeners, free ports, connects. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tcp_test_harness.h"

static socklen_t loopback_address(int family, uint16_t port, struct sockaddr_storage *ss)
{
    memset(ss, 0, sizeof *ss);
    if (family == AF_INET6) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;
        a->sin6_family = AF_INET6;
        a->sin6_addr = in6addr_loopback;
        a->sin6_port = htons(port);
        return sizeof *a;
    }
    struct sockaddr_in *a = (struct sockaddr_in *)ss;
    a->sin_family = AF_INET;
    a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a->sin_port = htons(port);
    return sizeof *a;
}

static int bound_socket(int family, uint16_t *port)
{
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_storage ss;
    socklen_t len = loopback_address(family, 0, &ss);
    if (bind(fd, (struct sockaddr *)&ss, len) != 0 ||
        getsockname(fd, (struct sockaddr *)&ss, &len) != 0) {
        close(fd);
        return -1;
    }
    *port = ntohs(family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                     : ((struct sockaddr_in *)&ss)->sin_port);
    return fd;
}

int th_loopback_listener(int family, uint16_t *port)
{
    int fd = bound_socket(family, port);
    if (fd >= 0 && listen(fd, 128) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

uint16_t th_free_port(int family)
{
    uint16_t port = 0;
    int fd = bound_socket(family, &port);
    if (fd >= 0)
        close(fd);
    return port;
}

static int connect_one(const struct addrinfo *ai, int timeout_ms)
{
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
        return fd;
    if (errno == EINPROGRESS) {
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int err = ETIMEDOUT;
        socklen_t len = sizeof err;
        if (poll(&p, 1, timeout_ms) == 1)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err == 0)
            return fd;
        errno = err;
    }
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
}

int th_connect(const char *host, uint16_t port, int timeout_ms)
{
    char name[64], service[8];
    size_t n = strlen(host);
    if (n >= 2 && host[0] == '[')
        snprintf(name, sizeof name, "%.*s", (int)(n - 2), host + 1);
    else
        snprintf(name, sizeof name, "%s", host);
    snprintf(service, sizeof service, "%u", (unsigned)port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    struct addrinfo *list = NULL;
    if (getaddrinfo(name, service, &hints, &list) != 0) {
        errno = EINVAL;
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *ai = list; ai && fd < 0; ai = ai->ai_next)
        fd = connect_one(ai, timeout_ms);
    int saved = errno;
    freeaddrinfo(list);
    errno = saved;
    return fd;
}

uint16_t th_port_in_test_range(void)
{
    uint16_t start = (uint16_t)(32000 + getpid() % 1000);
    for (int i = 0; i < 1000; i++) {
        uint16_t port = (uint16_t)(32000 + (start - 32000 + i) % 1000);
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return 0;
        struct sockaddr_storage ss;
        socklen_t len = loopback_address(AF_INET, port, &ss);
        int ok = bind(fd, (struct sockaddr *)&ss, len) == 0;
        close(fd);
        if (ok)
            return port;
    }
    return 0;
}
