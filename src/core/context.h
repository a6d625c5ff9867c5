/* OpenSHMEM contexts. A created context is bound to the instance that was
 * current when it was made and always acts on that instance, whatever is
 * current later; SHMEM_CTX_DEFAULT acts on the current instance. */
#ifndef MISHMEM_CORE_CONTEXT_H
#define MISHMEM_CORE_CONTEXT_H

#include <stdint.h>

#include "core/team/team.h"
#include "instance/registry.h"
#include "mishmem/handles.h"

/* A live context carries MISHMEM_CTX_LIVE; destroy overwrites it, and the
 * memory is kept in quarantine for a while so that a stale handle reads
 * MISHMEM_CTX_DESTROYED instead of freed memory. shmem_team_destroy
 * destroys the contexts of its team (OpenSHMEM 1.5, 9.4.10), which then
 * read MISHMEM_CTX_TEAM_DESTROYED: the team's slot may already hold
 * another team, which they must never act on. */
#define MISHMEM_CTX_LIVE 0x6374784c49564521ull           /* "ctxLIVE!" */
#define MISHMEM_CTX_DESTROYED 0x6374784445414421ull      /* "ctxDEAD!" */
#define MISHMEM_CTX_TEAM_DESTROYED 0x6374785445414d21ull /* "ctxTEAM!" */

struct mishmem_ctx {
    uint64_t state; /* MISHMEM_CTX_LIVE, _DESTROYED or _TEAM_DESTROYED */
    struct mishmem_instance *inst;
    uint64_t instance_id;
    long options;              /* SHMEM_CTX_PRIVATE | SERIALIZED | NOSTORE */
    struct mishmem_team *team; /* NULL: the instance's world team */
    /* The generation of team when the context was made: tells it from a
     * later team in the same struct (slot reused, or a new instance's). */
    uint64_t team_generation;
    struct mishmem_ctx *team_prev, *team_next; /* live contexts that have a team */
    struct mishmem_ctx *quarantine_next;
};

/* The instance a context acts on: SHMEM_CTX_DEFAULT -> mishmem_current();
 * a created context -> the instance it was created in (NULL if that
 * instance is gone, or ctx is SHMEM_CTX_INVALID or destroyed). Two loads
 * and a compare; no lock. */
static inline struct mishmem_instance *mishmem_ctx_instance(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_DEFAULT)
        return mishmem_current();
    if (__builtin_expect(ctx == SHMEM_CTX_INVALID || ctx->state != MISHMEM_CTX_LIVE, 0))
        return NULL;
    struct mishmem_instance *inst = ctx->inst;
    /* The slot check catches an instance finalized under the context. */
    return mishmem_instance_lookup(ctx->instance_id) == inst ? inst : NULL;
}

/* Prints why ctx acts on no instance (invalid, destroyed, its instance
 * finalized, or no current instance), naming call, then ends the process. */
_Noreturn void mishmem_ctx_unusable(shmem_ctx_t ctx, const char *call);

/* The OpenSHMEM face's lookup: the instance, or a clear message and exit. */
static inline struct mishmem_instance *mishmem_ctx_instance_or_abort(shmem_ctx_t ctx, const char *call)
{
    struct mishmem_instance *inst = mishmem_ctx_instance(ctx);
    if (__builtin_expect(inst == NULL, 0))
        mishmem_ctx_unusable(ctx, call);
    return inst;
}

/* Why PE pe of ctx's team cannot be used (out of the team, or the team
 * was destroyed): message naming call, then exit. */
_Noreturn void mishmem_ctx_bad_team_pe(shmem_ctx_t ctx, int pe, const char *call);

/* The OpenSHMEM face's resolution of (ctx, pe): returns the context's
 * instance and turns *pe into that instance's numbering. A context made
 * on a team numbers PEs as its team does (member i is world PE start +
 * i * stride); the others use the instance's numbering. Misuse ends the
 * process with a message. Call it before reading *pe. */
static inline struct mishmem_instance *mishmem_ctx_target(shmem_ctx_t ctx, int *pe, const char *call)
{
    struct mishmem_instance *inst = mishmem_ctx_instance_or_abort(ctx, call);
    if (ctx != SHMEM_CTX_DEFAULT && ctx->team) {
        const struct mishmem_team *team = ctx->team;
        if (__builtin_expect((unsigned)*pe >= (unsigned)team->size ||
                                 !__atomic_load_n(&team->live, __ATOMIC_ACQUIRE), 0))
            mishmem_ctx_bad_team_pe(ctx, *pe, call);
        *pe = mishmem_team_world_pe(team, *pe);
    }
    return inst;
}

/* Makes a context on inst (team NULL = world). Returns 0, or non-zero with
 * *out = SHMEM_CTX_INVALID (unknown option bits, no memory). Used by
 * shmem_ctx_create (current instance) and shmem_team_create_ctx. */
int mishmem_ctx_create_on(struct mishmem_instance *inst, struct mishmem_team *team, long options,
                          shmem_ctx_t *out);

/* Quiets and releases a created context. SHMEM_CTX_DEFAULT is a no-op;
 * an invalid or destroyed one is reported (call names the caller) and the
 * process exits. */
void mishmem_ctx_destroy(shmem_ctx_t ctx, const char *call);

/* Quiets and destroys every context made on team (before the team is
 * released): later use of them reports that their team destroyed them. */
void mishmem_ctx_destroy_team_contexts(const struct mishmem_team *team);

#endif
