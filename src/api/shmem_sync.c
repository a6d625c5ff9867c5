/* OpenSHMEM face: ordering (quiet, fence, and the 1.6 shmem_pe_quiet /
 * shmem_ctx_pe_quiet), barriers, distributed locks, the pre-1.3 cache
 * calls (no-ops: caches are coherent on every CPU this library runs on),
 * and the inline waits on one word: shmem_<T>_wait_until (p2p_forms.h)
 * and the signal read and wait of put-with-signal. The waits are kept
 * apart from the waits over arrays of ivars (shmem_p2p.c): in one
 * translation unit with those, GCC stops inlining the wait engine
 * (progress/wait.h) into them. */
#include "api/face.h"
#include "api/p2p_forms.h"
#include "core/context.h"
#include "core/lock.h"
#include "core/sync.h"
#include "mishmem/openshmem_ctx.h"
#include "mishmem/openshmem_lock.h"
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

/* shmem_pe_quiet / shmem_ctx_pe_quiet (1.6), quiet for the operations to
 * the given PEs. Mapped peers need nothing (their stores are complete when
 * the call returns), and a quiet of the instance is the cheapest way to
 * complete the fabric ones (one counter for all targets), so the PEs are
 * checked and the whole instance is quieted. */
static void check_pes(struct mishmem_instance *inst, shmem_ctx_t ctx, const int *target_pes, size_t npes,
                      const char *call)
{
    if (npes && !target_pes)
        mishmem_fatal("%s: target_pes is NULL with npes %zu", call, npes);
    for (size_t i = 0; i < npes; i++) {
        int pe = target_pes[i];
        if (ctx != SHMEM_CTX_DEFAULT)
            (void)mishmem_ctx_target(ctx, &pe, call); /* a team context numbers PEs in its team */
        if ((unsigned)pe >= (unsigned)inst->n_pes)
            mishmem_fatal("%s: PE %d is out of range (%d PEs)", call, target_pes[i], inst->n_pes);
    }
}

void shmem_pe_quiet(const int *target_pes, size_t npes)
{
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_pe_quiet");
    check_pes(inst, SHMEM_CTX_DEFAULT, target_pes, npes, "shmem_pe_quiet");
    mishmem_quiet(inst);
}

void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    struct mishmem_instance *inst = mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_pe_quiet");
    check_pes(inst, ctx, target_pes, npes, "shmem_ctx_pe_quiet");
    mishmem_quiet(inst);
}

/* Distributed locks on the current instance. */
void shmem_set_lock(long *lock)
{
    mishmem_lock_set(mishmem_shmem_instance("shmem_set_lock"), "shmem_set_lock", lock);
}

int shmem_test_lock(long *lock)
{
    return mishmem_lock_test(mishmem_shmem_instance("shmem_test_lock"), "shmem_test_lock", lock);
}

void shmem_clear_lock(long *lock)
{
    mishmem_lock_clear(mishmem_shmem_instance("shmem_clear_lock"), "shmem_clear_lock", lock);
}

/* The pre-1.3 cache calls. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }

/* The waits on one word. */
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
