/* The shared-memory transport: peers on this host (transport/locality.h)
 * map each other's segment (pidfd_getfd, else /proc/PID/fd, else
 * descriptors passed over Unix sockets), after checking that the segment
 * is the announced owner's, and keep a pidfd to watch each other. The
 * core then loads and stores in place (peers[pe].segment).
 *
 * With MISHMEM_PEERS_UNMAPPED=1 the mappings are kept here instead and
 * the core reaches these peers through the operations of the transport
 * interface, as it reaches remote ones: the remote path tested on one
 * host. */
#ifndef MISHMEM_TRANSPORT_SHM_SHM_H
#define MISHMEM_TRANSPORT_SHM_SHM_H

#include "transport/transport.h"

extern const struct mishmem_transport mishmem_shm_transport;

#endif
