/* The portable family (core/coll/portable.h) and its table. */
#include "core/coll/portable.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/coll/check.h"
#include "core/coll/family.h"
#include "core/remote.h"
#include "core/quiet.h"
#include "core/team/table.h"
#include "progress/wait.h"
#include "util/log.h"

void mishmem_portable_must(int rc, const struct mishmem_coll_group *g, int member)
{
    if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEMX_PEER_FAILED)
        mishmem_fatal("%s: moving data with PE %d of instance %llu failed (%d)", g->call,
                      mishmem_group_pe(g, member), (unsigned long long)g->inst->id, rc);
}

/* Copies len bytes of member's copy of the symmetric `source` into dest:
 * at once, or (MISHMEM_NBI) by the next quiet of the instance. */
static void get_from(const struct mishmem_coll_group *g, int member, void *dest, const void *source, size_t len,
                     enum mishmem_completion completion)
{
    if (member == g->me) {
        if (dest != source)
            memmove(dest, source, len);
        return;
    }
    mishmem_portable_must(mishmem_remote_get(g->inst, mishmem_group_pe(g, member), dest, source, len, completion),
                          g, member);
}

/* Copies len bytes of this PE's `source` into member's copy of the
 * symmetric dest, complete by the next quiet of the instance. */
static void put_to(const struct mishmem_coll_group *g, int member, void *dest, const void *source, size_t len)
{
    if (member == g->me) {
        memmove(dest, source, len);
        return;
    }
    mishmem_portable_must(mishmem_remote_put(g->inst, mishmem_group_pe(g, member), dest, source, len, MISHMEM_NBI),
                          g, member);
}

/* The word a barrier round writes: the team's flag of that round, or the
 * active-set counter of the pair (core/coll/active_set.c's words). */
static _Atomic uint64_t *my_round_word(const struct mishmem_coll_group *g, int round, int from_pe)
{
    struct mishmem_control *mine = (struct mishmem_control *)g->inst->segment.base;
    if (g->team)
        return &mine->teams[g->team->slot].barrier[round].value;
    return &mine->active_set_signal[from_pe];
}

void mishmem_portable_barrier(const struct mishmem_coll_group *g)
{
    struct mishmem_instance *inst = g->inst;
    mishmem_quiet(inst);
    int n = g->size;
    if (n == 1)
        return;
    uint64_t epoch = g->team ? ++g->team->barrier_epoch : 0;
    for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
        int to = mishmem_group_pe(g, (g->me + distance) % n);
        int from = mishmem_group_pe(g, (g->me - distance + n) % n);
        /* The word this PE writes on `to` is at the same place as the one
         * `from` writes on this PE, named from the writer's side. */
        uint64_t value = g->team ? epoch : ++inst->teams->active_set_sent[to];
        uint64_t expected = g->team ? epoch : ++inst->teams->active_set_received[from];
        mishmem_remote_word_set(inst, to, my_round_word(g, round, inst->my_pe), value);
        _Atomic uint64_t *word = my_round_word(g, round, from);
        MISHMEM_WAIT_FOR_UNTIL(inst, g->call, from, atomic_load_explicit(word, memory_order_acquire) >= expected);
        if (mishmem_instance_failed(inst))
            return; /* the next round's peer may be the one that is gone */
    }
}

void mishmem_portable_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                                int root, int root_updated)
{
    g->ops->barrier(g); /* the root's source is ready */
    if (g->me != root)
        get_from(g, root, dest, source, bytes, MISHMEM_BLOCKING);
    else if (root_updated && dest != source)
        memcpy(dest, source, bytes);
    g->ops->barrier(g); /* nobody reads the root's source any more */
}

void mishmem_portable_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    g->ops->barrier(g);
    for (int step = 0; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        get_from(g, member, (char *)dest + (size_t)member * bytes, source, bytes, MISHMEM_NBI);
    }
    mishmem_quiet(g->inst); /* every get in flight at once, one wait for all */
    g->ops->barrier(g);
}

/* Where a member publishes its size: the team's scratch, or the
 * active-set value, of its own control area. */
static _Atomic uint64_t *my_published_word(const struct mishmem_coll_group *g)
{
    struct mishmem_control *mine = (struct mishmem_control *)g->inst->segment.base;
    if (g->team)
        return (_Atomic uint64_t *)&mine->teams[g->team->slot].scratch[0];
    return &mine->active_set_value.value;
}

int mishmem_portable_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                             enum mishmem_on_error on_error)
{
    atomic_store_explicit(my_published_word(g), bytes, memory_order_relaxed);
    g->ops->barrier(g);
    uint64_t *sizes = calloc((size_t)g->size, sizeof *sizes);
    if (!sizes)
        mishmem_fatal("%s: out of memory for %d sizes", g->call, g->size);
    size_t total = 0;
    for (int member = 0; member < g->size; member++) {
        sizes[member] = member == g->me ? bytes
                                        : mishmem_remote_word_fetch(g->inst, mishmem_group_pe(g, member),
                                                                    my_published_word(g));
        total += sizes[member];
    }
    int rc = mishmem_coll_check_symmetric(g, "dest", dest, total, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_disjoint(g, dest, total, source, bytes, 0, on_error);
    size_t at = 0;
    for (int member = 0; rc == ACLSHMEM_SUCCESS && member < g->size; member++) {
        get_from(g, member, (char *)dest + at, source, sizes[member], MISHMEM_NBI);
        at += sizes[member];
    }
    mishmem_quiet(g->inst);
    free(sizes);
    g->ops->barrier(g); /* sources and published sizes stay until all have read them */
    return rc;
}

/* A team's alltoall pushes, as the pointer family's does
 * (core/coll/alltoall.c): OpenSHMEM has every member's dest ready before
 * any member calls it, so each member puts its blocks into the others'
 * dest at once (all in flight together), completes them, and one barrier
 * says every block has landed. Pulling needs a barrier first, for the
 * sources to be ready; active sets keep it (their programs, ours among
 * them, often still read dest up to the call). */
void mishmem_portable_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    if (!g->team) {
        const char *my_block = (const char *)source + (size_t)g->me * bytes;
        g->ops->barrier(g);
        for (int step = 0; step < g->size; step++) {
            int member = (g->me + step) % g->size;
            get_from(g, member, (char *)dest + (size_t)member * bytes, my_block, bytes, MISHMEM_NBI);
        }
        mishmem_quiet(g->inst);
        g->ops->barrier(g);
        return;
    }
    for (int step = 1; step <= g->size; step++) {
        int member = (g->me + step) % g->size; /* own block last */
        put_to(g, member, (char *)dest + (size_t)g->me * bytes, (const char *)source + (size_t)member * bytes, bytes);
    }
    mishmem_quiet(g->inst);
    g->ops->barrier(g);
}

void mishmem_portable_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                                ptrdiff_t sst, size_t nelems, size_t elem_size)
{
    size_t dest_step = (size_t)dst * elem_size, source_step = (size_t)sst * elem_size;
    const char *from = (const char *)source + (size_t)g->me * nelems * source_step;
    g->ops->barrier(g);
    for (int step = 0; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        char *to = (char *)dest + (size_t)member * nelems * dest_step;
        if (member == g->me) {
            for (size_t i = 0; i < nelems; i++)
                memcpy(to + i * dest_step, from + i * source_step, elem_size);
            continue;
        }
        mishmem_portable_must(
            mishmem_remote_iget(g->inst, mishmem_group_pe(g, member), to, from, dst, sst, nelems, elem_size), g, member);
    }
    g->ops->barrier(g);
}

/* Combines in member order on every PE, so that all get the same bits
 * (floating-point sums depend on the order). dest may be source: the
 * result is written only once nobody reads source any more. */
void mishmem_portable_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                             const void *source, size_t count)
{
    size_t bytes = count * op->size;
    unsigned char *acc = malloc(bytes), *in = g->size > 1 ? malloc(bytes) : NULL;
    if (!acc || (g->size > 1 && !in))
        mishmem_fatal("%s: out of memory for a %zu-byte reduction", g->call, bytes);
    g->ops->barrier(g);
    get_from(g, 0, acc, source, bytes, MISHMEM_BLOCKING);
    for (int member = 1; member < g->size; member++) {
        get_from(g, member, in, source, bytes, MISHMEM_BLOCKING);
        op->combine(acc, in, count);
    }
    g->ops->barrier(g);
    memcpy(dest, acc, bytes);
    free(in);
    free(acc);
}

/* Unlike get_from, a scan gives up on a failed peer too. */
static void scan_get(const struct mishmem_coll_group *g, int member, void *to, const void *source, size_t len)
{
    if (member == g->me) {
        memcpy(to, source, len);
        return;
    }
    int rc = mishmem_remote_get(g->inst, mishmem_group_pe(g, member), to, source, len, MISHMEM_BLOCKING);
    if (rc != ACLSHMEM_SUCCESS)
        mishmem_fatal("%s: getting from PE %d of instance %llu failed (%d)", g->call, mishmem_group_pe(g, member),
                      (unsigned long long)g->inst->id, rc);
}

/* A scan: every source ready, gets of the members before me, nobody
 * reads my source any more. */
void mishmem_portable_scan_fold(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                                const void *source, size_t count, int last)
{
    size_t bytes = count * op->size;
    void *in = last > 0 ? malloc(bytes) : NULL;
    if (last > 0 && !in)
        mishmem_fatal("%s: out of memory for a %zu-byte scan", g->call, bytes);
    g->ops->barrier(g); /* every source is ready */
    scan_get(g, 0, acc, source, bytes);
    for (int member = 1; member <= last; member++) {
        scan_get(g, member, in, source, bytes);
        op->combine(acc, in, count);
    }
    g->ops->barrier(g); /* nobody reads my source any more */
    free(in);
}

static int serves_all_teams(struct mishmem_team *team)
{
    (void)team;
    return 1;
}

static int serves_all_sets(const struct mishmem_instance *inst)
{
    (void)inst;
    return 1;
}

const struct mishmem_coll_ops mishmem_coll_portable = {
    .name = "portable",
    .team_init = serves_all_teams,
    .sets_init = serves_all_sets,
    .barrier = mishmem_portable_barrier,
    .broadcast = mishmem_portable_broadcast,
    .reduce = mishmem_portable_reduce,
    .fcollect = mishmem_portable_fcollect,
    .collect = mishmem_portable_collect,
    .alltoall = mishmem_portable_alltoall,
    .alltoalls = mishmem_portable_alltoalls,
    .scan_fold = mishmem_portable_scan_fold,
};
