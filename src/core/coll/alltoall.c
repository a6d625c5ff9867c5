/* alltoall and alltoalls: the checks, then the group's family
 * (core/coll/family.h); below, the pointer family's. Small teams (core/coll/stage.h): the standard
 * has every member's dest ready before anyone calls alltoall, so each
 * member copies its blocks straight into the others' dest and posts the
 * op once; a reader waits for every member's post. One hand-off and one
 * copy per block. Otherwise every member reads its block from each
 * member's mapped source into its own dest once that member has arrived;
 * the sources stay in place until every reader is done. */
#include <string.h>

#include "core/coll/phase.h"
#include "core/coll/coll.h"
#include "core/coll/check.h"
#include "core/coll/pointer.h"
#include "core/coll/stage.h"

static void alltoall_pushed(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    struct mishmem_stage_op op;
    mishmem_stage_begin(g, &op);
    for (int step = 1; step <= g->size; step++) {
        int member = (g->me + step) % g->size; /* own block last */
        memcpy((char *)mishmem_group_addr(g, dest, member) + (size_t)g->me * bytes,
               (const char *)source + (size_t)member * bytes, bytes);
    }
    mishmem_stage_post(g, &op); /* release: my blocks are in every dest */
    for (int step = 1; step < g->size; step++)
        mishmem_stage_wait(g, &op, (g->me + step) % g->size);
    mishmem_stage_end(g, &op);
}

int mishmem_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t nelems,
                     size_t elem_size, enum mishmem_on_error on_error)
{
    size_t bytes, total;
    int rc = mishmem_coll_bytes(g, nelems, elem_size, 1, &bytes, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_bytes(g, nelems, elem_size, (size_t)g->size, &total, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_buffers(g, dest, total, source, total, 0, on_error);
    rc = mishmem_coll_counted(g, rc, total);
    if (rc != ACLSHMEM_SUCCESS || bytes == 0)
        return rc;
    g->ops->alltoall(g, dest, source, bytes);
    return mishmem_coll_outcome(g);
}

void mishmem_pointer_alltoall(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes)
{
    if (mishmem_stage_usable(g)) {
        alltoall_pushed(g, dest, source, bytes);
        return;
    }
    const char *my_block = (const char *)source + (size_t)g->me * bytes;
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    for (int step = 0; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        mishmem_group_wait_input(g, &phase, member);
        memcpy((char *)dest + (size_t)member * bytes, mishmem_group_addr(g, my_block, member), bytes);
    }
    mishmem_group_end(g, &phase);
}

/* Bytes spanned by n elements at a stride of `stride` elements. */
static int strided_extent(const struct mishmem_coll_group *g, size_t n, ptrdiff_t stride, size_t elem_size,
                          size_t *extent, enum mishmem_on_error on_error)
{
    size_t span;
    if (n == 0) {
        *extent = 0;
        return ACLSHMEM_SUCCESS;
    }
    if (__builtin_mul_overflow(n - 1, (size_t)stride, &span) || __builtin_add_overflow(span, 1, &span) ||
        __builtin_mul_overflow(span, elem_size, extent))
        return mishmem_coll_fail(g, on_error, "%zu elements at stride %td overflow the address space", n,
                                 stride);
    return ACLSHMEM_SUCCESS;
}

int mishmem_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                      ptrdiff_t sst, size_t nelems, size_t elem_size, enum mishmem_on_error on_error)
{
    if (dst < 1 || sst < 1)
        return mishmem_coll_fail(g, on_error, "strides dst %td and sst %td must be at least 1", dst, sst);
    size_t count = 0, dest_len = 0, source_len = 0;
    int rc = mishmem_coll_bytes(g, nelems, 1, (size_t)g->size, &count, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = strided_extent(g, count, dst, elem_size, &dest_len, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = strided_extent(g, count, sst, elem_size, &source_len, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_buffers(g, dest, dest_len, source, source_len, 0, on_error);
    rc = mishmem_coll_counted(g, rc, count * elem_size);
    if (rc != ACLSHMEM_SUCCESS || nelems == 0)
        return rc;
    g->ops->alltoalls(g, dest, source, dst, sst, nelems, elem_size);
    return mishmem_coll_outcome(g);
}

void mishmem_pointer_alltoalls(const struct mishmem_coll_group *g, void *dest, const void *source, ptrdiff_t dst,
                               ptrdiff_t sst, size_t nelems, size_t elem_size)
{
    size_t dest_step = (size_t)dst * elem_size, source_step = (size_t)sst * elem_size;
    struct mishmem_coll_phase phase;
    mishmem_group_begin(g, &phase);
    for (int step = 0; step < g->size; step++) {
        int member = (g->me + step) % g->size;
        mishmem_group_wait_input(g, &phase, member);
        /* Member's block for me: its elements me*nelems.. of source. */
        const char *from = (const char *)mishmem_group_addr(g, source, member) +
                           (size_t)g->me * nelems * source_step;
        char *to = (char *)dest + (size_t)member * nelems * dest_step;
        for (size_t i = 0; i < nelems; i++)
            memcpy(to + i * dest_step, from + i * source_step, elem_size);
    }
    mishmem_group_end(g, &phase);
}
