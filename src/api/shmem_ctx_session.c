/* OpenSHMEM face: communication sessions (1.6), shmem_ctx_session_start /
 * _stop. A session is a hint: nothing in it changes what any call does.
 * mishmem takes no action on it: to a mapped peer every put is already a
 * store with nothing to batch, and the fabric path already issues
 * non-blocking operations without waiting (the counters are read only by
 * quiet), so there is no per-call overhead a batch could save. The
 * arguments are still checked, so that a program that would misuse them
 * on another library hears of it here: unknown option or mask bits, or a
 * mask without a config, are reported and otherwise ignored. */
#include "api/face.h"
#include "core/context.h"
#include "mishmem/openshmem_ctx.h"

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
