/* Failures after a successful open: a client dying mid-frame, PE 0
 * dying, a PE too slow for the op timeout, PEs disagreeing on the length,
 * a DATA frame not made with the session's key (issue 15, item 1).
 * Every PE must get an error promptly (never hang), later calls must fail
 * at once, and close must release every fd. Also an in-place allgather. */
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_internal.h"
#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"

/* An op timeout long enough that a loaded machine does not reach it by
 * accident: "at once" below means well inside it, so the error code, not
 * a few milliseconds, tells a prompt failure from a timeout. */
#define OP_MS 3000
#define WAIT_MS 40000

enum scenario { CLIENT_DIES, SERVER_DIES, SLOW_PE, LENGTH_MISMATCH, IN_PLACE, FORGED_DATA };

static int fail(int pe, const char *what, int rc)
{
    fprintf(stderr, "  PE %d: %s (rc %d)\n", pe, what, rc);
    return TH_EXIT_CHECK;
}

/* One allgather of len bytes whose result is checked. */
static int gather_ok(struct mishmem_bootstrap *boot, const struct th_group *g, int pe, size_t len)
{
    uint8_t mine[64], all[64 * 8];
    for (size_t k = 0; k < len; k++)
        mine[k] = th_pattern(pe, 1, k);
    int rc = mishmem_bootstrap_allgather(boot, mine, all, len);
    if (rc)
        return fail(pe, "first allgather failed", rc);
    for (int q = 0; q < g->n_pes; q++)
        for (size_t k = 0; k < len; k++)
            if (all[(size_t)q * len + k] != th_pattern(q, 1, k))
                return fail(pe, "first allgather delivered wrong bytes", 0);
    return 0;
}

/* The op after the failure point must return `expected` within max_ms,
 * and the next one must fail at once. */
static int expect_failure(struct mishmem_bootstrap *boot, int pe, size_t len, int expected,
                          int max_ms)
{
    uint8_t mine[64] = {0}, all[64 * 8];
    int64_t start = th_now_ms();
    int rc = mishmem_bootstrap_allgather(boot, mine, all, len);
    int64_t elapsed = th_now_ms() - start;
    if (rc != expected || elapsed > max_ms) {
        fprintf(stderr, "  PE %d: got %d after %lld ms, expected %d within %d ms\n", pe, rc,
                (long long)elapsed, expected, max_ms);
        return TH_EXIT_CHECK;
    }
    if (mishmem_bootstrap_barrier(boot) != ACLSHMEM_BOOTSTRAP_ERROR)
        return fail(pe, "a call after the failure did not fail", 0);
    return 0;
}

/* Writes half a DATA header to PE 0 and dies: a client lost mid-frame. */
static _Noreturn void die_mid_frame(struct mishmem_bootstrap *boot)
{
    struct mishmem_tcp_bootstrap *tb = (struct mishmem_tcp_bootstrap *)boot;
    const uint8_t half[7] = {0x4D, 0x53, 0x48, 0x42, 0, MISHMEM_TCP_DATA, 0};
    ssize_t ignored = send(tb->server_fd, half, sizeof half, MSG_NOSIGNAL);
    (void)ignored;
    _exit(0);
}

/* Sends, in place of this PE's allgather, a DATA frame with the right
 * header and length but 32 bytes that are not the session's tag: what a
 * process that injects into the connection, without the key, can send. */
static int forge_data(struct mishmem_bootstrap *boot, size_t len)
{
    struct mishmem_tcp_bootstrap *tb = (struct mishmem_tcp_bootstrap *)boot;
    uint8_t frame[MISHMEM_TCP_HEADER_BYTES + 64 + 32];
    struct mishmem_tcp_header h = {MISHMEM_TCP_MAGIC, MISHMEM_TCP_DATA, 0, tb->seq,
                                   (uint32_t)len};
    mishmem_tcp_header_encode(&h, frame);
    memset(frame + MISHMEM_TCP_HEADER_BYTES, 0x42, len + 32);
    size_t n = MISHMEM_TCP_HEADER_BYTES + len + 32;
    if (send(tb->server_fd, frame, n, MSG_NOSIGNAL) != (ssize_t)n)
        return TH_EXIT_CHECK;
    th_sleep_ms(OP_MS); /* stay connected while the others judge it */
    return 0;
}

static int in_place(struct mishmem_bootstrap *boot, const struct th_group *g, int pe)
{
    uint8_t all[8 * 8];
    for (int k = 0; k < 8; k++)
        all[pe * 8 + k] = th_pattern(pe, 2, (size_t)k);
    int rc = mishmem_bootstrap_allgather(boot, all + pe * 8, all, 8);
    for (int q = 0; q < g->n_pes && rc == 0; q++)
        for (int k = 0; k < 8; k++)
            if (all[q * 8 + k] != th_pattern(q, 2, (size_t)k))
                return fail(pe, "in-place allgather delivered wrong bytes", 0);
    return rc ? fail(pe, "in-place allgather failed", rc) : 0;
}

static int after_open(struct mishmem_bootstrap *boot, const struct th_group *g, int pe,
                      enum scenario s)
{
    int code = gather_ok(boot, g, pe, 16);
    if (code)
        return code;
    switch (s) {
    case CLIENT_DIES:
        if (pe == 2)
            die_mid_frame(boot);
        return expect_failure(boot, pe, 16, ACLSHMEM_BOOTSTRAP_ERROR, OP_MS);
    case SERVER_DIES:
        if (pe == 0)
            _exit(0);
        return expect_failure(boot, pe, 16, ACLSHMEM_BOOTSTRAP_ERROR, OP_MS);
    case SLOW_PE:
        if (pe == 1) {
            th_sleep_ms(OP_MS * 2 + 200);
            /* PE 0's ABORT is already waiting: faster than our own timeout. */
            return expect_failure(boot, pe, 16, ACLSHMEM_TIMEOUT_ERROR, OP_MS - 100);
        }
        return expect_failure(boot, pe, 16, ACLSHMEM_TIMEOUT_ERROR, OP_MS * 2);
    case LENGTH_MISMATCH:
        return expect_failure(boot, pe, pe == 2 ? 8 : 16, ACLSHMEM_BOOTSTRAP_ERROR, OP_MS);
    case IN_PLACE:
        return in_place(boot, g, pe);
    case FORGED_DATA:
        if (pe == 2)
            return forge_data(boot, 16);
        return expect_failure(boot, pe, 16, ACLSHMEM_BOOTSTRAP_ERROR, OP_MS);
    }
    return TH_EXIT_CHECK;
}

static int scenario_member(const struct th_group *g, int pe, void *arg)
{
    enum scenario s = *(const enum scenario *)arg;
    struct mishmem_bootstrap_config c;
    th_config(g, pe, &c);
    int before = th_count_fds() - (c.listen_fd >= 0 ? 1 : 0);
    struct mishmem_bootstrap *boot = NULL;
    int rc = mishmem_bootstrap_tcp_open(&c, &boot);
    if (rc)
        return fail(pe, "open failed", rc);
    int code = after_open(boot, g, pe, s);
    mishmem_bootstrap_close(boot);
    if (!code && th_count_fds() != before)
        code = fail(pe, "fds leaked", th_count_fds() - before);
    return code;
}

static int run(const char *name, enum scenario s, int n_pes)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), n_pes);
    g.port = port;
    g.op_ms = OP_MS;
    return th_report(name, th_run_group(&g, scenario_member, &s, NULL, WAIT_MS));
}

int main(void)
{
    int ok = run("PE 2 dies mid-frame: PE 0 and PE 1 get BOOTSTRAP_ERROR", CLIENT_DIES, 3);
    ok &= run("PE 0 dies: PE 1 and PE 2 get BOOTSTRAP_ERROR", SERVER_DIES, 3);
    ok &= run("PE 1 late past op timeout: both get TIMEOUT_ERROR", SLOW_PE, 2);
    ok &= run("PE 2 gives 8 bytes, others 16: all get BOOTSTRAP_ERROR", LENGTH_MISMATCH, 3);
    ok &= run("in-place allgather (mine inside all)", IN_PLACE, 4);
    ok &= run("PE 2's DATA without the session tag: PE 0 and PE 1 get BOOTSTRAP_ERROR",
              FORGED_DATA, 3);
    return ok ? 0 : 1;
}
