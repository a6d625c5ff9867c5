/* A shorter retransmission timer floor (Linux's TCP_RTO_MIN_US) on the
 * TCP connections that libfabric's socket providers (tcp, net, sockets)
 * open for an instance's endpoint. With Linux's 200 ms floor every lost
 * segment of a small request/answer exchange cost 200 ms (10 % loss
 * between two namespaces: 2.4 rounds/s; with a 10 ms floor: 11.5).
 * libfabric 1.17 has no setting for it and makes its connections lazily,
 * so the sockets are found among the process's descriptors: TCP sockets
 * whose local address is the endpoint's (its listener and what it
 * accepted) or whose peer is another PE's endpoint (what it connected).
 * The application's own sockets are never touched. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_TCP_TUNE_H
#define MISHMEM_TRANSPORT_OFI_OFI_TCP_TUNE_H

#include <stddef.h>
#include <stdint.h>

struct mishmem_ofi_tcp_tune;

/* For an endpoint whose own address is mine (as fi_getname gave it),
 * with room for capacity peers, a floor of rto_min_us: NULL when the
 * floor is 0 (not wanted), the address is not an IP socket address, or
 * memory is short. Then each peer's address (add_peer; any
 * that is not an IP socket address is left out), then ready, before the
 * first scan. */
struct mishmem_ofi_tcp_tune *mishmem_ofi_tcp_tune_new(const void *mine, size_t mine_len, size_t capacity,
                                                      long rto_min_us);
void mishmem_ofi_tcp_tune_add_peer(struct mishmem_ofi_tcp_tune *tune, const void *addr, size_t len);
void mishmem_ofi_tcp_tune_ready(struct mishmem_ofi_tcp_tune *tune);
void mishmem_ofi_tcp_tune_free(struct mishmem_ofi_tcp_tune *tune);

/* Sets the floor on the endpoint's sockets that lack it. Cheap to call
 * from any wait: it looks at the descriptors only when its next look is
 * due (soon after a look that found a new connection, rarely once none
 * appears). Safe from several threads. */
void mishmem_ofi_tcp_tune_scan(struct mishmem_ofi_tcp_tune *tune, uint64_t now_ns);

#endif
