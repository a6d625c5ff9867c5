/* Launcher mode: shmem_init under mishmemrun, which gives every PE its
 * number, the PE count and PE 0's rendezvous address (MISHMEM_PE,
 * MISHMEM_NPES, MISHMEM_RDV_ADDR), PE 0 the already-listening socket
 * (MISHMEM_RDV_FD) and everybody the job secret (MISHMEM_SECRET). PE 0
 * serves the tcp rendezvous store there. */
#include <stdio.h>
#include <stdlib.h>

#include "bootstrap/mode.h"
#include "bootstrap/rendezvous.h"
#include "util/params.h"
#include "util/log.h"

static int launcher_detect(void) { return mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_PE); }

static int launcher_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    (void)src;
    long pe, n_pes;
    int rc = mishmem_param_long(MISHMEM_PARAM_MISHMEM_NPES, &n_pes);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_param_long_upto(MISHMEM_PARAM_MISHMEM_PE, n_pes - 1, &pe);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    config->my_pe = (int)pe;
    config->n_pes = (int)n_pes;
    return ACLSHMEM_SUCCESS;
}

static int launcher_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                              char *key, size_t key_size)
{
    (void)src;
    const char *address = mishmem_params()->MISHMEM_RDV_ADDR;
    long port, fd;
    if (mishmem_parse_ip_port(address, config->host, sizeof config->host, &port) != 0 || port == 0) {
        MISHMEM_ERROR("MISHMEM_RDV_ADDR=\"%s\" is not tcp://HOST:PORT", address ? address : "");
        return ACLSHMEM_INVALID_VALUE;
    }
    config->port = (uint16_t)port;
    config->job_board = 1;
    snprintf(key, key_size, "%s", address);
    if (config->my_pe == 0 && mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_RDV_FD)) {
        int rc = mishmem_param_long(MISHMEM_PARAM_MISHMEM_RDV_FD, &fd);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
        config->listen_fd = (int)fd;
        /* The socket is used once; a later shmem_init must not reuse it. */
        mishmem_param_consume(MISHMEM_PARAM_MISHMEM_RDV_FD);
    }
    return mishmem_job_secret(config->secret);
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_launcher = {
    .name = "launcher",
    .detect = launcher_detect,
    .members = launcher_members,
    .configure = launcher_configure,
    .open = mishmem_bootstrap_tcp_open,
};
