/* PMIx mode: shmem_init in a process that a PMIx server started (Open
 * MPI's mpirun, Slurm's srun --mpi=pmix), which says so with PMIX_RANK and
 * PMIX_NAMESPACE. The PEs are the job's processes (PE = PMIx rank, n_pes =
 * job size); aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX) makes instances
 * of the job or of a group of its ranks (comm_args). The bootstrap is the
 * PMIx plugin's (plugin.h: Put/Commit/Fence/Get), loaded on first use, so
 * that libmishmem never links libpmix. Under mishmemrun started by mpirun
 * both sets of variables are there: the launcher's row comes first in
 * modes.c and wins. */
#include <stdio.h>

#include "bootstrap/mode.h"
#include "bootstrap/plugin.h"
#include "util/params.h"
#include "util/log.h"

static int pmix_detect(void)
{
    return mishmem_param_is_set(MISHMEM_PARAM_PMIX_RANK) && mishmem_param_is_set(MISHMEM_PARAM_PMIX_NAMESPACE);
}

/* shmem_init: the whole job. aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX):
 * attr->comm_args, NULL for the whole job, else an aclshmemx_pmix_group_t;
 * attr's my_pe / n_pes, when not negative, must agree with it. */
static int pmix_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    const aclshmemx_init_attr_t *attr = src->attr;
    void *group = attr ? attr->comm_args : NULL;
    int rc = mishmem_plugin_load("pmix", &config->plugin);
    int rank = -1, size = 0;
    if (rc == ACLSHMEM_SUCCESS)
        rc = config->plugin->query(group, &rank, &size);
    if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEM_INVALID_PARAM) /* a bad group is logged as such */
        MISHMEM_ERROR("PMIx mode (PMIX_RANK=%s, PMIX_NAMESPACE=%s): cannot learn this process's PE number "
                      "and the PE count", mishmem_params()->PMIX_RANK ?: "(unset)",
                      mishmem_params()->PMIX_NAMESPACE ?: "(unset)");
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (attr && ((attr->my_pe >= 0 && attr->my_pe != rank) || (attr->n_pes > 0 && attr->n_pes != size))) {
        MISHMEM_ERROR("PMIx mode: attr says PE %d of %d but the %s says PE %d of %d (set my_pe and n_pes "
                      "to -1 to take them from PMIx)", attr->my_pe, attr->n_pes, group ? "group" : "job",
                      rank, size);
        return ACLSHMEM_INVALID_PARAM;
    }
    config->plugin_args = group;
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
    const char *nspace = mishmem_params()->PMIX_NAMESPACE;
    snprintf(key, key_size, "pmix:%s", nspace ? nspace : "");
    return ACLSHMEM_SUCCESS;
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_pmix = {
    .name = "pmix",
    .flag = ACLSHMEMX_INIT_WITH_PMIX,
    .flag_name = "ACLSHMEMX_INIT_WITH_PMIX",
    .detect = pmix_detect,
    .members = pmix_members,
    .configure = pmix_configure,
    .open = mishmem_bootstrap_plugin_open,
};
