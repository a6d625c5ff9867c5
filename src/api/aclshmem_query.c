/* aclshmem face: queries and exit. */
#include <stdio.h>

#include "api/face.h"
#include "mishmem/openshmem.h"

int aclshmem_my_pe(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_my_pe", ACLSHMEM_NOT_INITED);
    return inst->my_pe;
}

int aclshmem_n_pes(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_n_pes", ACLSHMEM_NOT_INITED);
    return inst->n_pes;
}

int aclshmem_info_get_version(int *major, int *minor)
{
    if (!major || !minor)
        return ACLSHMEM_INVALID_PARAM;
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
    return ACLSHMEM_SUCCESS;
}

int aclshmem_info_get_name(char *name)
{
    if (!name)
        return ACLSHMEM_INVALID_PARAM;
    snprintf(name, SHMEM_MAX_NAME_LEN, "%s", SHMEM_VENDOR_STRING);
    return ACLSHMEM_SUCCESS;
}

void aclshmem_global_exit(int status) { mishmem_global_exit(status); }
