/* The instance-wide operations on the transports that serve unmapped
 * peers: quiet, fence and progress fan out to each; a quiet that stops
 * completing names its culprit here (the policy), not in the transport. */
#ifndef MISHMEM_PROGRESS_FANOUT_H
#define MISHMEM_PROGRESS_FANOUT_H

#include <stdatomic.h>

#include "instance/instance.h"

/* Live instances with n_unmapped > 0 (core/sync.h reads it; init/
 * transports.c counts it). */
extern _Atomic int mishmem_instances_unmapped;

/* Out of line: only instances with unmapped peers (n_unmapped > 0) call them. */
int mishmem_transports_quiet(struct mishmem_instance *inst);
int mishmem_transports_fence(struct mishmem_instance *inst);
void mishmem_transports_progress(struct mishmem_instance *inst);
/* A wait goes to sleep (1) or has woken (0): transports that see their
 * traffic arrive ring its doorbell meanwhile. */
void mishmem_transports_sleeping(struct mishmem_instance *inst, int asleep);

/* The name of the transport that serves pe ("shm", ...). */
const char *mishmem_transport_name_of(const struct mishmem_instance *inst, int pe);

#endif
