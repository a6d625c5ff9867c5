/* The library's answers for mishmem-info (tools/mishmem_info.c): its
 * parameter table, and which optional parts it was built with or can
 * load here. Exported for that tool only; not part of the API. */
#ifndef MISHMEM_INIT_TOOL_QUERY_H
#define MISHMEM_INIT_TOOL_QUERY_H

#include "util/params.h"

int mishmem_tool_param_count(void);
const struct mishmem_param_row *mishmem_tool_param(int i);
/* The value in this process's environment (NULL: none) and its source. */
const char *mishmem_tool_param_value(int i, const char **source);

/* 1 when the libfabric transport was built in. */
int mishmem_tool_ofi_built(void);
/* libfabric's providers through the library's own loader; the count, -1
 * when libfabric cannot be loaded, -2 when the transport was not built. */
int mishmem_tool_ofi_providers(void (*each)(const char *provider, void *arg), void *arg);
/* The providers an instance across hosts tries, in order, and why, for
 * an instance with a CPU per PE on every host or not (every_kernel_fits)
 * (-2: not built, -1: libfabric cannot be loaded). */
int mishmem_tool_ofi_order(int every_kernel_fits, void (*each)(const char *provider, const char *why, void *arg),
                           void *arg);
/* 1 when the bootstrap plugin name ("mpi", "pmix") loads here. */
int mishmem_tool_plugin_loads(const char *name);

#endif
