/* PMIx mode: shmem_init in a process that a PMIx server started (Open
 * MPI's mpirun, Slurm's srun --mpi=pmix), which says so with PMIX_RANK and
 * PMIX_NAMESPACE. The PEs are the job's processes (PE = PMIx rank, n_pes =
 * job size), and the bootstrap is the PMIx plugin's (plugin.h:
 * Put/Commit/Fence/Get), loaded on first use, so that libmishmem never
 * links libpmix. Under mishmemrun started by mpirun both sets of variables
 * are there: the launcher's row comes first in modes.c and wins. */
#include <stdio.h>

#include "bootstrap/mode.h"
#include "bootstrap/plugin.h"
#include "util/env.h"
#include "util/log.h"

static int pmix_detect(void)
{
    return mishmem_env_is_set(MISHMEM_ENV_PMIX_RANK) && mishmem_env_is_set(MISHMEM_ENV_PMIX_NAMESPACE);
}

static int pmix_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    (void)src;
    int rc = mishmem_plugin_load("pmix", &config->plugin);
    int rank = -1, size = 0;
    if (rc == ACLSHMEM_SUCCESS)
        rc = config->plugin->query(NULL, &rank, &size); /* the whole job */
    if (rc != ACLSHMEM_SUCCESS) {
        MISHMEM_ERROR("PMIx mode (PMIX_RANK=%s, PMIX_NAMESPACE=%s): cannot learn this process's rank "
                      "and the job size", mishmem_env_string(MISHMEM_ENV_PMIX_RANK),
                      mishmem_env_string(MISHMEM_ENV_PMIX_NAMESPACE));
        return rc;
    }
    config->plugin_args = NULL;
    config->my_pe = rank;
    config->n_pes = size;
    return ACLSHMEM_SUCCESS;
}

static int pmix_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                          char *key, size_t key_size)
{
    (void)src;
    (void)config;
    /* The PMIx server brings its own transport and its own authentication. */
    snprintf(key, key_size, "pmix:%s", mishmem_env_string(MISHMEM_ENV_PMIX_NAMESPACE));
    return ACLSHMEM_SUCCESS;
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_pmix = {
    .name = "pmix",
    .detect = pmix_detect,
    .members = pmix_members,
    .configure = pmix_configure,
    .open = mishmem_bootstrap_plugin_open,
};
