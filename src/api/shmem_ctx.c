/* OpenSHMEM face: contexts: creating them (on the world or a team; a
 * team's context acts on the team's instance and numbers PEs as the team
 * does), destroying them, the team of a context, ordering through them,
 * and the 1.6 communication sessions. A session is a hint: nothing in it
 * changes what any call does. mishmem takes no action on it: to a mapped
 * peer every put is already a store with nothing to batch, and the fabric
 * path already issues non-blocking operations without waiting (the
 * counters are read only by quiet), so there is no per-call overhead a
 * batch could save. The arguments are still checked, so that a program
 * that would misuse them on another library hears of it here: unknown
 * option or mask bits, or a mask without a config, are reported and
 * otherwise ignored. */
#include "api/face.h"
#include "core/context.h"
#include "core/sync.h"
#include "core/team/team.h"
#include "mishmem/openshmem_ctx.h"

int shmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    if (!ctx)
        mishmem_fatal("shmem_ctx_create: ctx (the handle to fill) is NULL");
    return mishmem_ctx_create_on(mishmem_shmem_instance("shmem_ctx_create"), NULL, options, ctx);
}

void shmem_ctx_destroy(shmem_ctx_t ctx) { mishmem_ctx_destroy(ctx, "shmem_ctx_destroy"); }

/* Stores to mapped peers are complete when they return, so there quiet and
 * fence only order; the context's instance completes the rest. */
void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    mishmem_quiet(mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_quiet"));
}

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    mishmem_fence(mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_fence"));
}

/* Contexts on teams. */
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

/* Sessions. */
void shmem_ctx_session_start(shmem_ctx_t ctx, long options, const shmem_ctx_session_config_t *config,
                             long config_mask)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    (void)mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_session_start");
    if (options & ~(long)SHMEM_CTX_SESSION_BATCH)
        MISHMEM_ERROR("shmem_ctx_session_start: options 0x%lx has unknown bits (ignored)", options);
    if (config_mask & ~(long)SHMEM_CTX_SESSION_TOTAL_OPS)
        MISHMEM_ERROR("shmem_ctx_session_start: config_mask 0x%lx has unknown bits (ignored)", config_mask);
    if (config_mask && !config)
        MISHMEM_ERROR("shmem_ctx_session_start: config_mask 0x%lx names fields of a NULL config (ignored)",
                      config_mask);
}

void shmem_ctx_session_stop(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    (void)mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_session_stop");
}
