/* OpenSHMEM face: contexts on teams. A team's context acts on the team's
 * instance and numbers PEs as the team does. */
#include "api/face.h"
#include "core/context.h"
#include "core/team/team.h"

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    const char *call = "shmem_team_create_ctx";
    if (!ctx)
        mishmem_fatal("%s: ctx (the handle to fill) is NULL", call);
    *ctx = SHMEM_CTX_INVALID;
    if (team == SHMEM_TEAM_INVALID)
        return -1;
    struct mishmem_instance *inst = mishmem_shmem_instance(call);
    struct mishmem_team *t = mishmem_team_resolve(inst, team, call, MISHMEM_ABORT, NULL);
    /* The contexts layer takes NULL for the world team. */
    return mishmem_ctx_create_on(inst, t->slot == MISHMEM_TEAM_WORLD_SLOT ? NULL : t, options, ctx);
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    if (!team)
        mishmem_fatal("shmem_ctx_get_team: team (the handle to fill) is NULL");
    *team = SHMEM_TEAM_INVALID;
    if (ctx == SHMEM_CTX_DEFAULT) {
        *team = SHMEM_TEAM_WORLD;
        return 0;
    }
    if (!mishmem_ctx_instance(ctx))
        return -1; /* SHMEM_CTX_INVALID, destroyed, or its instance is gone */
    if (!ctx->team) {
        *team = SHMEM_TEAM_WORLD;
        return 0;
    }
    if (!__atomic_load_n(&ctx->team->live, __ATOMIC_ACQUIRE))
        return -1; /* the team was destroyed under the context */
    *team = mishmem_team_handle(ctx->team);
    return 0;
}
