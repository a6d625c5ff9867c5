/* Placeholder until teams exist: nothing to create or destroy. */
#include "core/team_table.h"

int mishmem_teams_create(struct mishmem_instance *inst)
{
    (void)inst;
    return ACLSHMEM_SUCCESS;
}

void mishmem_teams_destroy(struct mishmem_instance *inst) { (void)inst; }
