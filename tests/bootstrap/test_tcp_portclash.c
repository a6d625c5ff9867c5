/* Two jobs that chose the same port range (issue 15, item 6). Job A's PE 0
 * serves port P; job B (another secret) starts on the same P. B's PE 0
 * cannot listen and B's PE 1 reaches A's PE 0: both must say that the port
 * is in use by another job and name SHMEM_INSTANCE_PORT_RANGE, never
 * "wrong secret". Job A must not notice beyond a log line, and completes. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define WAIT_MS 15000

/* Opens expecting failure; checks what this PE logged about it. */
static int job_b_pe(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    th_log_capture(MISHMEM_LOG_WARN, 1);
    int code = th_open_only(g, pe, NULL);
    int says_other_job = th_log_count("another job") > 0;
    int names_variable = th_log_count("SHMEM_INSTANCE_PORT_RANGE") > 0;
    int says_wrong_secret = th_log_count("wrong secret") > 0;
    fprintf(stderr, "  job B PE %d: exit %d; 'another job' %d, variable named %d, "
                    "'wrong secret' %d\n",
            pe, code, says_other_job, names_variable, says_wrong_secret);
    if (code != TH_EXIT_BOOTSTRAP)
        return code ? code : TH_EXIT_CHECK;
    return says_other_job && names_variable && !says_wrong_secret ? 0 : TH_EXIT_CHECK;
}

int main(void)
{
    uint16_t port = th_port_in_test_range();
    if (!port)
        return th_report("a free port in 32000-32999", 0) ? 0 : 1;
    struct th_group a, b;
    th_group_init(&a, "127.0.0.1", port, -1, 2); /* PE 0 binds host:port itself */
    b = a;
    b.secret[0] ^= 0xA5;
    b.init_ms = 3000;
    pid_t a0 = th_spawn(th_member, &a, 0, NULL);
    th_sleep_ms(300); /* A's PE 0 listens first, as the earlier job does */
    int64_t deadline = th_now_ms() + WAIT_MS;
    pid_t b0 = th_spawn(job_b_pe, &b, 0, NULL);
    int ok = th_expect_exit("job B PE 0 (port taken)", th_wait(b0, deadline), 0);
    pid_t b1 = th_spawn(job_b_pe, &b, 1, NULL);
    ok &= th_expect_exit("job B PE 1 (meets job A)", th_wait(b1, deadline), 0);
    pid_t a1 = th_spawn(th_member, &a, 1, NULL);
    ok &= th_expect_exit("job A PE 0", th_wait(a0, deadline), 0);
    ok &= th_expect_exit("job A PE 1", th_wait(a1, deadline), 0);
    return th_report("same port, two jobs: B is told the port is in use by another job", ok) ? 0
                                                                                              : 1;
}
