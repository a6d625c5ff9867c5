/* Staged collectives: data of small teams travels in one hand-off.
 * Each member copies what it contributes into a staging area of its own
 * control area and posts the op's epoch there (the epoch's line carries
 * the first bytes too); the readers wait for the epoch and copy from the
 * member's mapped staging area. The member's own buffers are never read
 * by peers, so nobody waits for readers before leaving: the pull
 * protocol's second round ("done") goes away. Each member has two halves,
 * used by the parity of the op; before it stages op e in a half it checks
 * that every reader has read op e - 2 to the end. A member's post of op e
 * also says that it finished op e - 1, so in the all-to-all collectives
 * that check rarely touches a peer's line.
 *
 *     struct mishmem_stage_op op;
 *     mishmem_stage_begin(g, &op);
 *     memcpy(mishmem_stage_area(g, &op), mine, bytes);  // writers
 *     mishmem_stage_post(g, &op);
 *     use(mishmem_stage_wait(g, &op, member));          // readers, per member
 *     mishmem_stage_end(g, &op);                        // every member
 *
 * Epochs only grow; a team that reuses a slot starts its stage epochs
 * above the old ones (core/team/table.c), so a stale post never matches. */
#ifndef MISHMEM_CORE_COLL_STAGE_H
#define MISHMEM_CORE_COLL_STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "core/coll/group.h"
#include "core/coll/tuning.h"

struct mishmem_stage_op {
    uint64_t epoch;
    int half;
};

/* Whether the group has stage posts (small teams in the first slots):
 * a collective may post on them without staging data (alltoall). */
static inline int mishmem_stage_usable(const struct mishmem_coll_group *g)
{
    return g->team && g->team->slot < MISHMEM_STAGE_TEAM_SLOTS && g->size <= MISHMEM_STAGE_MAX_MEMBERS &&
           !mishmem_coll_log_depth(g->size);
}

/* Whether a collective that stages `bytes` on each member may run staged
 * on this group. One PE per core: small data only (a larger copy costs
 * more than the hand-off it saves); PEs outnumbering cores: as much as
 * the area holds (a hand-off is a context switch). */
static inline int mishmem_stage_fits(const struct mishmem_coll_group *g, size_t bytes)
{
    size_t limit = g->inst->spin_ns ? mishmem_coll_tuning.stage_small_bytes : mishmem_coll_tuning.stage_max_bytes;
    return mishmem_stage_usable(g) && bytes <= limit && bytes <= MISHMEM_STAGE_BYTES;
}

void mishmem_stage_begin(const struct mishmem_coll_group *g, struct mishmem_stage_op *op);
/* This PE's half for the op, once every reader has read op - 2. */
void *mishmem_stage_area(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op);
/* The staged data is ready: wake the readers. */
void mishmem_stage_post(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op);
/* Member's staged data of this op (mapped; valid until mishmem_stage_end). */
const void *mishmem_stage_wait(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op, int member);
/* This PE has read what it needs of this op. */
void mishmem_stage_end(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op);

/* A team (re)claims its slot with epochs from epoch_base on: mark this
 * PE's stage as read up to there. */
void mishmem_stage_claim(struct mishmem_team *team, uint64_t epoch_base);

#endif
