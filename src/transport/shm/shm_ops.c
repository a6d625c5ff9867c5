/* The shared-memory transport's data path through the interface: loads,
 * stores and C11 atomics on the mappings it keeps, then the peer's
 * doorbell, exactly what the core's inline path does for mapped peers. */
#include <stdatomic.h>
#include <string.h>

#include "mapped/amo_word.h"
#include "mapped/doorbell.h"
#include "transport/shm/shm_state.h"

void *mishmem_shm_direct_address(void *state, int pe, struct mishmem_remote_addr at)
{
    struct mishmem_shm_state *shm = state;
    if (at.region == MISHMEM_REGION_SEGMENT)
        return shm->maps[pe] ? shm->maps[pe] + at.offset : NULL;
    const struct mishmem_static_data *data = shm->ctx->static_data;
    if (pe == shm->ctx->my_pe || !data->peer_maps || !data->peer_maps[pe]) {
        /* Mine: the offset counts from the first range, back to back. */
        for (int r = 0; pe == shm->ctx->my_pe && r < data->n_ranges; r++)
            if (at.offset - data->ranges[r].file_offset < data->ranges[r].size)
                return (char *)data->ranges[r].base + (at.offset - data->ranges[r].file_offset);
        return NULL;
    }
    return data->peer_maps[pe] + at.offset;
}

static void ring(struct mishmem_shm_state *shm, int pe)
{
    mishmem_doorbell_ring_bell(&((struct mishmem_segment_header *)shm->maps[pe])->doorbell, MISHMEM_WAIT_ON_DATA);
    /* A write may also be one of the library's sync words (portable
     * collectives): wake sync sleepers too. */
    mishmem_doorbell_ring_bell(&((struct mishmem_segment_header *)shm->maps[pe])->doorbell, MISHMEM_WAIT_ON_SYNC);
}

int mishmem_shm_put(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                    enum mishmem_completion completion)
{
    (void)completion; /* stores are complete when they return */
    char *target = mishmem_shm_direct_address(state, pe, to);
    if (!target)
        return ACLSHMEM_SMEM_ERROR;
    memcpy(target, source, len);
    ring(state, pe);
    return ACLSHMEM_SUCCESS;
}

int mishmem_shm_get(void *state, int pe, void *dest, struct mishmem_remote_addr from, size_t len,
                    enum mishmem_completion completion)
{
    (void)completion;
    const char *origin = mishmem_shm_direct_address(state, pe, from);
    if (!origin)
        return ACLSHMEM_SMEM_ERROR;
    memcpy(dest, origin, len);
    return ACLSHMEM_SUCCESS;
}

int mishmem_shm_amo(void *state, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                    enum mishmem_datatype type, const void *operand, const void *cond, void *fetched)
{
    void *word = mishmem_shm_direct_address(state, pe, at);
    if (!word)
        return ACLSHMEM_SMEM_ERROR;
    mishmem_amo_on_word(op, word, mishmem_datatype_size(type), operand, cond, fetched);
    if (op != MISHMEM_AMO_FETCH)
        ring(state, pe);
    return ACLSHMEM_SUCCESS;
}

int mishmem_shm_put_signal(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                           struct mishmem_remote_addr signal_at, uint64_t signal, enum mishmem_signal_op op,
                           enum mishmem_completion completion)
{
    (void)completion;
    char *target = mishmem_shm_direct_address(state, pe, to);
    _Atomic uint64_t *word = mishmem_shm_direct_address(state, pe, signal_at);
    if (!target || !word)
        return ACLSHMEM_SMEM_ERROR;
    memcpy(target, source, len);
    if (op == MISHMEM_SIGNAL_SET_OP)
        atomic_store_explicit(word, signal, memory_order_release);
    else
        atomic_fetch_add_explicit(word, signal, memory_order_release);
    ring(state, pe);
    return ACLSHMEM_SUCCESS;
}

int mishmem_shm_quiet(void *state)
{
    (void)state;
    atomic_thread_fence(memory_order_seq_cst);
    return ACLSHMEM_SUCCESS;
}
