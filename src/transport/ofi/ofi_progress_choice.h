/* Which progress the process's libfabric domain asks for
 * (MISHMEM_OFI_PROGRESS). manual: waits drive the fabric and our driver
 * thread (ofi_driver.h) serves targets; it halves cross-host latency, but
 * each PE then keeps its own threads busy, which costs more than it gains
 * once a machine's PEs outnumber its CPUs. auto: the provider's own
 * thread moves data. choose (the default): manual when the PEs of the
 * instance on this kernel are no more than the CPUs this process may
 * use, else auto. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_PROGRESS_CHOICE_H
#define MISHMEM_TRANSPORT_OFI_OFI_PROGRESS_CHOICE_H

#include <stddef.h>

struct mishmem_ofi_progress_choice {
    int manual;
    char why[128]; /* for SHMEM_DEBUG: what decided it */
};

/* pes_on_kernel: the instance's PEs on this PE's kernel, itself included
 * (0: unknown, counted as one). Returns ACLSHMEM_INVALID_VALUE, said as an
 * error, for a setting that is none of choose, manual and auto. */
int mishmem_ofi_progress_choose(int pes_on_kernel, struct mishmem_ofi_progress_choice *out);

#endif
