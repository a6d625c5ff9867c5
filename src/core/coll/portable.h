/* The portable family of barriers and collectives: written only with the
 * operations every transport offers (get, a 64-bit store or add on a
 * peer's sync word, quiet), so it serves teams and active sets with
 * members that are not mapped. Each collective is a barrier (inputs
 * ready), gets from the members' symmetric buffers, and a barrier (nobody
 * reads my buffers any more). The pointer-based family (the other coll_*
 * files) serves groups whose members are all mapped; a group's family is
 * fixed when its team is created (mishmem_team.portable), or, for active
 * sets, by its instance. MISHMEM_COLL_PORTABLE=1 forces the portable
 * family everywhere, so it is tested on one host. */
#ifndef MISHMEM_CORE_COLL_PORTABLE_H
#define MISHMEM_CORE_COLL_PORTABLE_H

#include <stddef.h>

#include "core/coll/family.h"
#include "core/coll/group.h"
#include "core/coll/reduce_ops.h"

static inline int mishmem_group_is_portable(const struct mishmem_coll_group *g)
{
    if (g->team)
        return g->team->portable;
    return mishmem_coll_needs_portable(g->inst, 0, 1, 0);
}

/* Dissemination over the group (log2 rounds), quiet included. */
void mishmem_portable_barrier(const struct mishmem_coll_group *g);
/* The collectives, arguments checked by the callers (core/coll/coll.h). */
void mishmem_portable_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                                int root, int root_updated);
void mishmem_portable_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
/* Sizes differ per member; checks dest once the total is known. */
int mishmem_portable_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                             enum mishmem_on_error on_error);
void mishmem_portable_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
void mishmem_portable_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                                ptrdiff_t sst, size_t nelems, size_t elem_size);
void mishmem_portable_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                             const void *source, size_t count);

#endif
