/* The PEs a collective runs over: a team, or an active set of the
 * deprecated API. Member i is world PE start + i * stride; `me` is this
 * PE's member number; `ops`, the family that runs its collectives
 * (core/coll/family.h). The algorithms see only this. */
#ifndef MISHMEM_CORE_COLL_GROUP_H
#define MISHMEM_CORE_COLL_GROUP_H

#include <stdint.h>

#include "core/coll/family.h"
#include "core/team/team.h"
#include "instance/instance.h"

struct mishmem_coll_group {
    struct mishmem_instance *inst;
    struct mishmem_team *team; /* NULL: an active set */
    const struct mishmem_coll_ops *ops;
    int start, stride, size, me;
    const char *call;          /* named in messages and when a peer dies */
};

static inline struct mishmem_coll_group mishmem_group_of_team(struct mishmem_team *team, const char *call)
{
    return (struct mishmem_coll_group){.inst = team->inst, .team = team, .ops = team->coll,
                                       .start = team->start,
                                       .stride = team->stride, .size = team->size,
                                       .me = team->my_pe, .call = call};
}

static inline int mishmem_group_pe(const struct mishmem_coll_group *g, int member)
{
    return g->start + member * g->stride;
}

/* Where this PE's symmetric address `addr` (control area, heap, or the
 * program's global data) lives on member `member`. Peers are mapped: the
 * result is read or written in place. */
static inline void *mishmem_group_addr(const struct mishmem_coll_group *g, const void *addr, int member)
{
    uint64_t offset = (uint64_t)((const char *)addr - g->inst->segment.base);
    if (__builtin_expect(offset < g->inst->segment.size, 1))
        return g->inst->peers[mishmem_group_pe(g, member)].segment + offset;
    /* Global data of the shmem_init world (heap/static_segment.h). */
    return mishmem_static_translate(&g->inst->static_data, addr, mishmem_group_pe(g, member));
}

/* The barrier of an active set (shmem_barrier): its family's. */
void mishmem_active_set_barrier(const struct mishmem_coll_group *g);

/* Builds the group of an active set after checking it (start >= 0,
 * 0 <= logPE_stride, size >= 1, last PE exists, this PE a member).
 * Returns ACLSHMEM_*; ABORT reports and exits, except for a PE outside
 * the set without SHMEM_DEBUG=1: MISHMEM_NOT_IN_SET, and the caller
 * returns at once. */
#define MISHMEM_NOT_IN_SET 1
int mishmem_active_set_group(struct mishmem_instance *inst, int PE_start, int logPE_stride, int PE_size,
                             const char *call, enum mishmem_on_error on_error,
                             struct mishmem_coll_group *out);

#endif
