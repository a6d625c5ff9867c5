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

/* Frees the reads given up on; only once the transports are closed. */
void mishmem_liveness_free_given_up(struct mishmem_instance *inst);

#endif
