/* Choosing the transports of an instance when it is created: every PE
 * announces itself (host identity, segment, each transport's blob), each
 * peer gets the first transport of the table (transport/table.h) that
 * reaches it (shared memory first), and the AMO path is chosen. The
 * instance-wide operations on them (quiet, fence, progress) are the
 * progress layer's (progress/fanout.h). */
#ifndef MISHMEM_INIT_TRANSPORTS_H
#define MISHMEM_INIT_TRANSPORTS_H

#include "instance/instance.h"

/* What the transports see of inst (transport/transport.h), filled from it
 * anew: the instance's id, PE, size, bootstrap, regions and link slots. */
struct mishmem_transport_ctx *mishmem_transports_ctx(struct mishmem_instance *inst);
/* Collective; every PE gets the same result. Needs inst->boot,
 * inst->segment and inst->peers (allocated, pidfds -1). Returns ACLSHMEM_*;
 * a peer that no transport reaches fails every PE with NOT_SUPPORTED. */
int mishmem_transports_attach(struct mishmem_instance *inst);
/* Collective, after the shmem_init world's static data is shared: the
 * transports make it reachable. Returns ACLSHMEM_*. */
int mishmem_transports_static_ready(struct mishmem_instance *inst);
/* Closes every transport of inst; safe on a partial attach. */
void mishmem_transports_release(struct mishmem_instance *inst);

#endif
