/* aclshmem face: creating, selecting and finalizing instances. */
#include "api/face.h"
#include "init/attr.h"
#include "init/lifecycle.h"

int aclshmemx_init_attr(aclshmemx_bootstrap_t flags, aclshmemx_init_attr_t *attr)
{
    struct mishmem_instance_params params;
    int rc = mishmem_params_from_attr(flags, attr, &params);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    return mishmem_instance_init(&params, NULL);
}

int aclshmemx_init_status(void)
{
    return mishmem_current() ? ACLSHMEM_STATUS_IS_INITIALIZED : ACLSHMEM_STATUS_NOT_INITIALIZED;
}

int aclshmem_finalize(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_finalize", ACLSHMEM_NOT_INITED);
    return mishmem_instance_finalize(inst, "aclshmem_finalize");
}

int aclshmemx_finalize(uint64_t instance_id)
{
    /* Acts on the instance directly: the caller's current instance is
     * untouched unless it is the one being finalized. */
    struct mishmem_instance *inst = mishmem_instance_lookup(instance_id);
    if (!inst) {
        MISHMEM_ERROR("aclshmemx_finalize(%llu): no live instance has this id; nothing finalized",
                      (unsigned long long)instance_id);
        return instance_id > ACLSHMEM_MAX_INSTANCE_ID ? ACLSHMEM_INVALID_VALUE : ACLSHMEM_INVALID_PARAM;
    }
    return mishmem_instance_finalize(inst, "aclshmemx_finalize");
}

int aclshmemx_instance_ctx_set(uint64_t instance_id) { return mishmem_set_process_current(instance_id); }

aclshmem_instance_ctx *aclshmemx_instance_ctx_get(void)
{
    struct mishmem_instance *inst = mishmem_current();
    return inst ? &inst->public_ctx : NULL;
}

int aclshmemx_instance_thread_set(uint64_t instance_id) { return mishmem_set_thread_current(instance_id); }

int aclshmemx_instance_thread_clear(void)
{
    mishmem_clear_thread_current();
    return ACLSHMEM_SUCCESS;
}
