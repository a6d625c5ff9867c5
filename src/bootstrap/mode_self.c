/* Self mode: shmem_init in a program that nobody launched is a single PE,
 * with nothing to exchange (bootstrap_self.c). Last in the table: the
 * environment selects it when it selects nothing else. */
#include "bootstrap/mode.h"

static int self_detect(void) { return 1; }

static int self_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    (void)src;
    config->my_pe = 0;
    config->n_pes = 1;
    return ACLSHMEM_SUCCESS;
}

static int self_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                          char *key, size_t key_size)
{
    (void)src;
    (void)config;
    if (key_size)
        key[0] = '\0'; /* no rendezvous */
    return ACLSHMEM_SUCCESS;
}

static int self_open(const struct mishmem_bootstrap_config *config, struct mishmem_bootstrap **out)
{
    (void)config;
    return mishmem_bootstrap_self_open(out);
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_self = {
    .name = "self",
    .detect = self_detect,
    .members = self_members,
    .configure = self_configure,
    .open = self_open,
};
