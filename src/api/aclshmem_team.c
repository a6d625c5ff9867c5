/* aclshmem face: teams by integer id (the team's slot, the same number on
 * every member), in every instance. Misuse is logged and returned. */
#include <string.h>

#include "api/face.h"
#include "core/team/team.h"
#include "core/team/split.h"
#include "mishmem/aclshmem_teams.h"

static aclshmem_team_t id_of(struct mishmem_team *team)
{
    return team ? (aclshmem_team_t)team->slot : ACLSHMEM_TEAM_INVALID;
}

int aclshmem_team_split_strided(aclshmem_team_t parent_team, int pe_start, int pe_stride, int pe_size,
                                aclshmem_team_t *new_team)
{
    const char *call = "aclshmem_team_split_strided";
    ACL_LIVE_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);
    if (!new_team) {
        MISHMEM_ERROR("%s: new_team is NULL", call);
        return ACLSHMEM_INVALID_PARAM;
    }
    *new_team = ACLSHMEM_TEAM_INVALID;
    struct mishmem_team *parent = mishmem_team_from_id(inst, parent_team, call), *made;
    if (!parent)
        return ACLSHMEM_INVALID_PARAM;
    int rc = mishmem_team_split_strided(parent, call, pe_start, pe_stride, pe_size, NULL, 0, &made);
    *new_team = id_of(made);
    return ACL_STATUS(inst, rc);
}

int aclshmem_team_split_2d(aclshmem_team_t parent_team, int x_range, aclshmem_team_t *x_team,
                           aclshmem_team_t *y_team)
{
    const char *call = "aclshmem_team_split_2d";
    ACL_LIVE_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);
    if (!x_team || !y_team) {
        MISHMEM_ERROR("%s: %s is NULL", call, !x_team ? "x_team" : "y_team");
        return ACLSHMEM_INVALID_PARAM;
    }
    *x_team = *y_team = ACLSHMEM_TEAM_INVALID;
    struct mishmem_team *parent = mishmem_team_from_id(inst, parent_team, call), *x, *y;
    if (!parent)
        return ACLSHMEM_INVALID_PARAM;
    int rc = mishmem_team_split_2d(parent, call, x_range, NULL, 0, NULL, 0, &x, &y);
    *x_team = id_of(x);
    *y_team = id_of(y);
    return ACL_STATUS(inst, rc);
}

int aclshmem_team_translate_pe(aclshmem_team_t src_team, int src_pe, aclshmem_team_t dest_team)
{
    const char *call = "aclshmem_team_translate_pe";
    ACL_INSTANCE_OR_RETURN(inst, call, -1);
    struct mishmem_team *from = mishmem_team_from_id(inst, src_team, call);
    struct mishmem_team *to = from ? mishmem_team_from_id(inst, dest_team, call) : NULL;
    if (!to || src_pe < 0 || src_pe >= from->size)
        return -1;
    return mishmem_team_pe_of(to, mishmem_team_world_pe(from, src_pe));
}

int aclshmem_team_destroy(aclshmem_team_t team)
{
    const char *call = "aclshmem_team_destroy";
    ACL_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED);
    struct mishmem_team *t = mishmem_team_from_id(inst, team, call);
    return t ? ACL_STATUS(inst, mishmem_team_destroy(t, call)) : ACLSHMEM_INVALID_PARAM;
}

int aclshmem_team_my_pe(aclshmem_team_t team)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_team_my_pe", -1);
    struct mishmem_team *t = mishmem_team_from_id(inst, team, "aclshmem_team_my_pe");
    return t ? t->my_pe : -1;
}

int aclshmem_team_n_pes(aclshmem_team_t team)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_team_n_pes", -1);
    struct mishmem_team *t = mishmem_team_from_id(inst, team, "aclshmem_team_n_pes");
    return t ? t->size : -1;
}

int aclshmem_team_get_config(aclshmem_team_t team, aclshmem_team_config_t *config)
{
    const char *call = "aclshmem_team_get_config";
    ACL_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED);
    if (!config) {
        MISHMEM_ERROR("%s: config is NULL", call);
        return ACLSHMEM_INVALID_PARAM;
    }
    struct mishmem_team *t = mishmem_team_from_id(inst, team, call);
    if (!t)
        return ACLSHMEM_INVALID_PARAM;
    memset(config, 0, sizeof *config);
    config->num_contexts = (t->config_mask & SHMEM_TEAM_NUM_CONTEXTS) ? t->config.num_contexts : 0;
    config->uniqueid = (uint64_t)t->slot;
    return ACLSHMEM_SUCCESS;
}
