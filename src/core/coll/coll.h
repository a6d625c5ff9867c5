/* Collectives over a group (a team or an active set). Each checks its
 * arguments, then runs the group's family of algorithms (its table,
 * core/coll/family.h). Returns ACLSHMEM_*; with MISHMEM_ABORT misuse
 * prints and exits. */
#ifndef MISHMEM_CORE_COLL_COLL_H
#define MISHMEM_CORE_COLL_COLL_H

#include <stddef.h>

#include "core/coll/group.h"
#include "core/coll/reduce_ops.h"
#include "core/on_error.h"

/* A data collective whose checks passed (rc) is counted for its instance
 * with the bytes of this PE's source (instance/stats.h); returns rc. */
static inline int mishmem_coll_counted(const struct mishmem_coll_group *g, int rc, size_t bytes)
{
    if (rc == ACLSHMEM_SUCCESS)
        mishmem_stats_count(&g->inst->stats, MISHMEM_STATS_COLLECTIVE, bytes);
    return rc;
}

/* What a collective that ran returns: its instance may have failed while
 * it ran (a member's peer gone), and then dest holds no answer; the
 * failure's message was printed when it was found. */
static inline int mishmem_coll_outcome(const struct mishmem_coll_group *g)
{
    return mishmem_instance_failed(g->inst) ? ACLSHMEMX_PEER_FAILED : ACLSHMEM_SUCCESS;
}

/* root_updated: the team form also writes the root's dest; the active-set
 * form leaves it alone. */
int mishmem_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                      size_t elem_size, int root, int root_updated, enum mishmem_on_error on_error);
/* nelems may differ between members. */
int mishmem_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                    size_t elem_size, enum mishmem_on_error on_error);
int mishmem_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                     size_t elem_size, enum mishmem_on_error on_error);
int mishmem_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                     size_t elem_size, enum mishmem_on_error on_error);
int mishmem_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                      ptrdiff_t sst, size_t nelems, size_t elem_size, enum mishmem_on_error on_error);
/* dest and source: the same buffer, or disjoint. */
int mishmem_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                   const void *source, size_t count, enum mishmem_on_error on_error);
/* The checks of a reduction's (and a scan's) arguments; ACLSHMEM_*. */
int mishmem_reduce_check(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                         const void *source, size_t count, enum mishmem_on_error on_error);
/* mishmem_reduce without the checks, for the library's own buffers (which may be
 * in the control area, outside the heap). */
void mishmem_reduce_run(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count);

/* Prefix sums (op: a SUM operator): member i gets the fold of the sources
 * of members 0..i, or 0..i-1 when exclusive (zeros on member 0). dest and
 * source: the same buffer, or disjoint. */
int mishmem_scan(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                 const void *source, size_t count, int exclusive, enum mishmem_on_error on_error);

#endif
