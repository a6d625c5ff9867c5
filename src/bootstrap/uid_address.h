/* Where aclshmemx_get_uniqueid listens: SHMEM_UID_SESSION_ID, else the
 * interface named by SHMEM_UID_SOCK_IFNAME, else one found automatically
 * (the first non-loopback interface that is up, else loopback). */
#ifndef MISHMEM_BOOTSTRAP_UID_ADDRESS_H
#define MISHMEM_BOOTSTRAP_UID_ADDRESS_H

#include <stddef.h>
#include <sys/socket.h>

struct mishmem_uid_endpoint {
    struct sockaddr_storage addr; /* port 0: any free port */
    socklen_t len;
    char origin[160];             /* where the choice came from, for messages */
};

/* "ip:port", "[ipv6]:port", "[ipv6%scope]:port", "host:port", or any of
 * them without ":port" (port 0). Returns 0, or -1 when malformed. */
int mishmem_uid_parse_session_id(const char *value, char *host, size_t host_size, long *port);

/* "ifname", "ifname:inet4" or "ifname:inet6"; family is AF_UNSPEC without
 * a suffix. Returns 0, or -1 when malformed. */
int mishmem_uid_parse_ifname(const char *value, char *ifname, size_t ifname_size, int *family);

/* Reads the variables and picks the address. Returns ACLSHMEM_SUCCESS, or
 * ACLSHMEM_INVALID_VALUE with a logged reason (malformed value, unknown
 * host or interface, wildcard address). */
int mishmem_uid_choose_endpoint(struct mishmem_uid_endpoint *out);

#endif
