/* Where no HMAC-SHA256 can be had (no AF_ALG, no libcrypto; simulated
 * here with mishmem_tcp_crypto_disable_for_tests): a PE with a secret
 * fails at once with a clear error and never connects, and a job without
 * a secret still forms, since it needs no crypto at all. */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_crypto.h"
#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define WAIT_MS 15000

static int member_without_crypto(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    mishmem_tcp_crypto_disable_for_tests();
    return th_member(g, pe, NULL);
}

static int secret_without_crypto(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    mishmem_tcp_crypto_disable_for_tests();
    th_log_capture(MISHMEM_LOG_WARN, 1);
    int64_t start = th_now_ms();
    int code = th_open_only(g, pe, NULL);
    int64_t ms = th_now_ms() - start;
    int clear = th_log_count("a job secret is set but cannot be used") == 1 &&
                th_log_count("HMAC-SHA256") >= 1;
    fprintf(stderr, "  PE %d: exit %d after %lld ms; clear message %d\n", pe, code,
            (long long)ms, clear);
    if (code != TH_EXIT_BOOTSTRAP)
        return code ? code : TH_EXIT_CHECK;
    return clear && ms < 5000 ? 0 : TH_EXIT_CHECK; /* at once, not at the 10 s init timeout */
}

/* Nobody may have connected to the listener: the PE gave up before. */
static int listener_untouched(int listen_fd)
{
    struct pollfd p = {.fd = listen_fd, .events = POLLIN};
    if (poll(&p, 1, 0) == 0)
        return 1;
    printf("    someone connected to the listener\n");
    return 0;
}

int main(void)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 2);
    g.port = port;
    int64_t deadline = th_now_ms() + WAIT_MS;
    int ok = th_expect_exit("PE 1 with a secret",
                            th_wait(th_spawn(secret_without_crypto, &g, 1, NULL), deadline), 0);
    ok &= th_expect_exit("PE 0 with a secret",
                         th_wait(th_spawn(secret_without_crypto, &g, 0, NULL), deadline), 0);
    int untouched = listener_untouched(g.listen_fd);
    ok &= untouched;
    th_release_listener(&g);
    ok = th_report("a secret without HMAC-SHA256: clear error at once, nothing sent", ok);

    struct th_group open_group;
    th_group_init(&open_group, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 3);
    open_group.port = port;
    memset(open_group.secret, 0, sizeof open_group.secret);
    ok &= th_report("no secret, no crypto: the group forms",
                    th_run_group(&open_group, member_without_crypto, NULL, NULL, WAIT_MS));
    return ok ? 0 : 1;
}
