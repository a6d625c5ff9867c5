/* MPI mode (ACLSHMEMX_INIT_WITH_MPI): the PEs are the ranks of the MPI
 * communicator attr->comm_args points to (NULL: MPI_COMM_WORLD), and the
 * bootstrap is the MPI plugin's (plugin.h), loaded on first use. */
#include <stdio.h>

#include "bootstrap/mode.h"
#include "bootstrap/plugin.h"
#include "util/log.h"

/* The plugin tells this process's rank and the communicator's size;
 * attr's my_pe / n_pes, when not negative, must agree. */
static int mpi_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    const aclshmemx_init_attr_t *attr = src->attr;
    int rc = mishmem_plugin_load("mpi", &config->plugin);
    int rank = -1, size = 0;
    if (rc == ACLSHMEM_SUCCESS)
        rc = config->plugin->query(attr->comm_args, &rank, &size);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if ((attr->my_pe >= 0 && attr->my_pe != rank) || (attr->n_pes > 0 && attr->n_pes != size)) {
        MISHMEM_ERROR("MPI mode: attr says PE %d of %d but the communicator says rank %d of %d (set "
                      "my_pe and n_pes to -1 to take them from the communicator)",
                      attr->my_pe, attr->n_pes, rank, size);
        return ACLSHMEM_INVALID_PARAM;
    }
    config->plugin_args = attr->comm_args;
    config->my_pe = rank;
    config->n_pes = size;
    return ACLSHMEM_SUCCESS;
}

static int mpi_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                         char *key, size_t key_size)
{
    (void)src;
    (void)config;
    snprintf(key, key_size, "mpi"); /* the plugin brings its own transport */
    return ACLSHMEM_SUCCESS;
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_mpi = {
    .name = "mpi",
    .flag = ACLSHMEMX_INIT_WITH_MPI,
    .flag_name = "ACLSHMEMX_INIT_WITH_MPI",
    .members = mpi_members,
    .configure = mpi_configure,
    .open = mishmem_bootstrap_plugin_open,
};
