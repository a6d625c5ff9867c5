/* OpenSHMEM face: shmem_pe_quiet / shmem_ctx_pe_quiet (1.6), quiet for the
 * operations to the given PEs. Mapped peers need nothing (their stores
 * are complete when the call returns), and a quiet of the instance is the
 * cheapest way to complete the fabric ones (one counter for all targets),
 * so the PEs are checked and the whole instance is quieted. */
#include "api/face.h"
#include "core/context.h"
#include "core/sync.h"
#include "mishmem/openshmem_ctx.h"

static void check_pes(struct mishmem_instance *inst, shmem_ctx_t ctx, const int *target_pes, size_t npes,
                      const char *call)
{
    if (npes && !target_pes)
        mishmem_fatal("%s: target_pes is NULL with npes %zu", call, npes);
    for (size_t i = 0; i < npes; i++) {
        int pe = target_pes[i];
        if (ctx != SHMEM_CTX_DEFAULT)
            (void)mishmem_ctx_target(ctx, &pe, call); /* a team context numbers PEs in its team */
        if ((unsigned)pe >= (unsigned)inst->n_pes)
            mishmem_fatal("%s: PE %d is out of range (%d PEs)", call, target_pes[i], inst->n_pes);
    }
}

void shmem_pe_quiet(const int *target_pes, size_t npes)
{
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_pe_quiet");
    check_pes(inst, SHMEM_CTX_DEFAULT, target_pes, npes, "shmem_pe_quiet");
    mishmem_quiet(inst);
}

void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    struct mishmem_instance *inst = mishmem_ctx_instance_or_abort(ctx, "shmem_ctx_pe_quiet");
    check_pes(inst, ctx, target_pes, npes, "shmem_ctx_pe_quiet");
    mishmem_quiet(inst);
}
