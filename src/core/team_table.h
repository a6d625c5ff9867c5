/* The per-instance team table: created with the instance (world team and
 * shared team), destroyed with it. */
#ifndef MISHMEM_CORE_TEAM_TABLE_H
#define MISHMEM_CORE_TEAM_TABLE_H

#include "instance/instance.h"

/* Called once the instance's heap and peers are set up; no communication. */
int mishmem_teams_create(struct mishmem_instance *inst);
/* Safe on a partly built instance (teams == NULL). */
void mishmem_teams_destroy(struct mishmem_instance *inst);

#endif
