/* Making and destroying teams. A split is collective over the parent team
 * only, and costs one reduction over it: the members combine their
 * free-slot bitmaps (AND) and epoch high waters (MAX), take the lowest
 * slot free on all, and start the new team's epochs above every epoch the
 * slot's words may still hold. Non-members of the parent are never
 * involved. */
#ifndef MISHMEM_CORE_TEAM_SPLIT_H
#define MISHMEM_CORE_TEAM_SPLIT_H

#include "core/team/team.h"

/* Returns ACLSHMEM_* (the same on every parent member); *out is the new
 * team, or NULL on PEs outside it and on failure. Bad arguments are
 * logged, naming call. */
int mishmem_team_split_strided(struct mishmem_team *parent, const char *call, int start, int stride, int size,
                               const shmem_team_config_t *config, long config_mask, struct mishmem_team **out);

/* Both teams of a 2D split (every parent member is in one of each). */
int mishmem_team_split_2d(struct mishmem_team *parent, const char *call, int xrange,
                          const shmem_team_config_t *x_config, long x_mask, const shmem_team_config_t *y_config,
                          long y_mask, struct mishmem_team **x_team, struct mishmem_team **y_team);

/* Collective over the team, but needs no communication: when a member has
 * returned from the team's last collective, no peer touches its slot any
 * more. Refuses the predefined teams (ACLSHMEM_INVALID_PARAM, logged). */
int mishmem_team_destroy(struct mishmem_team *team, const char *call);

#endif
