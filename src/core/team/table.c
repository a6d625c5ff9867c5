/* The per-instance team table. Team structs are made per slot on first use
 * and kept until the instance goes, so a stale pointer (a context made on
 * a destroyed team) never reads freed memory; handles carry a generation
 * so that a destroyed team is never mistaken for a later one. */
#include "core/team/table.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/coll/family.h"
#include "core/coll/stage.h"
#include "util/log.h"

/* Process-wide source of generations: unique across instances too. */
static _Atomic uint64_t next_generation = 1;

static void mark(struct mishmem_teams *teams, int slot, int free)
{
    uint64_t bit = 1ull << (slot % 64);
    if (free)
        teams->free_slots[slot / 64] |= bit;
    else
        teams->free_slots[slot / 64] &= ~bit;
}

static int is_free(const struct mishmem_teams *teams, int slot)
{
    return (teams->free_slots[slot / 64] >> (slot % 64)) & 1;
}

static struct mishmem_team *fill_locked(struct mishmem_instance *inst, int slot, int start, int stride,
                                        int size, int my_pe)
{
    struct mishmem_teams *teams = inst->teams;
    struct mishmem_team *team = atomic_load_explicit(&teams->by_slot[slot], memory_order_relaxed);
    if (!team) {
        team = calloc(1, sizeof *team);
        if (!team)
            return NULL;
    }
    if (team->coll && team->coll->team_fini)
        team->coll->team_fini(team);
    *team = (struct mishmem_team){
        .inst = inst, .live = 1, .slot = slot,
        .generation = atomic_fetch_add_explicit(&next_generation, 1, memory_order_relaxed),
        .start = start, .stride = size == 1 ? 1 : stride, .size = size, .my_pe = my_pe,
    };
    team->coll = mishmem_coll_choose(team);
    mark(teams, slot, 0);
    atomic_store_explicit(&teams->by_slot[slot], team, memory_order_release);
    return team;
}

/* SHMEM_TEAM_SHARED: the PEs of this host (the world on one host). A team
 * is a strided set, so PEs of a host that are not one (0, 1 and 3, say)
 * leave this PE alone in it. The same answer on every PE of the host. */
static void shared_members(const struct mishmem_instance *inst, int *start, int *stride, int *size, int *me)
{
    int first = -1, second = -1, count = 0;
    for (int pe = 0; pe < inst->n_pes; pe++)
        if (inst->peers[pe].same_host) {
            first = first < 0 ? pe : first;
            second = second < 0 && pe != first ? pe : second;
            count++;
        }
    int step = second > first ? second - first : 1, strided = 1;
    for (int i = 0, pe = first; strided && pe < inst->n_pes; pe++)
        if (inst->peers[pe].same_host)
            strided = pe == first + i++ * step;
    if (first < 0 || !strided) {
        *start = inst->my_pe, *stride = 1, *size = 1, *me = 0;
        return;
    }
    *start = first, *stride = step, *size = count, *me = (inst->my_pe - first) / step;
}

int mishmem_teams_create(struct mishmem_instance *inst)
{
    struct mishmem_teams *teams = calloc(1, sizeof *teams);
    if (!teams)
        return ACLSHMEM_MALLOC_FAILED;
    inst->teams = teams;
    pthread_mutex_init(&teams->lock, NULL);
    memset(teams->free_slots, 0xff, sizeof teams->free_slots);
    teams->active_set_sent = calloc((size_t)inst->n_pes, sizeof(uint64_t));
    teams->active_set_received = calloc((size_t)inst->n_pes, sizeof(uint64_t));
    int start, stride, size, me;
    shared_members(inst, &start, &stride, &size, &me);
    teams->active_set_coll = mishmem_coll_choose_sets(inst);
    if (!teams->active_set_sent || !teams->active_set_received ||
        !fill_locked(inst, MISHMEM_TEAM_WORLD_SLOT, 0, 1, inst->n_pes, inst->my_pe) ||
        !fill_locked(inst, MISHMEM_TEAM_SHARED_SLOT, start, stride, size, me))
        return ACLSHMEM_MALLOC_FAILED;
    return ACLSHMEM_SUCCESS;
}

void mishmem_teams_destroy(struct mishmem_instance *inst)
{
    struct mishmem_teams *teams = inst->teams;
    if (!teams)
        return;
    for (int slot = 0; slot < MISHMEM_TEAM_SLOTS; slot++) {
        struct mishmem_team *team = atomic_load_explicit(&teams->by_slot[slot], memory_order_relaxed);
        if (team && team->coll && team->coll->team_fini)
            team->coll->team_fini(team);
        free(team);
    }
    free(teams->active_set_sent);
    free(teams->active_set_received);
    pthread_mutex_destroy(&teams->lock);
    free(teams);
    inst->teams = NULL;
}

struct mishmem_team *mishmem_team_in_slot(struct mishmem_instance *inst, int slot)
{
    if (!inst->teams || slot < 0 || slot >= MISHMEM_TEAM_SLOTS)
        return NULL;
    struct mishmem_team *team = atomic_load_explicit(&inst->teams->by_slot[slot], memory_order_acquire);
    return team && __atomic_load_n(&team->live, __ATOMIC_ACQUIRE) ? team : NULL;
}

struct mishmem_team *mishmem_team_world(struct mishmem_instance *inst)
{
    return mishmem_team_in_slot(inst, MISHMEM_TEAM_WORLD_SLOT);
}

struct mishmem_team *mishmem_team_shared(struct mishmem_instance *inst)
{
    return mishmem_team_in_slot(inst, MISHMEM_TEAM_SHARED_SLOT);
}

void mishmem_teams_free_slots(struct mishmem_instance *inst, uint64_t out[MISHMEM_TEAM_BITMAP_WORDS])
{
    pthread_mutex_lock(&inst->teams->lock);
    memcpy(out, inst->teams->free_slots, sizeof inst->teams->free_slots);
    pthread_mutex_unlock(&inst->teams->lock);
}

uint64_t mishmem_teams_epoch_high_water(struct mishmem_instance *inst)
{
    pthread_mutex_lock(&inst->teams->lock);
    uint64_t high_water = inst->teams->epoch_high_water;
    pthread_mutex_unlock(&inst->teams->lock);
    return high_water;
}

struct mishmem_team *mishmem_team_claim(struct mishmem_instance *inst, int slot, int start, int stride,
                                        int size, int my_pe, const shmem_team_config_t *config,
                                        long config_mask, uint64_t epoch_base)
{
    struct mishmem_teams *teams = inst->teams;
    struct mishmem_team *team = NULL;
    pthread_mutex_lock(&teams->lock);
    if (is_free(teams, slot))
        team = fill_locked(inst, slot, start, stride, size, my_pe);
    else
        MISHMEM_ERROR("team slot %d was taken by another thread during a split: splits in one "
                      "instance must not run in two threads at once", slot);
    if (team) {
        team->config_mask = config_mask;
        if (config)
            team->config = *config;
        team->barrier_epoch = team->op_epoch = epoch_base;
        mishmem_stage_claim(team, epoch_base);
        /* Every "done" sent to me by earlier teams in this slot was awaited. */
        team->done_expected = atomic_load_explicit(&mishmem_team_sync_of(team, my_pe)->done.value,
                                                   memory_order_acquire);
    }
    pthread_mutex_unlock(&teams->lock);
    return team;
}

void mishmem_team_release(struct mishmem_team *team)
{
    struct mishmem_teams *teams = team->inst->teams;
    pthread_mutex_lock(&teams->lock);
    __atomic_store_n(&team->live, 0, __ATOMIC_RELEASE);
    mark(teams, team->slot, 1);
    uint64_t reached = team->barrier_epoch > team->op_epoch ? team->barrier_epoch : team->op_epoch;
    if (team->stage_epoch > reached)
        reached = team->stage_epoch;
    if (reached > teams->epoch_high_water)
        teams->epoch_high_water = reached;
    pthread_mutex_unlock(&teams->lock);
}
