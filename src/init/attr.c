#include "init/attr.h"

#include <stdint.h>
#include <string.h>

#include "bootstrap/mode.h"
#include "instance/registry.h"
#include "util/log.h"
#include "util/params.h"

static int check_instance_id(uint64_t id)
{
    if (id > ACLSHMEM_MAX_INSTANCE_ID) {
        MISHMEM_ERROR("instance_id %llu is out of range 0..%d", (unsigned long long)id,
                      ACLSHMEM_MAX_INSTANCE_ID);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}

/* my_pe and n_pes as given (default, unique id) or as the mode found
 * them (MPI: the communicator); local_mem_size from attr. */
static int check_sizes(const aclshmemx_init_attr_t *attr, int my_pe, int n_pes)
{
    if (my_pe < 0 || n_pes <= 0 || n_pes > ACLSHMEM_MAX_PES) {
        MISHMEM_ERROR("my_pe %d / n_pes %d: my_pe must be >= 0 and n_pes in 1..%d", my_pe, n_pes,
                      ACLSHMEM_MAX_PES);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (attr->local_mem_size == 0 || attr->local_mem_size > ACLSHMEM_MAX_LOCAL_SIZE) {
        MISHMEM_ERROR("local_mem_size %llu must be in 1..%llu bytes",
                      (unsigned long long)attr->local_mem_size, (unsigned long long)ACLSHMEM_MAX_LOCAL_SIZE);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (my_pe >= n_pes) {
        MISHMEM_ERROR("my_pe %d must be below n_pes %d", my_pe, n_pes);
        return ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

static uint32_t timeout_ms(uint32_t seconds)
{
    uint64_t ms = (uint64_t)(seconds ? seconds : ACLSHMEM_DEFAULT_TIMEOUT_S) * 1000u;
    return ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
}

/* The mode flags name: one of the table's, else INVALID_PARAM. */
static int select_mode(aclshmemx_bootstrap_t flags, const struct mishmem_bootstrap_mode **mode)
{
    *mode = mishmem_bootstrap_mode_for_flag((int)flags);
    if (*mode)
        return ACLSHMEM_SUCCESS;
    char names[256];
    mishmem_bootstrap_mode_flag_names(names, sizeof names);
    MISHMEM_ERROR("aclshmemx_init_attr: bootstrap mode %d is not one of %s", (int)flags, names);
    return ACLSHMEM_INVALID_PARAM;
}

/* The mode's steps around the seed's checks: who the PEs are (given, or
 * the mode's to find), then where they meet. */
static int configure_bootstrap(const struct mishmem_bootstrap_mode *mode, const aclshmemx_init_attr_t *attr,
                               struct mishmem_instance_params *out)
{
    struct mishmem_bootstrap_config *boot = &out->boot;
    struct mishmem_bootstrap_source src = {.attr = attr};
    int rc = check_instance_id(attr->instance_id);
    if (rc == ACLSHMEM_SUCCESS && mode->members)
        rc = mode->members(&src, boot);
    if (rc == ACLSHMEM_SUCCESS)
        rc = check_sizes(attr, boot->my_pe, boot->n_pes);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    src.instance_live = mishmem_instance_lookup(attr->instance_id) != NULL;
    return mode->configure(&src, boot, out->key.ip_port, sizeof out->key.ip_port);
}

int mishmem_params_from_attr(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                             struct mishmem_instance_params *out)
{
    if (!attr) {
        MISHMEM_ERROR("aclshmemx_init_attr: attr is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    memset(out, 0, sizeof *out);
    mishmem_params_load(); /* each instance sees the environment of its init */
    struct mishmem_bootstrap_config *boot = &out->boot;
    const struct mishmem_bootstrap_mode *mode;
    int rc = select_mode(flags, &mode);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_bootstrap_config_init(boot, mode);
    boot->my_pe = attr->my_pe;
    boot->n_pes = attr->n_pes;
    rc = configure_bootstrap(mode, attr, out);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    /* An option_attr without the expected version (e.g. left uninitialised,
     * as the seed's quick start does) means "use the defaults". */
    int versioned = attr->option_attr.version == ACLSHMEM_OPTION_ATTR_VERSION;
    boot->init_timeout_ms = timeout_ms(versioned ? attr->option_attr.shm_init_timeout : 0);
    boot->op_timeout_ms = timeout_ms(versioned ? attr->option_attr.control_operation_timeout : 0);
    boot->instance_id = attr->instance_id;
    out->id = attr->instance_id;
    out->heap_size = attr->local_mem_size;
    out->key.flags = (int)flags;
    out->key.my_pe = boot->my_pe;
    out->key.n_pes = boot->n_pes;
    out->key.local_mem_size = attr->local_mem_size;
    return ACLSHMEM_SUCCESS;
}
