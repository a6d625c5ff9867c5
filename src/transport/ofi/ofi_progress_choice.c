/* Choosing the libfabric domain's progress (ofi_progress_choice.h). */
#include "transport/ofi/ofi_progress_choice.h"

#include <stdio.h>
#include <string.h>

#include "util/cpus.h"
#include "util/log.h"
#include "util/params.h"

int mishmem_ofi_progress_choose(int pes_on_kernel, struct mishmem_ofi_progress_choice *out)
{
    const char *wanted = mishmem_params()->MISHMEM_OFI_PROGRESS;
    if (strcmp(wanted, "manual") == 0 || strcmp(wanted, "auto") == 0) {
        out->manual = wanted[0] == 'm';
        snprintf(out->why, sizeof out->why, "set by MISHMEM_OFI_PROGRESS");
        return ACLSHMEM_SUCCESS;
    }
    if (strcmp(wanted, "choose") != 0) {
        MISHMEM_ERROR("MISHMEM_OFI_PROGRESS=%s: expected choose, manual or auto", wanted);
        return ACLSHMEM_INVALID_VALUE;
    }
    /* Counted by kernel, not by host id: "hosts" made of namespaces or of
     * MISHMEM_HOST_ID on one machine still share its CPUs. Each PE on
     * manual progress keeps a driver thread besides its own, and with
     * more PEs than CPUs they take turns: the cross-host collective tests
     * ran 1.6-3x as long as with the provider's thread. */
    int pes = pes_on_kernel > 0 ? pes_on_kernel : 1;
    int cpus = mishmem_usable_cpus();
    out->manual = pes <= cpus;
    snprintf(out->why, sizeof out->why, "%d PE%s of the instance on this kernel, %s the %d CPU%s this process may use",
             pes, pes == 1 ? "" : "s", out->manual ? "no more than" : "more than", cpus, cpus == 1 ? "" : "s");
    return ACLSHMEM_SUCCESS;
}
