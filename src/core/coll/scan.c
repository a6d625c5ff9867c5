/* Prefix sums over a group (OpenSHMEM 1.6 shmem_sum_inscan / _exscan):
 * member i gets the fold of the sources of members 0..i (inclusive) or
 * 0..i-1 (exclusive; member 0 gets zeros). Every member folds in member
 * order, so a member's result has the same bits whatever the family.
 * Both families read the members' buffers in place between two phases,
 * like the flat reduction: pointer-based groups through the mappings,
 * portable ones (a member not mapped) with gets between two barriers.
 * The result is written only once nobody reads this member's source any
 * more, so dest may be source. Each member reads only the members before
 * it: O(n) per member, which suits the team sizes scans are used on. */
#include <stdlib.h>
#include <string.h>

#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/phase.h"
#include "core/coll/portable.h"
#include "core/remote.h"
#include "util/log.h"

static void *scan_buffer(const struct mishmem_coll_group *g, size_t bytes)
{
    void *p = malloc(bytes);
    if (!p)
        mishmem_fatal("%s: out of memory for a %zu-byte scan", g->call, bytes);
    return p;
}

/* Folds the sources of members 0..last into acc (last >= 0). */
static void fold_mapped(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
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

static void get_member(const struct mishmem_coll_group *g, int member, void *to, const void *source, size_t len)
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

static void fold_portable(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *acc,
                          const void *source, size_t count, int last)
{
    size_t bytes = count * op->size;
    void *in = last > 0 ? scan_buffer(g, bytes) : NULL;
    mishmem_portable_barrier(g); /* every source is ready */
    get_member(g, 0, acc, source, bytes);
    for (int member = 1; member <= last; member++) {
        get_member(g, member, in, source, bytes);
        op->combine(acc, in, count);
    }
    mishmem_portable_barrier(g); /* nobody reads my source any more */
    free(in);
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
        if (mishmem_group_is_portable(g))
            fold_portable(g, op, acc, source, count, 0);
        else
            fold_mapped(g, op, acc, source, count, 0);
        memset(acc, 0, bytes); /* zero of every SUM type is all-zero bits */
    } else if (mishmem_group_is_portable(g)) {
        fold_portable(g, op, acc, source, count, last);
    } else {
        fold_mapped(g, op, acc, source, count, last);
    }
    memcpy(dest, acc, bytes);
    free(acc);
}

int mishmem_scan(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                 const void *source, size_t count, int exclusive, enum mishmem_on_error on_error)
{
    int rc = mishmem_reduce_check(g, op, dest, source, count, on_error); /* the same arguments as a reduction */
    if (rc == ACLSHMEM_SUCCESS)
        scan_run(g, op, dest, source, count, exclusive);
    return rc;
}
