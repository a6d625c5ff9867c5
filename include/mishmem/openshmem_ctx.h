/* OpenSHMEM 1.5 communication contexts. A context made by shmem_ctx_create
 * is bound to the instance that was current when it was made and always
 * acts on that instance, whatever is current later: a program can talk to
 * several instances without switching. SHMEM_CTX_DEFAULT acts on the
 * current instance. The RMA forms taking a context are in
 * openshmem_rma_ext.h. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_CTX_H
#define MISHMEM_OPENSHMEM_CTX_H

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

#ifdef __cplusplus
}
#endif

#endif
