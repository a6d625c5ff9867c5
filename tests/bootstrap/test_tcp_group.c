/* Groups of 1, 2, 4 and 8 PEs (real processes) on 127.0.0.1 through a
 * listening socket made by the parent, as a launcher would: open,
 * allgathers of many sizes checked slot by slot, barriers, close. */
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>

#include "tcp_test_harness.h"

static int run_case(int n_pes)
{
    char name[96];
    snprintf(name, sizeof name, "group of %d PE%s, listen_fd on 127.0.0.1", n_pes,
             n_pes == 1 ? "" : "s");
    uint16_t port = 0;
    int listener = th_loopback_listener(AF_INET, &port);
    if (listener < 0)
        return th_report(name, 0);
    struct th_group g;
    th_group_init(&g, "127.0.0.1", port, listener, n_pes);
    int64_t start = th_now_ms();
    int ok = th_run_group(&g, th_member, NULL, NULL, 20000);
    printf("    %d PEs took %lld ms\n", n_pes, (long long)(th_now_ms() - start));
    return th_report(name, ok);
}

int main(void)
{
    int ok = 1;
    const int sizes[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; i++)
        ok &= run_case(sizes[i]);
    return ok ? 0 : 1;
}
