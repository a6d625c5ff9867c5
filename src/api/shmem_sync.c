/* OpenSHMEM face: ordering, barriers and the inline waits on one word:
 * shmem_<T>_wait_until (p2p_forms.h) and the signal read and wait of
 * put-with-signal. They are kept apart from the waits over arrays of
 * ivars (shmem_p2p.c): in one translation unit with those, GCC stops
 * inlining the wait engine (progress/wait.h) into them. */
#include "api/p2p_forms.h"
#include "core/sync.h"
#include "util/type_lists.h"

void shmem_quiet(void) { mishmem_quiet_current(); }

void shmem_fence(void) { mishmem_fence_current(); }

void shmem_barrier_all(void)
{
    mishmem_barrier_world(mishmem_shmem_instance("shmem_barrier_all"), "shmem_barrier_all");
}

void shmem_sync_all(void)
{
    mishmem_barrier_world(mishmem_shmem_instance("shmem_sync_all"), "shmem_sync_all");
}

#define DEFINE_WAIT_UNTIL(T, N) P2P_WAIT_UNTIL(SHMEM, shmem_, T, N)
MISHMEM_P2P_SYNC_TYPES(DEFINE_WAIT_UNTIL)

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
