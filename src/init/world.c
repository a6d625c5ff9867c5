#include "init/world.h"

#include <stdio.h>
#include <string.h>

#include "bootstrap/mode.h"
#include "init/lifecycle.h"
#include "instance/registry.h"
#include "mishmem/openshmem.h"
#include "util/params.h"
#include "util/log.h"

/* The bootstrap mode the environment selects (the launcher's, else a
 * single PE) makes the world's bootstrap configuration. */
static int read_bootstrap(struct mishmem_instance_params *params)
{
    const struct mishmem_bootstrap_mode *mode = mishmem_bootstrap_mode_from_env();
    struct mishmem_bootstrap_source src = {.instance_live = mishmem_instance_lookup(params->id) != NULL};
    mishmem_bootstrap_config_init(&params->boot, mode);
    int rc = mode->members ? mode->members(&src, &params->boot) : ACLSHMEM_SUCCESS;
    if (rc == ACLSHMEM_SUCCESS)
        rc = mode->configure(&src, &params->boot, params->key.ip_port, sizeof params->key.ip_port);
    return rc;
}

static int read_world_params(struct mishmem_instance_params *params)
{
    memset(params, 0, sizeof *params);
    long id, timeout_s;
    int rc = mishmem_param_long(MISHMEM_PARAM_SHMEM_WORLD_INSTANCE_ID, &id);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_param_long(MISHMEM_PARAM_SHMEM_INIT_TIMEOUT, &timeout_s);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    uint64_t heap_size;
    rc = mishmem_param_size(MISHMEM_PARAM_SHMEM_SYMMETRIC_SIZE, &heap_size);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    params->id = (uint64_t)id;
    rc = read_bootstrap(params);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    params->heap_size = heap_size;
    params->boot.instance_id = (uint64_t)id;
    params->boot.init_timeout_ms = (uint32_t)timeout_s * 1000u;
    params->boot.op_timeout_ms = (uint32_t)timeout_s * 1000u;
    params->key.flags = 0; /* the world */
    params->static_data = 1; /* globals are symmetric here, as the standard says */
    params->key.my_pe = params->boot.my_pe;
    params->key.n_pes = params->boot.n_pes;
    params->key.local_mem_size = heap_size;
    return ACLSHMEM_SUCCESS;
}

int mishmem_world_init(void)
{
    struct mishmem_instance_params params;
    mishmem_params_load(); /* what the program or its launcher set until now */
    int rc = read_world_params(&params);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    /* A nested shmem_init (OpenSHMEM 1.6) of the live world only counts. */
    struct mishmem_instance *inst = mishmem_instance_lookup(params.id);
    int created = 0;
    if (!inst || __atomic_load_n(&inst->shmem_init_count, __ATOMIC_RELAXED) == 0) {
        inst = NULL;
        rc = mishmem_instance_init(&params, &inst);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
        created = inst != NULL; /* NULL: already live (made by the aclshmem face) */
        if (!created)
            inst = mishmem_instance_lookup(params.id);
    }
    /* OpenSHMEM 1.6: initialization may be repeated; each call is matched
     * by a shmem_finalize, and only the last of those releases the world. */
    __atomic_add_fetch(&inst->shmem_init_count, 1, __ATOMIC_RELAXED);
    mishmem_set_default_instance(params.id);
    rc = mishmem_set_process_current(params.id);
    return rc;
}
