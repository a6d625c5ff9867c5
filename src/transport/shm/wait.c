#include "transport/shm/wait.h"

#include "transport/shm/shm_state.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util/log.h"

uint64_t mishmem_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

static int flag_set(const struct mishmem_flag *flag)
{
    return atomic_load_explicit(&flag->value, memory_order_acquire) != 0;
}

static int failed_by(struct mishmem_waiter *w, int pe, enum mishmem_wait_failure why)
{
    w->culprit = pe;
    w->why = why;
    return 1;
}

int mishmem_find_failure(struct mishmem_waiter *w)
{
    struct mishmem_instance *inst = w->inst;
    /* The PE this wait needs has entered finalize: it writes nothing more. */
    if (w->awaited >= 0 && w->awaited != inst->my_pe) {
        const struct mishmem_control *control = mishmem_shm_control_of(inst, w->awaited);
        if (control && flag_set(&control->finalizing))
            return failed_by(w, w->awaited, MISHMEM_PEER_LEFT);
    }
    if (w->left) {
        int pe = w->left(w->left_context);
        if (pe >= 0)
            return failed_by(w, pe, MISHMEM_PEER_LEFT);
    }
    /* A pidfd polls readable once its process has exited. */
    struct pollfd probes[64];
    int owners[64];
    for (int first = 0; first < inst->n_pes; first += 64) {
        int count = 0;
        for (int pe = first; pe < inst->n_pes && pe < first + 64; pe++) {
            const struct mishmem_control *control = mishmem_shm_control_of(inst, pe);
            if (pe == inst->my_pe || !control)
                continue;
            if (flag_set(&control->failed))
                return failed_by(w, pe, MISHMEM_PEER_REPORTED);
            if (inst->peers[pe].pidfd < 0 || flag_set(&control->departed))
                continue; /* finalized, then left: not a failure */
            probes[count].fd = inst->peers[pe].pidfd;
            probes[count].events = POLLIN;
            probes[count].revents = 0;
            owners[count++] = pe;
        }
        if (count == 0 || poll(probes, (nfds_t)count, 0) <= 0)
            continue;
        for (int i = 0; i < count; i++)
            if (probes[i].revents & (POLLIN | POLLHUP | POLLERR)) {
                /* Finalized between the two looks: a departure after all. */
                if (flag_set(&mishmem_shm_control_of(inst, owners[i])->departed))
                    continue;
                return failed_by(w, owners[i], MISHMEM_PEER_EXITED);
            }
    }
    return 0;
}

/* A control area's `failed` word: which PE failed the instance, and how
 * (so that every PE's message names the PE that started it). */
static uint64_t failure_word(int pe, enum mishmem_wait_failure why)
{
    return (uint64_t)why << 32 | (uint32_t)(pe + 1);
}

int mishmem_instance_mark_failed(struct mishmem_instance *inst, int pe, enum mishmem_wait_failure why)
{
    int expected = 0;
    if (!atomic_compare_exchange_strong(&inst->failed, &expected, 1))
        return 0;
    /* Peers waiting on this instance learn it from our control area. */
    struct mishmem_control *mine = mishmem_shm_control_of(inst, inst->my_pe);
    if (mine)
        atomic_store_explicit(&mine->failed.value, failure_word(pe, why), memory_order_release);
    return 1;
}

void mishmem_wait_fail(struct mishmem_waiter *w, int step)
{
    if (step != MISHMEM_WAIT_PEER_FAILED)
        return;
    struct mishmem_instance *inst = w->inst;
    static const char *const what[] = {
        [MISHMEM_PEER_EXITED] = "exited",
        [MISHMEM_PEER_LEFT] = "finalized",
        [MISHMEM_PEER_REPORTED] = "found the instance failed",
    };
    /* A peer that found the instance failed says which PE started it. */
    int origin = w->culprit;
    enum mishmem_wait_failure origin_why = w->why;
    char cause[96] = "";
    if (w->why == MISHMEM_PEER_REPORTED) {
        uint64_t word = atomic_load_explicit(&mishmem_shm_control_of(inst, w->culprit)->failed.value,
                                             memory_order_acquire);
        origin = (int)(uint32_t)word - 1;
        origin_why = (enum mishmem_wait_failure)(word >> 32);
        if (origin >= 0 && origin < inst->n_pes && origin_why <= MISHMEM_PEER_REPORTED)
            snprintf(cause, sizeof cause, " (PE %d %s)", origin, what[origin_why]);
        else
            origin = w->culprit, origin_why = w->why;
    }
    char message[320];
    snprintf(message, sizeof message, "PE %d (pid %d) of instance %llu %s%s while PE %d waited in %s%s", w->culprit,
             (int)inst->peers[w->culprit].pid, (unsigned long long)inst->id, what[w->why], cause, inst->my_pe,
             w->operation,
             w->why == MISHMEM_PEER_LEFT ? " (finalize is collective: it completes only with every PE's finalize)"
                                         : "");
    if (inst->abort_on_failure)
        mishmem_fatal("%s; aborting", message);
    if (mishmem_instance_mark_failed(inst, origin, origin_why))
        MISHMEM_ERROR("%s; instance %llu has failed: its calls now fail (ACLSHMEMX_PEER_FAILED on the aclshmem "
                      "face), aclshmemx_finalize(%llu) releases it; the process's other instances go on",
                      message, (unsigned long long)inst->id, (unsigned long long)inst->id);
}
