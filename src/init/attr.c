#include "init/attr.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/plugin.h"
#include "bootstrap/rendezvous.h"
#include "bootstrap/uid.h"
#include "instance/registry.h"
#include "util/env.h"
#include "util/log.h"

/* SHMEM_INSTANCE_PORT_RANGE=start:end -> the port of instance id. */
static int port_from_range(uint64_t id, long *port)
{
    const char *range = mishmem_env_string(MISHMEM_ENV_SHMEM_INSTANCE_PORT_RANGE);
    long start, end;
    char tail;
    if (sscanf(range, "%ld:%ld%c", &start, &end, &tail) != 2 || start < 1 || end > 65535) {
        MISHMEM_ERROR("SHMEM_INSTANCE_PORT_RANGE=\"%s\" is malformed: expected start:end with ports "
                      "in 1..65535", range);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (end < start) {
        MISHMEM_ERROR("SHMEM_INSTANCE_PORT_RANGE=\"%s\": end is below start", range);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (id > (uint64_t)(end - start)) {
        MISHMEM_ERROR("instance %llu does not fit SHMEM_INSTANCE_PORT_RANGE=\"%s\" (%ld ports)",
                      (unsigned long long)id, range, end - start + 1);
        return ACLSHMEM_INVALID_VALUE;
    }
    *port = start + (long)id;
    return ACLSHMEM_SUCCESS;
}

static int resolve_address(const aclshmemx_init_attr_t *attr, struct mishmem_bootstrap_config *boot)
{
    long port;
    if (mishmem_parse_ip_port(attr->ip_port, boot->host, sizeof boot->host, &port) != 0) {
        MISHMEM_ERROR("ip_port \"%s\" is malformed: expected tcp://HOST:PORT or tcp://[IPV6]:PORT",
                      attr->ip_port ? attr->ip_port : "(null)");
        return ACLSHMEM_INVALID_PARAM;
    }
    int has_range = mishmem_env_is_set(MISHMEM_ENV_SHMEM_INSTANCE_PORT_RANGE);
    if (port != 0 && has_range) {
        MISHMEM_ERROR("ip_port \"%s\" names port %ld while SHMEM_INSTANCE_PORT_RANGE is set: use "
                      "port 0 with the range, or unset the range", attr->ip_port, port);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (port == 0 && !has_range) {
        MISHMEM_ERROR("ip_port \"%s\" has port 0, which needs SHMEM_INSTANCE_PORT_RANGE=start:end "
                      "(port = start + instance_id)", attr->ip_port);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (port == 0) {
        int rc = port_from_range(attr->instance_id, &port);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    boot->port = (uint16_t)port;
    return ACLSHMEM_SUCCESS;
}

static int check_instance_id(uint64_t id)
{
    if (id > ACLSHMEM_MAX_INSTANCE_ID) {
        MISHMEM_ERROR("instance_id %llu is out of range 0..%d", (unsigned long long)id,
                      ACLSHMEM_MAX_INSTANCE_ID);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}

/* my_pe and n_pes as given (default, unique id) or as the communicator
 * says (MPI); local_mem_size from attr. */
static int check_sizes(const aclshmemx_init_attr_t *attr, int my_pe, int n_pes)
{
    int rc = check_instance_id(attr->instance_id);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
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

/* MPI mode: the plugin tells this process's rank and the communicator's
 * size; attr's my_pe / n_pes, when not negative, must agree. */
static int mpi_members(const aclshmemx_init_attr_t *attr, struct mishmem_bootstrap_config *boot)
{
    int rc = check_instance_id(attr->instance_id);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_plugin_load("mpi", &boot->plugin);
    int rank = -1, size = 0;
    if (rc == ACLSHMEM_SUCCESS)
        rc = boot->plugin->query(attr->comm_args, &rank, &size);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if ((attr->my_pe >= 0 && attr->my_pe != rank) || (attr->n_pes > 0 && attr->n_pes != size)) {
        MISHMEM_ERROR("MPI mode: attr says PE %d of %d but the communicator says rank %d of %d (set "
                      "my_pe and n_pes to -1 to take them from the communicator)",
                      attr->my_pe, attr->n_pes, rank, size);
        return ACLSHMEM_INVALID_PARAM;
    }
    boot->plugin_args = attr->comm_args;
    boot->my_pe = rank;
    boot->n_pes = size;
    return ACLSHMEM_SUCCESS;
}

/* Where this PE rendezvouses, by mode; boot->my_pe and n_pes are set. */
static int resolve_rendezvous(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                              struct mishmem_instance_params *out)
{
    struct mishmem_bootstrap_config *boot = &out->boot;
    if (flags == ACLSHMEMX_INIT_WITH_MPI) {
        snprintf(out->key.ip_port, sizeof out->key.ip_port, "mpi");
        return ACLSHMEM_SUCCESS; /* the plugin brings its own transport */
    }
    if (flags == ACLSHMEMX_INIT_WITH_UNIQUEID) {
        int live = mishmem_instance_lookup(attr->instance_id) != NULL;
        return mishmem_uid_config(attr->comm_args, live, boot, out->key.ip_port,
                                  sizeof out->key.ip_port);
    }
    int rc = resolve_address(attr, boot);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_job_secret(boot->secret);
    if (rc == ACLSHMEM_SUCCESS)
        snprintf(out->key.ip_port, sizeof out->key.ip_port, "%s", attr->ip_port);
    return rc;
}

static int check_mode(aclshmemx_bootstrap_t flags)
{
    if (flags == ACLSHMEMX_INIT_WITH_DEFAULT || flags == ACLSHMEMX_INIT_WITH_UNIQUEID ||
        flags == ACLSHMEMX_INIT_WITH_MPI)
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("aclshmemx_init_attr: bootstrap mode %d is not one of ACLSHMEMX_INIT_WITH_DEFAULT, "
                  "ACLSHMEMX_INIT_WITH_UNIQUEID or ACLSHMEMX_INIT_WITH_MPI", (int)flags);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_params_from_attr(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                             struct mishmem_instance_params *out)
{
    if (!attr) {
        MISHMEM_ERROR("aclshmemx_init_attr: attr is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    memset(out, 0, sizeof *out);
    struct mishmem_bootstrap_config *boot = &out->boot;
    boot->listen_fd = -1;
    boot->my_pe = attr->my_pe;
    boot->n_pes = attr->n_pes;
    int rc = check_mode(flags);
    if (rc == ACLSHMEM_SUCCESS && flags == ACLSHMEMX_INIT_WITH_MPI)
        rc = mpi_members(attr, boot);
    if (rc == ACLSHMEM_SUCCESS)
        rc = check_sizes(attr, boot->my_pe, boot->n_pes);
    if (rc == ACLSHMEM_SUCCESS)
        rc = resolve_rendezvous(flags, attr, out);
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
