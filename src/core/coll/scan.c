/* Prefix sums over a group (OpenSHMEM 1.6 shmem_sum_inscan / _exscan):
 * member i gets the fold of the sources of members 0..i (inclusive) or
 * 0..i-1 (exclusive; member 0 gets zeros). Every member folds in member
 * order, so a member's result has the same bits whatever the family.
 * The fold is the group's family's (core/coll/family.h): every family
 * reads the members' buffers in place between two phases, like the flat
 * reduction; the pointer family's, below, through the mappings.
 * The result is written only once nobody reads this member's source any
 * more, so dest may be source. Each member reads only the members before
 * it: O(n) per member, which suits the team sizes scans are used on. */
#include <stdlib.h>
#include <string.h>

#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/phase.h"
#include "core/coll/pointer.h"
#include "util/log.h"

static void *scan_buffer(const struct mishmem_coll_group *g, size_t bytes)
{
    void *p = malloc(bytes);
    if (!p)
        mishmem_fatal("%s: out of memory for a %zu-byte scan", g->call, bytes);
    return p;
}

/* Folds the sources of members 0..last into acc (last >= 0). */
void mishmem_pointer_scan_fold(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                               const void *source, size_t count, int last)
{
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    mishmem_group_wait_input(g, &phase, 0);
    memcpy(acc, g->me == 0 ? source : mishmem_group_addr(g, source, 0), count * op->size);
    for (int member = 1; member <= last; member++) {
        mishmem_group_wait_input(g, &phase, member);
        op->combine(acc, member == g->me ? source : mishmem_group_addr(g, source, member), count);
    }
    mishmem_group_end(g, &phase);
}

static void scan_run(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                     const void *source, size_t count, int exclusive)
{
    size_t bytes = count * op->size;
    if (bytes == 0)
        return;
    int last = exclusive ? g->me - 1 : g->me;
    if (g->size == 1) {
        if (exclusive)
            memset(dest, 0, bytes);
        else if (dest != source)
            memmove(dest, source, bytes);
        return;
    }
    void *acc = scan_buffer(g, bytes);
    if (last < 0) {
        /* Member 0 of an exclusive scan needs nothing, but takes part in
         * both phases, which the others wait for: it folds its own
         * source aside and then writes zeros. */
        g->ops->scan_fold(g, op, acc, source, count, 0);
        memset(acc, 0, bytes); /* zero of every SUM type is all-zero bits */
    } else {
        g->ops->scan_fold(g, op, acc, source, count, last);
    }
    memcpy(dest, acc, bytes);
    free(acc);
}

int mishmem_scan(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                 const void *source, size_t count, int exclusive, enum mishmem_on_error on_error)
{
    int rc = mishmem_reduce_check(g, op, dest, source, count, on_error); /* the same arguments as a reduction */
    rc = mishmem_coll_counted(g, rc, count * op->size);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    scan_run(g, op, dest, source, count, exclusive);
    return mishmem_coll_outcome(g);
}
