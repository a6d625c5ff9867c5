/* A client PE's side of the rendezvous: connect to PE 0 (retrying while
 * nobody listens yet), say HELLO with a fresh nonce, check PE 0's proof of
 * the secret in its CHALLENGE, and only then send this PE's proof and
 * claim (AUTH) and wait for ACCEPT or REJECT. A server that cannot prove
 * the secret is told nothing more. */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/job_board.h"
#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "bootstrap/tcp_socket.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

#define BACKOFF_FIRST_MS 1 /* PE 0 is usually a moment away from listening */
#define BACKOFF_MAX_MS 250
#define RESOLVE_RETRY_MS 100
/* One address that drops SYNs must not use up the whole init timeout. */
#define CONNECT_ATTEMPT_MS 2000
/* A PE that cannot reach the rendezvous says so early, and now and then,
 * while it keeps trying: the init timeout is 120 s by default. */
#define REPORT_FIRST_MS 3000
#define REPORT_EVERY_MS 30000

/* say_hello's outcomes besides the ACLSHMEM_* failures. */
enum { HELLO_ACCEPTED = 1, HELLO_RETRY = 2, HELLO_MALFORMED = 3 };

struct attempt {
    struct mishmem_tcp_bootstrap *tb;
    const struct mishmem_bootstrap_config *config;
    int64_t deadline;
    char last_error[160]; /* why the latest attempt did not get in */
};

static int resolve(struct attempt *a, struct addrinfo **out)
{
    for (;;) {
        int gai = mishmem_tcp_resolve(a->config->host, a->config->port, 0, out);
        if (gai == 0)
            return ACLSHMEM_SUCCESS;
        if (gai != EAI_AGAIN) {
            MISHMEM_ERROR("bootstrap tcp: cannot resolve rendezvous %s: %s", a->tb->where,
                          gai_strerror(gai));
            return ACLSHMEM_BOOTSTRAP_ERROR;
        }
        if (mishmem_tcp_ms_left(a->deadline) == 0) {
            MISHMEM_ERROR("bootstrap tcp: cannot resolve rendezvous %s within %u ms: %s",
                          a->tb->where, a->config->init_timeout_ms, gai_strerror(gai));
            return ACLSHMEM_TIMEOUT_ERROR;
        }
        mishmem_tcp_sleep_until(a->deadline, RESOLVE_RETRY_MS);
    }
}

#define ANOTHER_JOB "most likely another job uses this port: give each job its own " \
                    "SHMEM_INSTANCE_PORT_RANGE, or another port in ip_port"
#define ANOTHER_PROGRAM "another program holds this port: choose another " \
                        "SHMEM_INSTANCE_PORT_RANGE, or another port in ip_port"

/* Says why the server at our rendezvous address is not our PE 0. */
static int not_our_server(struct attempt *a, const char *who, const char *hint)
{
    MISHMEM_ERROR("bootstrap tcp: PE 0's address is served by something that does not know the "
                  "job secret: %s answers at %s (%s); this PE sent it nothing but a HELLO with a "
                  "fresh nonce",
                  who, a->tb->where, hint);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

/* A REJECT or ABORT after our HELLO (session NULL) or our AUTH: the
 * reason, checked against the session's tag unless it is one a stranger
 * may be sent (REFUSED, VERSION), which carry nothing to trust. Before
 * our AUTH, PE 0 refuses only another protocol version: anything else
 * there comes from something that is not our PE 0. */
static int read_refusal(struct attempt *a, int fd, const struct mishmem_tcp_header *h,
                        const struct mishmem_tcp_session *session)
{
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES], tag[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_read_full(fd, payload, sizeof payload, a->deadline) != MISHMEM_TCP_IO_OK ||
        mishmem_tcp_read_full(fd, tag, sizeof tag, a->deadline) != MISHMEM_TCP_IO_OK) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous %s refused this PE without a readable reason",
                      a->tb->where);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    struct mishmem_tcp_refusal why;
    mishmem_tcp_refusal_decode(payload, &why);
    if (!session && why.reason != MISHMEM_TCP_REASON_VERSION)
        return not_our_server(a, "a server that refuses before any proof", ANOTHER_JOB);
    int bare = why.reason == MISHMEM_TCP_REASON_REFUSED || why.reason == MISHMEM_TCP_REASON_VERSION;
    if (!bare && (!session || !mishmem_tcp_tag_ok(session, MISHMEM_TCP_FROM_SERVER, h->type, h->seq,
                                                  payload, sizeof payload, tag))) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous %s sent a refusal that fails its session tag "
                      "(forged or corrupted); giving up",
                      a->tb->where);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    char text[200];
    mishmem_tcp_refusal_text(&why, a->config->my_pe, a->config->n_pes, a->config->instance_id, text,
                             sizeof text);
    int has_secret = mishmem_tcp_secret_is_set(a->config->secret);
    MISHMEM_ERROR("bootstrap tcp: rendezvous %s by PE 0 at %s: %s%s",
                  h->type == MISHMEM_TCP_ABORT ? "aborted" : "refused", a->tb->where, text,
                  why.reason == MISHMEM_TCP_REASON_REFUSED && !has_secret
                      ? "; this PE has no secret: set SHMEM_BOOTSTRAP_SECRET to the job's"
                      : "");
    return why.reason == MISHMEM_TCP_REASON_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR
                                                     : ACLSHMEM_BOOTSTRAP_ERROR;
}

/* Reads the header of PE 0's next answer; HELLO_RETRY when it closed. */
static int read_header(struct attempt *a, int fd, struct mishmem_tcp_header *h)
{
    int status = mishmem_tcp_recv_header(fd, h, a->deadline);
    if (status == MISHMEM_TCP_IO_TIMEOUT) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous at %s accepted the connection but did not answer "
                      "within %u ms",
                      a->tb->where, a->config->init_timeout_ms);
        return ACLSHMEM_TIMEOUT_ERROR;
    }
    if (status == MISHMEM_TCP_IO_CLOSED || status == MISHMEM_TCP_IO_ERROR) {
        /* PE 0 sheds silent connections when flooded: worth another try. */
        snprintf(a->last_error, sizeof a->last_error, "%s",
                 status == MISHMEM_TCP_IO_CLOSED ? "PE 0 closed the connection without answering"
                                                 : strerror(errno));
        return HELLO_RETRY;
    }
    return status == MISHMEM_TCP_IO_OK ? ACLSHMEM_SUCCESS : HELLO_MALFORMED;
}

static int is_refusal(const struct mishmem_tcp_header *h)
{
    return (h->type == MISHMEM_TCP_REJECT || h->type == MISHMEM_TCP_ABORT) &&
           h->length == MISHMEM_TCP_REFUSAL_BYTES;
}

/* Turns PE 0's answer to our AUTH into an outcome. */
static int read_verdict(struct attempt *a, int fd)
{
    struct mishmem_tcp_header h;
    int rc = read_header(a, fd, &h);
    if (rc == HELLO_RETRY || rc == ACLSHMEM_TIMEOUT_ERROR)
        return rc;
    if (rc == ACLSHMEM_SUCCESS && h.type == MISHMEM_TCP_ACCEPT && h.length == 0) {
        uint8_t tag[MISHMEM_TCP_TAG_BYTES];
        if (mishmem_tcp_read_full(fd, tag, sizeof tag, a->deadline) == MISHMEM_TCP_IO_OK &&
            mishmem_tcp_tag_ok(&a->tb->session, MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_ACCEPT, h.seq,
                               NULL, 0, tag))
            return HELLO_ACCEPTED;
        MISHMEM_ERROR("bootstrap tcp: rendezvous %s sent an ACCEPT that fails its session tag",
                      a->tb->where);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    if (rc == ACLSHMEM_SUCCESS && is_refusal(&h))
        return read_refusal(a, fd, &h, &a->tb->session);
    MISHMEM_ERROR("bootstrap tcp: PE 0 at %s answered this PE's AUTH with a malformed frame",
                  a->tb->where);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

/* Checks PE 0's proof; then proves ours and sends our claim. */
static int answer_challenge(struct attempt *a, int fd,
                            const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                            const struct mishmem_tcp_challenge *challenge)
{
    const uint8_t *secret = a->config->secret;
    uint8_t expected[MISHMEM_TCP_PROOF_BYTES];
    if (mishmem_tcp_server_proof(secret, nonce_c, challenge->nonce, expected) != 0)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    if (!mishmem_tcp_secret_equal(expected, challenge->proof)) {
        if (!mishmem_tcp_secret_is_set(secret)) {
            MISHMEM_ERROR("bootstrap tcp: PE 0 at %s has a job secret and this PE has none: set "
                          "SHMEM_BOOTSTRAP_SECRET to the same value on every PE",
                          a->tb->where);
            return ACLSHMEM_BOOTSTRAP_ERROR;
        }
        return not_our_server(a,
                              mishmem_tcp_secret_is_set(challenge->proof)
                                  ? "a mishmem rendezvous with another secret"
                                  : "a mishmem rendezvous without a secret",
                              ANOTHER_JOB);
    }
    struct mishmem_tcp_auth auth = {.claim = {
                                        .instance_id = a->config->instance_id,
                                        .pe = (uint32_t)a->config->my_pe,
                                        .n_pes = (uint32_t)a->config->n_pes,
                                    }};
    if (mishmem_tcp_client_proof(secret, nonce_c, challenge->nonce, &auth.claim, auth.proof) != 0 ||
        mishmem_tcp_session_start(&a->tb->session, secret, nonce_c, challenge->nonce) != 0)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    uint8_t payload[MISHMEM_TCP_AUTH_BYTES];
    mishmem_tcp_auth_encode(&auth, payload);
    int status = mishmem_tcp_send_frame(fd, MISHMEM_TCP_AUTH, 0, payload, sizeof payload, NULL,
                                        a->deadline);
    if (status == MISHMEM_TCP_IO_OK)
        return read_verdict(a, fd);
    snprintf(a->last_error, sizeof a->last_error, "sending the AUTH failed: %s",
             status == MISHMEM_TCP_IO_TIMEOUT ? "timed out" : strerror(errno));
    return HELLO_RETRY;
}

/* Turns PE 0's answer to our HELLO into an outcome. */
static int read_challenge(struct attempt *a, int fd, const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES])
{
    struct mishmem_tcp_header h;
    int rc = read_header(a, fd, &h);
    if (rc == HELLO_RETRY || rc == ACLSHMEM_TIMEOUT_ERROR)
        return rc;
    if (rc == ACLSHMEM_SUCCESS && h.type == MISHMEM_TCP_CHALLENGE &&
        h.length == MISHMEM_TCP_CHALLENGE_BYTES) {
        uint8_t payload[MISHMEM_TCP_CHALLENGE_BYTES];
        if (mishmem_tcp_read_full(fd, payload, sizeof payload, a->deadline) != MISHMEM_TCP_IO_OK) {
            snprintf(a->last_error, sizeof a->last_error, "PE 0's challenge was cut short");
            return HELLO_RETRY;
        }
        struct mishmem_tcp_challenge challenge;
        mishmem_tcp_challenge_decode(payload, &challenge);
        return answer_challenge(a, fd, nonce_c, &challenge);
    }
    /* Before any proof, PE 0 refuses only another protocol version; any
     * other refusal there comes from something that is not our PE 0. */
    if (rc == ACLSHMEM_SUCCESS && h.type == MISHMEM_TCP_REJECT && is_refusal(&h))
        return read_refusal(a, fd, &h, NULL);
    return not_our_server(a, "something that does not speak mishmem's rendezvous protocol",
                          ANOTHER_PROGRAM);
}

static int say_hello(struct attempt *a, int fd)
{
    struct mishmem_tcp_hello hello = {.version = MISHMEM_TCP_VERSION};
    if (mishmem_tcp_nonce(hello.nonce) != 0)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    uint8_t payload[MISHMEM_TCP_HELLO_BYTES];
    mishmem_tcp_hello_encode(&hello, payload);
    int status = mishmem_tcp_send_frame(fd, MISHMEM_TCP_HELLO, 0, payload, sizeof payload, NULL,
                                        a->deadline);
    if (status == MISHMEM_TCP_IO_OK)
        return read_challenge(a, fd, hello.nonce);
    snprintf(a->last_error, sizeof a->last_error, "sending the HELLO failed: %s",
             status == MISHMEM_TCP_IO_TIMEOUT ? "timed out" : strerror(errno));
    return HELLO_RETRY;
}

/* Says once in a while that the rendezvous is still out of reach. */
static void report_unreachable(const struct attempt *a, int64_t *next_report)
{
    if (mishmem_tcp_now_ms() < *next_report)
        return;
    MISHMEM_WARN("bootstrap tcp: cannot reach the rendezvous at %s yet (last error: %s); still trying "
                 "for another %lld ms (SHMEM_INIT_TIMEOUT)",
                 a->tb->where, a->last_error, (long long)mishmem_tcp_ms_left(a->deadline));
    *next_report = mishmem_tcp_now_ms() + REPORT_EVERY_MS;
}

static int connect_until_deadline(struct attempt *a, const struct addrinfo *addresses)
{
    int backoff = BACKOFF_FIRST_MS;
    int64_t next_report = mishmem_tcp_now_ms() + REPORT_FIRST_MS;
    for (;;) {
        int64_t attempt_deadline = mishmem_tcp_now_ms() + CONNECT_ATTEMPT_MS;
        if (attempt_deadline > a->deadline)
            attempt_deadline = a->deadline;
        int fd = mishmem_tcp_connect(addresses, attempt_deadline);
        if (fd >= 0) {
            int outcome = say_hello(a, fd);
            if (outcome == HELLO_ACCEPTED) {
                a->tb->server_fd = fd;
                return ACLSHMEM_SUCCESS;
            }
            close(fd);
            if (outcome != HELLO_RETRY)
                return outcome;
        } else {
            snprintf(a->last_error, sizeof a->last_error, "%s", strerror(errno));
        }
        if (mishmem_tcp_ms_left(a->deadline) == 0)
            break;
        int status;
        if (a->config->job_board && mishmem_job_board_exited(0, &status)) {
            char how[64];
            mishmem_job_board_describe(status, how, sizeof how);
            MISHMEM_ERROR("bootstrap tcp: no rendezvous at %s: PE 0, which serves it, %s (mishmemrun saw it)",
                          a->tb->where, how);
            return ACLSHMEM_BOOTSTRAP_ERROR;
        }
        report_unreachable(a, &next_report);
        mishmem_tcp_sleep_until(a->deadline, backoff);
        backoff = backoff * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : backoff * 2;
    }
    MISHMEM_ERROR("bootstrap tcp: no rendezvous at %s after %u ms (last error: %s)", a->tb->where,
                  a->config->init_timeout_ms, a->last_error);
    return ACLSHMEM_TIMEOUT_ERROR;
}

int mishmem_tcp_client_rendezvous(struct mishmem_tcp_bootstrap *tb,
                                  const struct mishmem_bootstrap_config *config, int64_t deadline)
{
    struct attempt a = {.tb = tb, .config = config, .deadline = deadline};
    snprintf(a.last_error, sizeof a.last_error, "none");
    struct addrinfo *addresses = NULL;
    int rc = resolve(&a, &addresses);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    rc = connect_until_deadline(&a, addresses);
    freeaddrinfo(addresses);
    return rc;
}
