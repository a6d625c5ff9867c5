/* A client's half of an allgather: send our DATA to PE 0, then read the
 * concatenation of everyone's (or PE 0's ABORT). Both ways every frame
 * carries the session's tag (tcp_auth.h). */
#include <errno.h>
#include <string.h>

#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

static int report_io(const struct mishmem_tcp_bootstrap *tb, int status, int64_t started)
{
    switch (status) {
    case MISHMEM_TCP_IO_CLOSED:
        MISHMEM_ERROR("bootstrap tcp: rendezvous server (PE 0) closed the connection during "
                      "exchange %u",
                      tb->seq);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    case MISHMEM_TCP_IO_TIMEOUT:
        MISHMEM_ERROR("bootstrap tcp: no answer from PE 0 in exchange %u after %lld ms", tb->seq,
                      (long long)(mishmem_tcp_now_ms() - started));
        return ACLSHMEM_TIMEOUT_ERROR;
    case MISHMEM_TCP_IO_MALFORMED:
        MISHMEM_ERROR("bootstrap tcp: PE 0 sent a malformed frame in exchange %u", tb->seq);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    default:
        MISHMEM_ERROR("bootstrap tcp: connection to PE 0 failed in exchange %u: %s", tb->seq,
                      strerror(errno));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
}

static int forged(const struct mishmem_tcp_bootstrap *tb, const char *what)
{
    MISHMEM_ERROR("bootstrap tcp: %s from PE 0 in exchange %u fails its session tag (forged, "
                  "injected or corrupted)",
                  what, tb->seq);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

static int read_abort(const struct mishmem_tcp_bootstrap *tb, const struct mishmem_tcp_header *h,
                      int64_t deadline, int64_t started)
{
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES], tag[MISHMEM_TCP_TAG_BYTES];
    int status = mishmem_tcp_read_full(tb->server_fd, payload, sizeof payload, deadline);
    if (status == MISHMEM_TCP_IO_OK)
        status = mishmem_tcp_read_full(tb->server_fd, tag, sizeof tag, deadline);
    if (status != MISHMEM_TCP_IO_OK)
        return report_io(tb, status, started);
    if (!mishmem_tcp_tag_ok(&tb->session, MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_ABORT, h->seq,
                            payload, sizeof payload, tag))
        return forged(tb, "an ABORT");
    struct mishmem_tcp_refusal why;
    mishmem_tcp_refusal_decode(payload, &why);
    char text[200];
    mishmem_tcp_refusal_text(&why, tb->base.my_pe, tb->base.n_pes, tb->instance_id, text,
                             sizeof text);
    /* Exchange 0 is the barrier that ends open. */
    if (tb->seq == 0)
        MISHMEM_ERROR("bootstrap tcp: rendezvous aborted by PE 0: %s", text);
    else
        MISHMEM_ERROR("bootstrap tcp: exchange %u aborted by PE 0: %s", tb->seq, text);
    return why.reason == MISHMEM_TCP_REASON_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR
                                                     : ACLSHMEM_BOOTSTRAP_ERROR;
}

int mishmem_tcp_client_allgather(struct mishmem_tcp_bootstrap *tb, const void *mine, void *all,
                                 size_t len, int64_t deadline)
{
    int64_t started = mishmem_tcp_now_ms();
    uint8_t tag[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_tag(&tb->session, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, tb->seq, mine,
                        (uint32_t)len, tag) != 0)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    int status = mishmem_tcp_send_frame(tb->server_fd, MISHMEM_TCP_DATA, tb->seq, mine,
                                        (uint32_t)len, tag, deadline);
    struct mishmem_tcp_header h;
    if (status == MISHMEM_TCP_IO_OK)
        status = mishmem_tcp_recv_header(tb->server_fd, &h, deadline);
    if (status != MISHMEM_TCP_IO_OK)
        return report_io(tb, status, started);
    if (h.type == MISHMEM_TCP_ABORT && h.length == MISHMEM_TCP_REFUSAL_BYTES)
        return read_abort(tb, &h, deadline, started);
    size_t total = len * (size_t)tb->base.n_pes;
    if (h.type != MISHMEM_TCP_DATA || h.seq != tb->seq || h.length != total) {
        MISHMEM_ERROR("bootstrap tcp: unexpected answer from PE 0 in exchange %u (type %u, "
                      "exchange %u, %u bytes; expected DATA of %zu bytes)",
                      tb->seq, h.type, h.seq, h.length, total);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    if (total)
        status = mishmem_tcp_read_full(tb->server_fd, all, total, deadline);
    if (status == MISHMEM_TCP_IO_OK)
        status = mishmem_tcp_read_full(tb->server_fd, tag, sizeof tag, deadline);
    if (status != MISHMEM_TCP_IO_OK)
        return report_io(tb, status, started);
    if (!mishmem_tcp_tag_ok(&tb->session, MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_DATA, tb->seq, all,
                            (uint32_t)total, tag))
        return forged(tb, "the result");
    return ACLSHMEM_SUCCESS;
}
