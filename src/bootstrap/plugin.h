/* Bootstrap plugins: shared libraries loaded at run time, so that
 * libmishmem itself never links MPI (or any other runtime). A plugin
 * libmishmem_bootstrap_<name>.so exports one function,
 * MISHMEM_BOOTSTRAP_PLUGIN_ENTRY, that hands back its table below. The
 * plugin includes this header and bootstrap.h, nothing else of mishmem,
 * and calls back only through struct mishmem_plugin_host (so it also works
 * with a static libmishmem). */
#ifndef MISHMEM_BOOTSTRAP_PLUGIN_H
#define MISHMEM_BOOTSTRAP_PLUGIN_H

#include <stdint.h>

#include "bootstrap/bootstrap.h"

/* Bumped on any change to the structs below. */
#define MISHMEM_BOOTSTRAP_PLUGIN_ABI 1u
#define MISHMEM_BOOTSTRAP_PLUGIN_ENTRY "mishmem_bootstrap_plugin_entry"

/* What libmishmem lends a plugin. */
struct mishmem_plugin_host {
    /* mishmem's logger: level as enum mishmem_log_level, printf format. */
    void (*log)(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
};

struct mishmem_bootstrap_plugin {
    uint32_t abi;     /* MISHMEM_BOOTSTRAP_PLUGIN_ABI */
    const char *name; /* "mpi", "pmix" */
    /* This process's rank and the size of the group that args names (MPI:
     * args is an MPI_Comm *, NULL for MPI_COMM_WORLD; PMIx: an
     * aclshmemx_pmix_group_t *, NULL for the job). Returns ACLSHMEM_*. */
    int (*query)(void *args, int *my_pe, int *n_pes);
    /* Collective over that group: a bootstrap for config (my_pe, n_pes and
     * instance_id as query and the caller agreed). Returns ACLSHMEM_*. */
    int (*open)(void *args, const struct mishmem_bootstrap_config *config,
                struct mishmem_bootstrap **out);
};

/* The plugin's exported entry: its table when it speaks abi, else NULL. */
typedef const struct mishmem_bootstrap_plugin *(*mishmem_bootstrap_plugin_entry_fn)(
    uint32_t abi, const struct mishmem_plugin_host *host);

/* Loads libmishmem_bootstrap_<name>.so once per process, looking in
 * MISHMEM_PLUGIN_DIR, then in the directory libmishmem was loaded from,
 * then in the dynamic linker's default search path. Returns
 * ACLSHMEM_SUCCESS, or ACLSHMEM_DL_FUNC_FAILED with a logged list of what
 * was searched and why each failed. A loaded plugin stays loaded. */
int mishmem_plugin_load(const char *name, const struct mishmem_bootstrap_plugin **out);

/* Opens config through config->plugin. */
int mishmem_bootstrap_plugin_open(const struct mishmem_bootstrap_config *config,
                                  struct mishmem_bootstrap **out);

#endif
