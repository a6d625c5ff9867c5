/* A team's barrier, through its family's table (core/coll/family.h), and
 * the doorbells of its mapped members. */
#include "core/coll/group.h"
#include "core/team/team.h"
#include "progress/ring.h"

void mishmem_team_barrier(struct mishmem_team *team, const char *operation)
{
    struct mishmem_coll_group group = mishmem_group_of_team(team, operation);
    team->coll->barrier(&group);
}

void mishmem_team_ring_members(const struct mishmem_team *team)
{
    for (int pe = 0; pe < team->size; pe++)
        if (pe != team->my_pe && team->inst->peers[mishmem_team_world_pe(team, pe)].segment)
            mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, pe));
}
