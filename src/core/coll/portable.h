/* The portable family of barriers and collectives: written only with the
 * operations every transport offers (put, get, a 64-bit store or add on a
 * peer's sync word, quiet), so it serves teams and active sets with
 * members that are not mapped. Most collectives are a barrier (inputs
 * ready), gets from the members' symmetric buffers, and a barrier (nobody
 * reads my buffers any more); a team's alltoall puts into the members'
 * dest, which is ready before the call, and ends with one barrier. The
 * barriers are the group's table's, so
 * the hierarchical family (core/coll/hier.c) runs these algorithms over
 * its own barrier. Its table is mishmem_coll_portable (core/coll/family.h),
 * chosen when no other family serves a group, or everywhere with
 * MISHMEM_COLL_PORTABLE=1 (so it is tested on one host). Arguments as in
 * struct mishmem_coll_ops. */
#ifndef MISHMEM_CORE_COLL_PORTABLE_H
#define MISHMEM_CORE_COLL_PORTABLE_H

#include <stddef.h>

#include "core/coll/group.h"
#include "core/coll/reduce_ops.h"

/* Dissemination over the group (log2 rounds), quiet included. */
/* The answer of a transfer with member: a peer that could not be reached
 * has failed the instance already (the op then ends, and the call
 * returns that: coll.h's mishmem_coll_outcome); anything else is fatal. */
void mishmem_portable_must(int rc, const struct mishmem_coll_group *g, int member);
void mishmem_portable_barrier(const struct mishmem_coll_group *g);
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
void mishmem_portable_scan_fold(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                                const void *source, size_t count, int last);

#endif
