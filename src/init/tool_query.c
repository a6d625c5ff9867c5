/* mishmem-info's window into the library (tool_query.h). */
#include "init/tool_query.h"

#include "bootstrap/plugin.h"
#include "mishmem/aclshmem.h"
#ifdef MISHMEM_HAVE_OFI /* the transport is left out of builds without libfabric's headers */
#include "transport/ofi/ofi_probe.h"
#endif

int mishmem_tool_param_count(void) { return MISHMEM_PARAM_COUNT; }

const struct mishmem_param_row *mishmem_tool_param(int i)
{
    return i >= 0 && i < MISHMEM_PARAM_COUNT ? mishmem_param_row((enum mishmem_param_id)i) : NULL;
}

const char *mishmem_tool_param_value(int i, const char **source)
{
    const struct mishmem_params *p = mishmem_params();
    *source = mishmem_param_source_name((enum mishmem_param_source)p->source[i]);
    return p->text[i];
}

int mishmem_tool_ofi_built(void)
{
#ifdef MISHMEM_HAVE_OFI
    return 1;
#else
    return 0;
#endif
}

int mishmem_tool_ofi_providers(void (*each)(const char *provider, void *arg), void *arg)
{
#ifdef MISHMEM_HAVE_OFI
    return mishmem_ofi_probe(each, arg);
#else
    (void)each;
    (void)arg;
    return -2;
#endif
}

int mishmem_tool_ofi_order(int every_kernel_fits, void (*each)(const char *provider, const char *why, void *arg),
                           void *arg)
{
#ifdef MISHMEM_HAVE_OFI
    return mishmem_ofi_probe_order(every_kernel_fits, each, arg);
#else
    (void)every_kernel_fits;
    (void)each;
    (void)arg;
    return -2;
#endif
}

int mishmem_tool_plugin_loads(const char *name)
{
    const struct mishmem_bootstrap_plugin *plugin;
    return mishmem_plugin_load(name, &plugin) == ACLSHMEM_SUCCESS;
}
