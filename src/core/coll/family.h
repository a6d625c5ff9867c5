/* The families of barriers and collectives, one table of functions each:
 * pointer (every member mapped: loads and stores through the mappings,
 * core/coll/pointer.c), portable (only get, a store or add on a peer's
 * sync word and quiet, which every transport offers: members that are not
 * mapped, core/coll/portable.c) and hierarchical (portable between hosts,
 * shared memory within each, core/coll/hier.c). A team's table is chosen
 * once, when the team is made; an instance's active sets get theirs once,
 * when its team table is made. The collectives (core/coll/coll.h) check
 * their arguments and then call through the group's table; a table's
 * functions get checked arguments, more than one member and some data. */
#ifndef MISHMEM_CORE_COLL_FAMILY_H
#define MISHMEM_CORE_COLL_FAMILY_H

#include <stddef.h>

#include "core/coll/reduce_ops.h"
#include "core/on_error.h"
#include "instance/instance.h"

struct mishmem_coll_group;
struct mishmem_team;

struct mishmem_coll_ops {
    const char *name;
    /* Whether the family serves this new team (its members, inst and
     * my_pe are set); sets up the family's state in team->coll_state. The
     * same answer on every member: they decide from the same cards and
     * environment. */
    int (*team_init)(struct mishmem_team *team);
    /* Frees team->coll_state; NULL when the family keeps none. */
    void (*team_fini)(struct mishmem_team *team);
    /* Whether the family serves the active sets of this instance. */
    int (*sets_init)(const struct mishmem_instance *inst);
    /* Every member waits for all, quiet included: shmem_barrier_all,
     * shmem_team_sync, shmem_barrier, and the phases of the collectives. */
    void (*barrier)(const struct mishmem_coll_group *g);
    void (*broadcast)(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes, int root,
                      int root_updated);
    void (*reduce)(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                   const void *source, size_t count);
    void (*fcollect)(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
    /* Sizes differ per member: checks dest once the total is known. */
    int (*collect)(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                   enum mishmem_on_error on_error);
    void (*alltoall)(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes);
    void (*alltoalls)(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                      ptrdiff_t sst, size_t nelems, size_t elem_size);
    /* A scan's data phase: folds the sources of members 0..last into acc
     * in member order; every member takes part, last >= 0. */
    void (*scan_fold)(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                      const void *source, size_t count, int last);
};

extern const struct mishmem_coll_ops mishmem_coll_pointer;
extern const struct mishmem_coll_ops mishmem_coll_portable;
extern const struct mishmem_coll_ops mishmem_coll_hier;

/* The first family, in order pointer, hierarchical, portable, that serves
 * the team (MISHMEM_COLL_PORTABLE=1: portable, for every team), its state
 * set up. Called once, when the team is made. */
const struct mishmem_coll_ops *mishmem_coll_choose(struct mishmem_team *team);
/* The same choice for the instance's active sets. */
const struct mishmem_coll_ops *mishmem_coll_choose_sets(const struct mishmem_instance *inst);

#endif
