/* aclshmemx_get_uniqueid: a listening socket on the chosen address, kept
 * by the library until the init that uses it, plus a random secret and
 * nonce, all written into the unique id. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/uid.h"
#include "bootstrap/uid_address.h"
#include "bootstrap/uid_codec.h"
#include "bootstrap/uid_listeners.h"
#include "util/log.h"

static int random_bytes(void *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = getrandom((char *)buf + done, len - done, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        done += (size_t)n;
    }
    return 0;
}

/* Binds and listens on ep; fills info's address and the port bound. */
static int open_listener(const struct mishmem_uid_endpoint *ep, struct mishmem_uid_info *info, int *fd_out)
{
    int fd = socket(ep->addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        MISHMEM_ERROR("aclshmemx_get_uniqueid: cannot make a socket for %s: %s", ep->origin,
                      strerror(errno));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_storage bound;
    socklen_t len = sizeof bound;
    if (bind(fd, (const struct sockaddr *)&ep->addr, ep->len) != 0 || listen(fd, SOMAXCONN) != 0 ||
        getsockname(fd, (struct sockaddr *)&bound, &len) != 0) {
        MISHMEM_ERROR("aclshmemx_get_uniqueid: cannot listen on the address of %s: %s", ep->origin,
                      strerror(errno));
        close(fd);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    info->family = bound.ss_family;
    if (bound.ss_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)&bound;
        memcpy(info->address, &in->sin_addr, 4);
        info->port = ntohs(in->sin_port);
    } else {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&bound;
        memcpy(info->address, &in6->sin6_addr, 16);
        info->port = ntohs(in6->sin6_port);
        info->scope_id = IN6_IS_ADDR_LINKLOCAL(&in6->sin6_addr) ? in6->sin6_scope_id : 0;
    }
    *fd_out = fd;
    return ACLSHMEM_SUCCESS;
}

int mishmem_uid_create(aclshmemx_uniqueid_t *uid)
{
    struct mishmem_uid_endpoint ep;
    int rc = mishmem_uid_choose_endpoint(&ep);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    struct mishmem_uid_info info = {.creator_pid = (uint32_t)getpid()};
    if (random_bytes(info.secret, sizeof info.secret) != 0 ||
        random_bytes(&info.nonce, sizeof info.nonce) != 0) {
        MISHMEM_ERROR("aclshmemx_get_uniqueid: getrandom failed: %s", strerror(errno));
        return ACLSHMEM_INNER_ERROR;
    }
    int fd;
    rc = open_listener(&ep, &info, &fd);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    rc = mishmem_uid_listener_keep(info.nonce, info.secret, fd);
    if (rc != ACLSHMEM_SUCCESS) {
        close(fd);
        return rc;
    }
    aclshmemx_uniqueid_t made = ACLSHMEM_UNIQUEID_INITIALIZER;
    mishmem_uid_encode(&info, made.internal);
    *uid = made;
    char host[INET6_ADDRSTRLEN + 16];
    mishmem_uid_host_text(&info, host, sizeof host);
    MISHMEM_DEBUG("unique id %016llx made: PE 0 will serve on %s%s%s:%u (from %s)",
                  (unsigned long long)info.nonce, info.family == AF_INET6 ? "[" : "", host,
                  info.family == AF_INET6 ? "]" : "", (unsigned)info.port, ep.origin);
    return ACLSHMEM_SUCCESS;
}
