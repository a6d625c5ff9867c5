/* OpenSHMEM face extensions (shmemx.h): unique-id and MPI initialization,
 * the alternatives to shmem_init() for PEs not started by mishmemrun. */
#include "instance/registry.h"
#include "shmemx.h"

int shmemx_get_uniqueid(shmemx_uniqueid_t *uid) { return aclshmemx_get_uniqueid(uid); }

int shmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                  shmemx_uniqueid_t *uid, shmemx_init_attr_t *attr)
{
    return aclshmemx_set_attr_uniqueid_args(my_pe, n_pes, local_mem_size, uid, attr);
}

int shmemx_init_attr(unsigned int flags, shmemx_init_attr_t *attr)
{
    int rc = aclshmemx_init_attr((aclshmemx_bootstrap_t)flags, attr);
    /* Like shmem_init: the instance becomes the one shmem_* calls act on. */
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_set_process_current(attr->instance_id);
    return rc;
}
