/* OpenSHMEM face: point-to-point synchronization (p2p_forms.h): the wait on
 * one ivar (wait_until), the waits and tests over arrays of ivars, the
 * deprecated shmem_<T>_wait and 1.3's untyped waits on a long, and the
 * signal reads and waits of put-with-signal. Misuse aborts with a message
 * naming the call. */
#include "api/p2p_forms.h"
#include "mishmem/openshmem_p2p.h"
#include "util/type_lists.h"

#define DEFINE_P2P(T, N)                                                                               \
    P2P_WAIT_UNTIL(SHMEM, shmem_, T, N)                                                                \
    P2P_SET_FAMILY(SHMEM, shmem_, T, N)                                                                \
    /* Deprecated: waits until *ivar differs from cmp_value. */                                        \
    void shmem_##N##_wait(T *ivar, T cmp_value)                                                        \
    {                                                                                                  \
        const char *call = "shmem_" #N "_wait";                                                        \
        mishmem_p2p_##N##_wait_all(mishmem_shmem_instance(call), call, ivar, 1, NULL, SHMEM_CMP_NE,    \
                                   &cmp_value, 0, MISHMEM_ABORT);                                      \
    }
MISHMEM_P2P_SYNC_TYPES(DEFINE_P2P)

/* Parenthesized: both names are also C11 generic macros. */
void(shmem_wait)(long *ivar, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait"), "shmem_wait", ivar, 1, NULL, SHMEM_CMP_NE,
                              &cmp_value, 0, MISHMEM_ABORT);
}

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait_until"), "shmem_wait_until", ivar, 1, NULL,
                              cmp, &cmp_value, 0, MISHMEM_ABORT);
}

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
