/* PE 0's half of an allgather: collect one DATA frame from every client
 * in whatever order they arrive, then send the concatenation to all.
 * Both phases multiplex the clients with poll, so one slow PE does not
 * serialize the others. Every frame carries its connection's tag
 * (tcp_auth.h): one that does not is treated as a protocol failure. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

static struct mishmem_tcp_refusal refusal_about(const struct mishmem_tcp_bootstrap *tb,
                                                uint32_t reason, int pe, int in_step)
{
    return (struct mishmem_tcp_refusal){
        .reason = reason,
        .pe = (uint32_t)pe,
        .n_pes_claimed = (uint32_t)in_step,
        .n_pes_server = (uint32_t)tb->base.n_pes,
        .instance_server = tb->instance_id,
        .version_server = MISHMEM_TCP_VERSION,
    };
}

/* A client failed: name it, warn the others, close its connection. */
static int lose_client(struct mishmem_tcp_bootstrap *tb, int pe, uint32_t reason, const char *what)
{
    MISHMEM_ERROR("bootstrap tcp: PE %d %s during exchange %u", pe, what, tb->seq);
    struct mishmem_tcp_refusal why = refusal_about(tb, reason, pe, 0);
    if (tb->client_fds[pe] >= 0)
        close(tb->client_fds[pe]);
    tb->client_fds[pe] = -1;
    mishmem_tcp_server_abort(tb, &why, pe);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

static int lose_on_io(struct mishmem_tcp_bootstrap *tb, int pe, int status)
{
    if (status == MISHMEM_TCP_IO_CLOSED)
        return lose_client(tb, pe, MISHMEM_TCP_REASON_PEER_LOST, "closed its connection");
    char what[96];
    snprintf(what, sizeof what, "connection failed (%s)", strerror(errno));
    return lose_client(tb, pe, MISHMEM_TCP_REASON_PEER_LOST, what);
}

/* Checks a client's DATA header against this exchange. */
static int check_data_header(struct mishmem_tcp_bootstrap *tb, int pe, size_t len)
{
    struct mishmem_tcp_header h;
    mishmem_tcp_header_decode(tb->progress[pe].header, &h);
    char what[160];
    if (h.magic != MISHMEM_TCP_MAGIC || h.reserved != 0 || h.type != MISHMEM_TCP_DATA)
        snprintf(what, sizeof what, "sent a malformed frame (magic 0x%08x, type %u)", h.magic,
                 h.type);
    else if (h.seq != tb->seq)
        snprintf(what, sizeof what, "is at exchange %u", h.seq);
    else if (h.length != len)
        snprintf(what, sizeof what, "contributed %u bytes where PE 0 contributed %zu", h.length,
                 len);
    else
        return ACLSHMEM_SUCCESS;
    return lose_client(tb, pe, MISHMEM_TCP_REASON_PROTOCOL, what);
}

static int check_data_tag(struct mishmem_tcp_bootstrap *tb, int pe, const char *payload,
                          size_t len)
{
    if (mishmem_tcp_tag_ok(&tb->sessions[pe], MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, tb->seq,
                           payload, (uint32_t)len, tb->progress[pe].tag))
        return ACLSHMEM_SUCCESS;
    return lose_client(tb, pe, MISHMEM_TCP_REASON_PROTOCOL,
                       "sent a DATA frame whose tag does not match its session (forged, "
                       "injected or corrupted)");
}

/* Reads what has arrived from one client: header, its slot of all, tag. */
static int receive_step(struct mishmem_tcp_bootstrap *tb, int pe, char *all, size_t len)
{
    struct mishmem_tcp_progress *p = &tb->progress[pe];
    int fd = tb->client_fds[pe];
    if (p->header_done < MISHMEM_TCP_HEADER_BYTES) {
        int status = mishmem_tcp_read_some(fd, p->header, sizeof p->header, &p->header_done);
        if (status != MISHMEM_TCP_IO_OK)
            return lose_on_io(tb, pe, status);
        if (p->header_done < MISHMEM_TCP_HEADER_BYTES)
            return ACLSHMEM_SUCCESS;
        int rc = check_data_header(tb, pe, len);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    if (len) {
        int status = mishmem_tcp_read_some(fd, all + (size_t)pe * len, len, &p->payload_done);
        if (status != MISHMEM_TCP_IO_OK)
            return lose_on_io(tb, pe, status);
        if (p->payload_done < len)
            return ACLSHMEM_SUCCESS;
    }
    int status = mishmem_tcp_read_some(fd, p->tag, sizeof p->tag, &p->tag_done);
    if (status != MISHMEM_TCP_IO_OK)
        return lose_on_io(tb, pe, status);
    if (p->tag_done < sizeof p->tag)
        return ACLSHMEM_SUCCESS;
    p->finished = 1;
    return check_data_tag(tb, pe, all + (size_t)pe * len, len);
}

/* Lists the PEs not finished with this phase into pollfds. */
static int prepare_poll(struct mishmem_tcp_bootstrap *tb, short events)
{
    int count = 0;
    for (int pe = 1; pe < tb->base.n_pes; pe++) {
        if (tb->progress[pe].finished)
            continue;
        tb->pollfds[count] = (struct pollfd){.fd = tb->client_fds[pe], .events = events};
        tb->poll_pes[count++] = pe;
    }
    return count;
}

static int phase_timed_out(struct mishmem_tcp_bootstrap *tb, const char *doing, int waiting,
                           int64_t started)
{
    int first = tb->poll_pes[0];
    MISHMEM_ERROR("bootstrap tcp: exchange %u timed out after %lld ms %s PE %d (%d PEs behind)",
                  tb->seq, (long long)(mishmem_tcp_now_ms() - started), doing, first, waiting);
    struct mishmem_tcp_refusal why =
        refusal_about(tb, MISHMEM_TCP_REASON_TIMEOUT, first, tb->base.n_pes - waiting);
    mishmem_tcp_server_abort(tb, &why, -1);
    return ACLSHMEM_TIMEOUT_ERROR;
}

/* Waits for progress on the listed PEs; returns >0 ready, 0 timeout, <0 error. */
static int wait_clients(struct mishmem_tcp_bootstrap *tb, int count, int64_t deadline)
{
    for (;;) {
        int rc = poll(tb->pollfds, (nfds_t)count, mishmem_tcp_ms_left(deadline));
        if (rc >= 0)
            return rc;
        if (errno != EINTR) {
            MISHMEM_ERROR("bootstrap tcp: poll failed in exchange %u: %s", tb->seq,
                          strerror(errno));
            return rc;
        }
    }
}

static int gather(struct mishmem_tcp_bootstrap *tb, char *all, size_t len, int64_t deadline)
{
    int64_t started = mishmem_tcp_now_ms();
    for (;;) {
        int count = prepare_poll(tb, POLLIN);
        if (count == 0)
            return ACLSHMEM_SUCCESS;
        int rc = wait_clients(tb, count, deadline);
        if (rc == 0)
            return phase_timed_out(tb, "waiting for", count, started);
        if (rc < 0)
            return ACLSHMEM_BOOTSTRAP_ERROR;
        for (int k = 0; k < count; k++) {
            if (!tb->pollfds[k].revents)
                continue;
            rc = receive_step(tb, tb->poll_pes[k], all, len);
            if (rc != ACLSHMEM_SUCCESS)
                return rc;
        }
    }
}

/* A failed send leaves some clients mid-frame: an ABORT would garble
 * their stream, so cut them off; the rest are told with ABORT. */
static void cut_mid_frame(struct mishmem_tcp_bootstrap *tb, size_t total)
{
    size_t frame = MISHMEM_TCP_HEADER_BYTES + total + MISHMEM_TCP_TAG_BYTES;
    for (int pe = 1; pe < tb->base.n_pes; pe++) {
        size_t sent = tb->progress[pe].sent;
        if (tb->client_fds[pe] >= 0 && sent > 0 && sent < frame) {
            close(tb->client_fds[pe]);
            tb->client_fds[pe] = -1;
        }
    }
}

static int send_step(struct mishmem_tcp_bootstrap *tb, int pe, const uint8_t *header,
                     const char *all, size_t total)
{
    struct mishmem_tcp_progress *p = &tb->progress[pe];
    int status = mishmem_tcp_write_some(tb->client_fds[pe], header, MISHMEM_TCP_HEADER_BYTES, all,
                                        total, p->tag_out, sizeof p->tag_out, &p->sent);
    if (status != MISHMEM_TCP_IO_OK) {
        int saved = errno;
        cut_mid_frame(tb, total);
        errno = saved;
        return lose_on_io(tb, pe, status);
    }
    p->finished = p->sent == MISHMEM_TCP_HEADER_BYTES + total + MISHMEM_TCP_TAG_BYTES;
    return ACLSHMEM_SUCCESS;
}

/* One digest of the result, then each client's tag over it. */
static int tag_result(struct mishmem_tcp_bootstrap *tb, const char *all, size_t total)
{
    uint8_t digest[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_payload_digest(&tb->sessions[1], all, total, digest) != 0)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    for (int pe = 1; pe < tb->base.n_pes; pe++)
        if (mishmem_tcp_tag_digest(&tb->sessions[pe], MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_DATA,
                                   tb->seq, (uint32_t)total, digest, tb->progress[pe].tag_out) != 0)
            return ACLSHMEM_BOOTSTRAP_ERROR;
    return ACLSHMEM_SUCCESS;
}

static int scatter(struct mishmem_tcp_bootstrap *tb, const char *all, size_t total, int64_t deadline)
{
    struct mishmem_tcp_header h = {
        .magic = MISHMEM_TCP_MAGIC, .type = MISHMEM_TCP_DATA, .seq = tb->seq, .length = (uint32_t)total};
    uint8_t header[MISHMEM_TCP_HEADER_BYTES];
    mishmem_tcp_header_encode(&h, header);
    for (int pe = 1; pe < tb->base.n_pes; pe++)
        tb->progress[pe].finished = 0;
    if (tb->base.n_pes > 1 && tag_result(tb, all, total) != ACLSHMEM_SUCCESS)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    int64_t started = mishmem_tcp_now_ms();
    for (;;) {
        int count = prepare_poll(tb, POLLOUT);
        if (count == 0)
            return ACLSHMEM_SUCCESS;
        int rc = wait_clients(tb, count, deadline);
        if (rc == 0) {
            cut_mid_frame(tb, total);
            return phase_timed_out(tb, "sending to", count, started);
        }
        if (rc < 0)
            return ACLSHMEM_BOOTSTRAP_ERROR;
        for (int k = 0; k < count; k++) {
            if (!tb->pollfds[k].revents)
                continue;
            rc = send_step(tb, tb->poll_pes[k], header, all, total);
            if (rc != ACLSHMEM_SUCCESS)
                return rc;
        }
    }
}

int mishmem_tcp_server_allgather(struct mishmem_tcp_bootstrap *tb, const void *mine, void *all,
                                 size_t len, int64_t deadline)
{
    if (len)
        memmove(all, mine, len);
    memset(tb->progress, 0, (size_t)tb->base.n_pes * sizeof *tb->progress);
    int rc = gather(tb, all, len, deadline);
    if (rc == ACLSHMEM_SUCCESS)
        rc = scatter(tb, all, len * (size_t)tb->base.n_pes, deadline);
    return rc;
}
