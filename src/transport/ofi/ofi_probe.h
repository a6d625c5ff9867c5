/* What mishmem-info reports of libfabric, found through the same loader
 * an instance uses (ofi_lib.c): no libfabric header needed by callers. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_PROBE_H
#define MISHMEM_TRANSPORT_OFI_OFI_PROBE_H

/* Calls each once per distinct provider libfabric offers here; returns
 * how many, or -1 when libfabric cannot be loaded (logged why). */
int mishmem_ofi_probe(void (*each)(const char *provider, void *arg), void *arg);

/* Calls each once per provider an instance across hosts would try, in
 * that order, with why it is on the list (ofi_provider.h; the order
 * depends on every_kernel_fits); returns how many, or -1 when libfabric
 * cannot be loaded. */
int mishmem_ofi_probe_order(int every_kernel_fits, void (*each)(const char *provider, const char *why, void *arg),
                            void *arg);

#endif
