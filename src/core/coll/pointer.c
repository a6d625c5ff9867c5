/* The pointer family's table (core/coll/pointer.h): it serves the teams
 * whose members are all mapped, and the active sets of an instance whose
 * peers all are. */
#include "core/coll/pointer.h"

#include "core/coll/family.h"

static int team_init(struct mishmem_team *team)
{
    for (int member = 0; member < team->size; member++)
        if (!team->inst->peers[mishmem_team_world_pe(team, member)].segment)
            return 0;
    return 1;
}

static int sets_init(const struct mishmem_instance *inst)
{
    return inst->n_unmapped == 0;
}

static void barrier(const struct mishmem_coll_group *g)
{
    if (g->team)
        mishmem_pointer_team_barrier(g->team, g->call);
    else
        mishmem_pointer_set_barrier(g);
}

const struct mishmem_coll_ops mishmem_coll_pointer = {
    .name = "pointer",
    .team_init = team_init,
    .sets_init = sets_init,
    .barrier = barrier,
    .broadcast = mishmem_pointer_broadcast,
    .reduce = mishmem_pointer_reduce,
    .fcollect = mishmem_pointer_fcollect,
    .collect = mishmem_pointer_collect,
    .alltoall = mishmem_pointer_alltoall,
    .alltoalls = mishmem_pointer_alltoalls,
    .scan_fold = mishmem_pointer_scan_fold,
};
