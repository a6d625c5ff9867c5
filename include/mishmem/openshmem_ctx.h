/* OpenSHMEM 1.6 communication contexts. A context made by shmem_ctx_create
 * is bound to the instance that was current when it was made and always
 * acts on that instance, whatever is current later: a program can talk to
 * several instances without switching. SHMEM_CTX_DEFAULT acts on the
 * current instance. The RMA forms taking a context are in
 * openshmem_rma_ext.h. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_CTX_H
#define MISHMEM_OPENSHMEM_CTX_H

#include <stddef.h>

#include <mishmem/handles.h>

#ifdef __cplusplus
extern "C" {
#endif

/* shmem_ctx_create options (may be or-ed). */
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)
#define _SHMEM_CTX_SERIALIZED SHMEM_CTX_SERIALIZED
#define _SHMEM_CTX_PRIVATE SHMEM_CTX_PRIVATE
#define _SHMEM_CTX_NOSTORE SHMEM_CTX_NOSTORE

/* Returns 0 and a new context, or non-zero with *ctx = SHMEM_CTX_INVALID. */
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
/* Quiets the context, then releases it. */
void shmem_ctx_destroy(shmem_ctx_t ctx);
void shmem_ctx_quiet(shmem_ctx_t ctx);
void shmem_ctx_fence(shmem_ctx_t ctx);

/* OpenSHMEM 1.6: completion of the operations to some PEs only (the PEs
 * numbered as the context's team numbers them). */
void shmem_pe_quiet(const int *target_pes, size_t npes);
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes);

/* OpenSHMEM 1.6 communication sessions: hints that change no result. */
#define SHMEM_CTX_SESSION_BATCH (1L << 0)     /* option: the session issues a batch */
#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0) /* config_mask: total_ops is set */
typedef struct {
    size_t total_ops; /* expected RMA calls in the session (default SIZE_MAX) */
} shmem_ctx_session_config_t;
void shmem_ctx_session_start(shmem_ctx_t ctx, long options, const shmem_ctx_session_config_t *config,
                             long config_mask);
void shmem_ctx_session_stop(shmem_ctx_t ctx);

#ifdef __cplusplus
}
#endif

#endif
