/* The phases of the pointer-based collectives over a group (a team or
 * an active set): barriers, flags for "my inputs / outputs are ready" and
 * "done with your buffers", and small published values. */
#ifndef MISHMEM_CORE_COLL_PHASE_H
#define MISHMEM_CORE_COLL_PHASE_H

#include <stdint.h>

#include "core/coll/group.h"

/* Every member waits for all, quiet included: the barrier of the group's
 * family (core/coll/family.h). */
void mishmem_group_barrier(const struct mishmem_coll_group *g);

/* The phases of a collective that reads its peers' buffers. Small teams
 * use flags, one round each way (each member posts, the readers wait for
 * the post of the member they read; at the end each reader tells each
 * member it is done); large teams and active sets use barriers. */
struct mishmem_coll_phase {
    uint64_t epoch;
    int flat;
};
/* My inputs are ready to be read. */
void mishmem_group_begin(const struct mishmem_coll_group *g, struct mishmem_coll_phase *phase);
/* Before reading member's inputs. */
void mishmem_group_wait_input(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase,
                              int member);
/* My outputs are ready to be read (a second phase, after begin). */
void mishmem_group_outputs_ready(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase);
void mishmem_group_wait_output(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase,
                               int member);
/* I have read all I need from every member; returns once no member reads
 * my buffers any more. */
void mishmem_group_end(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase);

/* A small value for the other members to read between two barriers. */
void mishmem_group_publish(const struct mishmem_coll_group *g, uint64_t value);
uint64_t mishmem_group_published(const struct mishmem_coll_group *g, int member);

#endif
