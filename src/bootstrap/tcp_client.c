/* A client PE's side of the rendezvous: connect to PE 0 (retrying while
 * nobody listens yet), say HELLO, and wait for ACCEPT or REJECT. */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* say_hello's outcomes besides the ACLSHMEM_* failures. */
enum { HELLO_ACCEPTED = 1, HELLO_RETRY = 2 };

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

static int read_refusal(struct attempt *a, int fd, uint16_t type)
{
    uint8_t payload[MISHMEM_TCP_REFUSAL_BYTES];
    if (mishmem_tcp_read_full(fd, payload, sizeof payload, a->deadline) != MISHMEM_TCP_IO_OK) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous %s refused this PE without a readable reason",
                      a->tb->where);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    struct mishmem_tcp_refusal why;
    mishmem_tcp_refusal_decode(payload, &why);
    char text[200];
    mishmem_tcp_refusal_text(&why, a->config->my_pe, a->config->n_pes, a->config->instance_id, text,
                             sizeof text);
    MISHMEM_ERROR("bootstrap tcp: rendezvous %s by PE 0 at %s: %s",
                  type == MISHMEM_TCP_ABORT ? "aborted" : "refused", a->tb->where, text);
    return why.reason == MISHMEM_TCP_REASON_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR
                                                     : ACLSHMEM_BOOTSTRAP_ERROR;
}

/* Turns PE 0's answer to our HELLO into an outcome. */
static int read_answer(struct attempt *a, int fd)
{
    struct mishmem_tcp_header h;
    int status = mishmem_tcp_recv_header(fd, &h, a->deadline);
    if (status == MISHMEM_TCP_IO_TIMEOUT) {
        MISHMEM_ERROR("bootstrap tcp: rendezvous at %s accepted the connection but did not answer "
                      "within %u ms",
                      a->tb->where, a->config->init_timeout_ms);
        return ACLSHMEM_TIMEOUT_ERROR;
    }
    if (status == MISHMEM_TCP_IO_CLOSED || status == MISHMEM_TCP_IO_ERROR) {
        /* PE 0 sheds connections when flooded: worth another try. */
        snprintf(a->last_error, sizeof a->last_error, "%s",
                 status == MISHMEM_TCP_IO_CLOSED ? "PE 0 closed the connection without answering"
                                                 : strerror(errno));
        return HELLO_RETRY;
    }
    if (status == MISHMEM_TCP_IO_OK && h.type == MISHMEM_TCP_ACCEPT && h.length == 0)
        return HELLO_ACCEPTED;
    if (status == MISHMEM_TCP_IO_OK &&
        (h.type == MISHMEM_TCP_REJECT || h.type == MISHMEM_TCP_ABORT) &&
        h.length == MISHMEM_TCP_REFUSAL_BYTES)
        return read_refusal(a, fd, h.type);
    MISHMEM_ERROR("bootstrap tcp: %s answered the HELLO with a malformed frame; is it a mishmem "
                  "rendezvous?",
                  a->tb->where);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

static int say_hello(struct attempt *a, int fd)
{
    struct mishmem_tcp_hello hello = {
        .version = MISHMEM_TCP_VERSION,
        .instance_id = a->config->instance_id,
        .pe = (uint32_t)a->config->my_pe,
        .n_pes = (uint32_t)a->config->n_pes,
    };
    memcpy(hello.secret, a->config->secret, sizeof hello.secret);
    uint8_t payload[MISHMEM_TCP_HELLO_BYTES];
    mishmem_tcp_hello_encode(&hello, payload);
    int status = mishmem_tcp_send_frame(fd, MISHMEM_TCP_HELLO, 0, payload, sizeof payload,
                                        a->deadline);
    if (status == MISHMEM_TCP_IO_OK)
        return read_answer(a, fd);
    snprintf(a->last_error, sizeof a->last_error, "sending the HELLO failed: %s",
             status == MISHMEM_TCP_IO_TIMEOUT ? "timed out" : strerror(errno));
    return HELLO_RETRY;
}

static int connect_until_deadline(struct attempt *a, const struct addrinfo *addresses)
{
    int backoff = BACKOFF_FIRST_MS;
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
