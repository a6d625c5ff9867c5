/* The bootstrap of a single-PE instance: nothing to exchange. */
#include <stdlib.h>
#include <string.h>

#include "bootstrap/bootstrap.h"
#include "mishmem/aclshmem.h"

static int self_allgather(struct mishmem_bootstrap *boot, const void *mine, void *all, size_t len)
{
    (void)boot;
    memmove(all, mine, len);
    return ACLSHMEM_SUCCESS;
}

static int self_barrier(struct mishmem_bootstrap *boot)
{
    (void)boot;
    return ACLSHMEM_SUCCESS;
}

static void self_close(struct mishmem_bootstrap *boot) { free(boot); }

static const struct mishmem_bootstrap_ops self_ops = {self_allgather, self_barrier, self_close};

int mishmem_bootstrap_self_open(struct mishmem_bootstrap **out)
{
    struct mishmem_bootstrap *boot = calloc(1, sizeof *boot);
    if (!boot)
        return ACLSHMEM_MALLOC_FAILED;
    boot->ops = &self_ops;
    boot->my_pe = 0;
    boot->n_pes = 1;
    *out = boot;
    return ACLSHMEM_SUCCESS;
}
