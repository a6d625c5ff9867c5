/* The doorbell's slow paths: membarrier set-up, wake, arm and sleep. */
#include "mapped/doorbell.h"

#include <limits.h>
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Fence until setup has found membarrier: safe before it runs. */
int mishmem_doorbell_writers_fence = 1;
static int sleepers_use_membarrier;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static long membarrier(int cmd) { return syscall(SYS_membarrier, cmd, 0, 0); }

static void setup_membarrier(void)
{
    long commands = membarrier(MEMBARRIER_CMD_QUERY);
    long needed = MEMBARRIER_CMD_GLOBAL_EXPEDITED | MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED;
    if (commands < 0 || (commands & needed) != needed)
        return;
    /* Registered, this process takes part in every PE's global barrier. */
    if (membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) != 0)
        return;
    sleepers_use_membarrier = 1;
    mishmem_doorbell_writers_fence = 0;
}

void mishmem_doorbell_setup(void) { pthread_once(&setup_once, setup_membarrier); }

void mishmem_doorbell_wake(struct mishmem_doorbell *bell, enum mishmem_wait_kind kind)
{
    /* One of several concurrent writers wakes; the others see it disarmed. */
    if (!atomic_exchange_explicit(&bell->armed[kind], 0, memory_order_acq_rel))
        return;
    atomic_fetch_add_explicit(&bell->rings, 1, memory_order_release);
    /* Not FUTEX_PRIVATE: the word is in memory shared between processes. */
    syscall(SYS_futex, (void *)&bell->rings, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

uint32_t mishmem_bell_arm(struct mishmem_segment_header *mine, enum mishmem_wait_kind kind,
                          struct mishmem_doorbell_arming *arming)
{
    struct mishmem_doorbell *bell = &mine->doorbell;
    /* Read first: a wake after this makes the futex wait return at once. */
    uint32_t ticket = atomic_load_explicit(&bell->rings, memory_order_acquire);
    /* Every wake wakes all sleepers, so several threads may share the flag:
     * whoever is asleep when a writer disarms it is woken and re-arms. */
    uint32_t was_armed = atomic_exchange_explicit(&bell->armed[kind], 1, memory_order_seq_cst);
    /* Still armed, and no wake since this wait's last barrier (a wake
     * disarms, then bumps the ticket): the flag stayed set since then, so
     * every writer that reads it after that barrier rings, and those that
     * read it before had their data seen by the check after it. A sleep
     * that timed out (the 1 ms bound) then re-arms without a barrier:
     * each barrier interrupts every CPU. A wake in progress bumps the
     * ticket and ends the next sleep at once. */
    int still_fenced = arming->fenced && was_armed && ticket == arming->ticket;
    if (sleepers_use_membarrier && !still_fenced)
        membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED);
    arming->fenced = 1;
    arming->ticket = ticket;
    return ticket;
}

void mishmem_bell_sleep(struct mishmem_segment_header *mine, uint32_t ticket, uint64_t max_ns)
{
    struct timespec timeout = {.tv_sec = (time_t)(max_ns / 1000000000u),
                               .tv_nsec = (long)(max_ns % 1000000000u)};
    /* Asleep PEs do not count as load in progress/placement.c. */
    _Atomic uint32_t *asleep = &mine->placement.asleep;
    atomic_fetch_add_explicit(asleep, 1, memory_order_relaxed);
    syscall(SYS_futex, (void *)&mine->doorbell.rings, FUTEX_WAIT, ticket, &timeout, NULL, 0);
    atomic_fetch_sub_explicit(asleep, 1, memory_order_relaxed);
}
