/* collect and fcollect: the checks, then the group's family
 * (core/coll/family.h); below, the pointer family's. Small teams, fcollect of blocks that fit the
 * stage: each member stages its block and every reader copies it from
 * there (core/coll/stage.h), one hand-off. Otherwise every member reads
 * each member's mapped source straight into its own dest, once that
 * member has arrived, starting with its right neighbour so that the
 * members do not all read the same PE at once; the sources stay in place
 * until every reader is done. */
#include <string.h>

#include "core/coll/phase.h"
#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/pointer.h"
#include "core/coll/stage.h"

static void fcollect_staged(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    struct mishmem_stage_op op;
    mishmem_stage_begin(g, &op);
    memcpy(mishmem_stage_area(g, &op), source, bytes);
    mishmem_stage_post(g, &op);
    memcpy((char *)dest + (size_t)g->me * bytes, source, bytes);
    for (int step = 1; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        memcpy((char *)dest + (size_t)member * bytes, mishmem_stage_wait(g, &op, member), bytes);
    }
    mishmem_stage_end(g, &op);
}

int mishmem_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                     size_t elem_size, enum mishmem_on_error on_error)
{
    size_t bytes, total;
    int rc = mishmem_coll_bytes(g, nelems, elem_size, 1, &bytes, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_bytes(g, nelems, elem_size, (size_t)g->size, &total, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_buffers(g, dest, total, source, bytes, 0, on_error);
    rc = mishmem_coll_counted(g, rc, bytes);
    if (rc != ACLSHMEM_SUCCESS || bytes == 0)
        return rc;
    g->ops->fcollect(g, dest, source, bytes);
    return mishmem_coll_outcome(g);
}

void mishmem_pointer_fcollect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    if (mishmem_stage_fits(g, bytes)) {
        fcollect_staged(g, dest, source, bytes);
        return;
    }
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    for (int step = 0; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        mishmem_group_wait_input(g, &phase, member);
        memcpy((char *)dest + (size_t)member * bytes, mishmem_group_addr(g, source, member), bytes);
    }
    mishmem_group_end(g, &phase);
}

int mishmem_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                    size_t elem_size, enum mishmem_on_error on_error)
{
    size_t bytes;
    int rc = mishmem_coll_bytes(g, nelems, elem_size, 1, &bytes, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_symmetric(g, "source", source, bytes, on_error);
    rc = mishmem_coll_counted(g, rc, bytes);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    rc = g->ops->collect(g, dest, source, bytes, on_error);
    return rc == ACLSHMEM_SUCCESS ? mishmem_coll_outcome(g) : rc;
}

int mishmem_pointer_collect(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                            enum mishmem_on_error on_error)
{
    /* Sizes differ per member: each publishes its own before it arrives. */
    mishmem_group_publish(g, bytes);
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    size_t total = 0, at = 0;
    int rc;
    for (int member = 0; member < g->size; member++) {
        mishmem_group_wait_input(g, &phase, member);
        if (member == g->me)
            at = total;
        total += (size_t)mishmem_group_published(g, member);
    }
    rc = mishmem_coll_check_symmetric(g, "dest", dest, total, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_disjoint(g, dest, total, source, bytes, 0, on_error);
    for (int step = 0; rc == ACLSHMEM_SUCCESS && step < g->size; step++) {
        int member = (g->me + step) % g->size;
        if (member == 0)
            at = 0;
        size_t size = (size_t)mishmem_group_published(g, member);
        if (size) /* a zero-length collect may pass NULL buffers */
            memcpy((char *)dest + at, mishmem_group_addr(g, source, member), size);
        at += size;
    }
    mishmem_group_end(g, &phase); /* sources and published sizes stay until all have read them */
    return rc;
}
