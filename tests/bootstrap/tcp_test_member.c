/* A group member's life: its configuration, open, checked allgathers,
 * close, and no fd leaked. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "bootstrap/tcp_wire.h"
#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"

void th_group_init(struct th_group *g, const char *host, uint16_t port, int listen_fd, int n_pes)
{
    memset(g, 0, sizeof *g);
    snprintf(g->host, sizeof g->host, "%s", host);
    g->port = port;
    g->listen_fd = listen_fd;
    g->n_pes = n_pes;
    g->instance_id = 7;
    if (getrandom(g->secret, sizeof g->secret, 0) != (ssize_t)sizeof g->secret)
        memset(g->secret, 0x5a, sizeof g->secret);
    g->init_ms = 10000;
    g->op_ms = 5000;
}

void th_config(const struct th_group *g, int pe, struct mishmem_bootstrap_config *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->host, sizeof c->host, "%s", g->host);
    c->port = g->port;
    c->listen_fd = pe == 0 ? g->listen_fd : -1;
    c->my_pe = pe;
    c->n_pes = g->n_pes;
    c->instance_id = g->instance_id;
    memcpy(c->secret, g->secret, sizeof c->secret);
    c->init_timeout_ms = g->init_ms;
    c->op_timeout_ms = g->op_ms;
}

void th_release_listener(struct th_group *g)
{
    if (g->listen_fd >= 0)
        close(g->listen_fd);
    g->listen_fd = -1;
}

static int check_fds(int pe, int before)
{
    int after = th_count_fds();
    if (after == before)
        return 0;
    fprintf(stderr, "  PE %d: %d fds before open, %d after close\n", pe, before, after);
    return TH_EXIT_LEAK;
}

int th_open_only(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    struct mishmem_bootstrap_config c;
    th_config(g, pe, &c);
    /* PE 0's open takes ownership of the listener. */
    int before = th_count_fds() - (c.listen_fd >= 0 ? 1 : 0);
    struct mishmem_bootstrap *boot = NULL;
    int rc = mishmem_bootstrap_tcp_open(&c, &boot);
    mishmem_bootstrap_close(boot);
    int leak = check_fds(pe, before);
    return leak ? leak : th_exit_for_rc(rc);
}

static int check_round(const struct th_group *g, int pe, int round, const uint8_t *all, size_t len)
{
    for (int q = 0; q < g->n_pes; q++)
        for (size_t k = 0; k < len; k++)
            if (all[(size_t)q * len + k] != th_pattern(q, round, k)) {
                fprintf(stderr, "  PE %d: round %d (%zu bytes): PE %d's byte %zu is wrong\n", pe,
                        round, len, q, k);
                return TH_EXIT_CHECK;
            }
    return 0;
}

static int one_round(struct mishmem_bootstrap *boot, const struct th_group *g, int pe, int round,
                     size_t len)
{
    uint8_t *mine = malloc(len ? len : 1);
    uint8_t *all = malloc(len ? len * (size_t)g->n_pes : 1);
    if (!mine || !all) {
        free(mine);
        free(all);
        return TH_EXIT_CHECK;
    }
    for (size_t k = 0; k < len; k++)
        mine[k] = th_pattern(pe, round, k);
    memset(all, 0xEE, len * (size_t)g->n_pes);
    int rc = mishmem_bootstrap_allgather(boot, mine, all, len);
    int code = rc ? th_exit_for_rc(rc) : check_round(g, pe, round, all, len);
    if (rc)
        fprintf(stderr, "  PE %d: allgather of %zu bytes returned %d\n", pe, len, rc);
    free(mine);
    free(all);
    return code;
}

static int listener_is_closed(const struct th_group *g)
{
    /* A launcher's socket: open must have closed our copy (the parent may
     * still hold its own for a moment, so connecting proves nothing). */
    if (g->listen_fd >= 0) {
        if (fcntl(g->listen_fd, F_GETFD) < 0 && errno == EBADF)
            return 1;
        fprintf(stderr, "  PE 0: listen_fd %d still open after open\n", g->listen_fd);
        return 0;
    }
    int fd = th_connect(g->host, g->port, 500);
    if (fd < 0)
        return 1;
    close(fd);
    fprintf(stderr, "  PE 0: %s:%u still accepts connections after open\n", g->host, g->port);
    return 0;
}

int th_exercise(struct mishmem_bootstrap *boot, const struct th_group *g, int pe)
{
    if (boot->my_pe != pe || boot->n_pes != g->n_pes)
        return TH_EXIT_CHECK;
    if (pe == 0 && !listener_is_closed(g))
        return TH_EXIT_CHECK;
    static const size_t sizes[] = {0, 1, 3, 8, 100, 4096, 65536, MISHMEM_TCP_MAX_ALLGATHER_PER_PE};
    int round = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int code = one_round(boot, g, pe, round++, sizes[i]);
        if (code)
            return code;
        if (i % 3 == 0 && mishmem_bootstrap_barrier(boot) != ACLSHMEM_SUCCESS)
            return TH_EXIT_CHECK;
    }
    uint8_t byte = 0;
    /* Too large is refused locally on every PE and leaves the bootstrap usable. */
    if (mishmem_bootstrap_allgather(boot, &byte, &byte, MISHMEM_TCP_MAX_ALLGATHER_PER_PE + 1) !=
        ACLSHMEM_INVALID_PARAM) {
        fprintf(stderr, "  PE %d: oversized allgather was not refused\n", pe);
        return TH_EXIT_CHECK;
    }
    if (mishmem_bootstrap_barrier(boot) != ACLSHMEM_SUCCESS)
        return TH_EXIT_CHECK;
    return one_round(boot, g, pe, round, 5);
}

int th_member(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    struct mishmem_bootstrap_config c;
    th_config(g, pe, &c);
    int before = th_count_fds() - (c.listen_fd >= 0 ? 1 : 0);
    struct mishmem_bootstrap *boot = NULL;
    int rc = mishmem_bootstrap_tcp_open(&c, &boot);
    if (rc != ACLSHMEM_SUCCESS) {
        fprintf(stderr, "  PE %d: open returned %d\n", pe, rc);
        int leak = check_fds(pe, before);
        return leak ? leak : th_exit_for_rc(rc);
    }
    int code = th_exercise(boot, g, pe);
    mishmem_bootstrap_close(boot);
    int leak = check_fds(pe, before);
    return code ? code : leak;
}
