/* The pointer family: barriers and collectives of groups whose members
 * are all mapped, moving data with loads and stores through the mappings
 * (core/coll/family.h). Its table is in core/coll/pointer.c; each
 * collective's algorithms live with the collective's checks (broadcast.c,
 * reduce.c, ...). Arguments as in struct mishmem_coll_ops. */
#ifndef MISHMEM_CORE_COLL_POINTER_H
#define MISHMEM_CORE_COLL_POINTER_H

#include <stddef.h>

#include "core/coll/group.h"
#include "core/coll/reduce_ops.h"

/* Flags in the team's slot: one round, or log2 rounds for large teams. */
void mishmem_pointer_team_barrier(struct mishmem_team *team, const char *operation);
/* Counted signals per pair of PEs (core/coll/active_set.c). */
void mishmem_pointer_set_barrier(const struct mishmem_coll_group *g);

void mishmem_pointer_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                               int root, int root_updated);
void mishmem_pointer_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                            const void *source, size_t count);
void mishmem_pointer_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
int mishmem_pointer_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                            enum mishmem_on_error on_error);
void mishmem_pointer_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
void mishmem_pointer_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                               ptrdiff_t sst, size_t nelems, size_t elem_size);
void mishmem_pointer_scan_fold(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                               const void *source, size_t count, int last);

#endif
