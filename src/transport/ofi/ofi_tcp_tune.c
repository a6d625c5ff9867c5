/* The retransmission timer floor on an endpoint's TCP connections
 * (ofi_tcp_tune.h). */
#include "transport/ofi/ofi_tcp_tune.h"

#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "util/log.h"

#ifndef TCP_RTO_MIN_US
#define TCP_RTO_MIN_US 45 /* Linux 6.15; older headers lack the name */
#endif

/* Looks at the descriptors again this soon after a look that set the
 * floor somewhere (connections come in bursts), backing off to the
 * longest gap while looks find nothing new. */
#define SCAN_FIRST_GAP_NS 20000000ull  /* 20 ms */
#define SCAN_LONGEST_GAP_NS 2000000000ull /* 2 s */

struct mishmem_ofi_tcp_tune {
    int rto_min_us;
    _Atomic int stored; /* what the kernel made of it (its clock's ticks), -1 until known */
    _Atomic int off; /* the kernel refused the option: stop looking */
    _Atomic uint64_t next_scan_ns, gap_ns;
    _Atomic int scanning; /* one look at a time */
    uint64_t mine;        /* the endpoint's (address, port) key */
    int mine_any;         /* it listens on every address: compare ports only */
    uint16_t mine_port;
    size_t n_peers, capacity;
    uint64_t peers[]; /* the peers' endpoint keys, sorted once ready */
};

/* FNV-1a over the bytes of an address, and its port: one key for an IPv4
 * address and the same one written as IPv4-mapped IPv6. 0: not IP. */
static uint64_t key_of(const void *addr, size_t len, uint16_t *port, int *any)
{
    const struct sockaddr *sa = addr;
    const unsigned char *bytes;
    size_t n;
    static const unsigned char v4_any[4];
    if (len >= sizeof(struct sockaddr_in) && sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = addr;
        bytes = (const unsigned char *)&in->sin_addr, n = 4, *port = in->sin_port;
    } else if (len >= sizeof(struct sockaddr_in6) && sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = addr;
        bytes = in6->sin6_addr.s6_addr, n = 16, *port = in6->sin6_port;
        if (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr))
            bytes += 12, n = 4;
    } else {
        return 0;
    }
    if (any)
        *any = n == 4 ? memcmp(bytes, v4_any, 4) == 0 : IN6_IS_ADDR_UNSPECIFIED((const struct in6_addr *)bytes);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ bytes[i]) * 1099511628211ull;
    h = (h ^ (*port & 0xff)) * 1099511628211ull;
    h = (h ^ (*port >> 8)) * 1099511628211ull;
    return h ? h : 1;
}

struct mishmem_ofi_tcp_tune *mishmem_ofi_tcp_tune_new(const void *mine, size_t mine_len, size_t capacity,
                                                      long rto_min_us)
{
    uint16_t port;
    int any;
    uint64_t key = key_of(mine, mine_len, &port, &any);
    if (rto_min_us <= 0 || key == 0)
        return NULL;
    struct mishmem_ofi_tcp_tune *tune = calloc(1, sizeof *tune + capacity * sizeof tune->peers[0]);
    if (!tune)
        return NULL;
    tune->rto_min_us = (int)rto_min_us;
    atomic_store(&tune->stored, -1);
    tune->mine = key, tune->mine_any = any, tune->mine_port = port;
    tune->capacity = capacity;
    atomic_store(&tune->gap_ns, SCAN_FIRST_GAP_NS);
    return tune;
}

void mishmem_ofi_tcp_tune_add_peer(struct mishmem_ofi_tcp_tune *tune, const void *addr, size_t len)
{
    uint16_t port;
    uint64_t key = key_of(addr, len, &port, NULL);
    if (tune && key && key != tune->mine && tune->n_peers < tune->capacity)
        tune->peers[tune->n_peers++] = key;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void mishmem_ofi_tcp_tune_ready(struct mishmem_ofi_tcp_tune *tune)
{
    if (tune)
        qsort(tune->peers, tune->n_peers, sizeof tune->peers[0], by_value);
}

void mishmem_ofi_tcp_tune_free(struct mishmem_ofi_tcp_tune *tune)
{
    free(tune);
}

/* The socket is one of the endpoint's: bound to its address, or
 * connected to a peer's endpoint. */
static int is_ours(const struct mishmem_ofi_tcp_tune *tune, int fd)
{
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    uint16_t port;
    if (getsockname(fd, (struct sockaddr *)&addr, &len) == 0) {
        uint64_t key = key_of(&addr, len, &port, NULL);
        if (key && (key == tune->mine || (tune->mine_any && port == tune->mine_port)))
            return 1;
    }
    len = sizeof addr;
    if (getpeername(fd, (struct sockaddr *)&addr, &len) != 0)
        return 0;
    uint64_t key = key_of(&addr, len, &port, NULL);
    return key && bsearch(&key, tune->peers, tune->n_peers, sizeof key, by_value) != NULL;
}

/* Sets the floor on fd when it is one of ours without it: 1 when set. */
static int tune_one(struct mishmem_ofi_tcp_tune *tune, int fd)
{
    int type = 0, protocol = 0, current = 0;
    socklen_t len = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM)
        return 0;
    len = sizeof protocol;
    if (getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &protocol, &len) != 0 || protocol != IPPROTO_TCP)
        return 0;
    if (!is_ours(tune, fd))
        return 0;
    len = sizeof current;
    int stored = atomic_load(&tune->stored);
    if (stored >= 0 && getsockopt(fd, IPPROTO_TCP, TCP_RTO_MIN_US, &current, &len) == 0 && current == stored)
        return 0;
    if (setsockopt(fd, IPPROTO_TCP, TCP_RTO_MIN_US, &tune->rto_min_us, sizeof tune->rto_min_us) == 0) {
        len = sizeof current;
        if (stored < 0 && getsockopt(fd, IPPROTO_TCP, TCP_RTO_MIN_US, &current, &len) == 0)
            atomic_store(&tune->stored, current);
        return 1;
    }
    /* A kernel without the option (before Linux 6.15) is no fault of the
     * user's: said with SHMEM_DEBUG only. A value it refuses is. */
    if (errno == ENOPROTOOPT && !atomic_exchange(&tune->off, 1))
        MISHMEM_DEBUG("this kernel has no TCP_RTO_MIN_US (Linux 6.15+): libfabric's TCP connections keep the "
                      "kernel's retransmission floor");
    if (errno == EINVAL && !atomic_exchange(&tune->off, 1))
        MISHMEM_WARN("MISHMEM_OFI_TCP_RTO_MIN_US=%d: this kernel refuses it for libfabric's TCP connections (%s; "
                     "Linux 6.15 takes 5000-200000): they keep the kernel's floor",
                     tune->rto_min_us, strerror(errno));
    return 0;
}

void mishmem_ofi_tcp_tune_scan(struct mishmem_ofi_tcp_tune *tune, uint64_t now_ns)
{
    if (!tune || now_ns < atomic_load_explicit(&tune->next_scan_ns, memory_order_relaxed) ||
        atomic_load_explicit(&tune->off, memory_order_relaxed) || atomic_exchange(&tune->scanning, 1))
        return;
    int set = 0;
    DIR *dir = opendir("/proc/self/fd");
    struct dirent *entry;
    while (dir && (entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        int fd = atoi(entry->d_name);
        if (fd != dirfd(dir))
            set += tune_one(tune, fd);
    }
    if (dir)
        closedir(dir);
    uint64_t gap = atomic_load(&tune->gap_ns);
    gap = set ? SCAN_FIRST_GAP_NS : gap * 2 > SCAN_LONGEST_GAP_NS ? SCAN_LONGEST_GAP_NS : gap * 2;
    atomic_store(&tune->gap_ns, gap);
    atomic_store(&tune->next_scan_ns, now_ns + gap);
    atomic_store(&tune->scanning, 0);
}
