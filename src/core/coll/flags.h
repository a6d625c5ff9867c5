/* The flag protocol of the flag-based team collectives (broadcast, tree
 * reduction). A member publishes `arrive` or `result` = the op's epoch in
 * its own slot (other members poll it) and adds 1 to a peer's `done` when
 * it has finished reading that peer's buffers (and only once that peer
 * has posted for this op, so a "done" is never counted by the op before);
 * the peer waits for all the "done"s it expects before it returns. So
 * nobody leaves an op while a peer may still read its buffers or write
 * its words, and a destroyed team's slot is quiet. Binomial trees are over relative ranks: the parent
 * of r clears r's lowest set bit. */
#ifndef MISHMEM_CORE_COLL_FLAGS_H
#define MISHMEM_CORE_COLL_FLAGS_H

#include <stdatomic.h>

#include "core/coll/group.h"
#include "progress/wait.h"

/* Members poll the flag in this PE's slot: wake any that sleep. */
static inline void mishmem_flag_post(const struct mishmem_coll_group *g, struct mishmem_flag *flag,
                                     uint64_t epoch)
{
    atomic_store_explicit(&flag->value, epoch, memory_order_release);
    mishmem_team_ring_members(g->team);
}

/* writer: the member (team rank) that posts the flag, -1 for several. */
static inline void mishmem_flag_wait(const struct mishmem_coll_group *g, int writer, struct mishmem_flag *flag,
                                     uint64_t epoch)
{
    MISHMEM_WAIT_FOR_UNTIL(g->inst, g->call, writer < 0 ? -1 : mishmem_team_world_pe(g->team, writer),
                           atomic_load_explicit(&flag->value, memory_order_acquire) >= epoch);
}

/* Tells member `member` that this PE is done with its buffers. */
static inline void mishmem_done_signal(const struct mishmem_coll_group *g, int member)
{
    atomic_fetch_add_explicit(&mishmem_team_sync_of(g->team, member)->done.value, 1, memory_order_release);
    mishmem_doorbell_ring(g->inst, mishmem_team_world_pe(g->team, member));
}

/* A member (world PE) that entered finalize before the team's current
 * flag-based op (its final_op_epoch is below the team's op_epoch), or -1:
 * it will never say done. The `left` check of mishmem_done_wait. */
int mishmem_team_member_left(const void *team);

/* Waits until `count` more members have said done (counts only grow). */
static inline void mishmem_done_wait(const struct mishmem_coll_group *g, int count)
{
    struct mishmem_team *team = g->team;
    team->done_expected += (uint64_t)count;
    _Atomic uint64_t *done = &mishmem_team_sync_of(team, g->me)->done.value;
    MISHMEM_WAIT_CHECKED_UNTIL(g->inst, MISHMEM_WAIT_ON_SYNC, g->call, -1, mishmem_team_member_left, team,
                               atomic_load_explicit(done, memory_order_acquire) >= team->done_expected);
}

static inline int mishmem_tree_parent(int rank) { return rank & (rank - 1); }

/* Children of rank in a tree of n: rank + 2^k for 2^k below rank's lowest
 * set bit (every 2^k for the root), while < n. */
static inline int mishmem_tree_children(int rank, int n)
{
    int count = 0;
    for (int bit = 1; bit < n && !(rank & bit) && rank + bit < n; bit <<= 1)
        count++;
    return count;
}

#endif
