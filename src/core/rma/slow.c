/* The out-of-line halves of put and get (contiguous and strided): what the
 * inline paths of core/rma/rma.h and core/rma/strided.h leave out. Each
 * checks (core/rma/check.h); a peer that is not mapped then gets the whole
 * access through its transport (core/remote.c), a mapped one (sent here by
 * SHMEM_DEBUG) goes back to the inline copy. Checked calls are counted
 * here (instance/stats.h), the inline path counts nothing. */
#include "core/remote.h"
#include "core/rma/check.h"
#include "core/rma/rma.h"
#include "core/rma/strided.h"

static const struct mishmem_rma_rest inline_copy = {MISHMEM_RMA_REST_COPY};

/* A checked access is counted unless it came only because SHMEM_DEBUG was
 * not read yet (the process's first access, core/debug.h): the fast path
 * takes the next ones. */
static void count(struct mishmem_instance *inst, enum mishmem_stats_kind kind, const void *remote, int pe,
                  uint64_t bytes)
{
    if (!inst->peers[pe].segment || mishmem_rma_debug_on() || !mishmem_in_heap(inst, remote, 1))
        mishmem_stats_count(&inst->stats, kind, bytes);
}

struct mishmem_rma_rest mishmem_put_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                         const void *source, size_t len, int pe, enum mishmem_on_error on_error,
                                         enum mishmem_completion completion)
{
    int rc = mishmem_rma_check(inst, call, dest, source, len, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return mishmem_rma_over(rc);
    count(inst, MISHMEM_STATS_PUT, dest, pe, len);
    if (inst->peers[pe].segment)
        return inline_copy;
    return mishmem_rma_over(mishmem_remote_put(inst, pe, dest, source, len, completion));
}

struct mishmem_rma_rest mishmem_get_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                         const void *source, size_t len, int pe, enum mishmem_on_error on_error,
                                         enum mishmem_completion completion)
{
    int rc = mishmem_rma_check(inst, call, source, dest, len, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return mishmem_rma_over(rc);
    count(inst, MISHMEM_STATS_GET, source, pe, len);
    if (inst->peers[pe].segment)
        return inline_copy;
    return mishmem_rma_over(mishmem_remote_get(inst, pe, dest, source, len, completion));
}

struct mishmem_rma_rest mishmem_iput_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                          const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                                          size_t elem, int pe, enum mishmem_on_error on_error)
{
    int rc = mishmem_strided_check(inst, call, dest, dst, source, sst, nelems, elem, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return mishmem_rma_over(rc);
    count(inst, MISHMEM_STATS_PUT, dest, pe, nelems * elem);
    if (inst->peers[pe].segment)
        return inline_copy;
    return mishmem_rma_over(mishmem_remote_iput(inst, pe, dest, source, dst, sst, nelems, elem));
}

struct mishmem_rma_rest mishmem_iget_slow(struct mishmem_instance *inst, const char *call, void *dest,
                                          const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                                          size_t elem, int pe, enum mishmem_on_error on_error)
{
    int rc = mishmem_strided_check(inst, call, source, sst, dest, dst, nelems, elem, pe, on_error);
    if (rc != ACLSHMEM_SUCCESS)
        return mishmem_rma_over(rc);
    count(inst, MISHMEM_STATS_GET, source, pe, nelems * elem);
    if (inst->peers[pe].segment)
        return inline_copy;
    return mishmem_rma_over(mishmem_remote_iget(inst, pe, dest, source, dst, sst, nelems, elem));
}
