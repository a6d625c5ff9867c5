/* OpenSHMEM face: reading and waiting for a signal. */
#include "api/face.h"
#include "core/p2p_check.h"
#include "core/signal/signal.h"

uint64_t shmem_signal_fetch(const uint64_t *sig_addr)
{
    if (!sig_addr)
        mishmem_fatal("shmem_signal_fetch: sig_addr is NULL");
    if (__builtin_expect(mishmem_rma_debug_on(), 0)) /* reads once: cannot hang */
        mishmem_p2p_debug_symmetric("shmem_signal_fetch", sig_addr, sizeof *sig_addr, MISHMEM_ABORT);
    return __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE);
}

uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_signal_wait_until");
    if (!sig_addr || !mishmem_cmp_valid(cmp))
        mishmem_fatal("shmem_signal_wait_until(%p, %d): %s", (void *)sig_addr, cmp,
                      !sig_addr ? "sig_addr is NULL" : "unknown comparison");
    mishmem_p2p_check_symmetric(inst, "shmem_signal_wait_until", sig_addr, sizeof *sig_addr, MISHMEM_ABORT);
    MISHMEM_WAIT_VAR(inst, "shmem_signal_wait_until", sig_addr, cmp, cmp_value);
    return __atomic_load_n(sig_addr, __ATOMIC_ACQUIRE);
}
