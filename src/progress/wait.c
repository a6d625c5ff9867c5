/* The wait engine's slow paths: finding a failed or departed peer,
 * failing the instance, and the counted sleep, which transports hear of
 * where peers are on other hosts (wait.h). */
#include "progress/wait.h"

#include "progress/failure.h"
#include "progress/liveness.h"
#include "progress/ring.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util/log.h"

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

/* Peers on other hosts asked per liveness check when any of them may
 * write the word: a round over all of them takes n / this checks. */
#define PROBES_PER_CHECK 4

/* What pe's control area, read through its transport, says about it; 0
 * when it is alive and taking part. A peer that cannot be reached has
 * exited (or its host has): a peer that finalized leaves only once every
 * PE is in finalize, whose waits name the writer they probe. */
static int probe_remote(struct mishmem_waiter *w, int pe, int awaited)
{
    struct mishmem_peer_flags flags;
    if (mishmem_transport_peer_flags(w->inst, pe, &flags) != ACLSHMEM_SUCCESS)
        return failed_by(w, pe, MISHMEM_PEER_EXITED);
    if (flags.failed) {
        w->culprit_failed = flags.failed;
        return failed_by(w, pe, MISHMEM_PEER_REPORTED);
    }
    if (awaited && flags.finalizing && !flags.departed)
        return failed_by(w, pe, MISHMEM_PEER_LEFT);
    return 0;
}

/* The peers whose control area is not mapped here (on other hosts). */
static int find_remote_failure(struct mishmem_waiter *w)
{
    struct mishmem_instance *inst = w->inst;
    int known = w->awaited >= 0 ? w->awaited : w->writer;
    if (known >= 0)
        return known != inst->my_pe && !mishmem_header_mapped_here(inst, known) &&
               probe_remote(w, known, w->awaited >= 0);
    for (int asked = 0, seen = 0; asked < PROBES_PER_CHECK && seen < inst->n_pes; seen++) {
        int pe = w->next_probe;
        w->next_probe = (w->next_probe + 1) % inst->n_pes;
        if (pe == inst->my_pe || mishmem_header_mapped_here(inst, pe))
            continue; /* watched above */
        asked++;
        if (probe_remote(w, pe, 0))
            return 1;
    }
    return 0;
}

int mishmem_find_failure(struct mishmem_waiter *w)
{
    struct mishmem_instance *inst = w->inst;
    /* The PE this wait needs has entered finalize: it writes nothing more. */
    if (w->awaited >= 0 && w->awaited != inst->my_pe) {
        const struct mishmem_segment_header *control = mishmem_header_mapped_here(inst, w->awaited);
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
            const struct mishmem_segment_header *control = mishmem_header_mapped_here(inst, pe);
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
                if (flag_set(&mishmem_header_mapped_here(inst, owners[i])->departed))
                    continue;
                return failed_by(w, owners[i], MISHMEM_PEER_EXITED);
            }
    }
    return inst->n_unmapped > 0 && find_remote_failure(w);
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
        const struct mishmem_segment_header *control = mishmem_header_mapped_here(inst, w->culprit);
        uint64_t word = control ? atomic_load_explicit(&control->failed.value, memory_order_acquire)
                                : w->culprit_failed;
        origin = (int)(uint32_t)word - 1;
        origin_why = (enum mishmem_wait_failure)(word >> 32);
        if (origin >= 0 && origin < inst->n_pes && origin_why <= MISHMEM_PEER_REPORTED)
            snprintf(cause, sizeof cause, " (PE %d %s)", origin, what[origin_why]);
        else
            origin = w->culprit, origin_why = w->why;
    }
    char who[MISHMEM_DESCRIBE_PEER_SIZE], message[640];
    mishmem_describe_peer(inst, w->culprit, who, sizeof who);
    snprintf(message, sizeof message, "PE %d (%s) of instance %llu %s%s while PE %d waited in %s%s", w->culprit,
             who, (unsigned long long)inst->id, what[w->why], cause, inst->my_pe, w->operation,
             w->why == MISHMEM_PEER_LEFT ? " (finalize is collective: it completes only with every PE's finalize)"
                                         : w->why == MISHMEM_PEER_EXITED && inst->peers[w->culprit].pid <= 0
                                             ? " (the fabric has not reached it for MISHMEM_PEER_TIMEOUT_MS)"
                                             : "");
    mishmem_fail_instance(inst, origin, origin_why, message);
}

void mishmem_waiter_sleep(struct mishmem_waiter *w, uint32_t ticket)
{
    uint64_t before = mishmem_now_ns();
    int remote = w->inst->n_unmapped > 0;
    if (remote)
        mishmem_transports_sleeping(w->inst, 1);
    mishmem_doorbell_sleep(w->inst, ticket, w->sleep_ns);
    if (remote)
        mishmem_transports_sleeping(w->inst, 0);
    atomic_fetch_add_explicit(&w->inst->stats.sleeps, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&w->inst->stats.asleep_ns, mishmem_now_ns() - before, memory_order_relaxed);
    if (w->sleep_ns < w->inst->sleep_max_ns)
        w->sleep_ns = w->sleep_ns * 2 < w->inst->sleep_max_ns ? w->sleep_ns * 2 : w->inst->sleep_max_ns;
}
