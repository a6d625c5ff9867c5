/* PE 0's side of the rendezvous: accept connections, read and check each
 * one's HELLO, keep the n_pes - 1 PEs of this job, drop everything else. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_hello_check.h"
#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "bootstrap/tcp_pending.h"
#include "bootstrap/tcp_socket.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

/* After EMFILE and the like, stop polling the listener for a moment
 * instead of spinning on a socket we cannot accept from. */
#define LISTEN_PAUSE_MS 100
/* Bound on sending one small reply to a would-be PE. */
#define REPLY_MS 50

struct rendezvous {
    struct mishmem_tcp_bootstrap *tb;
    const struct mishmem_bootstrap_config *config;
    int listen_fd;
    int64_t deadline;
    int64_t listen_paused_until;
    uint32_t hello_window_ms;
    int connected; /* clients accepted so far */
    int failure;   /* ACLSHMEM_SUCCESS until the job is doomed */
    struct mishmem_tcp_pending_table pending;
    struct pollfd fds[1 + MISHMEM_TCP_MAX_PENDING];
};

static void send_reject(int fd, const struct mishmem_tcp_refusal *why)
{
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES];
    mishmem_tcp_refusal_encode(why, payload);
    mishmem_tcp_send_frame(fd, MISHMEM_TCP_REJECT, 0, payload, sizeof payload,
                           mishmem_tcp_now_ms() + REPLY_MS);
}

/* PE 0's wording of a refusal (the client words it from its own side). */
static void describe(const struct mishmem_tcp_refusal *why, const struct mishmem_tcp_hello *hello,
                     char *buf, size_t size)
{
    switch (why->reason) {
    case MISHMEM_TCP_REASON_VERSION:
        snprintf(buf, size, "protocol version %u, expected %u", hello->version, MISHMEM_TCP_VERSION);
        break;
    case MISHMEM_TCP_REASON_WRONG_SECRET:
        snprintf(buf, size, "wrong secret (claimed PE %u)", hello->pe);
        break;
    case MISHMEM_TCP_REASON_INSTANCE:
        snprintf(buf, size, "instance id mismatch: it says %llu, PE 0 says %llu",
                 (unsigned long long)hello->instance_id, (unsigned long long)why->instance_server);
        break;
    case MISHMEM_TCP_REASON_N_PES:
        snprintf(buf, size, "n_pes mismatch: PE %u says %u, PE 0 says %u", hello->pe, hello->n_pes,
                 why->n_pes_server);
        break;
    case MISHMEM_TCP_REASON_PE_RANGE:
        snprintf(buf, size, "PE number %u out of range [1, %u)", hello->pe, why->n_pes_server);
        break;
    default:
        snprintf(buf, size, "PE %u already connected", hello->pe);
        break;
    }
}

static void welcome(struct rendezvous *r, int i, const struct mishmem_tcp_hello *hello)
{
    struct mishmem_tcp_pending *slot = &r->pending.slots[i];
    if (mishmem_tcp_send_frame(slot->fd, MISHMEM_TCP_ACCEPT, 0, NULL, 0,
                               mishmem_tcp_now_ms() + REPLY_MS) != MISHMEM_TCP_IO_OK) {
        mishmem_tcp_pending_drop(&r->pending, i, "vanished before its ACCEPT was sent");
        return;
    }
    MISHMEM_INFO("bootstrap tcp: PE %u connected from %s", hello->pe, slot->peer);
    r->tb->client_fds[hello->pe] = slot->fd;
    mishmem_tcp_pending_release(&r->pending, i);
    r->connected++;
}

static void handle_hello(struct rendezvous *r, int i, const struct mishmem_tcp_hello *hello)
{
    struct mishmem_tcp_refusal why;
    enum mishmem_tcp_verdict verdict =
        mishmem_tcp_check_hello(hello, r->config, r->tb->client_fds, &why);
    if (verdict == MISHMEM_TCP_VERDICT_ACCEPT) {
        welcome(r, i, hello);
        return;
    }
    char text[160];
    describe(&why, hello, text, sizeof text);
    send_reject(r->pending.slots[i].fd, &why);
    if (verdict == MISHMEM_TCP_VERDICT_FATAL) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous at %s failed: %s (from %s)", r->tb->where, text,
                      r->pending.slots[i].peer);
        r->failure = ACLSHMEM_BOOTSTRAP_ERROR;
        mishmem_tcp_server_abort(r->tb, &why, -1);
    }
    mishmem_tcp_pending_drop(&r->pending, i, text);
}

static int accept_failed_transiently(void)
{
    return errno == ECONNABORTED || errno == EPROTO || errno == EPERM;
}

static void accept_new(struct rendezvous *r)
{
    /* Bounded per round so that reading HELLOs is not starved. */
    for (int n = 0; n < 2 * MISHMEM_TCP_MAX_PENDING; n++) {
        char peer[80];
        int fd = mishmem_tcp_accept(r->listen_fd, peer, sizeof peer);
        if (fd < 0 && accept_failed_transiently())
            continue;
        if (fd < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                MISHMEM_WARN("bootstrap tcp: cannot accept connections for now: %s",
                             strerror(errno));
                r->listen_paused_until = mishmem_tcp_now_ms() + LISTEN_PAUSE_MS;
            }
            return;
        }
        int64_t hello_deadline = mishmem_tcp_now_ms() + r->hello_window_ms;
        if (mishmem_tcp_pending_add(&r->pending, fd, peer, hello_deadline) != 0) {
            MISHMEM_WARN("bootstrap tcp: dropped connection from %s: %d unidentified connections "
                         "already",
                         peer, MISHMEM_TCP_MAX_PENDING);
            close(fd);
        }
    }
}

static void serve_pending(struct rendezvous *r, int polled)
{
    for (int i = 0; i < polled && r->failure == ACLSHMEM_SUCCESS; i++) {
        if (!r->fds[1 + i].revents)
            continue;
        struct mishmem_tcp_hello hello;
        if (mishmem_tcp_pending_read(&r->pending, i, &hello) == MISHMEM_TCP_PENDING_READY)
            handle_hello(r, i, &hello);
    }
}

/* Fills fds: the listener (unless paused) then every pending connection. */
static int prepare_poll(struct rendezvous *r, int64_t now)
{
    int listening = now >= r->listen_paused_until;
    r->fds[0] = (struct pollfd){.fd = listening ? r->listen_fd : -1, .events = POLLIN};
    for (int i = 0; i < r->pending.count; i++)
        r->fds[1 + i] = (struct pollfd){.fd = r->pending.slots[i].fd, .events = POLLIN};
    return r->pending.count;
}

static int poll_timeout(const struct rendezvous *r, int64_t now)
{
    int64_t wake = r->deadline;
    int64_t hello = mishmem_tcp_pending_next_deadline(&r->pending);
    if (hello < wake)
        wake = hello;
    if (r->listen_paused_until > now && r->listen_paused_until < wake)
        wake = r->listen_paused_until;
    return mishmem_tcp_ms_left(wake);
}

/* Lists the PEs that have not connected, for the timeout message. */
static int list_missing(const struct mishmem_tcp_bootstrap *tb, char *buf, size_t size)
{
    int first = -1, shown = 0, more = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (int pe = 1; pe < tb->base.n_pes; pe++) {
        if (tb->client_fds[pe] >= 0)
            continue;
        if (first < 0)
            first = pe;
        if (shown == 8) {
            more++;
            continue;
        }
        int n = snprintf(buf + used, size - used, "%s%d", shown ? ", " : "", pe);
        if (n > 0 && (size_t)n < size - used)
            used += (size_t)n;
        shown++;
    }
    if (more)
        snprintf(buf + used, size - used, " and %d more", more);
    return first;
}

static int timed_out(struct rendezvous *r)
{
    char missing[128];
    int first = list_missing(r->tb, missing, sizeof missing);
    MISHMEM_ERROR("bootstrap tcp: rendezvous at %s timed out after %u ms: %d of %d PEs connected; "
                  "missing PE %s",
                  r->tb->where, r->config->init_timeout_ms, r->connected + 1, r->config->n_pes,
                  missing);
    struct mishmem_tcp_refusal why = {
        .reason = MISHMEM_TCP_REASON_TIMEOUT,
        .pe = (uint32_t)first,
        .n_pes_claimed = (uint32_t)(r->connected + 1),
        .n_pes_server = (uint32_t)r->config->n_pes,
        .instance_server = r->config->instance_id,
        .version_server = MISHMEM_TCP_VERSION,
    };
    mishmem_tcp_server_abort(r->tb, &why, -1);
    return ACLSHMEM_TIMEOUT_ERROR;
}

static int serve(struct rendezvous *r)
{
    while (r->failure == ACLSHMEM_SUCCESS && r->connected < r->config->n_pes - 1) {
        int64_t now = mishmem_tcp_now_ms();
        if (now >= r->deadline)
            return timed_out(r);
        mishmem_tcp_pending_expire(&r->pending, now);
        mishmem_tcp_pending_compact(&r->pending);
        int polled = prepare_poll(r, now);
        int rc = poll(r->fds, (nfds_t)(1 + polled), poll_timeout(r, now));
        if (rc < 0 && errno != EINTR) {
            MISHMEM_ERROR("bootstrap tcp: poll failed while serving %s: %s", r->tb->where,
                          strerror(errno));
            return ACLSHMEM_BOOTSTRAP_ERROR;
        }
        if (rc <= 0)
            continue;
        serve_pending(r, polled);
        if (r->failure == ACLSHMEM_SUCCESS && (r->fds[0].revents & POLLIN))
            accept_new(r);
    }
    return r->failure;
}

int mishmem_tcp_server_rendezvous(struct mishmem_tcp_bootstrap *tb,
                                  const struct mishmem_bootstrap_config *config, int listen_fd,
                                  int64_t deadline)
{
    /* About 10 KiB: too big to want on every caller's stack. */
    struct rendezvous *r = calloc(1, sizeof *r);
    if (!r)
        return ACLSHMEM_MALLOC_FAILED;
    r->tb = tb;
    r->config = config;
    r->listen_fd = listen_fd;
    r->deadline = deadline;
    r->hello_window_ms = config->init_timeout_ms < MISHMEM_TCP_HELLO_WINDOW_MS
                             ? config->init_timeout_ms
                             : MISHMEM_TCP_HELLO_WINDOW_MS;
    mishmem_tcp_pending_init(&r->pending);
    int rc = serve(r);
    mishmem_tcp_pending_drop_all(&r->pending, rc == ACLSHMEM_SUCCESS ? "rendezvous already complete"
                                                                     : "rendezvous failed");
    free(r);
    return rc;
}
