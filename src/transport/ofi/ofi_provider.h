/* Which libfabric providers an instance that spans hosts tries, best
 * first, and why each is on the list (ofi_provider.c). */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_PROVIDER_H
#define MISHMEM_TRANSPORT_OFI_OFI_PROVIDER_H

#include "transport/ofi/ofi_lib.h"

#define MISHMEM_OFI_CANDIDATES_MAX 16
#define MISHMEM_OFI_PROVIDER_NAME_MAX 64

struct mishmem_ofi_candidates {
    int n;
    char name[MISHMEM_OFI_CANDIDATES_MAX][MISHMEM_OFI_PROVIDER_NAME_MAX];
    const char *why[MISHMEM_OFI_CANDIDATES_MAX];
};

/* MISHMEM_OFI_PROVIDER when set (the only candidate); else the providers
 * libfabric offers here for RDM endpoints with RMA: a NIC's own ones
 * first, in libfabric's order, then those over the kernel's sockets in
 * the order of their measured speed, which differs where every kernel's
 * PEs fit its CPUs (transport.h's every_kernel_fits). Providers that reach
 * only this host are left out. Returns the number of candidates (0: none). */
int mishmem_ofi_provider_candidates(const struct mishmem_ofi_lib *fi, int every_kernel_fits,
                                    struct mishmem_ofi_candidates *out);

/* Whether a provider runs over the kernel's sockets (tcp, net, sockets,
 * udp, and rxm or rxd over them), not over a NIC of its own. */
int mishmem_ofi_over_sockets(const char *name);

#endif
