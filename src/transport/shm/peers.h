/* Reaching the instance's peers: exchange who and where everyone is, then
 * map every peer's segment (pidfd_getfd, else /proc/PID/fd, else
 * descriptors passed over Unix sockets) and keep a pidfd to watch it. */
#ifndef MISHMEM_INSTANCE_PEERS_H
#define MISHMEM_INSTANCE_PEERS_H

#include "instance/instance.h"

/* Collective; every PE gets the same result. Needs inst->boot, inst->segment
 * and inst->peers (allocated, pidfds -1). Returns ACLSHMEM_*. */
int mishmem_peers_attach(struct mishmem_instance *inst);
/* Unmaps peers' segments and closes pidfds; safe on a partial attach. */
void mishmem_peers_release(struct mishmem_instance *inst);

#endif
