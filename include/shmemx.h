/* mishmem extensions to OpenSHMEM: initialization by unique id, by an MPI
 * communicator or by a group of PMIx ranks, the alternatives to
 * shmem_init() for programs that start their PEs without mishmemrun. */
#ifndef MISHMEM_SHMEMX_H
#define MISHMEM_SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef aclshmemx_uniqueid_t shmemx_uniqueid_t;
typedef aclshmemx_init_attr_t shmemx_init_attr_t;

#define SHMEMX_UNIQUEID_INITIALIZER ACLSHMEM_UNIQUEID_INITIALIZER
#define SHMEMX_INIT_ATTR_INITIALIZER ACLSHMEMX_INIT_ATTR_INITIALIZER

/* Modes for shmemx_init_attr. */
#define SHMEMX_INIT_WITH_DEFAULT ACLSHMEMX_INIT_WITH_DEFAULT
#define SHMEMX_INIT_WITH_MPI ACLSHMEMX_INIT_WITH_MPI
#define SHMEMX_INIT_WITH_UNIQUEID ACLSHMEMX_INIT_WITH_UNIQUEID
#define SHMEMX_INIT_WITH_PMIX ACLSHMEMX_INIT_WITH_PMIX
typedef aclshmemx_pmix_group_t shmemx_pmix_group_t;

/* As aclshmemx_get_uniqueid: the caller becomes PE 0. Returns 0 or an
 * ACLSHMEM_* code. */
int shmemx_get_uniqueid(shmemx_uniqueid_t *uid);

/* As aclshmemx_set_attr_uniqueid_args. */
int shmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                  shmemx_uniqueid_t *uid, shmemx_init_attr_t *attr);

/* As aclshmemx_init_attr, and then, like shmem_init(), makes the instance
 * the process's current one, so that every shmem_* call acts on it.
 * Returns 0, or an ACLSHMEM_* code (nothing created, current unchanged). */
int shmemx_init_attr(unsigned int flags, shmemx_init_attr_t *attr);

#ifdef __cplusplus
}
#endif

#endif
