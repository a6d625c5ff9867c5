/* OpenSHMEM 1.6 teams (1.6 adds shmem_team_ptr). SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED name the
 * current instance's predefined teams; a team made by a split belongs to
 * the instance it was made in, and using it while another instance is
 * current is an error. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_TEAMS_H
#define MISHMEM_OPENSHMEM_TEAMS_H

#include <mishmem/handles.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int num_contexts; /* how many contexts the program means to create on the team */
} shmem_team_config_t;

/* config_mask bits. */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)
#define _SHMEM_TEAM_NUM_CONTEXTS SHMEM_TEAM_NUM_CONTEXTS

/* -1 for SHMEM_TEAM_INVALID. */
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
/* 0, or non-zero for SHMEM_TEAM_INVALID or a NULL config. */
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);
/* src_pe's number in dest_team, or -1 when it is not a member. */
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);

/* Collective over parent_team. 0 on every PE of the parent when the team
 * was made (non-members get SHMEM_TEAM_INVALID); non-zero on every PE, with
 * *new_team = SHMEM_TEAM_INVALID, when it could not be (bad triplet, no
 * free team slot, SHMEM_TEAM_INVALID parent). */
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
/* Collective over the team; SHMEM_TEAM_INVALID is a no-op. */
void shmem_team_destroy(shmem_team_t team);

/* A context whose RMA uses PE numbers of the team. 0, or non-zero with
 * *ctx = SHMEM_CTX_INVALID. */
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
/* The team a context was created on (SHMEM_TEAM_WORLD for the default
 * context and for contexts from shmem_ctx_create). 0, or non-zero with
 * *team = SHMEM_TEAM_INVALID for an invalid context. */
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);
/* OpenSHMEM 1.6: shmem_ptr with pe numbered in team (NULL when that PE's
 * memory is not mapped here, and for SHMEM_TEAM_INVALID). */
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);

#ifdef __cplusplus
}
#endif

#endif
