/* Log flooding (issue 15, item 3): a storm of connections that close at
 * once, send garbage or stay silent, against a PE 0 logging at WARN.
 * PE 0 must write at most one line per reason per second, with a count,
 * and the real group still completes. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_fuzz_client.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define STORM 3000
#define WAIT_MS 40000

static int pe0_body(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    th_log_capture(MISHMEM_LOG_WARN, 0);
    int64_t start = th_now_ms();
    int code = th_member(g, pe, NULL);
    double seconds = (double)(th_now_ms() - start) / 1000.0;
    int lines = th_log_lines();
    int with_count = th_log_count(" more");
    /* A handful of reasons, one line each per second, plus one summary each. */
    int limit = (int)(8 * (seconds + 1.0)) + 8;
    printf("    PE 0 under a storm of %d connections: %d log lines in %.1f s (limit %d), "
           "%d with a count\n",
           STORM, lines, seconds, limit, with_count);
    if (lines > limit)
        fprintf(stderr, "%.2000s\n", th_log_text());
    if (code)
        return code;
    return lines <= limit && with_count > 0 ? 0 : TH_EXIT_CHECK;
}

static int storm_body(const struct th_group *g, int pe, void *arg)
{
    (void)pe;
    (void)arg;
    struct fuzz_stats stats;
    fuzz_hostile(g->host, g->port, STORM, 12345, &stats);
    printf("    storm: %d connections, %d refused, %d ACCEPTs\n", stats.connections,
           stats.refused, stats.accepts);
    return stats.accepts == 0 ? 0 : TH_EXIT_CHECK;
}

int main(void)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 2);
    g.port = port;
    g.init_ms = 30000;
    int64_t deadline = th_now_ms() + WAIT_MS;
    pid_t pe0 = th_spawn(pe0_body, &g, 0, NULL);
    pid_t storm = th_spawn(storm_body, &g, -1, NULL);
    th_release_listener(&g);
    int ok = th_expect_exit("storm", th_wait(storm, deadline), 0);
    pid_t pe1 = th_spawn(th_member, &g, 1, NULL);
    ok &= th_expect_exit("PE 0", th_wait(pe0, deadline), 0);
    ok &= th_expect_exit("PE 1", th_wait(pe1, deadline), 0);
    return th_report("connection storm: rejection log rate-limited, group completes", ok) ? 0 : 1;
}
