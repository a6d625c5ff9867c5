/* Push collectives: small data of small teams travels in one hand-off.
 * A writer copies its data into a cell of the reader's control area and
 * posts the op's epoch in the cell (its first line carries both); the
 * reader waits for the epoch and reads. Nobody reads a peer's buffers, so
 * nobody has to wait for readers before leaving: the pull protocol's
 * second round ("done") goes away. Each writer has two cells per reader,
 * used by the parity of the op; before it reuses one (op e, after op
 * e - 2) it checks that the reader has read op e - 2 to the end. A
 * reader's post of op e also says it finished op e - 1, so in the
 * all-to-all collectives that check rarely touches a peer's line.
 *
 *     struct mishmem_push_op op;
 *     mishmem_push_begin(g, &op);
 *     mishmem_push_write(g, &op, member, data, bytes);  // for each reader
 *     use(mishmem_push_wait(g, &op, writer));           // for each writer
 *     mishmem_push_end(g, &op);                         // every member
 *
 * Epochs only grow; a team that reuses a slot starts its push epochs
 * above the old ones (core/team_table.c), so stale cells never match. */
#ifndef MISHMEM_CORE_COLL_PUSH_H
#define MISHMEM_CORE_COLL_PUSH_H

#include <stddef.h>
#include <stdint.h>

#include "core/coll_group.h"
#include "core/coll_tuning.h"

struct mishmem_push_op {
    uint64_t epoch;
    int half;
};

/* Whether a collective moving `bytes` per cell may push on this group. */
static inline int mishmem_push_fits(const struct mishmem_coll_group *g, size_t bytes)
{
    return g->team && g->team->slot < MISHMEM_PUSH_TEAM_SLOTS && g->size <= MISHMEM_PUSH_MAX_MEMBERS &&
           !mishmem_coll_log_depth(g->size) && bytes <= mishmem_coll_tuning.push_max_bytes &&
           bytes <= MISHMEM_PUSH_CELL_BYTES;
}

void mishmem_push_begin(const struct mishmem_coll_group *g, struct mishmem_push_op *op);
/* Copies bytes into member's cell for this op and wakes it. */
void mishmem_push_write(const struct mishmem_coll_group *g, const struct mishmem_push_op *op, int member,
                        const void *data, size_t bytes);
/* Waits for writer's data of this op; valid until mishmem_push_end. */
const void *mishmem_push_wait(const struct mishmem_coll_group *g, const struct mishmem_push_op *op, int writer);
/* This PE has read its cells of this op. */
void mishmem_push_end(const struct mishmem_coll_group *g, const struct mishmem_push_op *op);

/* A team (re)claims its slot with epochs from epoch_base on: mark this
 * PE's cells as read up to there. */
void mishmem_push_claim(struct mishmem_team *team, uint64_t epoch_base);

#endif
