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

/* Is pe in the group of first: the PEs whose host's first PE is first,
 * or with first < 0, the hosts' first PEs. */
static int in_group(const struct mishmem_instance *inst, int first, int pe)
{
    int host_first = inst->peers[pe].host_first;
    return first < 0 ? host_first == pe : host_first == first;
}

/* The k-th PE of a group, in PE order. */
static int nth_in_group(const struct mishmem_instance *inst, int first, int k)
{
    for (int pe = 0; pe < inst->n_pes; pe++)
        if (in_group(inst, first, pe) && k-- == 0)
            return pe;
    mishmem_fatal("internal: group %d of instance %llu has no member %d", first, (unsigned long long)inst->id, k);
}

/* How many PEs a group has, and where this PE stands in it. */
static int group_size(const struct mishmem_instance *inst, int first, int *my_index)
{
    int n = 0;
    for (int pe = 0; pe < inst->n_pes; pe++)
        if (in_group(inst, first, pe)) {
            if (pe == inst->my_pe)
                *my_index = n;
            n++;
        }
    return n;
}

/* A dissemination over this PE's group, once per instance: every word of
 * words (in this PE's segment, the same place on every PE) goes from 0 to
 * 1. -1 when the instance failed meanwhile. */
static int disseminate(struct mishmem_instance *inst, int first, struct mishmem_flag *words, const char *operation)
{
    int me = 0;
    int n = group_size(inst, first, &me);
    for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
        _Atomic uint64_t *word = &words[round].value;
        mishmem_remote_word_set(inst, nth_in_group(inst, first, (me + distance) % n), word, 1);
        /* The writer, not the awaited PE: it is in finalize by definition. */
        MISHMEM_WAIT_WRITTEN_BY_UNTIL(inst, operation, nth_in_group(inst, first, (me - distance + n) % n),
                                      atomic_load_explicit(word, memory_order_acquire) >= 1);
        if (mishmem_instance_failed(inst))
            return -1;
    }
    return 0;
}

/* The hosts' first PEs meet across the fabric (host_words), then each
 * releases the other PEs of its host (release), who wait for it. -1 when
 * the instance failed meanwhile. */
static int leaders_meet_then_release(struct mishmem_instance *inst, struct mishmem_flag *host_words,
                                     struct mishmem_flag *release, const char *operation)
{
    int me = inst->my_pe, my_first = inst->peers[me].host_first;
    if (my_first == me) {
        if (disseminate(inst, -1, host_words, operation) != 0)
            return -1;
        for (int pe = 0; pe < inst->n_pes; pe++)
            if (pe != me && inst->peers[pe].host_first == me)
                mishmem_remote_word_set(inst, pe, &release->value, 1);
        return 0;
    }
    MISHMEM_WAIT_WRITTEN_BY_UNTIL(inst, operation, my_first, atomic_load_explicit(&release->value, memory_order_acquire) >= 1);
    return mishmem_instance_failed(inst) ? -1 : 0;
}

int mishmem_leaders_meet(struct mishmem_instance *inst, const char *operation)
{
    int unused;
    if (group_size(inst, -1, &unused) < 2)
        return 0;
    struct mishmem_control *mine = (struct mishmem_control *)inst->segment.base;
    return leaders_meet_then_release(inst, mine->header.init_host_round, &mine->header.init_release, operation);
}

/* By host: the PEs of a host meet through their shared memory, the hosts'
 * first PEs meet across the fabric, and release the others. A flat
 * dissemination would make every PE open connections to PEs on other
 * hosts that the program never reached (measured, 2 hosts x 8 PEs: 140 ms
 * of a 200 ms finalize, mostly connection set-up). */
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
    int me = inst->my_pe, my_first = inst->peers[me].host_first, unused;
    if (disseminate(inst, my_first, mine->header.finalize_round, operation) != 0)
        return;
    if (group_size(inst, -1, &unused) > 1 &&
        leaders_meet_then_release(inst, mine->header.finalize_host_round, &mine->header.finalize_release,
                                  operation) != 0)
        return;
    /* The last words went out injected (counted at the next quiet): one
     * still in flight when this PE exits is lost with its socket (seen
     * under packet loss), and its PE waits for it until it declares this
     * one dead. Wait for their delivery first. */
    mishmem_quiet(inst);
}
