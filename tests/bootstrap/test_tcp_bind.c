/* PE 0 binding host:port itself (no launcher socket), over IPv4, IPv6
 * and a host name, and a launcher socket on IPv6. Clients start at the
 * same time as PE 0, so they also exercise retrying until it listens. */
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tcp_test_harness.h"

static int ipv6_available(void)
{
    uint16_t port;
    int fd = th_loopback_listener(AF_INET6, &port);
    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

static int bind_case(const char *name, const char *host, int family, int n_pes)
{
    uint16_t port = th_free_port(family);
    if (port == 0)
        return th_report(name, 0);
    struct th_group g;
    th_group_init(&g, host, port, -1, n_pes);
    return th_report(name, th_run_group(&g, th_member, NULL, NULL, 20000));
}

static int listen_fd_v6_case(void)
{
    const char *name = "3 PEs, listen_fd on [::1]";
    uint16_t port = 0;
    int listener = th_loopback_listener(AF_INET6, &port);
    if (listener < 0)
        return th_report(name, 0);
    struct th_group g;
    th_group_init(&g, "::1", port, listener, 3);
    return th_report(name, th_run_group(&g, th_member, NULL, NULL, 20000));
}

int main(void)
{
    int ok = bind_case("3 PEs, PE 0 binds 127.0.0.1:PORT", "127.0.0.1", AF_INET, 3);
    ok &= bind_case("2 PEs, PE 0 binds localhost:PORT", "localhost", AF_INET, 2);
    if (ipv6_available()) {
        ok &= bind_case("3 PEs, PE 0 binds [::1]:PORT", "[::1]", AF_INET6, 3);
        ok &= listen_fd_v6_case();
    } else {
        printf("SKIP IPv6 cases: no IPv6 loopback here\n");
    }
    return ok ? 0 : 1;
}
