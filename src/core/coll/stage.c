#include "core/coll/stage.h"

#include <stdatomic.h>

#include "progress/ring.h"
#include "progress/wait.h"

static struct mishmem_stage_slot *slot_of(const struct mishmem_team *team, int member)
{
    return &mishmem_control_of(team->inst, mishmem_team_world_pe(team, member))->stage[team->slot];
}

void mishmem_stage_begin(const struct mishmem_coll_group *g, struct mishmem_stage_op *op)
{
    op->epoch = ++g->team->stage_epoch;
    op->half = (int)(op->epoch & 1);
}

/* Before staging op `epoch`: member has read op epoch - 2. */
static void wait_reader(const struct mishmem_coll_group *g, int member, uint64_t epoch)
{
    struct mishmem_team *team = g->team;
    if (epoch < 3 || team->stage_seen[member] >= epoch - 2)
        return;
    _Atomic uint64_t *consumed = &slot_of(team, member)->consumed.value;
    uint64_t seen;
    MISHMEM_WAIT_FOR_UNTIL(g->inst, g->call, mishmem_team_world_pe(team, member),
                           (seen = atomic_load_explicit(consumed, memory_order_acquire)) >= epoch - 2);
    team->stage_seen[member] = seen;
}

void *mishmem_stage_area(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op)
{
    for (int step = 1; step < g->size; step++)
        wait_reader(g, (g->me + step) % g->size, op->epoch);
    return slot_of(g->team, g->me)->half[op->half].data;
}

void mishmem_stage_post(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op)
{
    atomic_store_explicit(&slot_of(g->team, g->me)->half[op->half].epoch, op->epoch, memory_order_release);
    mishmem_team_ring_members(g->team);
}

const void *mishmem_stage_wait(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op, int member)
{
    struct mishmem_team *team = g->team;
    struct mishmem_stage_half *half = &slot_of(team, member)->half[op->half];
    MISHMEM_WAIT_FOR_UNTIL(g->inst, g->call, mishmem_team_world_pe(team, member),
                           atomic_load_explicit(&half->epoch, memory_order_acquire) >= op->epoch);
    /* The member began this op, so it had read the previous one. */
    if (team->stage_seen[member] < op->epoch - 1)
        team->stage_seen[member] = op->epoch - 1;
    return half->data;
}

void mishmem_stage_end(const struct mishmem_coll_group *g, const struct mishmem_stage_op *op)
{
    atomic_store_explicit(&slot_of(g->team, g->me)->consumed.value, op->epoch, memory_order_release);
    mishmem_team_ring_members(g->team); /* a member may sleep in wait_reader */
}

void mishmem_stage_claim(struct mishmem_team *team, uint64_t epoch_base)
{
    team->stage_epoch = epoch_base;
    if (team->slot >= MISHMEM_STAGE_TEAM_SLOTS)
        return;
    /* Earlier teams in the slot stayed below epoch_base. */
    _Atomic uint64_t *consumed = &slot_of(team, team->my_pe)->consumed.value;
    if (atomic_load_explicit(consumed, memory_order_relaxed) < epoch_base) {
        atomic_store_explicit(consumed, epoch_base, memory_order_release);
        mishmem_team_ring_members(team);
    }
}
