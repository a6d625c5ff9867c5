/* Reductions: the checks, then the group's family (core/coll/family.h).
 * The pointer family's algorithms, below, read the members' mapped
 * buffers in place:
 * - staged (small data, small teams): each member stages its source
 *   (core/coll/stage.h) and folds every member's, in member order, so
 *   every member gets the same bits; one hand-off;
 * - flat (small data, small groups): each member folds all sources
 *   itself, in member order, so every member gets the same bits;
 * - chunked (large data): reduce-scatter then allgather; member i folds
 *   chunk i of every source into its own dest, then everyone copies the
 *   other chunks from their owners' dests (each member reads ~2x the data
 *   instead of n times);
 * - tree (small data, large teams): partial results climb a binomial tree
 *   through the members' dests, the result comes back down the same tree.
 * dest and source are the same buffer or disjoint (checked). */
#include <string.h>

#include "core/coll/phase.h"
#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/flags.h"
#include "core/coll/pointer.h"
#include "core/coll/stage.h"
#include "core/coll/tuning.h"

static void reduce_staged(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                          const void *source, size_t count, size_t bytes)
{
    struct mishmem_stage_op stage;
    mishmem_stage_begin(g, &stage);
    memcpy(mishmem_stage_area(g, &stage), source, bytes);
    mishmem_stage_post(g, &stage);
    /* In place, dest is overwritten before my turn in the fold: my own
     * contribution is then read back from my stage. */
    const void *mine = dest == source ? mishmem_stage_wait(g, &stage, g->me) : source;
    memcpy(dest, g->me == 0 ? mine : mishmem_stage_wait(g, &stage, 0), bytes);
    for (int member = 1; member < g->size; member++)
        op->combine(dest, member == g->me ? mine : mishmem_stage_wait(g, &stage, member), count);
    mishmem_stage_end(g, &stage);
}

static void reduce_flat(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count, size_t bytes)
{
    _Alignas(64) unsigned char scratch[MISHMEM_COLL_FLAT_MAX_BYTES];
    /* In place, my dest is a source others still read: fold aside. */
    void *acc = dest == source ? scratch : dest;
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    mishmem_group_wait_input(g, &phase, 0);
    memcpy(acc, mishmem_group_addr(g, source, 0), bytes);
    for (int member = 1; member < g->size; member++) {
        mishmem_group_wait_input(g, &phase, member);
        op->combine(acc, mishmem_group_addr(g, source, member), count);
    }
    mishmem_group_end(g, &phase);
    if (acc != dest)
        memcpy(dest, acc, bytes);
}

static void chunk_of(size_t count, int n, int member, size_t *first, size_t *length)
{
    size_t per = (count + (size_t)n - 1) / (size_t)n;
    size_t start = per * (size_t)member;
    *first = start < count ? start : count;
    *length = count - *first < per ? count - *first : per;
}

static void reduce_chunked(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                           const void *source, size_t count)
{
    size_t size = op->size, first, length;
    int n = g->size;
    chunk_of(count, n, g->me, &first, &length);
    char *acc = (char *)dest + first * size;
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    if (length > 0) {
        /* Others never read my chunk of my source, so in place it is my
         * accumulator from the start; otherwise member 0's chunk seeds it. */
        int in_place = dest == source;
        if (!in_place) {
            mishmem_group_wait_input(g, &phase, 0);
            memcpy(acc, (const char *)mishmem_group_addr(g, source, 0) + first * size, length * size);
        }
        for (int member = in_place ? 0 : 1; member < n; member++)
            if (!in_place || member != g->me) {
                mishmem_group_wait_input(g, &phase, member);
                op->combine(acc, (const char *)mishmem_group_addr(g, source, member) + first * size, length);
            }
    }
    mishmem_group_outputs_ready(g, &phase);
    for (int step = 1; step < n; step++) {
        int member = (g->me + step) % n;
        chunk_of(count, n, member, &first, &length);
        if (length == 0)
            continue;
        mishmem_group_wait_output(g, &phase, member);
        memcpy((char *)dest + first * size, (const char *)mishmem_group_addr(g, dest, member) + first * size,
               length * size);
    }
    mishmem_group_end(g, &phase); /* my chunk is read until then */
}

static void reduce_tree(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count, size_t bytes)
{
    int n = g->size, rank = g->me;
    uint64_t epoch = ++g->team->op_epoch;
    struct mishmem_team_sync *mine = mishmem_team_sync_of(g->team, rank);
    /* Up: my dest holds my subtree's partial result once `arrive` says so. */
    if (dest != source)
        memcpy(dest, source, bytes);
    int children = mishmem_tree_children(rank, n);
    for (int k = 0; k < children; k++) {
        int child = rank + (1 << k);
        mishmem_flag_wait(g, child, &mishmem_team_sync_of(g->team, child)->arrive, epoch);
        op->combine(dest, mishmem_group_addr(g, dest, child), count);
    }
    mishmem_flag_post(g, &mine->arrive, epoch);
    /* Down: copy the result from the parent's dest; the parent read my
     * partial before it had a result, so overwriting it now is safe. */
    if (rank != 0) {
        int parent = mishmem_tree_parent(rank);
        mishmem_flag_wait(g, parent, &mishmem_team_sync_of(g->team, parent)->result, epoch);
        memcpy(dest, mishmem_group_addr(g, dest, parent), bytes);
        mishmem_done_signal(g, parent);
    }
    mishmem_flag_post(g, &mine->result, epoch);
    if (children)
        mishmem_done_wait(g, children);
}

int mishmem_reduce_check(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                         const void *source, size_t count, enum mishmem_on_error on_error)
{
    size_t bytes;
    int rc = mishmem_coll_bytes(g, count, op->size, 1, &bytes, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_buffers(g, dest, bytes, source, bytes, 1, on_error);
    return rc;
}

int mishmem_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                   const void *source, size_t count, enum mishmem_on_error on_error)
{
    int rc = mishmem_coll_counted(g, mishmem_reduce_check(g, op, dest, source, count, on_error), count * op->size);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_reduce_run(g, op, dest, source, count);
    return mishmem_coll_outcome(g);
}

void mishmem_reduce_run(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count)
{
    size_t bytes = count * op->size;
    if (bytes == 0)
        return;
    if (g->size == 1) {
        if (dest != source)
            memcpy(dest, source, bytes);
        return;
    }
    g->ops->reduce(g, op, dest, source, count);
}

void mishmem_pointer_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                            const void *source, size_t count)
{
    size_t bytes = count * op->size;
    int n = g->size;
    if (bytes <= MISHMEM_COLL_FLAT_MAX_BYTES && mishmem_stage_fits(g, bytes)) {
        reduce_staged(g, op, dest, source, count, bytes);
    } else if (bytes > MISHMEM_COLL_FLAT_MAX_BYTES && bytes / (size_t)n >= mishmem_coll_tuning.chunk_min_bytes) {
        reduce_chunked(g, op, dest, source, count);
    } else if (g->team && mishmem_coll_log_depth(n)) {
        reduce_tree(g, op, dest, source, count, bytes);
    } else if (bytes <= MISHMEM_COLL_FLAT_MAX_BYTES) {
        reduce_flat(g, op, dest, source, count, bytes);
    } else {
        reduce_chunked(g, op, dest, source, count);
    }
}
