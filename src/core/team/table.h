/* The per-instance team table: which slots this PE uses, the team structs
 * by slot, and the counters of the active-set collectives. Created with
 * the instance (world team in slot 0, shared team in slot 1), destroyed
 * with it. */
#ifndef MISHMEM_CORE_TEAM_TABLE_H
#define MISHMEM_CORE_TEAM_TABLE_H

#include <pthread.h>
#include <stdint.h>

#include "core/team/team.h"
#include "instance/instance.h"

#define MISHMEM_TEAM_BITMAP_WORDS (MISHMEM_TEAM_SLOTS / 64)

struct mishmem_teams {
    pthread_mutex_t lock;                       /* splits and destroys vs. other threads */
    uint64_t free_slots[MISHMEM_TEAM_BITMAP_WORDS]; /* bit set: no live team of this PE uses it */
    struct mishmem_team *_Atomic by_slot[MISHMEM_TEAM_SLOTS]; /* made on first use, kept until the end */
    uint64_t epoch_high_water;     /* the largest epoch any destroyed team of this PE reached */
    uint64_t *active_set_sent;     /* n_pes: signals this PE has sent to each PE */
    uint64_t *active_set_received; /* n_pes: signals this PE has consumed from each PE */
    const struct mishmem_coll_ops *active_set_coll; /* the active sets' family (core/coll/family.h) */
};

/* Called once the instance's heap and peers are set up; no communication. */
int mishmem_teams_create(struct mishmem_instance *inst);
/* Safe on a partly built instance (teams == NULL). */
void mishmem_teams_destroy(struct mishmem_instance *inst);

struct mishmem_team *mishmem_team_world(struct mishmem_instance *inst);
struct mishmem_team *mishmem_team_shared(struct mishmem_instance *inst);
/* The live team in slot, or NULL. */
struct mishmem_team *mishmem_team_in_slot(struct mishmem_instance *inst, int slot);

/* A copy of this PE's free-slot bitmap. */
void mishmem_teams_free_slots(struct mishmem_instance *inst, uint64_t out[MISHMEM_TEAM_BITMAP_WORDS]);
/* The epoch a new team must start above (see mishmem_team_claim). */
uint64_t mishmem_teams_epoch_high_water(struct mishmem_instance *inst);
/* Makes a live team in slot (which must be free here) with this PE as
 * member my_pe. Its epochs start at epoch_base, which every member agreed
 * to be at least the high water of all of them: the slot's words still
 * hold epochs of earlier teams (they are never reset, so that a late
 * reader of an old flag is never stranded) and must all be below the new
 * team's. NULL when the slot was taken meanwhile or memory ran out. */
struct mishmem_team *mishmem_team_claim(struct mishmem_instance *inst, int slot, int start, int stride,
                                        int size, int my_pe, const shmem_team_config_t *config,
                                        long config_mask, uint64_t epoch_base);
/* Marks the team dead and its slot free on this PE. */
void mishmem_team_release(struct mishmem_team *team);

#endif
