/* Which member of a team left for finalize before the team's current
 * flag-based collective: the check behind mishmem_done_wait (a "done"
 * counter has several writers, so the wait cannot name one PE to watch). */
#include <stdatomic.h>

#include "core/coll/flags.h"
#include "core/team/team.h"

int mishmem_team_member_left(const void *context)
{
    const struct mishmem_team *team = context;
    struct mishmem_instance *inst = team->inst;
    for (int member = 0; member < team->size; member++) {
        int pe = mishmem_team_world_pe(team, member);
        const struct mishmem_control *control = pe == inst->my_pe ? NULL : mishmem_control_of(inst, pe);
        if (!control || !atomic_load_explicit(&control->header.finalizing.value, memory_order_acquire))
            continue;
        /* Published before `finalizing`: every op it began is counted. */
        if (atomic_load_explicit(&control->final_op_epoch[team->slot], memory_order_relaxed) < team->op_epoch)
            return pe;
    }
    return -1;
}
