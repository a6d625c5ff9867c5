/* A job without a secret (issue 15, item 5): PE 0 says once that the
 * instance is unauthenticated and names SHMEM_BOOTSTRAP_SECRET; forged
 * newcomers (a second PE 1, a PE that claims another n_pes, a PE number
 * out of range) are refused one by one and the real group completes. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define WAIT_MS 15000

static int pe0_body(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    th_log_capture(MISHMEM_LOG_WARN, 1);
    int code = th_member(g, pe, NULL);
    int said = th_log_count("unauthenticated");
    int named = th_log_count("SHMEM_BOOTSTRAP_SECRET");
    fprintf(stderr, "  PE 0: exit %d; 'unauthenticated' said %d time(s), "
                    "SHMEM_BOOTSTRAP_SECRET named %d time(s)\n",
            code, said, named);
    if (code)
        return code;
    return said == 1 && named >= 1 ? 0 : TH_EXIT_CHECK;
}

int main(void)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 3);
    g.port = port;
    memset(g.secret, 0, sizeof g.secret);
    struct th_group wrong_n = g, out_of_range = g;
    wrong_n.n_pes = 5;
    wrong_n.listen_fd = -1;
    out_of_range.n_pes = 9;
    out_of_range.listen_fd = -1;
    int64_t deadline = th_now_ms() + WAIT_MS;
    pid_t pids[3];
    pids[0] = th_spawn(pe0_body, &g, 0, NULL);
    th_release_listener(&g);
    pids[1] = th_spawn(th_member, &g, 1, NULL);
    th_sleep_ms(300); /* the real PE 1 is in */
    int ok = th_expect_exit("forged second PE 1",
                            th_wait(th_spawn(th_open_only, &g, 1, NULL), deadline),
                            TH_EXIT_BOOTSTRAP);
    ok &= th_expect_exit("forged PE 2 of 5",
                         th_wait(th_spawn(th_open_only, &wrong_n, 2, NULL), deadline),
                         TH_EXIT_BOOTSTRAP);
    ok &= th_expect_exit("forged PE 7 of 9",
                         th_wait(th_spawn(th_open_only, &out_of_range, 7, NULL), deadline),
                         TH_EXIT_BOOTSTRAP);
    pids[2] = th_spawn(th_member, &g, 2, NULL);
    for (int pe = 0; pe < 3; pe++) {
        char who[16];
        snprintf(who, sizeof who, "PE %d", pe);
        ok &= th_expect_exit(who, th_wait(pids[pe], deadline), 0);
    }
    return th_report("no secret: warned once, forged newcomers fail alone, group completes", ok)
               ? 0
               : 1;
}
