/* Choosing the libfabric provider (ofi_provider.h): forced by the user, a
 * NIC's own provider in libfabric's order, or the fastest one over the
 * kernel's sockets by measurement. */
#include "transport/ofi/ofi_provider.h"

#include <stdio.h>
#include <string.h>

#include "util/params.h"

/* Providers over the kernel's sockets, fastest first (bench/compare
 * --cross-host, MISHMEM_OFI_PROVIDER set to each; the tables are in
 * docs/design/transports.md). Where every host's PEs have a CPU each,
 * net: one PE per namespace host, 8 B put 10.8 against 12.2 us, get 21
 * against 28, fetch_add 23 against 31, barrier 17.5 against 23. Where
 * PEs outnumber a host's CPUs, tcp;ofi_rxm: net's collectives were 2-5x
 * slower there (2 x 4 and 4 x 2 PEs on 2 CPUs), its PEs answering only
 * when they run, where rxm's own thread answers. A NIC's provider (verbs,
 * efa, cxi, psm3, ...) goes before all of them. */
static const char *const socket_ranking_fitting[] = {"net", "tcp;ofi_rxm", "sockets", "net;ofi_rxm", "udp;ofi_rxd"};
static const char *const socket_ranking_crowded[] = {"tcp;ofi_rxm", "net", "sockets", "net;ofi_rxm", "udp;ofi_rxd"};
#define SOCKET_RANKING_SIZE (sizeof socket_ranking_fitting / sizeof *socket_ranking_fitting)

/* The first provider of a layered name ("tcp;ofi_rxm": tcp) moves the bytes. */
static int core_is(const char *name, const char *core)
{
    size_t n = strlen(core);
    return strncmp(name, core, n) == 0 && (name[n] == '\0' || name[n] == ';');
}

int mishmem_ofi_over_sockets(const char *name)
{
    return core_is(name, "tcp") || core_is(name, "net") || core_is(name, "sockets") || core_is(name, "udp");
}

/* shm and sm2 join processes of one host only; hooks wrap another provider. */
static int reaches_other_hosts(const char *name)
{
    return !core_is(name, "shm") && !core_is(name, "sm2") && strncmp(name, "ofi_hook", 8) != 0;
}

static int listed(const struct mishmem_ofi_candidates *out, const char *name)
{
    for (int i = 0; i < out->n; i++)
        if (strcmp(out->name[i], name) == 0)
            return 1;
    return 0;
}

static void add(struct mishmem_ofi_candidates *out, const char *name, const char *why)
{
    if (out->n == MISHMEM_OFI_CANDIDATES_MAX || listed(out, name) ||
        strlen(name) >= MISHMEM_OFI_PROVIDER_NAME_MAX)
        return;
    snprintf(out->name[out->n], MISHMEM_OFI_PROVIDER_NAME_MAX, "%s", name);
    out->why[out->n++] = why;
}

int mishmem_ofi_provider_candidates(const struct mishmem_ofi_lib *fi, int every_kernel_fits,
                                    struct mishmem_ofi_candidates *out)
{
    out->n = 0;
    const char *forced = mishmem_params()->MISHMEM_OFI_PROVIDER;
    if (forced) {
        add(out, forced, "set by MISHMEM_OFI_PROVIDER");
        return out->n;
    }
    struct fi_info *hints = fi->dupinfo(NULL);
    if (!hints)
        return 0;
    hints->caps = FI_RMA;
    hints->ep_attr->type = FI_EP_RDM;
    struct fi_info *list = NULL;
    if (fi->getinfo(MISHMEM_OFI_API, NULL, NULL, 0, hints, &list) != 0)
        list = NULL;
    fi->freeinfo(hints);
    for (struct fi_info *i = list; i; i = i->next) {
        const char *name = i->fabric_attr->prov_name;
        if (name && reaches_other_hosts(name) && !mishmem_ofi_over_sockets(name))
            add(out, name, "a NIC's own provider, first in libfabric's order");
    }
    const char *const *ranking = every_kernel_fits ? socket_ranking_fitting : socket_ranking_crowded;
    const char *why = every_kernel_fits ? "no NIC provider here; the fastest over the kernel's sockets measured "
                                          "with a CPU per PE on every host (docs/design/transports.md)"
                                        : "no NIC provider here; the fastest over the kernel's sockets measured "
                                          "with more PEs than CPUs on a host (docs/design/transports.md)";
    for (size_t r = 0; r < SOCKET_RANKING_SIZE; r++)
        for (struct fi_info *i = list; i; i = i->next)
            if (i->fabric_attr->prov_name && strcmp(i->fabric_attr->prov_name, ranking[r]) == 0)
                add(out, ranking[r], why);
    for (struct fi_info *i = list; i; i = i->next) {
        const char *name = i->fabric_attr->prov_name;
        if (name && reaches_other_hosts(name))
            add(out, name, "the others failed; next in libfabric's order");
    }
    if (list)
        fi->freeinfo(list);
    return out->n;
}
