/* The doorbells of an instance's PEs (mapped/doorbell.h): ringing a peer
 * after writing its memory, ringing every local peer, and the sleeper's
 * side on this PE's own bell. A peer's header is found where the core maps
 * it, else where its transport maps it (the shared-memory transport keeps
 * mappings of local peers it serves through the interface), else nowhere:
 * a peer on another host has no bell here, and its waits look again after
 * a bounded sleep. */
#ifndef MISHMEM_PROGRESS_RING_H
#define MISHMEM_PROGRESS_RING_H

#include "instance/instance.h"
#include "mapped/doorbell.h"

/* After writing program data of mapped `pe` (put, AMO, signal). */
static inline void mishmem_doorbell_ring_data(struct mishmem_instance *inst, int pe)
{
    mishmem_doorbell_ring_bell(&mishmem_control_of(inst, pe)->header.doorbell, MISHMEM_WAIT_ON_DATA);
}

/* After writing sync words that mapped `pe` may wait on. */
static inline void mishmem_doorbell_ring(struct mishmem_instance *inst, int pe)
{
    mishmem_doorbell_ring_bell(&mishmem_control_of(inst, pe)->header.doorbell, MISHMEM_WAIT_ON_SYNC);
}

/* pe's segment header as mapped in this process, by the core or by its
 * transport; NULL when nothing here maps it (another host). */
struct mishmem_segment_header *mishmem_header_mapped_here(const struct mishmem_instance *inst, int pe);

/* After writing sync words that any PE may wait on (a lock word). */
void mishmem_doorbell_ring_all(struct mishmem_instance *inst);

/* This PE's bell: arm, then test, then sleep (mapped/doorbell.h). */
static inline uint32_t mishmem_doorbell_arm(struct mishmem_instance *inst, enum mishmem_wait_kind kind,
                                            struct mishmem_doorbell_arming *arming)
{
    return mishmem_bell_arm(&mishmem_control_of(inst, inst->my_pe)->header, kind, arming);
}

static inline void mishmem_doorbell_sleep(struct mishmem_instance *inst, uint32_t ticket, uint64_t max_ns)
{
    mishmem_bell_sleep(&mishmem_control_of(inst, inst->my_pe)->header, ticket, max_ns);
}

#endif
