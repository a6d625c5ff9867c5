/* aclshmem face: unique-id mode. */
#include "bootstrap/uid.h"
#include "mishmem/aclshmem_uid.h"
#include "util/log.h"
#include "util/params.h"

int aclshmemx_get_uniqueid(aclshmemx_uniqueid_t *uid)
{
    if (!uid) {
        MISHMEM_ERROR("aclshmemx_get_uniqueid: uid is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    mishmem_params_load(); /* SHMEM_UID_* as the program set them now */
    return mishmem_uid_create(uid);
}

int aclshmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                     aclshmemx_uniqueid_t *uid, aclshmemx_init_attr_t *attr)
{
    if (!uid || !attr) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: %s is NULL", uid ? "attr" : "uid");
        return ACLSHMEM_INVALID_PARAM;
    }
    /* The seed library's checks; aclshmemx_init_attr checks the rest. */
    if (my_pe < 0 || my_pe >= ACLSHMEM_MAX_PES || n_pes <= 0 || n_pes > ACLSHMEM_MAX_PES ||
        local_mem_size <= 0 || (uint64_t)local_mem_size > ACLSHMEM_MAX_LOCAL_SIZE) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: my_pe %d / n_pes %d / local_mem_size %lld: "
                      "my_pe must be in 0..%d, n_pes in 1..%d and local_mem_size in 1..%llu",
                      my_pe, n_pes, (long long)local_mem_size, ACLSHMEM_MAX_PES - 1, ACLSHMEM_MAX_PES,
                      (unsigned long long)ACLSHMEM_MAX_LOCAL_SIZE);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (uid->version != ACLSHMEM_UNIQUEID_VERSION) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: uid has version %d, expected %d (start "
                      "from ACLSHMEM_UNIQUEID_INITIALIZER or aclshmemx_get_uniqueid)",
                      (int)uid->version, (int)ACLSHMEM_UNIQUEID_VERSION);
        return ACLSHMEM_INVALID_PARAM;
    }
    attr->my_pe = my_pe;
    attr->n_pes = n_pes;
    attr->local_mem_size = (uint64_t)local_mem_size;
    attr->comm_args = uid;
    return ACLSHMEM_SUCCESS;
}
