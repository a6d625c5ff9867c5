/* Listing libfabric's providers for mishmem-info (ofi_probe.h). */
#include "transport/ofi/ofi_probe.h"

#include <string.h>

#include "transport/ofi/ofi_lib.h"
#include "transport/ofi/ofi_provider.h"

#define MAX_PROVIDERS 64

int mishmem_ofi_probe(void (*each)(const char *provider, void *arg), void *arg)
{
    const struct mishmem_ofi_lib *lib = mishmem_ofi_lib_load();
    if (!lib)
        return -1;
    struct fi_info *info = NULL;
    if (lib->getinfo(MISHMEM_OFI_API, NULL, NULL, 0, NULL, &info) != 0)
        return 0; /* loaded, but no provider works here */
    const char *seen[MAX_PROVIDERS];
    int n = 0;
    for (struct fi_info *p = info; p && n < MAX_PROVIDERS; p = p->next) {
        const char *name = p->fabric_attr && p->fabric_attr->prov_name ? p->fabric_attr->prov_name : "?";
        int known = 0;
        for (int i = 0; i < n && !known; i++)
            known = strcmp(seen[i], name) == 0;
        if (!known) {
            seen[n++] = name;
            each(name, arg);
        }
    }
    lib->freeinfo(info);
    return n;
}

int mishmem_ofi_probe_order(int every_kernel_fits, void (*each)(const char *provider, const char *why, void *arg),
                            void *arg)
{
    const struct mishmem_ofi_lib *lib = mishmem_ofi_lib_load();
    if (!lib)
        return -1;
    struct mishmem_ofi_candidates candidates;
    int n = mishmem_ofi_provider_candidates(lib, every_kernel_fits, &candidates);
    for (int i = 0; i < n; i++)
        each(candidates.name[i], candidates.why[i], arg);
    return n;
}
