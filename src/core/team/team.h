/* A team: a strided subset of an instance's PEs that owns one sync slot
 * (struct mishmem_team_sync in every member's control area). Member i is
 * world PE start + i * stride. */
#ifndef MISHMEM_CORE_TEAM_TEAM_H
#define MISHMEM_CORE_TEAM_TEAM_H

#include <stdint.h>

#include "core/on_error.h"
#include "instance/instance.h"
#include "mishmem/handles.h"
#include "mishmem/openshmem_teams.h"

struct mishmem_coll_ops; /* core/coll/family.h */

#define MISHMEM_TEAM_WORLD_SLOT 0
#define MISHMEM_TEAM_SHARED_SLOT 1

struct mishmem_team {
    struct mishmem_instance *inst;
    int live;            /* 0 once destroyed; the struct itself lives as long as the instance */
    int slot;
    uint64_t generation; /* unique in the process: tells this team from earlier ones in the slot */
    int start, stride, size;
    int my_pe;
    /* The family of its barriers and collectives, chosen when the team
     * is made (core/coll/family.h), and that family's state of the team
     * (the hierarchical family's hosts; NULL for the others). */
    const struct mishmem_coll_ops *coll;
    void *coll_state;
    shmem_team_config_t config;
    long config_mask;
    /* Progress counters; every member counts the same collectives, so the
     * values agree between collectives and only ever grow. */
    uint64_t barrier_epoch; /* barriers begun */
    uint64_t op_epoch;      /* flag-based collectives begun (broadcast, tree reduction) */
    uint64_t done_expected; /* "done" signals this PE has waited for in all */
    uint64_t stage_epoch;   /* staged collectives begun (core/coll/stage.h) */
    /* The member the next barrier releases first, plus one (0: none); set
     * by broadcasts when PEs outnumber cores (mishmem_team_release_first). */
    int release_first_plus_one;
    /* The last staged op each member is known to have read to the end. */
    uint64_t stage_seen[MISHMEM_STAGE_MAX_MEMBERS];
};

static inline int mishmem_team_world_pe(const struct mishmem_team *team, int pe)
{
    return team->start + pe * team->stride;
}

/* The team number of world PE world_pe, or -1 when it is not a member. */
static inline int mishmem_team_pe_of(const struct mishmem_team *team, int world_pe)
{
    int offset = world_pe - team->start;
    if (offset % team->stride != 0)
        return -1;
    int pe = offset / team->stride;
    return pe >= 0 && pe < team->size ? pe : -1;
}

/* Member pe's sync words for this team. */
static inline struct mishmem_team_sync *mishmem_team_sync_of(const struct mishmem_team *team, int pe)
{
    return &mishmem_control_of(team->inst, mishmem_team_world_pe(team, pe))->teams[team->slot];
}

/* The handle a program sees: the sentinels for the predefined teams,
 * otherwise instance, slot and generation packed into the pointer bits. */
shmem_team_t mishmem_team_handle(const struct mishmem_team *team);

/* The live team `handle` names in inst (the current instance). NULL, with
 * the reason reported as on_error says (ABORT: message and exit), when it
 * is SHMEM_TEAM_INVALID, destroyed, or belongs to another instance. *rc
 * (if not NULL) receives the ACLSHMEM_* code. */
struct mishmem_team *mishmem_team_resolve(struct mishmem_instance *inst, shmem_team_t handle,
                                          const char *call, enum mishmem_on_error on_error, int *rc);

/* The aclshmem face's integer ids: the slot. NULL (logged) when invalid. */
struct mishmem_team *mishmem_team_from_id(struct mishmem_instance *inst, int32_t id, const char *call);

/* Wakes the members sleeping on this PE's sync words (progress/ring.h). */
void mishmem_team_ring_members(const struct mishmem_team *team);

/* The team's barrier (its family's), quiet included. operation is named
 * if a peer dies meanwhile. */
void mishmem_team_barrier(struct mishmem_team *team, const char *operation);
/* After a broadcast from `root`: when PEs outnumber cores the next barrier
 * lets the root out first, so that it has staged the next broadcast's
 * data before the members that share its CPU look (core/coll/barrier.c).
 * Every member makes the same calls, so all agree on the barrier's form. */
static inline void mishmem_team_release_first(struct mishmem_team *team, int root)
{
    if (!team->inst->spin_ns)
        team->release_first_plus_one = root + 1;
}

#endif
