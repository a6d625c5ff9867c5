/* Team handles. A program's handle packs generation, instance and slot
 * into the pointer bits, so that a destroyed team or one of another
 * instance is recognised and reported, never silently used. */
#include <inttypes.h>
#include <stdio.h>

#include "core/team/team.h"
#include "core/team/table.h"
#include "util/log.h"

#define SLOT_BITS 12
#define INSTANCE_BITS 8
#define GENERATION_SHIFT (SLOT_BITS + INSTANCE_BITS)
#define GENERATION_MASK (UINTPTR_MAX >> GENERATION_SHIFT)

_Static_assert(MISHMEM_TEAM_SLOTS <= (1 << SLOT_BITS), "slot does not fit a handle");
_Static_assert(ACLSHMEM_MAX_INSTANCES < (1 << INSTANCE_BITS), "instance id does not fit a handle");

shmem_team_t mishmem_team_handle(const struct mishmem_team *team)
{
    if (team->slot == MISHMEM_TEAM_WORLD_SLOT)
        return SHMEM_TEAM_WORLD;
    if (team->slot == MISHMEM_TEAM_SHARED_SLOT)
        return SHMEM_TEAM_SHARED;
    /* The instance field is id + 1 >= 1, so no handle equals a sentinel. */
    uintptr_t bits = ((uintptr_t)team->generation & GENERATION_MASK) << GENERATION_SHIFT |
                     (uintptr_t)(team->inst->id + 1) << SLOT_BITS | (uintptr_t)team->slot;
    return (shmem_team_t)bits;
}

static int report(enum mishmem_on_error on_error, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}

static struct mishmem_team *decode(struct mishmem_instance *inst, uintptr_t bits, char *why, size_t size)
{
    int slot = (int)(bits & ((1u << SLOT_BITS) - 1));
    unsigned instance_field = (unsigned)(bits >> SLOT_BITS) & ((1u << INSTANCE_BITS) - 1);
    uint64_t generation = (uint64_t)(bits >> GENERATION_SHIFT);
    if (instance_field == 0 || instance_field > ACLSHMEM_MAX_INSTANCES) {
        snprintf(why, size, "%p is not a team handle", (void *)bits);
        return NULL;
    }
    uint64_t owner = instance_field - 1;
    if (owner != inst->id) {
        snprintf(why, size, "the team belongs to instance %llu but instance %llu is current; a team "
                 "is used in the instance that made it", (unsigned long long)owner,
                 (unsigned long long)inst->id);
        return NULL;
    }
    struct mishmem_team *team = mishmem_team_in_slot(inst, slot);
    if (!team || (team->generation & GENERATION_MASK) != generation) {
        snprintf(why, size, "the team was destroyed (or its handle is not a team handle)");
        return NULL;
    }
    return team;
}

struct mishmem_team *mishmem_team_resolve(struct mishmem_instance *inst, shmem_team_t handle,
                                          const char *call, enum mishmem_on_error on_error, int *rc)
{
    struct mishmem_team *team = NULL;
    char why[256];
    if (handle == SHMEM_TEAM_WORLD) {
        team = mishmem_team_world(inst);
    } else if (handle == SHMEM_TEAM_SHARED) {
        team = mishmem_team_shared(inst);
    } else if (handle == SHMEM_TEAM_INVALID) {
        snprintf(why, sizeof why, "the team is SHMEM_TEAM_INVALID");
    } else {
        team = decode(inst, (uintptr_t)handle, why, sizeof why);
    }
    if (team) {
        if (rc)
            *rc = ACLSHMEM_SUCCESS;
        return team;
    }
    if (handle == SHMEM_TEAM_WORLD || handle == SHMEM_TEAM_SHARED)
        snprintf(why, sizeof why, "instance %llu has no team table", (unsigned long long)inst->id);
    char message[400];
    snprintf(message, sizeof message, "%s: %s (PE %d of instance %llu)", call, why, inst->my_pe,
             (unsigned long long)inst->id);
    int code = report(on_error, message);
    if (rc)
        *rc = code;
    return NULL;
}

struct mishmem_team *mishmem_team_from_id(struct mishmem_instance *inst, int32_t id, const char *call)
{
    struct mishmem_team *team = mishmem_team_in_slot(inst, id);
    if (!team)
        MISHMEM_ERROR("%s: team %d is %s in instance %llu", call, (int)id,
                      id == -1 ? "ACLSHMEM_TEAM_INVALID" : "not a live team",
                      (unsigned long long)inst->id);
    return team;
}
