/* Every wait is bounded: a client with nobody listening, with a listener
 * that never answers, and a PE 0 whose group never fills up, all end with
 * ACLSHMEM_TIMEOUT_ERROR within the init timeout plus a little, without
 * leaking fds. A server that answers garbage is a BOOTSTRAP_ERROR. */
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"

/* The slack is for a loaded machine (the wait ends at INIT_MS when idle):
 * a wait without a bound is caught by the 60 s ctest watchdog anyway. */
#define INIT_MS 2000
#define SLACK_MS 10000

/* Opens PE 1 of 2 in this process; checks rc, elapsed time and fds. */
static int client_case(const char *name, uint16_t port, int expected_rc, int max_ms)
{
    struct th_group g;
    th_group_init(&g, "127.0.0.1", port, -1, 2);
    g.init_ms = INIT_MS;
    struct mishmem_bootstrap_config c;
    th_config(&g, 1, &c);
    int before = th_count_fds();
    int64_t start = th_now_ms();
    struct mishmem_bootstrap *boot = NULL;
    int rc = mishmem_bootstrap_tcp_open(&c, &boot);
    int64_t elapsed = th_now_ms() - start;
    mishmem_bootstrap_close(boot);
    int after = th_count_fds();
    printf("    open returned %d after %lld ms; fds %d -> %d\n", rc, (long long)elapsed, before,
           after);
    int ok = rc == expected_rc && elapsed <= max_ms && after == before;
    if (expected_rc == ACLSHMEM_TIMEOUT_ERROR)
        ok &= elapsed >= INIT_MS - 5;
    return th_report(name, ok);
}

static int unreachable_case(void)
{
    return client_case("nobody listens: TIMEOUT_ERROR", th_free_port(AF_INET),
                       ACLSHMEM_TIMEOUT_ERROR, INIT_MS + SLACK_MS);
}

static int backlog_only_case(void)
{
    uint16_t port;
    int listener = th_loopback_listener(AF_INET, &port);
    int ok = client_case("listener never accepts: TIMEOUT_ERROR", port, ACLSHMEM_TIMEOUT_ERROR,
                         INIT_MS + SLACK_MS);
    close(listener);
    return ok;
}

/* A server child: accepts, reads, and answers with `reply` (or nothing). */
static int fake_server(const struct th_group *g, int pe, void *arg)
{
    (void)pe;
    const char *reply = arg;
    int fd = -1;
    for (int i = 0; i < 200 && fd < 0; i++) {
        fd = accept(g->listen_fd, NULL, NULL);
        if (fd < 0)
            th_sleep_ms(10);
    }
    char sink[256];
    if (fd >= 0 && recv(fd, sink, sizeof sink, 0) > 0 && reply)
        send(fd, reply, strlen(reply), MSG_NOSIGNAL);
    th_sleep_ms(INIT_MS + SLACK_MS + 500); /* until killed after the case */
    return 0;
}

static int fake_server_case(const char *name, const char *reply, int expected_rc, int max_ms)
{
    uint16_t port;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 2);
    pid_t server = th_spawn(fake_server, &g, 0, (void *)reply);
    th_release_listener(&g);
    int ok = client_case(name, port, expected_rc, max_ms);
    kill(server, SIGKILL); /* it has served its purpose */
    th_wait(server, th_now_ms() + 4000);
    return ok;
}

/* Opens, expecting TIMEOUT_ERROR within the init timeout plus slack;
 * timed inside the child so process start and exit do not count. */
static int timed_open(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    int64_t start = th_now_ms();
    int code = th_open_only(g, pe, NULL);
    int64_t elapsed = th_now_ms() - start;
    fprintf(stderr, "  PE %d: open ended after %lld ms\n", pe, (long long)elapsed);
    /* PE 1 starts later, and is told when PE 0's own timeout expires. */
    int too_soon = pe == 0 && elapsed < INIT_MS - 5;
    if (code == TH_EXIT_TIMEOUT && (too_soon || elapsed > INIT_MS + SLACK_MS))
        return TH_EXIT_CHECK;
    return code;
}

static int missing_pe_case(void)
{
    uint16_t port;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 3);
    g.port = port;
    g.init_ms = INIT_MS;
    pid_t pe0 = th_spawn(timed_open, &g, 0, NULL);
    th_release_listener(&g);
    pid_t pe1 = th_spawn(timed_open, &g, 1, NULL);
    int64_t deadline = th_now_ms() + INIT_MS + SLACK_MS + 5000;
    int ok = th_expect_exit("PE 0", th_wait(pe0, deadline), TH_EXIT_TIMEOUT);
    ok &= th_expect_exit("PE 1", th_wait(pe1, deadline), TH_EXIT_TIMEOUT);
    return th_report("PE 2 never comes: PE 0 and PE 1 get TIMEOUT_ERROR", ok);
}

int main(void)
{
    int ok = unreachable_case();
    ok &= backlog_only_case();
    ok &= fake_server_case("server accepts, never answers: TIMEOUT_ERROR", NULL,
                           ACLSHMEM_TIMEOUT_ERROR, INIT_MS + SLACK_MS);
    ok &= fake_server_case("server answers garbage: BOOTSTRAP_ERROR",
                           "HTTP/1.1 400 Bad Request\r\n\r\n", ACLSHMEM_BOOTSTRAP_ERROR, SLACK_MS);
    ok &= missing_pe_case();
    return ok ? 0 : 1;
}
