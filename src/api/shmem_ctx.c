/* OpenSHMEM face: creating, destroying and ordering contexts. */
#include "api/face.h"
#include "core/context.h"
#include "core/sync.h"
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
