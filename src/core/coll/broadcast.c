/* Broadcast: the checks, then the group's family (core/coll/family.h);
 * below, the pointer family's algorithms. Small teams, data that fits the stage: the root stages it
 * and leaves, the members copy it from there (core/coll/stage.h). Otherwise members copy
 * straight from the root's mapped source into their dest; no staging.
 * Small teams: the root raises a flag and each member reads from it (one
 * step). Large teams: a binomial tree where each
 * member reads from its parent's dest (log2 steps, no hot spot). Active
 * sets: barrier, read, barrier. */
#include <string.h>

#include "core/coll/phase.h"
#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/flags.h"
#include "core/coll/pointer.h"
#include "core/coll/stage.h"
#include "core/coll/tuning.h"

static void broadcast_staged(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                             int root)
{
    struct mishmem_stage_op op;
    mishmem_stage_begin(g, &op);
    if (g->me == root) {
        memcpy(mishmem_stage_area(g, &op), source, bytes);
        mishmem_stage_post(g, &op);
        if (dest != source)
            memcpy(dest, source, bytes);
    } else {
        memcpy(dest, mishmem_stage_wait(g, &op, root), bytes);
    }
    mishmem_stage_end(g, &op);
}

static void broadcast_flat(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                           int root)
{
    uint64_t epoch = ++g->team->op_epoch;
    struct mishmem_team_sync *root_sync = mishmem_team_sync_of(g->team, root);
    if (g->me == root) {
        mishmem_flag_post(g, &root_sync->arrive, epoch);
        if (dest != source)
            memcpy(dest, source, bytes);
        mishmem_done_wait(g, g->size - 1); /* my source is read until then */
        return;
    }
    mishmem_flag_wait(g, root, &root_sync->arrive, epoch);
    memcpy(dest, mishmem_group_addr(g, source, root), bytes);
    mishmem_done_signal(g, root);
}

static void broadcast_tree(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                           int root)
{
    int n = g->size, rank = (g->me - root + n) % n;
    uint64_t epoch = ++g->team->op_epoch;
    struct mishmem_team_sync *mine = mishmem_team_sync_of(g->team, g->me);
    if (rank == 0) {
        /* The root's children read its source; its own copy runs meanwhile. */
        mishmem_flag_post(g, &mine->result, epoch);
        if (dest != source)
            memcpy(dest, source, bytes);
    } else {
        int parent_rank = mishmem_tree_parent(rank), parent = (parent_rank + root) % n;
        mishmem_flag_wait(g, parent, &mishmem_team_sync_of(g->team, parent)->result, epoch);
        memcpy(dest, mishmem_group_addr(g, parent_rank == 0 ? source : dest, parent), bytes);
        mishmem_done_signal(g, parent);
        mishmem_flag_post(g, &mine->result, epoch);
    }
    int children = mishmem_tree_children(rank, n);
    if (children)
        mishmem_done_wait(g, children);
}

static void broadcast_active_set(const struct mishmem_coll_group *g, void *dest, const void *source,
                                 size_t bytes, int root, int root_updated)
{
    mishmem_group_barrier(g); /* the root's source is ready */
    if (g->me != root)
        memcpy(dest, mishmem_group_addr(g, source, root), bytes);
    else if (root_updated && dest != source)
        memcpy(dest, source, bytes);
    mishmem_group_barrier(g); /* nobody reads the root's source any more */
}

void mishmem_pointer_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                               int root, int root_updated)
{
    if (!g->team) {
        broadcast_active_set(g, dest, source, bytes, root, root_updated);
        return;
    }
    if (mishmem_stage_fits(g, bytes))
        broadcast_staged(g, dest, source, bytes, root);
    else if (mishmem_coll_log_depth(g->size))
        broadcast_tree(g, dest, source, bytes, root);
    else
        broadcast_flat(g, dest, source, bytes, root);
    mishmem_team_release_first(g->team, root);
}

int mishmem_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                      size_t elem_size, int root, int root_updated, enum mishmem_on_error on_error)
{
    size_t bytes;
    int rc = mishmem_coll_bytes(g, nelems, elem_size, 1, &bytes, on_error);
    if (rc == ACLSHMEM_SUCCESS && (root < 0 || root >= g->size))
        rc = mishmem_coll_fail(g, on_error, "root %d is not a member (the group has %d PEs)", root, g->size);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_buffers(g, dest, bytes, source, bytes, 1, on_error);
    rc = mishmem_coll_counted(g, rc, bytes);
    if (rc != ACLSHMEM_SUCCESS || bytes == 0)
        return rc;
    if (g->size == 1) {
        if (root_updated && dest != source)
            memcpy(dest, source, bytes);
    } else {
        g->ops->broadcast(g, dest, source, bytes, root, root_updated);
    }
    return mishmem_coll_outcome(g);
}
