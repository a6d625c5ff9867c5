#include "bootstrap/uid_address.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mishmem/aclshmem.h"
#include "util/params.h"
#include "util/log.h"

static int parse_port(const char *digits, long *port)
{
    if (*digits < '0' || *digits > '9')
        return -1;
    char *end;
    errno = 0;
    long value = strtol(digits, &end, 10);
    if (errno || *end != '\0' || value > 65535)
        return -1;
    *port = value;
    return 0;
}

static int copy_host(const char *start, size_t len, char *host, size_t host_size)
{
    if (len == 0 || len >= host_size)
        return -1;
    memcpy(host, start, len);
    host[len] = '\0';
    return 0;
}

int mishmem_uid_parse_session_id(const char *value, char *host, size_t host_size, long *port)
{
    *port = 0;
    if (value[0] == '[') { /* [v6] or [v6]:port */
        const char *close = strchr(value, ']');
        if (!close || copy_host(value + 1, (size_t)(close - value - 1), host, host_size) != 0)
            return -1;
        if (close[1] == '\0')
            return 0;
        return close[1] == ':' ? parse_port(close + 2, port) : -1;
    }
    const char *colon = strchr(value, ':');
    if (!colon)
        return copy_host(value, strlen(value), host, host_size);
    if (strchr(colon + 1, ':'))
        return -1; /* a bare IPv6 address needs brackets: [::1]:port */
    if (copy_host(value, (size_t)(colon - value), host, host_size) != 0)
        return -1;
    return parse_port(colon + 1, port);
}

int mishmem_uid_parse_ifname(const char *value, char *ifname, size_t ifname_size, int *family)
{
    *family = AF_UNSPEC;
    const char *colon = strchr(value, ':');
    size_t len = colon ? (size_t)(colon - value) : strlen(value);
    if (colon) {
        if (strcmp(colon + 1, "inet4") == 0)
            *family = AF_INET;
        else if (strcmp(colon + 1, "inet6") == 0)
            *family = AF_INET6;
        else
            return -1;
    }
    if (len >= IF_NAMESIZE || memchr(value, '/', len))
        return -1;
    return copy_host(value, len, ifname, ifname_size);
}

static int is_wildcard(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return ((const struct sockaddr_in *)sa)->sin_addr.s_addr == htonl(INADDR_ANY);
    return IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)sa)->sin6_addr);
}

static void set_port(struct mishmem_uid_endpoint *ep, uint16_t port)
{
    if (ep->addr.ss_family == AF_INET)
        ((struct sockaddr_in *)&ep->addr)->sin_port = htons(port);
    else
        ((struct sockaddr_in6 *)&ep->addr)->sin6_port = htons(port);
}

static int from_session_id(const char *value, struct mishmem_uid_endpoint *ep)
{
    char host[256];
    long port;
    if (mishmem_uid_parse_session_id(value, host, sizeof host, &port) != 0) {
        MISHMEM_ERROR("SHMEM_UID_SESSION_ID=\"%s\" is malformed: expected ip:port, [ipv6]:port or "
                      "host:port (port 0..65535, 0 or none: any free port)", value);
        return ACLSHMEM_INVALID_VALUE;
    }
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    struct addrinfo *found = NULL;
    int gai = getaddrinfo(host, NULL, &hints, &found);
    if (gai != 0) {
        MISHMEM_ERROR("SHMEM_UID_SESSION_ID=\"%s\": cannot resolve \"%s\": %s", value, host,
                      gai_strerror(gai));
        return ACLSHMEM_INVALID_VALUE;
    }
    memcpy(&ep->addr, found->ai_addr, found->ai_addrlen);
    ep->len = found->ai_addrlen;
    freeaddrinfo(found);
    if (is_wildcard((struct sockaddr *)&ep->addr)) {
        MISHMEM_ERROR("SHMEM_UID_SESSION_ID=\"%s\" names a wildcard address; name one the other PEs "
                      "can connect to", value);
        return ACLSHMEM_INVALID_VALUE;
    }
    set_port(ep, (uint16_t)port);
    snprintf(ep->origin, sizeof ep->origin, "SHMEM_UID_SESSION_ID=%s", value);
    return ACLSHMEM_SUCCESS;
}

static void take_address(const struct ifaddrs *ifa, struct mishmem_uid_endpoint *ep)
{
    memset(&ep->addr, 0, sizeof ep->addr);
    ep->len = ifa->ifa_addr->sa_family == AF_INET ? sizeof(struct sockaddr_in)
                                                  : sizeof(struct sockaddr_in6);
    memcpy(&ep->addr, ifa->ifa_addr, ep->len);
    set_port(ep, 0);
}

static int is_link_local(const struct sockaddr *sa)
{
    return sa->sa_family == AF_INET6 &&
           IN6_IS_ADDR_LINKLOCAL(&((const struct sockaddr_in6 *)sa)->sin6_addr);
}

/* The best address of interface name in family (AF_UNSPEC: IPv4, else
 * IPv6); global IPv6 addresses before link-local ones. */
static const struct ifaddrs *interface_address(const struct ifaddrs *all, const char *name, int family)
{
    const struct ifaddrs *best = NULL;
    int best_rank = 0;
    for (const struct ifaddrs *ifa = all; ifa; ifa = ifa->ifa_next) {
        if (!ifa->ifa_addr || strcmp(ifa->ifa_name, name) != 0)
            continue;
        int f = ifa->ifa_addr->sa_family;
        if (f != AF_INET && f != AF_INET6)
            continue;
        if (family != AF_UNSPEC && f != family)
            continue;
        int rank = f == AF_INET ? 3 : is_link_local(ifa->ifa_addr) ? 1 : 2;
        if (rank > best_rank) {
            best = ifa;
            best_rank = rank;
        }
    }
    return best;
}

static void list_interfaces(const struct ifaddrs *all, char *out, size_t size)
{
    out[0] = '\0';
    size_t used = 0;
    for (const struct ifaddrs *ifa = all; ifa && used + 1 < size; ifa = ifa->ifa_next) {
        if (!ifa->ifa_addr || (ifa->ifa_addr->sa_family != AF_INET && ifa->ifa_addr->sa_family != AF_INET6))
            continue;
        const char *family = ifa->ifa_addr->sa_family == AF_INET ? "inet4" : "inet6";
        int n = snprintf(out + used, size - used, "%s%s:%s", used ? ", " : "", ifa->ifa_name, family);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static int from_ifname(const char *value, struct mishmem_uid_endpoint *ep)
{
    char name[IF_NAMESIZE];
    int family;
    if (mishmem_uid_parse_ifname(value, name, sizeof name, &family) != 0) {
        MISHMEM_ERROR("SHMEM_UID_SOCK_IFNAME=\"%s\" is malformed: expected ifname, ifname:inet4 or "
                      "ifname:inet6 (names below %d characters)", value, IF_NAMESIZE);
        return ACLSHMEM_INVALID_VALUE;
    }
    struct ifaddrs *all = NULL;
    if (getifaddrs(&all) != 0) {
        MISHMEM_ERROR("SHMEM_UID_SOCK_IFNAME=\"%s\": cannot list interfaces: %s", value, strerror(errno));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    const struct ifaddrs *ifa = interface_address(all, name, family);
    int rc = ACLSHMEM_SUCCESS;
    if (!ifa) {
        char known[512];
        list_interfaces(all, known, sizeof known);
        MISHMEM_ERROR("SHMEM_UID_SOCK_IFNAME=\"%s\": no interface \"%s\" with an %s address (this "
                      "host has: %s)", value, name,
                      family == AF_INET6 ? "inet6" : family == AF_INET ? "inet4" : "IP", known);
        rc = ACLSHMEM_INVALID_VALUE;
    } else if (!(ifa->ifa_flags & IFF_UP)) {
        MISHMEM_ERROR("SHMEM_UID_SOCK_IFNAME=\"%s\": interface \"%s\" is down", value, name);
        rc = ACLSHMEM_INVALID_VALUE;
    } else {
        take_address(ifa, ep);
        snprintf(ep->origin, sizeof ep->origin, "SHMEM_UID_SOCK_IFNAME=%s", value);
    }
    freeifaddrs(all);
    return rc;
}

/* Bridges and virtual links of containers are a poor guess for peers on
 * other hosts; real interfaces come first. */
static int is_virtual(const char *name)
{
    static const char *const prefixes[] = {"docker", "veth", "br-", "virbr", "cni", "flannel"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int automatic(struct mishmem_uid_endpoint *ep)
{
    struct ifaddrs *all = NULL;
    if (getifaddrs(&all) != 0)
        all = NULL; /* fall back to loopback */
    const struct ifaddrs *chosen = NULL;
    for (int pass = 0; pass < 2 && !chosen; pass++)
        for (const struct ifaddrs *ifa = all; ifa && !chosen; ifa = ifa->ifa_next)
            if (ifa->ifa_addr && ifa->ifa_addr->sa_family == AF_INET && (ifa->ifa_flags & IFF_UP) &&
                !(ifa->ifa_flags & IFF_LOOPBACK) && (pass == 1 || !is_virtual(ifa->ifa_name)))
                chosen = ifa;
    if (chosen) {
        take_address(chosen, ep);
        snprintf(ep->origin, sizeof ep->origin, "interface %s (found automatically)", chosen->ifa_name);
    } else {
        struct sockaddr_in *in = (struct sockaddr_in *)&ep->addr;
        memset(&ep->addr, 0, sizeof ep->addr);
        in->sin_family = AF_INET;
        in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ep->len = sizeof *in;
        snprintf(ep->origin, sizeof ep->origin, "loopback (no other interface is up)");
    }
    if (all)
        freeifaddrs(all);
    return ACLSHMEM_SUCCESS;
}

int mishmem_uid_choose_endpoint(struct mishmem_uid_endpoint *out)
{
    memset(out, 0, sizeof *out);
    if (mishmem_param_is_set(MISHMEM_PARAM_SHMEM_UID_SESSION_ID))
        return from_session_id(mishmem_params()->SHMEM_UID_SESSION_ID, out);
    if (mishmem_param_is_set(MISHMEM_PARAM_SHMEM_UID_SOCK_IFNAME))
        return from_ifname(mishmem_params()->SHMEM_UID_SOCK_IFNAME, out);
    return automatic(out);
}
