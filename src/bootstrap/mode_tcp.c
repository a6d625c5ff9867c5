/* The default mode (ACLSHMEMX_INIT_WITH_DEFAULT): PE 0 serves the tcp
 * rendezvous store at attr->ip_port, "tcp://HOST:PORT"; with port 0 the
 * port is start + instance_id from SHMEM_INSTANCE_PORT_RANGE=start:end, or
 * while that is unset from the range mishmemrun planned (MISHMEM_PORT_RANGE),
 * which, unlike the user's, leaves explicit ports allowed. */
#include <stdio.h>

#include "bootstrap/mode.h"
#include "bootstrap/rendezvous.h"
#include "util/params.h"
#include "util/log.h"

/* A start:end range variable -> the port of instance id. */
static int port_from_range(enum mishmem_param_id var, uint64_t id, long *port)
{
    const char *range = mishmem_params()->text[var];
    const char *name = mishmem_param_name(var);
    long start, end;
    char tail;
    if (sscanf(range, "%ld:%ld%c", &start, &end, &tail) != 2 || start < 1 || end > 65535) {
        MISHMEM_ERROR("%s=\"%s\" is malformed: expected start:end with ports in 1..65535", name, range);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (end < start) {
        MISHMEM_ERROR("%s=\"%s\": end is below start", name, range);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (id > (uint64_t)(end - start)) {
        MISHMEM_ERROR("instance %llu does not fit %s=\"%s\" (%ld ports)", (unsigned long long)id, name,
                      range, end - start + 1);
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
    int has_range = mishmem_param_is_set(MISHMEM_PARAM_SHMEM_INSTANCE_PORT_RANGE);
    int planned = !has_range && mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_PORT_RANGE);
    if (port != 0 && has_range) {
        MISHMEM_ERROR("ip_port \"%s\" names port %ld while SHMEM_INSTANCE_PORT_RANGE is set: use "
                      "port 0 with the range, or unset the range", attr->ip_port, port);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (port == 0 && !has_range && !planned) {
        MISHMEM_ERROR("ip_port \"%s\" has port 0, which needs SHMEM_INSTANCE_PORT_RANGE=start:end "
                      "(port = start + instance_id)", attr->ip_port);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (port == 0) {
        int rc = port_from_range(planned ? MISHMEM_PARAM_MISHMEM_PORT_RANGE : MISHMEM_PARAM_SHMEM_INSTANCE_PORT_RANGE,
                                 attr->instance_id, &port);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    boot->port = (uint16_t)port;
    return ACLSHMEM_SUCCESS;
}

static int tcp_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                         char *key, size_t key_size)
{
    int rc = resolve_address(src->attr, config);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_job_secret(config->secret);
    if (rc == ACLSHMEM_SUCCESS)
        snprintf(key, key_size, "%s", src->attr->ip_port);
    return rc;
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_tcp = {
    .name = "tcp",
    .flag = ACLSHMEMX_INIT_WITH_DEFAULT,
    .flag_name = "ACLSHMEMX_INIT_WITH_DEFAULT",
    .configure = tcp_configure,
    .open = mishmem_bootstrap_tcp_open,
};
