/* Named like the MPI plugin, with its entry function, but from a future
 * plugin ABI. */
#include "bootstrap/plugin.h"

static const struct mishmem_bootstrap_plugin future = {.abi = MISHMEM_BOOTSTRAP_PLUGIN_ABI + 1, .name = "mpi"};

__attribute__((visibility("default"))) const struct mishmem_bootstrap_plugin *
mishmem_bootstrap_plugin_entry(uint32_t abi, const struct mishmem_plugin_host *host)
{
    (void)abi;
    (void)host;
    return &future;
}
