/* PE 0's side of the rendezvous: accept connections, run the handshake
 * with each (tcp_wire.h), keep the n_pes - 1 PEs of this job, drop
 * everything else. Nothing here waits on one connection: every step is
 * one non-blocking read or send inside the poll loop. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/job_board.h"
#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_hello_check.h"
#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "bootstrap/tcp_pending.h"
#include "bootstrap/tcp_socket.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

/* After EMFILE and the like with nothing left to evict, stop polling the
 * listener for a moment instead of spinning on a socket we cannot accept from. */
#define LISTEN_PAUSE_MS 100
/* How often PE 0 looks at the launcher's board for PEs that exited. */
#define JOB_BOARD_LOOK_MS 50

struct rendezvous {
    struct mishmem_tcp_bootstrap *tb;
    const struct mishmem_bootstrap_config *config;
    int listen_fd;
    int64_t deadline;
    int64_t listen_paused_until;
    uint32_t hello_window_ms;
    uint32_t auth_window_ms;
    int connected; /* clients accepted so far */
    int failure;   /* ACLSHMEM_SUCCESS until the job is doomed */
    struct mishmem_tcp_pending_table pending;
    struct pollfd fds[1 + MISHMEM_TCP_MAX_PENDING];
};

/* A refusal to a peer that has not proved the secret: the reason alone
 * (REFUSED, or VERSION with ours), no tag. Never waits. */
static void send_bare_reject(int fd, uint32_t reason)
{
    struct mishmem_tcp_refusal why = {.reason = reason};
    if (reason == MISHMEM_TCP_REASON_VERSION)
        why.version_server = MISHMEM_TCP_VERSION;
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES];
    uint8_t no_tag[MISHMEM_TCP_TAG_BYTES] = {0};
    mishmem_tcp_refusal_encode(&why, payload);
    mishmem_tcp_send_frame_now(fd, MISHMEM_TCP_REJECT, 0, payload, sizeof payload, no_tag);
}

/* A tagged answer to a PE that proved the secret. Never waits. */
static int send_tagged(int fd, const struct mishmem_tcp_session *session, uint16_t type,
                       const void *payload, uint32_t len)
{
    uint8_t tag[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_tag(session, MISHMEM_TCP_FROM_SERVER, type, 0, payload, len, tag) != 0)
        return MISHMEM_TCP_IO_ERROR;
    return mishmem_tcp_send_frame_now(fd, type, 0, payload, len, tag);
}

/* PE 0's wording of a refusal (the client words it from its own side). */
static void describe(const struct mishmem_tcp_refusal *why, const struct mishmem_tcp_claim *claim,
                     char *buf, size_t size)
{
    switch (why->reason) {
    case MISHMEM_TCP_REASON_INSTANCE:
        snprintf(buf, size, "instance id mismatch: it says %llu, PE 0 says %llu",
                 (unsigned long long)claim->instance_id, (unsigned long long)why->instance_server);
        break;
    case MISHMEM_TCP_REASON_N_PES:
        snprintf(buf, size, "n_pes mismatch: PE %u says %u, PE 0 says %u", claim->pe, claim->n_pes,
                 why->n_pes_server);
        break;
    case MISHMEM_TCP_REASON_PE_RANGE:
        snprintf(buf, size, "PE number %u out of range [1, %u)", claim->pe, why->n_pes_server);
        break;
    default:
        snprintf(buf, size, "PE %u already connected", claim->pe);
        break;
    }
}

static void welcome(struct rendezvous *r, int i, const struct mishmem_tcp_claim *claim,
                    const struct mishmem_tcp_session *session)
{
    struct mishmem_tcp_pending *slot = &r->pending.slots[i];
    if (send_tagged(slot->fd, session, MISHMEM_TCP_ACCEPT, NULL, 0) != MISHMEM_TCP_IO_OK) {
        mishmem_tcp_pending_drop(&r->pending, i, MISHMEM_TCP_DROP_CLOSED,
                                 "vanished before its ACCEPT was sent");
        return;
    }
    MISHMEM_INFO("bootstrap tcp: PE %u connected from %s", claim->pe, slot->peer);
    r->tb->client_fds[claim->pe] = slot->fd;
    r->tb->sessions[claim->pe] = *session;
    mishmem_tcp_pending_release(&r->pending, i);
    r->connected++;
}

/* A complete HELLO: answer with our nonce and our proof of the secret. */
static void handle_hello(struct rendezvous *r, int i)
{
    struct mishmem_tcp_pending *slot = &r->pending.slots[i];
    struct mishmem_tcp_hello hello;
    mishmem_tcp_hello_decode(slot->frame + MISHMEM_TCP_HEADER_BYTES, &hello);
    if (hello.version != MISHMEM_TCP_VERSION) {
        char why[64];
        snprintf(why, sizeof why, "protocol version %u, expected %u", hello.version,
                 MISHMEM_TCP_VERSION);
        send_bare_reject(slot->fd, MISHMEM_TCP_REASON_VERSION);
        mishmem_tcp_pending_drop(&r->pending, i, MISHMEM_TCP_DROP_VERSION, why);
        return;
    }
    struct mishmem_tcp_challenge challenge;
    memcpy(slot->nonce_c, hello.nonce, sizeof slot->nonce_c);
    if (mishmem_tcp_nonce(slot->nonce_s) != 0 ||
        mishmem_tcp_server_proof(r->config->secret, slot->nonce_c, slot->nonce_s,
                                 challenge.proof) != 0) {
        r->failure = ACLSHMEM_BOOTSTRAP_ERROR; /* logged; no connection can be served */
        return;
    }
    memcpy(challenge.nonce, slot->nonce_s, sizeof challenge.nonce);
    uint8_t payload[MISHMEM_TCP_CHALLENGE_BYTES];
    mishmem_tcp_challenge_encode(&challenge, payload);
    if (mishmem_tcp_send_frame_now(slot->fd, MISHMEM_TCP_CHALLENGE, 0, payload, sizeof payload,
                                   NULL) != MISHMEM_TCP_IO_OK) {
        mishmem_tcp_pending_drop(&r->pending, i, MISHMEM_TCP_DROP_CLOSED,
                                 "could not take PE 0's challenge");
        return;
    }
    mishmem_tcp_pending_challenged(&r->pending, i, mishmem_tcp_now_ms() + r->auth_window_ms);
}

/* A complete AUTH: check the proof, then the claim. */
static void handle_auth(struct rendezvous *r, int i)
{
    struct mishmem_tcp_pending *slot = &r->pending.slots[i];
    struct mishmem_tcp_auth auth;
    mishmem_tcp_auth_decode(slot->frame + MISHMEM_TCP_HEADER_BYTES, &auth);
    uint8_t expected[MISHMEM_TCP_PROOF_BYTES];
    struct mishmem_tcp_session session;
    if (mishmem_tcp_client_proof(r->config->secret, slot->nonce_c, slot->nonce_s, &auth.claim,
                                 expected) != 0 ||
        mishmem_tcp_session_start(&session, r->config->secret, slot->nonce_c, slot->nonce_s) !=
            0) {
        r->failure = ACLSHMEM_BOOTSTRAP_ERROR;
        return;
    }
    if (!mishmem_tcp_secret_equal(expected, auth.proof)) {
        /* It learns "refused" and nothing else; we log nothing it claimed. */
        send_bare_reject(slot->fd, MISHMEM_TCP_REASON_REFUSED);
        mishmem_tcp_pending_drop(&r->pending, i, MISHMEM_TCP_DROP_WRONG_PROOF,
                                 "its proof of the job secret is wrong");
        return;
    }
    struct mishmem_tcp_refusal why;
    enum mishmem_tcp_verdict verdict =
        mishmem_tcp_check_claim(&auth.claim, r->config, r->tb->client_fds, &why);
    if (verdict == MISHMEM_TCP_VERDICT_ACCEPT) {
        welcome(r, i, &auth.claim, &session);
        return;
    }
    char text[160];
    describe(&why, &auth.claim, text, sizeof text);
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES];
    mishmem_tcp_refusal_encode(&why, payload);
    send_tagged(slot->fd, &session, MISHMEM_TCP_REJECT, payload, sizeof payload);
    if (verdict == MISHMEM_TCP_VERDICT_FATAL) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous at %s failed: %s (from %s)", r->tb->where, text,
                      slot->peer);
        r->failure = ACLSHMEM_BOOTSTRAP_ERROR;
        mishmem_tcp_server_abort(r->tb, &why, -1);
    }
    mishmem_tcp_pending_drop(&r->pending, i, MISHMEM_TCP_DROP_REFUSED, text);
}

static int accept_failed_transiently(void)
{
    return errno == ECONNABORTED || errno == EPROTO || errno == EPERM;
}

static int out_of_descriptors(void)
{
    return errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM;
}

static void accept_new(struct rendezvous *r)
{
    /* Bounded per round so that reading handshakes is not starved. */
    for (int n = 0; n < MISHMEM_TCP_MAX_PENDING; n++) {
        char peer[80];
        int fd = mishmem_tcp_accept(r->listen_fd, peer, sizeof peer);
        if (fd < 0 && accept_failed_transiently())
            continue;
        /* Out of descriptors: a silent connection gives its own up first. */
        if (fd < 0 && out_of_descriptors() && mishmem_tcp_pending_evict(&r->pending))
            continue;
        if (fd < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                mishmem_tcp_drop_log_note(&r->pending.log, MISHMEM_TCP_DROP_ACCEPT,
                                          "the listener", strerror(errno));
                r->listen_paused_until = mishmem_tcp_now_ms() + LISTEN_PAUSE_MS;
            }
            return;
        }
        mishmem_tcp_pending_add(&r->pending, fd, peer, mishmem_tcp_now_ms() + r->hello_window_ms);
    }
}

static void serve_pending(struct rendezvous *r, int polled)
{
    for (int i = 0; i < polled && r->failure == ACLSHMEM_SUCCESS; i++) {
        if (!r->fds[1 + i].revents)
            continue;
        if (mishmem_tcp_pending_read(&r->pending, i) != MISHMEM_TCP_PENDING_READY)
            continue;
        if (r->pending.slots[i].stage == MISHMEM_TCP_STAGE_HELLO)
            handle_hello(r, i);
        else
            handle_auth(r, i);
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
    int64_t pending = mishmem_tcp_pending_next_deadline(&r->pending);
    if (pending < wake)
        wake = pending;
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

/* A PE that has not connected and that the launcher saw exit never will:
 * stop now rather than at the init timeout. */
static int check_exited(struct rendezvous *r)
{
    for (int pe = 1; pe < r->config->n_pes; pe++) {
        int status;
        if (r->tb->client_fds[pe] >= 0 || !mishmem_job_board_exited(pe, &status))
            continue;
        char how[64];
        mishmem_job_board_describe(status, how, sizeof how);
        MISHMEM_ERROR("bootstrap tcp: rendezvous at %s failed: PE %d %s before it connected (mishmemrun saw "
                      "it); %d of %d PEs had connected",
                      r->tb->where, pe, how, r->connected + 1, r->config->n_pes);
        struct mishmem_tcp_refusal why = {
            .reason = MISHMEM_TCP_REASON_PE_EXITED,
            .pe = (uint32_t)pe,
            .n_pes_claimed = (uint32_t)(r->connected + 1),
            .n_pes_server = (uint32_t)r->config->n_pes,
            .instance_server = r->config->instance_id,
            .version_server = MISHMEM_TCP_VERSION,
        };
        mishmem_tcp_server_abort(r->tb, &why, -1);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    return ACLSHMEM_SUCCESS;
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
        int timeout = poll_timeout(r, now);
        if (r->config->job_board) {
            if (check_exited(r) != ACLSHMEM_SUCCESS)
                return ACLSHMEM_BOOTSTRAP_ERROR;
            if (timeout < 0 || timeout > JOB_BOARD_LOOK_MS)
                timeout = JOB_BOARD_LOOK_MS;
        }
        int rc = poll(r->fds, (nfds_t)(1 + polled), timeout);
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

static uint32_t capped(uint32_t window, uint32_t cap) { return window < cap ? window : cap; }

int mishmem_tcp_server_rendezvous(struct mishmem_tcp_bootstrap *tb,
                                  const struct mishmem_bootstrap_config *config, int listen_fd,
                                  int64_t deadline)
{
    /* About 60 KiB: too big to want on every caller's stack. */
    struct rendezvous *r = calloc(1, sizeof *r);
    if (!r)
        return ACLSHMEM_MALLOC_FAILED;
    r->tb = tb;
    r->config = config;
    r->listen_fd = listen_fd;
    r->deadline = deadline;
    r->hello_window_ms = capped(MISHMEM_TCP_HELLO_WINDOW_MS, config->init_timeout_ms);
    r->auth_window_ms = capped(MISHMEM_TCP_AUTH_WINDOW_MS, config->init_timeout_ms);
    mishmem_tcp_pending_init(&r->pending);
    int rc = serve(r);
    mishmem_tcp_pending_drop_all(&r->pending, rc == ACLSHMEM_SUCCESS ? "rendezvous already complete"
                                                                     : "rendezvous failed");
    if (r->pending.evicted)
        MISHMEM_WARN("bootstrap tcp: %ld silent or stalled connections gave their slot to newer "
                     "ones during the rendezvous at %s",
                     r->pending.evicted, tb->where);
    free(r);
    return rc;
}
