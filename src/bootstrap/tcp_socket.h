/* Socket set-up for the tcp bootstrap: resolving, listening, connecting,
 * accepting. Every socket made here is CLOEXEC and non-blocking; every
 * connection has TCP_NODELAY. */
#ifndef MISHMEM_BOOTSTRAP_TCP_SOCKET_H
#define MISHMEM_BOOTSTRAP_TCP_SOCKET_H

#include <stddef.h>
#include <stdint.h>

struct addrinfo;

/* Resolves host:port for TCP (IPv4, IPv6 or names); "[v6]" brackets are
 * accepted; an empty host means "any address" when passive. Returns 0 or
 * a getaddrinfo error code. */
int mishmem_tcp_resolve(const char *host, uint16_t port, int passive, struct addrinfo **out);

/* PE 0 without a launcher socket: binds host:port with SO_REUSEADDR and
 * listens. Returns ACLSHMEM_SUCCESS or ACLSHMEM_BOOTSTRAP_ERROR (logged). */
int mishmem_tcp_listen(const char *host, uint16_t port, int *fd_out);

/* PE 0 with a launcher socket: checks it listens, makes it CLOEXEC and
 * non-blocking. Returns ACLSHMEM_SUCCESS or ACLSHMEM_INVALID_PARAM (logged). */
int mishmem_tcp_adopt_listener(int fd);

/* One connection attempt to each resolved address in turn, each bounded
 * by deadline. Returns the connected socket, or -1 with errno set. */
int mishmem_tcp_connect(const struct addrinfo *addresses, int64_t deadline);

/* Accepts one pending connection (non-blocking, CLOEXEC, TCP_NODELAY);
 * writes the peer's numeric address into peer. Returns -1 with errno set
 * when none is pending or accept failed. */
int mishmem_tcp_accept(int listen_fd, char *peer, size_t peer_size);

#endif
