/* Who decides that a peer is gone, and what follows: in the shmem_init
 * world the process ends (the standard's abort); any other instance is
 * marked failed, once (its waits end at once, the aclshmem face returns
 * ACLSHMEMX_PEER_FAILED), its peers learn it from this PE's segment
 * header, and the process's other instances go on. The evidence comes
 * from waits (progress/wait.c: pidfds, peers' headers) and from the
 * transports (an operation that stopped completing). */
#ifndef MISHMEM_PROGRESS_FAILURE_H
#define MISHMEM_PROGRESS_FAILURE_H

#include <stddef.h>

#include "instance/instance.h"

/* Why a peer failed an instance (also a wait's why, progress/wait.h). */
enum mishmem_wait_failure {
    MISHMEM_PEER_EXITED,   /* the process is gone and never finalized */
    MISHMEM_PEER_LEFT,     /* it entered finalize while this PE waited for it */
    MISHMEM_PEER_REPORTED, /* it found the instance failed */
};

/* Marks inst failed on this PE (PE pe failed it, for the reason why) and
 * tells its peers; 1 for the first call. */
int mishmem_instance_mark_failed(struct mishmem_instance *inst, int pe, enum mishmem_wait_failure why);
/* Ends the process (the shmem_init world) or fails inst: PE origin did
 * it, for the reason why; message says what this PE saw. */
void mishmem_fail_instance(struct mishmem_instance *inst, int origin, enum mishmem_wait_failure why,
                           const char *message);
/* A transport could not reach pe (ACLSHMEMX_PEER_FAILED from it) during
 * `operation`: ends the process (the shmem_init world) or fails inst. */
void mishmem_peer_unreachable(struct mishmem_instance *inst, int pe, const char *operation);
/* "pid 1234" for a peer on this host; for one on another host "host
 * NAME" and its MISHMEM_HOST_ID when set ("host node7, MISHMEM_HOST_ID
 * h2"), or what tells it apart when its name is this host's ("host node7,
 * another PID namespace"). buf holds
 * MISHMEM_DESCRIBE_PEER_SIZE bytes. */
#define MISHMEM_DESCRIBE_PEER_SIZE 320
void mishmem_describe_peer(const struct mishmem_instance *inst, int pe, char *buf, size_t size);

#endif
