#include "core/sync.h"

#include "core/remote.h"
#include "core/team/team.h"
#include "core/team/table.h"
#include "progress/wait.h"
#include "util/log.h"

/* The world barrier is the world team's: one set of world sync words for
 * shmem_barrier_all, shmem_team_sync(SHMEM_TEAM_WORLD) and the library's
 * own collective calls (heap, finalize). */
void mishmem_barrier_world(struct mishmem_instance *inst, const char *operation)
{
    struct mishmem_team *world = mishmem_team_world(inst);
    if (!world)
        mishmem_fatal("%s: instance %llu has no world team (not fully built)", operation,
                      (unsigned long long)inst->id);
    mishmem_team_barrier(world, operation);
}

void mishmem_finalize_barrier(struct mishmem_instance *inst, const char *operation)
{
    mishmem_quiet(inst);
    struct mishmem_control *mine = (struct mishmem_control *)inst->segment.base;
    /* Peers waiting for this PE's "done" in a later op learn it never comes. */
    for (int slot = 0; slot < MISHMEM_TEAM_SLOTS; slot++) {
        struct mishmem_team *team = mishmem_team_in_slot(inst, slot);
        if (team)
            atomic_store_explicit(&mine->final_op_epoch[slot], team->op_epoch, memory_order_relaxed);
    }
    atomic_store_explicit(&mine->header.finalizing.value, 1, memory_order_release);
    int n = inst->n_pes, me = inst->my_pe;
    /* Dissemination, once per instance: every word goes from 0 to 1. */
    for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
        int to = (me + distance) % n;
        mishmem_remote_word_set(inst, to, &mine->header.finalize_round[round].value, 1);
        _Atomic uint64_t *word = &mine->header.finalize_round[round].value;
        /* The writer, not the awaited PE: it is in finalize by definition. */
        MISHMEM_WAIT_WRITTEN_BY_UNTIL(inst, operation, (me - distance + n) % n,
                                      atomic_load_explicit(word, memory_order_acquire) >= 1);
        if (mishmem_instance_failed(inst))
            return;
    }
    /* The last words went out injected (counted at the next quiet): one
     * still in flight when this PE exits is lost with its socket (seen
     * under packet loss), and its PE waits for it until it declares this
     * one dead. Wait for their delivery first. */
    mishmem_quiet(inst);
}
