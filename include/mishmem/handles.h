/* Opaque handles of the OpenSHMEM face. SHMEM_CTX_DEFAULT and the
 * predefined teams are sentinels resolved at call time against the
 * current instance, so one program text works in whichever instance is
 * current; contexts and teams made by a program belong to the instance
 * that created them. */
#ifndef MISHMEM_HANDLES_H
#define MISHMEM_HANDLES_H

#include <stdint.h>

typedef struct mishmem_ctx *shmem_ctx_t;
#define SHMEM_CTX_DEFAULT ((shmem_ctx_t)0)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)(intptr_t)-1)

typedef struct mishmem_team *shmem_team_t;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)
#define SHMEM_TEAM_WORLD ((shmem_team_t)(intptr_t)1)
#define SHMEM_TEAM_SHARED ((shmem_team_t)(intptr_t)2)

#endif
