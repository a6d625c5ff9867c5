/* PE 0 telling its clients that the job failed, so that they stop at
 * once with the reason instead of waiting for their own timeouts. */
#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"

/* The whole notice is best effort and brief: a client that does not read
 * must not hold PE 0 up. */
#define ABORT_SEND_MS 200

void mishmem_tcp_server_abort(struct mishmem_tcp_bootstrap *tb,
                              const struct mishmem_tcp_refusal *why, int skip_pe)
{
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES];
    mishmem_tcp_refusal_encode(why, payload);
    int64_t deadline = mishmem_tcp_now_ms() + ABORT_SEND_MS;
    for (int pe = 1; pe < tb->base.n_pes; pe++) {
        if (pe == skip_pe || tb->client_fds[pe] < 0)
            continue;
        uint8_t tag[MISHMEM_TCP_TAG_BYTES];
        if (mishmem_tcp_tag(&tb->sessions[pe], MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_ABORT, tb->seq,
                            payload, sizeof payload, tag) != 0)
            continue;
        mishmem_tcp_send_frame(tb->client_fds[pe], MISHMEM_TCP_ABORT, tb->seq, payload,
                               sizeof payload, tag, deadline);
    }
}
