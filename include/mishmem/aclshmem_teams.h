/* Teams on the aclshmem face: integer team ids, as in the seed's library,
 * but in every instance (the seed supports them in instance 0 only). An id
 * is the team's slot, agreed by all its members, so it is the same number
 * on every member; as in the seed, a destroyed team's id is reused by a
 * later team. Calls that can fail return ACLSHMEM_* codes. Include
 * <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_TEAMS_H
#define MISHMEM_ACLSHMEM_TEAMS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclshmem_team_t;
#define ACLSHMEM_TEAM_INVALID (-1)
#define ACLSHMEM_TEAM_WORLD 0

typedef struct {
    int32_t version;
    int32_t num_contexts;
    uint64_t uniqueid;   /* the team id, the same on every member */
    char padding[48];    /* 64 bytes, as in the seed */
} aclshmem_team_config_t;

/* Collective over parent_team: ACLSHMEM_SUCCESS on every PE of the parent;
 * PEs outside the new team get ACLSHMEM_TEAM_INVALID. */
int aclshmem_team_split_strided(aclshmem_team_t parent_team, int pe_start, int pe_stride, int pe_size,
                                aclshmem_team_t *new_team);
int aclshmem_team_split_2d(aclshmem_team_t parent_team, int x_range, aclshmem_team_t *x_team,
                           aclshmem_team_t *y_team);
/* -1 when src_pe is not in both teams or a team is invalid. */
int aclshmem_team_translate_pe(aclshmem_team_t src_team, int src_pe, aclshmem_team_t dest_team);
int aclshmem_team_destroy(aclshmem_team_t team);
/* -1 for an invalid team. */
int aclshmem_team_my_pe(aclshmem_team_t team);
int aclshmem_team_n_pes(aclshmem_team_t team);
int aclshmem_team_get_config(aclshmem_team_t team, aclshmem_team_config_t *config);

#ifdef __cplusplus
}
#endif

#endif
