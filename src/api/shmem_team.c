/* OpenSHMEM face: team management and shmem_team_ptr (1.6: shmem_ptr with
 * the PE numbered in a team). SHMEM_TEAM_INVALID gets the answers the
 * standard gives (-1, non-zero, NULL); a destroyed team or one of another
 * instance is misuse: message and exit. */
#include "api/face.h"
#include "core/remote.h"
#include "core/team/split.h"
#include "core/team/team.h"
#include "mishmem/openshmem.h"

static struct mishmem_team *team_or_abort(shmem_team_t handle, const char *call)
{
    return mishmem_team_resolve(mishmem_shmem_instance(call), handle, call, MISHMEM_ABORT, NULL);
}

int shmem_team_my_pe(shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID)
        return -1;
    return team_or_abort(team, "shmem_team_my_pe")->my_pe;
}

int shmem_team_n_pes(shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID)
        return -1;
    return team_or_abort(team, "shmem_team_n_pes")->size;
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config)
{
    if (team == SHMEM_TEAM_INVALID)
        return -1;
    struct mishmem_team *t = team_or_abort(team, "shmem_team_get_config");
    /* OpenSHMEM 1.6: with a mask of 0 nothing is read or written, so config
     * may be NULL. The values are the team's current ones, which are those
     * it was created with (nothing changes them later). */
    if (config_mask == 0)
        return 0;
    if (!config || (config_mask & ~SHMEM_TEAM_NUM_CONTEXTS)) {
        MISHMEM_ERROR("shmem_team_get_config: %s", !config ? "config is NULL"
                                                           : "config_mask has unknown bits");
        return -1;
    }
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS)
        config->num_contexts = (t->config_mask & SHMEM_TEAM_NUM_CONTEXTS) ? t->config.num_contexts : 0;
    return 0;
}

int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    if (src_team == SHMEM_TEAM_INVALID || dest_team == SHMEM_TEAM_INVALID)
        return -1;
    struct mishmem_team *from = team_or_abort(src_team, "shmem_team_translate_pe");
    struct mishmem_team *to = team_or_abort(dest_team, "shmem_team_translate_pe");
    if (src_pe < 0 || src_pe >= from->size)
        return -1;
    return mishmem_team_pe_of(to, mishmem_team_world_pe(from, src_pe));
}

static shmem_team_t handle_of(struct mishmem_team *team)
{
    return team ? mishmem_team_handle(team) : SHMEM_TEAM_INVALID;
}

int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask, shmem_team_t *new_team)
{
    const char *call = "shmem_team_split_strided";
    if (!new_team)
        mishmem_fatal("%s: new_team (the handle to fill) is NULL", call);
    *new_team = SHMEM_TEAM_INVALID;
    if (parent_team == SHMEM_TEAM_INVALID)
        return -1;
    struct mishmem_team *made;
    int rc = mishmem_team_split_strided(team_or_abort(parent_team, call), call, start, stride, size, config,
                                        config_mask, &made);
    *new_team = handle_of(made);
    return rc == ACLSHMEM_SUCCESS ? 0 : -1;
}

int shmem_team_split_2d(shmem_team_t parent_team, int xrange, const shmem_team_config_t *xaxis_config,
                        long xaxis_mask, shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team)
{
    const char *call = "shmem_team_split_2d";
    if (!xaxis_team || !yaxis_team)
        mishmem_fatal("%s: %s (the handle to fill) is NULL", call, !xaxis_team ? "xaxis_team" : "yaxis_team");
    *xaxis_team = *yaxis_team = SHMEM_TEAM_INVALID;
    if (parent_team == SHMEM_TEAM_INVALID)
        return -1;
    struct mishmem_team *x, *y;
    int rc = mishmem_team_split_2d(team_or_abort(parent_team, call), call, xrange, xaxis_config, xaxis_mask,
                                   yaxis_config, yaxis_mask, &x, &y);
    *xaxis_team = handle_of(x);
    *yaxis_team = handle_of(y);
    return rc == ACLSHMEM_SUCCESS ? 0 : -1;
}

void shmem_team_destroy(shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID)
        return;
    if (mishmem_team_destroy(team_or_abort(team, "shmem_team_destroy"), "shmem_team_destroy") != ACLSHMEM_SUCCESS)
        mishmem_fatal("shmem_team_destroy: a predefined team cannot be destroyed");
}

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    if (team == SHMEM_TEAM_INVALID)
        return NULL;
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_team_ptr");
    struct mishmem_team *t = mishmem_team_resolve(inst, team, "shmem_team_ptr", MISHMEM_ABORT, NULL);
    if ((unsigned)pe >= (unsigned)t->size)
        mishmem_fatal("shmem_team_ptr: PE %d is not in the team (%d PEs)", pe, t->size);
    return shmem_ptr(dest, mishmem_team_world_pe(t, pe));
}
