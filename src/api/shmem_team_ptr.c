/* OpenSHMEM face: shmem_team_ptr (1.6), shmem_ptr with the PE numbered in
 * a team: a pointer for loads and stores when that PE's memory is mapped
 * here, else NULL; NULL for SHMEM_TEAM_INVALID. */
#include "api/face.h"
#include "core/remote.h"
#include "core/team/team.h"
#include "mishmem/openshmem.h"

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    if (team == SHMEM_TEAM_INVALID)
        return NULL;
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_team_ptr");
    struct mishmem_team *t = mishmem_team_resolve(inst, team, "shmem_team_ptr", MISHMEM_ABORT, NULL);
    if ((unsigned)pe >= (unsigned)t->size)
        mishmem_fatal("shmem_team_ptr: PE %d is not in the team (%d PEs)", pe, t->size);
    return shmem_ptr(dest, mishmem_team_world_pe(t, pe));
}
