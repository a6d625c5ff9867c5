/* Creating and destroying contexts. Destroyed contexts wait in a small
 * quarantine before their memory is freed, so that using one soon after
 * destroy reads MISHMEM_CTX_DESTROYED and gets a clear message. Contexts
 * made on a team are also on one list, so that shmem_team_destroy finds
 * and destroys them. Creation and destruction take a mutex; the data path
 * never does. */
#include "core/context.h"

#include <stdlib.h>

#include "core/sync.h"
#include "mishmem/openshmem_ctx.h"
#include "util/log.h"

#define QUARANTINE_SIZE 256
#define KNOWN_OPTIONS (SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE)

static pthread_mutex_t contexts_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct mishmem_ctx *quarantine_head, *quarantine_tail; /* oldest first */
static int quarantine_count;
static struct mishmem_ctx *team_contexts; /* live contexts with a team, newest first */

static void team_list_add_locked(struct mishmem_ctx *ctx)
{
    ctx->team_prev = NULL;
    ctx->team_next = team_contexts;
    if (team_contexts)
        team_contexts->team_prev = ctx;
    team_contexts = ctx;
}

static void team_list_remove_locked(struct mishmem_ctx *ctx)
{
    if (ctx->team_prev)
        ctx->team_prev->team_next = ctx->team_next;
    else if (team_contexts == ctx)
        team_contexts = ctx->team_next;
    if (ctx->team_next)
        ctx->team_next->team_prev = ctx->team_prev;
    ctx->team_prev = ctx->team_next = NULL;
}

int mishmem_ctx_create_on(struct mishmem_instance *inst, struct mishmem_team *team, long options,
                          shmem_ctx_t *out)
{
    if (!out)
        return -1;
    *out = SHMEM_CTX_INVALID;
    if (!inst || (options & ~KNOWN_OPTIONS) != 0)
        return -1;
    struct mishmem_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return -1;
    ctx->inst = inst;
    ctx->instance_id = inst->id;
    ctx->options = options;
    ctx->team = team;
    ctx->team_generation = team ? team->generation : 0;
    ctx->state = MISHMEM_CTX_LIVE;
    if (team) {
        pthread_mutex_lock(&contexts_mutex);
        team_list_add_locked(ctx);
        pthread_mutex_unlock(&contexts_mutex);
    }
    *out = ctx;
    return 0;
}

/* Returns the context to free now (the oldest in quarantine), or NULL. */
static struct mishmem_ctx *quarantine_locked(struct mishmem_ctx *ctx)
{
    struct mishmem_ctx *oldest = NULL;
    ctx->quarantine_next = NULL;
    if (quarantine_tail)
        quarantine_tail->quarantine_next = ctx;
    else
        quarantine_head = ctx;
    quarantine_tail = ctx;
    if (++quarantine_count > QUARANTINE_SIZE) {
        oldest = quarantine_head;
        quarantine_head = oldest->quarantine_next;
        quarantine_count--;
    }
    return oldest;
}

void mishmem_ctx_destroy(shmem_ctx_t ctx, const char *call)
{
    if (ctx == SHMEM_CTX_INVALID)
        return; /* a failed create: nothing to release */
    if (ctx == SHMEM_CTX_DEFAULT)
        mishmem_fatal("%s: SHMEM_CTX_DEFAULT cannot be destroyed", call);
    if (ctx->state != MISHMEM_CTX_LIVE)
        mishmem_ctx_unusable(ctx, call);
    /* Quiet completes the context's operations before the release (only
     * ordering is left when its instance is already gone). */
    mishmem_quiet(mishmem_ctx_instance(ctx));
    pthread_mutex_lock(&contexts_mutex);
    if (ctx->state != MISHMEM_CTX_LIVE) { /* its team was destroyed meanwhile, by another thread */
        pthread_mutex_unlock(&contexts_mutex);
        mishmem_ctx_unusable(ctx, call);
    }
    if (ctx->team)
        team_list_remove_locked(ctx);
    ctx->state = MISHMEM_CTX_DESTROYED;
    struct mishmem_ctx *expired = quarantine_locked(ctx);
    pthread_mutex_unlock(&contexts_mutex);
    free(expired);
}

void mishmem_ctx_destroy_team_contexts(const struct mishmem_team *team)
{
    pthread_mutex_lock(&contexts_mutex);
    for (struct mishmem_ctx *ctx = team_contexts, *next; ctx; ctx = next) {
        next = ctx->team_next;
        /* The generation tells this team from an earlier one whose
         * struct it reuses (whose contexts went with it). */
        if (ctx->team != team || ctx->team_generation != team->generation)
            continue;
        mishmem_quiet(ctx->inst);
        team_list_remove_locked(ctx);
        ctx->state = MISHMEM_CTX_TEAM_DESTROYED;
        free(quarantine_locked(ctx)); /* free takes no lock of ours */
    }
    pthread_mutex_unlock(&contexts_mutex);
}

_Noreturn void mishmem_ctx_unusable(shmem_ctx_t ctx, const char *call)
{
    if (ctx == SHMEM_CTX_DEFAULT)
        mishmem_fatal("%s: SHMEM_CTX_DEFAULT used without a current instance (call shmem_init "
                      "first, or the current instance was finalized)", call);
    if (ctx == SHMEM_CTX_INVALID)
        mishmem_fatal("%s: the context is SHMEM_CTX_INVALID (its creation failed)", call);
    if (ctx->state == MISHMEM_CTX_DESTROYED)
        mishmem_fatal("%s: context %p was destroyed by shmem_ctx_destroy", call, (void *)ctx);
    if (ctx->state == MISHMEM_CTX_TEAM_DESTROYED)
        mishmem_fatal("%s: context %p was destroyed with its team by shmem_team_destroy (instance "
                      "%llu; a team's contexts go with it, and its slot may hold another team now)",
                      call, (void *)ctx, (unsigned long long)ctx->instance_id);
    if (ctx->state != MISHMEM_CTX_LIVE)
        mishmem_fatal("%s: %p is not a context made by shmem_ctx_create (uninitialized or "
                      "corrupted handle)", call, (void *)ctx);
    mishmem_fatal("%s: context %p was created in instance %llu, which has been finalized", call,
                  (void *)ctx, (unsigned long long)ctx->instance_id);
}

_Noreturn void mishmem_ctx_bad_team_pe(shmem_ctx_t ctx, int pe, const char *call)
{
    const struct mishmem_team *team = ctx->team;
    if (!__atomic_load_n(&team->live, __ATOMIC_ACQUIRE))
        mishmem_fatal("%s: the team of context %p has been destroyed (PE %d)", call, (void *)ctx, pe);
    mishmem_fatal("%s: PE %d is out of range [0, %d) of the team of context %p (instance %llu)", call, pe,
                  team->size, (void *)ctx, (unsigned long long)ctx->instance_id);
}
