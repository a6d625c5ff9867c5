/* Self mode: shmem_init in a program that nobody launched is a single PE,
 * with nothing to exchange (bootstrap_self.c). Last in the table: the
 * environment selects it when it selects nothing else. A process that a
 * PMI-2 launcher started among others is refused, not made a world of one. */
#include <stdlib.h>

#include "bootstrap/mode.h"
#include "util/params.h"
#include "util/log.h"

static int self_detect(void) { return 1; }

static int self_members(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config)
{
    (void)src;
    /* Started by a PMI-1/PMI-2 server (srun --mpi=pmi2) as one of several
     * processes: a world of one here would run the job as that many
     * unrelated single-PE programs. */
    const char *pmi_size = mishmem_params()->text[MISHMEM_PARAM_PMI_SIZE];
    if (mishmem_param_given(MISHMEM_PARAM_PMI_SIZE) && mishmem_params()->PMI_SIZE > 1) {
        const char *pmi_rank = mishmem_params()->PMI_RANK;
        MISHMEM_ERROR("started by a PMI-2 (or PMI-1) launcher as rank %s of %s (PMI_RANK, PMI_SIZE; e.g. "
                      "srun --mpi=pmi2), which mishmem does not speak: start the program with "
                      "srun --mpi=pmix, mpirun or mishmemrun", pmi_rank ? pmi_rank : "?", pmi_size);
        return ACLSHMEM_NOT_SUPPORTED;
    }
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
