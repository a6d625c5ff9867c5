#include "core/coll_push.h"

#include <stdatomic.h>
#include <string.h>

#include "core/doorbell.h"
#include "core/wait.h"

static struct mishmem_push_slot *slot_of(const struct mishmem_team *team, int member)
{
    return &mishmem_control_of(team->inst, mishmem_team_world_pe(team, member))->push[team->slot];
}

void mishmem_push_begin(const struct mishmem_coll_group *g, struct mishmem_push_op *op)
{
    op->epoch = ++g->team->push_epoch;
    op->half = (int)(op->epoch & 1);
}

/* Before writing member's cell of op `epoch`: it has read op epoch - 2. */
static void wait_reader(const struct mishmem_coll_group *g, int member, uint64_t epoch)
{
    struct mishmem_team *team = g->team;
    if (epoch < 3 || team->push_seen[member] >= epoch - 2)
        return;
    _Atomic uint64_t *consumed = &slot_of(team, member)->consumed.value;
    uint64_t seen;
    MISHMEM_WAIT_UNTIL(g->inst, g->call, (seen = atomic_load_explicit(consumed, memory_order_acquire)) >= epoch - 2);
    team->push_seen[member] = seen;
}

void mishmem_push_write(const struct mishmem_coll_group *g, const struct mishmem_push_op *op, int member,
                        const void *data, size_t bytes)
{
    wait_reader(g, member, op->epoch);
    struct mishmem_push_cell *cell = &slot_of(g->team, member)->cells[g->me][op->half];
    memcpy(cell->data, data, bytes);
    atomic_store_explicit(&cell->epoch, op->epoch, memory_order_release);
    mishmem_doorbell_ring(g->inst, mishmem_group_pe(g, member));
}

const void *mishmem_push_wait(const struct mishmem_coll_group *g, const struct mishmem_push_op *op, int writer)
{
    struct mishmem_team *team = g->team;
    struct mishmem_push_cell *cell = &slot_of(team, g->me)->cells[writer][op->half];
    MISHMEM_WAIT_UNTIL(g->inst, g->call, atomic_load_explicit(&cell->epoch, memory_order_acquire) >= op->epoch);
    /* The writer began this op, so it had read the previous one. */
    if (team->push_seen[writer] < op->epoch - 1)
        team->push_seen[writer] = op->epoch - 1;
    return cell->data;
}

void mishmem_push_end(const struct mishmem_coll_group *g, const struct mishmem_push_op *op)
{
    atomic_store_explicit(&slot_of(g->team, g->me)->consumed.value, op->epoch, memory_order_release);
    mishmem_team_ring_members(g->team); /* a writer may sleep in wait_reader */
}

void mishmem_push_claim(struct mishmem_team *team, uint64_t epoch_base)
{
    team->push_epoch = epoch_base;
    if (team->slot >= MISHMEM_PUSH_TEAM_SLOTS)
        return;
    /* Earlier teams in the slot stayed below epoch_base. */
    _Atomic uint64_t *consumed = &slot_of(team, team->my_pe)->consumed.value;
    if (atomic_load_explicit(consumed, memory_order_relaxed) < epoch_base) {
        atomic_store_explicit(consumed, epoch_base, memory_order_release);
        mishmem_team_ring_members(team);
    }
}
