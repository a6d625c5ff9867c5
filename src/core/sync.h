/* Ordering and world synchronization: quiet and fence (core/quiet.h)
 * and the barriers over every PE of an instance. */
#ifndef MISHMEM_CORE_SYNC_H
#define MISHMEM_CORE_SYNC_H

#include "core/quiet.h"
#include "instance/instance.h"
#include "progress/liveness.h"

/* Barrier over all PEs of the instance: the world team's barrier (one
 * round for small worlds, log2 rounds for large ones), with monotonic
 * epochs so back-to-back barriers need no reset. Includes quiet.
 * operation names the caller in the message if a peer dies meanwhile. */
void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation);

/* The finalize barrier: over all PEs of the instance, on words of its own
 * (struct mishmem_control's finalize_round), so that it completes only
 * against the other PEs' finalize, never against a barrier or collective
 * they wait in. Sets this PE's `finalizing` first: peers waiting for a
 * word of this PE then know it will never come. Includes quiet. */
void mishmem_finalize_barrier(struct mishmem_instance *inst, const char *operation);

/* At the end of init, where the instance spans hosts: the hosts' first
 * PEs meet across the fabric with the peers and in the order of the
 * finalize barrier, then release the other PEs of their hosts, so that
 * the connections finalize needs are made in set-up and not at the end
 * of the job. -1 when the instance failed meanwhile. */
int mishmem_leaders_meet(struct mishmem_instance *inst, const char *operation);

#endif
