/* The pointer family's team barrier. Small teams: every member posts
 * the barrier's epoch in its own flag and waits until every member's flag
 * has reached it (one round); after a broadcast when PEs outnumber cores, its root releases
 * the others instead (below). Large teams: dissemination, log2 rounds;
 * round r tells member me + 2^r and waits for member me - 2^r, so each
 * flag has one writer.
 * Epochs only grow (also across teams that reuse a slot), so back-to-back
 * barriers need no reset. */
#include <stdatomic.h>

#include "core/coll/pointer.h"
#include "core/coll/tuning.h"
#include "progress/ring.h"
#include "core/quiet.h"
#include "core/team/team.h"
#include "progress/wait.h"

/* writer: the member (team rank) that posts the flag. */
static void wait_flag(struct mishmem_team *team, const char *operation, int writer, _Atomic uint64_t *flag,
                      uint64_t epoch)
{
    MISHMEM_WAIT_FOR_UNTIL(team->inst, operation, mishmem_team_world_pe(team, writer),
                           atomic_load_explicit(flag, memory_order_acquire) >= epoch);
}

/* Small teams, after a broadcast when PEs outnumber cores
 * (mishmem_team_release_first): the members post their arrival
 * (barrier[0]) and wait for the release of `first`, the broadcast's root
 * (its barrier[1]); it waits for every arrival, releases, and runs on.
 * The PE that leaves a barrier first is the one running when it
 * completes; in the one-round barrier that is the last to arrive, and a
 * root, which waits for nobody in a broadcast, arrives early and leaves
 * last, so that each member's next broadcast waits for the root to be
 * scheduled. Released first, the root has staged the data by the time
 * they look. Not for every barrier: back to back, the root's partner on
 * its CPU must run between two of its releases, two switches a barrier
 * where the one-round barrier needs one. */
static void released_by(struct mishmem_team *team, const char *operation, int first, uint64_t epoch)
{
    struct mishmem_team_sync *leader = mishmem_team_sync_of(team, first);
    if (team->my_pe != first) {
        atomic_store_explicit(&mishmem_team_sync_of(team, team->my_pe)->barrier[0].value, epoch,
                              memory_order_release);
        mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, first));
        wait_flag(team, operation, first, &leader->barrier[1].value, epoch);
        return;
    }
    for (int step = 1; step < team->size; step++) {
        int member = (first + step) % team->size;
        wait_flag(team, operation, member, &mishmem_team_sync_of(team, member)->barrier[0].value, epoch);
    }
    atomic_store_explicit(&leader->barrier[1].value, epoch, memory_order_release);
    mishmem_team_ring_members(team);
}

void mishmem_pointer_team_barrier(struct mishmem_team *team, const char *operation)
{
    mishmem_quiet(team->inst);
    int n = team->size, me = team->my_pe;
    if (n == 1)
        return;
    uint64_t epoch = ++team->barrier_epoch;
    struct mishmem_team_sync *mine = mishmem_team_sync_of(team, me);
    int first = team->release_first_plus_one - 1;
    team->release_first_plus_one = 0;
    if (first >= 0 && !mishmem_coll_log_depth(n)) {
        released_by(team, operation, first, epoch);
        return;
    }
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
