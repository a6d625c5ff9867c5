#include "core/sync.h"

#include "core/team.h"
#include "core/team_table.h"
#include "util/log.h"

/* The world barrier is the world team's: one set of world sync words for
 * shmem_barrier_all, shmem_team_sync(SHMEM_TEAM_WORLD) and the library's
 * own collective calls (heap, finalize). */
void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation)
{
    struct mishmem_team *world = mishmem_team_world(inst);
    if (!world)
        mishmem_fatal("%s: instance %llu has no world team (not fully built)", operation,
                      (unsigned long long)inst->id);
    mishmem_team_barrier(world, operation);
}
