/* The team barrier. Small teams: every member posts the barrier's epoch
 * in its own flag and waits until every member's flag has reached it (one
 * round). Large teams: dissemination, log2 rounds; round r tells member
 * me + 2^r and waits for member me - 2^r, so each flag has one writer.
 * Epochs only grow (also across teams that reuse a slot), so back-to-back
 * barriers need no reset. */
#include <stdatomic.h>

#include "core/coll_portable.h"
#include "core/coll_flags.h"
#include "core/coll_tuning.h"
#include "transport/shm/doorbell.h"
#include "core/sync.h"
#include "core/team.h"
#include "transport/shm/wait.h"

/* writer: the member (team rank) that posts the flag. */
static void wait_flag(struct mishmem_team *team, const char *operation, int writer, _Atomic uint64_t *flag,
                      uint64_t epoch)
{
    MISHMEM_WAIT_FOR_UNTIL(team->inst, operation, mishmem_team_world_pe(team, writer),
                           atomic_load_explicit(flag, memory_order_acquire) >= epoch);
}

void mishmem_team_ring_members(const struct mishmem_team *team)
{
    for (int pe = 0; pe < team->size; pe++)
        if (pe != team->my_pe && team->inst->peers[mishmem_team_world_pe(team, pe)].segment)
            mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, pe));
}

void mishmem_team_barrier(struct mishmem_team *team, const char *operation)
{
    if (team->portable) {
        struct mishmem_coll_group group = mishmem_group_of_team(team, operation);
        mishmem_portable_barrier(&group);
        return;
    }
    mishmem_quiet(team->inst);
    int n = team->size, me = team->my_pe;
    if (n == 1)
        return;
    uint64_t epoch = ++team->barrier_epoch;
    struct mishmem_team_sync *mine = mishmem_team_sync_of(team, me);
    if (!mishmem_coll_log_depth(n)) {
        atomic_store_explicit(&mine->barrier[0].value, epoch, memory_order_release);
        mishmem_team_ring_members(team);
        for (int step = 1; step < n; step++)
            wait_flag(team, operation, (me + step) % n, &mishmem_team_sync_of(team, (me + step) % n)->barrier[0].value,
                      epoch);
        return;
    }
    for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
        int to = (me + distance) % n;
        atomic_store_explicit(&mishmem_team_sync_of(team, to)->barrier[round].value, epoch, memory_order_release);
        mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, to));
        wait_flag(team, operation, (me - distance + n) % n, &mine->barrier[round].value, epoch);
    }
}
