/* Collectives on the aclshmem face (aclshmem_barrier_all and
 * aclshmem_sync_all are in aclshmem.h). Include <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_COLL_H
#define MISHMEM_ACLSHMEM_COLL_H

#include <mishmem/aclshmem_teams.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Quiet, then wait for every member of the team. */
int aclshmem_barrier(aclshmem_team_t team);
/* Wait for every member of the team (local stores are visible after). */
int aclshmem_sync(aclshmem_team_t team);

#ifdef __cplusplus
}
#endif

#endif
