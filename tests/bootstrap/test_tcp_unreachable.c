/* A PE that cannot reach the rendezvous (nobody listens at PE 0's
 * address) says so early, naming the address, and keeps trying until its
 * init timeout: one warning that names HOST:PORT before the timeout error
 * (issue 27, item 1: a user is not left staring at silence). */
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define INIT_MS 8000 /* longer than the first warning's delay */

static char needle[128];

static int lone_client(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    th_log_capture(MISHMEM_LOG_WARN, 1);
    int64_t start = th_now_ms();
    int code = th_open_only(g, pe, NULL);
    int64_t ms = th_now_ms() - start;
    int said = th_log_count(needle);
    fprintf(stderr, "  PE %d: exit %d after %lld ms; '%s' said %d time(s)\n", pe, code, (long long)ms,
            needle, said);
    if (code != TH_EXIT_TIMEOUT)
        return code ? code : TH_EXIT_CHECK;
    /* It kept trying to the end (a lower bound: no load can shorten it). */
    return said >= 1 && ms >= INIT_MS - 100 ? 0 : TH_EXIT_CHECK;
}

int main(void)
{
    /* A port nobody listens on: bound, then closed. */
    uint16_t port = 0;
    int fd = th_loopback_listener(AF_INET, &port);
    close(fd);
    struct th_group g;
    th_group_init(&g, "127.0.0.1", port, -1, 2);
    g.init_ms = INIT_MS;
    snprintf(needle, sizeof needle, "cannot reach the rendezvous at 127.0.0.1:%u yet", (unsigned)port);
    int ok = th_expect_exit("PE 1 alone", th_wait(th_spawn(lone_client, &g, 1, NULL), th_now_ms() + 40000),
                            0);
    return th_report("unreachable rendezvous: named early, retried until the init timeout", ok) ? 0 : 1;
}
