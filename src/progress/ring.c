/* Finding peers' headers and ringing every bell (ring.h). */
#include "progress/ring.h"

struct mishmem_segment_header *mishmem_header_mapped_here(const struct mishmem_instance *inst, int pe)
{
    const struct mishmem_peer *peer = &inst->peers[pe];
    if (peer->segment)
        return &((struct mishmem_control *)peer->segment)->header;
    const struct mishmem_transport *t = peer->transport;
    void *state = t ? inst->transport_state[peer->transport_index] : NULL;
    if (!state || !t->direct_address)
        return NULL;
    return t->direct_address(state, pe, (struct mishmem_remote_addr){MISHMEM_REGION_SEGMENT, 0});
}

void mishmem_doorbell_ring_all(struct mishmem_instance *inst)
{
    /* Peers that are not mapped here poll: their waits' sleeps are bounded. */
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_segment_header *header = mishmem_header_mapped_here(inst, pe);
        if (header)
            mishmem_doorbell_ring_bell(&header->doorbell, MISHMEM_WAIT_ON_SYNC);
    }
}
