/* OpenSHMEM face: the 1.6 signal updates without data, shmem_signal_add /
 * shmem_signal_set and their context forms: the same atomic update as the
 * signal of a put-with-signal. */
#include "api/face.h"
#include "core/context.h"
#include "core/signal/signal.h"
#include "mishmem/openshmem_rma_ext.h"

/* The names are also C11 generic macros (openshmem_generic_rma.h); the
 * parentheses define the functions. */
void(shmem_signal_add)(uint64_t *sig_addr, uint64_t signal, int pe)
{
    mishmem_signal_update(mishmem_shmem_instance("shmem_signal_add"), "shmem_signal_add", sig_addr, signal,
                          SHMEM_SIGNAL_ADD, pe, MISHMEM_ABORT);
}

void(shmem_signal_set)(uint64_t *sig_addr, uint64_t signal, int pe)
{
    mishmem_signal_update(mishmem_shmem_instance("shmem_signal_set"), "shmem_signal_set", sig_addr, signal,
                          SHMEM_SIGNAL_SET, pe, MISHMEM_ABORT);
}

void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    struct mishmem_instance *inst = mishmem_ctx_target(ctx, &pe, "shmem_ctx_signal_add");
    mishmem_signal_update(inst, "shmem_ctx_signal_add", sig_addr, signal, SHMEM_SIGNAL_ADD, pe, MISHMEM_ABORT);
}

void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    struct mishmem_instance *inst = mishmem_ctx_target(ctx, &pe, "shmem_ctx_signal_set");
    mishmem_signal_update(inst, "shmem_ctx_signal_set", sig_addr, signal, SHMEM_SIGNAL_SET, pe, MISHMEM_ABORT);
}
