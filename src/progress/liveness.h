/* Liveness of peers that no pidfd watches (other hosts, or local peers
 * reached through a transport): their segment header's flags, read
 * through their transport. */
#ifndef MISHMEM_PROGRESS_LIVENESS_H
#define MISHMEM_PROGRESS_LIVENESS_H

#include <stdint.h>

#include "instance/instance.h"

/* What an unmapped peer's segment header says about it, 1 or 0 in each.
 * mishmem_transport_peer_flags returns ACLSHMEM_SUCCESS, or
 * ACLSHMEMX_PEER_FAILED when the transport cannot reach it (gone, or its
 * host is). */
struct mishmem_peer_flags {
    int departed, finalizing;
    uint64_t failed; /* 0, or the failure word (progress/wait.c) */
};
int mishmem_transport_peer_flags(struct mishmem_instance *inst, int pe, struct mishmem_peer_flags *out);

/* A read of pe's flags posted without waiting, to name the peer that does
 * not answer while others do (a blocking read of each in turn cost a whole
 * peer timeout for the first that could not answer, in its post alone).
 * Returns ACLSHMEM_SUCCESS with *read set, ACLSHMEM_TIMEOUT_ERROR when the
 * transport cannot take it now (try again), or the transport's failure.
 * A posted read stays the instance's until the transports close (a reply
 * may come any time); answered says whether the reply has landed. */
struct mishmem_probe_read;
int mishmem_probe_post(struct mishmem_instance *inst, int pe, struct mishmem_probe_read **read);
int mishmem_probe_answered(const struct mishmem_probe_read *read);

/* Frees the reads given up on; only once the transports are closed. */
void mishmem_liveness_free_given_up(struct mishmem_instance *inst);

#endif
