/* Synchronization of a collective group: the barrier of its family
 * (core/coll/family.h); the pointer family's flags and published values,
 * in teams' slot words or, for active sets, the per-pair counters. */
#include "core/coll/phase.h"

#include <stdatomic.h>

#include "core/coll/flags.h"
#include "core/coll/tuning.h"

void mishmem_group_barrier(const struct mishmem_coll_group *g)
{
    g->ops->barrier(g);
}

void mishmem_group_begin(const struct mishmem_coll_group *g, struct mishmem_coll_phase *phase)
{
    phase->flat = g->team && !mishmem_coll_log_depth(g->size);
    if (!phase->flat) {
        mishmem_group_barrier(g);
        return;
    }
    phase->epoch = ++g->team->op_epoch;
    mishmem_flag_post(g, &mishmem_team_sync_of(g->team, g->me)->arrive, phase->epoch);
}

void mishmem_group_wait_input(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase,
                              int member)
{
    if (phase->flat && member != g->me)
        mishmem_flag_wait(g, member, &mishmem_team_sync_of(g->team, member)->arrive, phase->epoch);
}

void mishmem_group_outputs_ready(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase)
{
    if (phase->flat)
        mishmem_flag_post(g, &mishmem_team_sync_of(g->team, g->me)->result, phase->epoch);
    else
        mishmem_group_barrier(g);
}

void mishmem_group_wait_output(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase,
                               int member)
{
    if (phase->flat && member != g->me)
        mishmem_flag_wait(g, member, &mishmem_team_sync_of(g->team, member)->result, phase->epoch);
}

void mishmem_group_end(const struct mishmem_coll_group *g, const struct mishmem_coll_phase *phase)
{
    if (!phase->flat) {
        mishmem_group_barrier(g);
        return;
    }
    /* A "done" goes only to a member that has arrived in this op, so it
     * can never be counted by a member still finishing the previous one. */
    for (int step = 1; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        mishmem_group_wait_input(g, phase, member);
        mishmem_done_signal(g, member);
    }
    mishmem_done_wait(g, g->size - 1);
}

static _Atomic uint64_t *published_word(const struct mishmem_coll_group *g, int member)
{
    int pe = mishmem_group_pe(g, member);
    if (g->team)
        return (_Atomic uint64_t *)&mishmem_control_of(g->inst, pe)->teams[g->team->slot].scratch[0];
    return &mishmem_control_of(g->inst, pe)->active_set_value.value;
}

void mishmem_group_publish(const struct mishmem_coll_group *g, uint64_t value)
{
    atomic_store_explicit(published_word(g, g->me), value, memory_order_relaxed);
}

uint64_t mishmem_group_published(const struct mishmem_coll_group *g, int member)
{
    return atomic_load_explicit(published_word(g, member), memory_order_relaxed);
}
