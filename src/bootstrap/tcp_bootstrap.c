/* The tcp bootstrap: PE 0 serves a rendezvous inline (no thread) and
 * relays every allgather; the other PEs talk only to PE 0.
 * Lifecycle: open = rendezvous + one barrier, so that open succeeds on a
 * PE only once all PEs are connected; close releases everything. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_crypto.h"
#include "bootstrap/tcp_internal.h"
#include "bootstrap/tcp_io.h"
#include "bootstrap/tcp_socket.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

#define DEFAULT_TIMEOUT_MS (ACLSHMEM_DEFAULT_TIMEOUT_S * 1000u)

static void tcp_close(struct mishmem_bootstrap *boot)
{
    struct mishmem_tcp_bootstrap *tb = (struct mishmem_tcp_bootstrap *)boot;
    if (!tb)
        return;
    if (tb->client_fds)
        for (int pe = 1; pe < tb->base.n_pes; pe++)
            mishmem_tcp_close_gracefully(tb->client_fds[pe]);
    mishmem_tcp_close_gracefully(tb->server_fd);
    free(tb->client_fds);
    free(tb->sessions);
    free(tb->progress);
    free(tb->pollfds);
    free(tb->poll_pes);
    free(tb);
}

/* Runs exchange tb->seq; any failure leaves the streams out of step for good. */
static int exchange(struct mishmem_tcp_bootstrap *tb, const void *mine, void *all, size_t len,
                    int64_t deadline)
{
    int rc = tb->base.my_pe == 0 ? mishmem_tcp_server_allgather(tb, mine, all, len, deadline)
                                 : mishmem_tcp_client_allgather(tb, mine, all, len, deadline);
    tb->seq++;
    if (rc != ACLSHMEM_SUCCESS)
        tb->broken = 1;
    return rc;
}

static int check_allgather(const struct mishmem_tcp_bootstrap *tb, const void *mine,
                           const void *all, size_t len)
{
    if (tb->broken) {
        MISHMEM_ERROR("bootstrap tcp: unusable after an earlier failed exchange");
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    if (len > MISHMEM_TCP_MAX_ALLGATHER_PER_PE ||
        (uint64_t)len * (uint64_t)tb->base.n_pes > MISHMEM_TCP_MAX_ALLGATHER_TOTAL) {
        MISHMEM_ERROR("bootstrap tcp: allgather of %zu bytes per PE over %d PEs is above the limit "
                      "(%u bytes per PE, %u in all)",
                      len, tb->base.n_pes, MISHMEM_TCP_MAX_ALLGATHER_PER_PE,
                      MISHMEM_TCP_MAX_ALLGATHER_TOTAL);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (len && (!mine || !all))
        return ACLSHMEM_INVALID_PARAM;
    return ACLSHMEM_SUCCESS;
}

static int tcp_allgather(struct mishmem_bootstrap *boot, const void *mine, void *all, size_t len)
{
    struct mishmem_tcp_bootstrap *tb = (struct mishmem_tcp_bootstrap *)boot;
    int rc = check_allgather(tb, mine, all, len);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    return exchange(tb, mine, all, len, mishmem_tcp_now_ms() + tb->op_timeout_ms);
}

static int tcp_barrier(struct mishmem_bootstrap *boot)
{
    return tcp_allgather(boot, NULL, NULL, 0);
}

static const struct mishmem_bootstrap_ops tcp_ops = {tcp_allgather, tcp_barrier, tcp_close};

static int check_config(const struct mishmem_bootstrap_config *c)
{
    const char *why = NULL;
    if (c->n_pes < 1 || c->n_pes > ACLSHMEM_MAX_PES)
        why = "n_pes out of range";
    else if (c->my_pe < 0 || c->my_pe >= c->n_pes)
        why = "my_pe out of range";
    else if (!memchr(c->host, '\0', sizeof c->host))
        why = "host is not terminated";
    else if (c->my_pe != 0 && (c->host[0] == '\0' || c->port == 0))
        why = "a client needs the rendezvous host and port";
    else if (c->my_pe == 0 && c->listen_fd < 0 && c->n_pes > 1 && c->port == 0)
        why = "PE 0 needs a listening socket or a port to listen on";
    if (!why)
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("bootstrap tcp: invalid configuration (PE %d of %d): %s", c->my_pe, c->n_pes, why);
    return ACLSHMEM_INVALID_PARAM;
}

static struct mishmem_tcp_bootstrap *allocate(const struct mishmem_bootstrap_config *c)
{
    struct mishmem_tcp_bootstrap *tb = calloc(1, sizeof *tb);
    if (!tb)
        return NULL;
    tb->base.ops = &tcp_ops;
    tb->base.my_pe = c->my_pe;
    tb->base.n_pes = c->n_pes;
    tb->server_fd = -1;
    tb->instance_id = c->instance_id;
    const char *open_bracket = strchr(c->host, ':') && c->host[0] != '[' ? "[" : "";
    snprintf(tb->where, sizeof tb->where, "%s%s%s:%u", open_bracket, c->host,
             open_bracket[0] ? "]" : "", (unsigned)c->port);
    if (c->my_pe != 0)
        return tb;
    size_t n = (size_t)c->n_pes;
    tb->client_fds = malloc(n * sizeof *tb->client_fds);
    tb->sessions = calloc(n, sizeof *tb->sessions);
    tb->progress = calloc(n, sizeof *tb->progress);
    tb->pollfds = calloc(n, sizeof *tb->pollfds);
    tb->poll_pes = calloc(n, sizeof *tb->poll_pes);
    if (!tb->client_fds || !tb->sessions || !tb->progress || !tb->pollfds || !tb->poll_pes) {
        free(tb->client_fds); /* not filled with -1 yet: keep tcp_close off it */
        tb->client_fds = NULL;
        tcp_close(&tb->base);
        return NULL;
    }
    for (size_t pe = 0; pe < n; pe++)
        tb->client_fds[pe] = -1;
    return tb;
}

/* PE 0's listening socket: the launcher's, or one bound to host:port. */
static int obtain_listener(const struct mishmem_bootstrap_config *c, int *fd)
{
    if (c->listen_fd < 0)
        return mishmem_tcp_listen(c->host, c->port, fd);
    *fd = c->listen_fd;
    return mishmem_tcp_adopt_listener(c->listen_fd);
}

static int rendezvous(struct mishmem_tcp_bootstrap *tb, const struct mishmem_bootstrap_config *c,
                      int64_t deadline)
{
    int listen_fd = -1;
    int rc = c->my_pe == 0 ? obtain_listener(c, &listen_fd)
                           : mishmem_tcp_client_rendezvous(tb, c, deadline);
    if (rc == ACLSHMEM_SUCCESS && c->my_pe == 0)
        rc = mishmem_tcp_server_rendezvous(tb, c, listen_fd, deadline);
    /* Clients wait for PE 0 to gather everyone, then for one exchange. */
    int64_t barrier_deadline = mishmem_tcp_now_ms() + tb->op_timeout_ms;
    if (c->my_pe != 0)
        barrier_deadline = deadline + tb->op_timeout_ms;
    if (rc == ACLSHMEM_SUCCESS)
        rc = exchange(tb, NULL, NULL, 0, barrier_deadline);
    /* Late connections are refused from now on, whatever happened. */
    if (listen_fd >= 0)
        close(listen_fd);
    return rc;
}

/* A secret needs HMAC-SHA256; without one, PE 0 says once that anybody
 * who can reach it may join. */
static int check_authentication(const struct mishmem_bootstrap_config *c)
{
    if (c->n_pes == 1)
        return ACLSHMEM_SUCCESS;
    if (!mishmem_tcp_secret_is_set(c->secret)) {
        if (c->my_pe == 0)
            MISHMEM_WARN("bootstrap tcp: instance %llu is unauthenticated: it has no job secret, "
                         "so any process that reaches its rendezvous may join as a PE; set "
                         "SHMEM_BOOTSTRAP_SECRET (64 hex digits, the same on every PE) to "
                         "authenticate it (mishmemrun sets a secret itself)",
                         (unsigned long long)c->instance_id);
        return ACLSHMEM_SUCCESS;
    }
    char why[240];
    if (mishmem_tcp_crypto_available(why, sizeof why))
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("bootstrap tcp: a job secret is set but cannot be used: HMAC-SHA256 is needed to "
                  "prove it without sending it, and %s; run where the kernel offers AF_ALG "
                  "(CONFIG_CRYPTO_USER_API_HASH) or libcrypto is installed",
                  why);
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

int mishmem_bootstrap_tcp_open(const struct mishmem_bootstrap_config *config,
                               struct mishmem_bootstrap **out)
{
    if (!config || !out)
        return ACLSHMEM_INVALID_PARAM;
    int rc = check_config(config);
    if (rc == ACLSHMEM_SUCCESS)
        rc = check_authentication(config);
    if (rc != ACLSHMEM_SUCCESS) {
        /* PE 0 owns listen_fd from the call on, whatever the outcome. */
        if (config->my_pe == 0 && config->listen_fd >= 0)
            close(config->listen_fd);
        return rc;
    }
    struct mishmem_bootstrap_config c = *config;
    if (c.init_timeout_ms == 0)
        c.init_timeout_ms = DEFAULT_TIMEOUT_MS;
    if (c.op_timeout_ms == 0)
        c.op_timeout_ms = c.init_timeout_ms;
    int64_t deadline = mishmem_tcp_now_ms() + c.init_timeout_ms;
    struct mishmem_tcp_bootstrap *tb = allocate(&c);
    if (!tb) {
        if (c.my_pe == 0 && c.listen_fd >= 0)
            close(c.listen_fd);
        return ACLSHMEM_MALLOC_FAILED;
    }
    tb->op_timeout_ms = c.op_timeout_ms;
    rc = rendezvous(tb, &c, deadline);
    if (rc != ACLSHMEM_SUCCESS) {
        tcp_close(&tb->base);
        return rc;
    }
    MISHMEM_INFO("bootstrap tcp: PE %d of %d connected through %s", c.my_pe, c.n_pes, tb->where);
    *out = &tb->base;
    return ACLSHMEM_SUCCESS;
}
