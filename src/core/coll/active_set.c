/* Active sets (the deprecated PE_start/logPE_stride/PE_size API). A PE is
 * in many sets and sets come and go without any setup call, so their sync
 * state cannot live in agreed slots. Instead, each PE counts the signals
 * it sent to and consumed from every other PE: the members of a set run
 * its collectives in the same order, so the counts of a pair agree call by
 * call, whatever other sets the two PEs share, and the user's pSync is
 * never needed (back-to-back calls with one pSync are fine). */
#include <stdatomic.h>
#include <stdio.h>

#include "core/coll/group.h"
#include "core/coll/phase.h"
#include "core/coll/pointer.h"
#include "core/coll/tuning.h"
#include "core/quiet.h"
#include "core/team/table.h"
#include "progress/wait.h"
#include "util/params.h"
#include "util/log.h"

static void signal_pe(struct mishmem_instance *inst, int to)
{
    uint64_t sent = ++inst->teams->active_set_sent[to];
    atomic_store_explicit(&mishmem_control_of(inst, to)->active_set_signal[inst->my_pe], sent,
                          memory_order_release);
    mishmem_doorbell_ring(inst, to);
}

static void await_pe(const struct mishmem_coll_group *g, int from)
{
    struct mishmem_instance *inst = g->inst;
    _Atomic uint64_t *inbox = &mishmem_control_of(inst, inst->my_pe)->active_set_signal[from];
    uint64_t expected = ++inst->teams->active_set_received[from];
    MISHMEM_WAIT_FOR_UNTIL(inst, g->call, from, atomic_load_explicit(inbox, memory_order_acquire) >= expected);
}

void mishmem_active_set_barrier(const struct mishmem_coll_group *g)
{
    mishmem_group_barrier(g);
}

/* The pointer family's: counted signals through the mappings. */
void mishmem_pointer_set_barrier(const struct mishmem_coll_group *g)
{
    mishmem_quiet(g->inst);
    int n = g->size;
    if (!mishmem_coll_log_depth(n)) {
        /* Small sets: one round, every member signals every other. */
        for (int step = 1; step < n; step++)
            signal_pe(g->inst, mishmem_group_pe(g, (g->me + step) % n));
        for (int step = 1; step < n; step++)
            await_pe(g, mishmem_group_pe(g, (g->me + step) % n));
        return;
    }
    /* Dissemination: distances 1, 2, 4, ... < n are distinct mod n, so a
     * pair is used at most once per barrier. */
    for (int distance = 1; distance < n; distance <<= 1) {
        signal_pe(g->inst, mishmem_group_pe(g, (g->me + distance) % n));
        await_pe(g, mishmem_group_pe(g, (g->me - distance + n) % n));
    }
}

static int refuse(enum mishmem_on_error on_error, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_active_set_group(struct mishmem_instance *inst, int PE_start, int logPE_stride, int PE_size,
                             const char *call, enum mishmem_on_error on_error,
                             struct mishmem_coll_group *out)
{
    char message[320];
    int64_t last = -1;
    if (PE_start >= 0 && logPE_stride >= 0 && logPE_stride < 31 && PE_size >= 1)
        last = (int64_t)PE_start + (int64_t)(PE_size - 1) * ((int64_t)1 << logPE_stride);
    if (last < 0 || last >= inst->n_pes) {
        snprintf(message, sizeof message,
                 "%s: active set (PE_start %d, logPE_stride %d, PE_size %d) is not within the %d PEs "
                 "of instance %llu", call, PE_start, logPE_stride, PE_size, inst->n_pes,
                 (unsigned long long)inst->id);
        return refuse(on_error, message);
    }
    int offset = inst->my_pe - PE_start;
    if (offset < 0 || (offset & ((1 << logPE_stride) - 1)) != 0 || (offset >> logPE_stride) >= PE_size) {
        snprintf(message, sizeof message,
                 "%s: PE %d is not in the active set (PE_start %d, logPE_stride %d, PE_size %d)", call,
                 inst->my_pe, PE_start, logPE_stride, PE_size);
        /* The standard leaves a call from outside the set undefined; Open
         * MPI's OSHMEM returns at once and older test suites rely on it.
         * The OpenSHMEM face does the same (logged once), SHMEM_DEBUG=1
         * keeps it an error. */
        if (on_error == MISHMEM_ABORT && !mishmem_params()->SHMEM_DEBUG) {
            static int logged;
            if (!__atomic_exchange_n(&logged, 1, __ATOMIC_RELAXED))
                MISHMEM_DEBUG("%s; such calls return at once (logged once; SHMEM_DEBUG=1 makes them an error)",
                              message);
            return MISHMEM_NOT_IN_SET;
        }
        return refuse(on_error, message);
    }
    *out = (struct mishmem_coll_group){.inst = inst, .team = NULL, .ops = inst->teams->active_set_coll,
                                       .start = PE_start,
                                       .stride = 1 << logPE_stride, .size = PE_size,
                                       .me = offset >> logPE_stride, .call = call};
    return ACLSHMEM_SUCCESS;
}
