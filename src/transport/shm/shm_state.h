/* The shared-memory transport's state per instance and its operations,
 * used when the core reaches local peers through the interface
 * (MISHMEM_PEERS_UNMAPPED=1): the same loads and stores on the mappings. */
#ifndef MISHMEM_TRANSPORT_SHM_SHM_STATE_H
#define MISHMEM_TRANSPORT_SHM_SHM_STATE_H

#include "transport/shm/shm.h"

struct mishmem_shm_state {
    struct mishmem_transport_ctx *ctx;
    int unmapped; /* the core does not see the mappings */
    char **maps;  /* n_pes: each local peer's segment mapped here (mine too); NULL for others */
};

int mishmem_shm_put(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                    enum mishmem_completion completion);
int mishmem_shm_get(void *state, int pe, void *dest, struct mishmem_remote_addr from, size_t len,
                    enum mishmem_completion completion);
int mishmem_shm_amo(void *state, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                    enum mishmem_datatype type, const void *operand, const void *cond, void *fetched);
int mishmem_shm_put_signal(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                           struct mishmem_remote_addr signal_at, uint64_t signal, enum mishmem_signal_op op,
                           enum mishmem_completion completion);
int mishmem_shm_quiet(void *state);
void *mishmem_shm_direct_address(void *state, int pe, struct mishmem_remote_addr at);

#endif
