/* Choosing and driving the transports of an instance: every PE announces
 * itself (host identity, segment, each transport's blob), each peer gets
 * the first transport of the table that reaches it (shared memory first),
 * and the instance-wide operations (quiet, fence, progress) fan out to the
 * transports that serve unmapped peers. */
#ifndef MISHMEM_TRANSPORT_SELECT_H
#define MISHMEM_TRANSPORT_SELECT_H

#include <stdatomic.h>

#include "transport/transport.h"

/* Collective; every PE gets the same result. Needs inst->boot,
 * inst->segment and inst->peers (allocated, pidfds -1). Returns ACLSHMEM_*;
 * a peer that no transport reaches fails every PE with NOT_SUPPORTED. */
int mishmem_transports_attach(struct mishmem_instance *inst);
/* Collective, after the shmem_init world's static data is shared: the
 * transports make it reachable. Returns ACLSHMEM_*. */
int mishmem_transports_static_ready(struct mishmem_instance *inst);
/* Closes every transport of inst; safe on a partial attach. */
void mishmem_transports_release(struct mishmem_instance *inst);

/* Live instances with n_unmapped > 0 (core/sync.h reads it). */
extern _Atomic int mishmem_instances_unmapped;

/* Out of line: only instances with unmapped peers (n_unmapped > 0) call them. */
int mishmem_transports_quiet(struct mishmem_instance *inst);
int mishmem_transports_fence(struct mishmem_instance *inst);
void mishmem_transports_progress(struct mishmem_instance *inst);

/* What an unmapped peer's control area says about it (instance.h), read
 * through its transport: 1 or 0 in each. Returns ACLSHMEM_SUCCESS, or
 * ACLSHMEMX_PEER_FAILED when the transport cannot reach it (gone, or its
 * host is). Liveness for peers that no pidfd watches. */
struct mishmem_peer_flags {
    int departed, finalizing;
    uint64_t failed; /* 0, or the failure word (transport/shm/wait.c) */
};
int mishmem_transport_peer_flags(struct mishmem_instance *inst, int pe, struct mishmem_peer_flags *out);

/* The name of the transport that serves pe ("shm", ...). */
const char *mishmem_transport_name_of(const struct mishmem_instance *inst, int pe);

#endif
