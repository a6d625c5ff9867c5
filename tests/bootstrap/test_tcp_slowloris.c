/* Slowloris (issue 15, item 2): an attacker holds 200 silent connections
 * to PE 0 for the whole init, reconnecting each one PE 0 closes, while a
 * real 4-PE group opens. The group's open must take less than 5 s more
 * than without the attack (the target is < 1 s; the real figure is
 * printed). Then the same with 600 connections, more than PE 0 keeps
 * slots for: silent ones must give way to real PEs. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"

#define N_PES 4
#define ATTACK_MS 9000
#define LIMIT_MS 5000

/* Each PE writes when its open returned (CLOCK_MONOTONIC ms, the same
 * clock in every process) into the pipe. */
struct timing {
    int pipe[2];
};

static int timed_member(const struct th_group *g, int pe, void *arg)
{
    struct timing *t = arg;
    struct mishmem_bootstrap_config c;
    th_config(g, pe, &c);
    struct mishmem_bootstrap *boot = NULL;
    int rc = mishmem_bootstrap_tcp_open(&c, &boot);
    int64_t ended = th_now_ms();
    ssize_t ignored = write(t->pipe[1], &ended, sizeof ended);
    (void)ignored;
    if (rc)
        return th_exit_for_rc(rc);
    int code = th_exercise(boot, g, pe);
    mishmem_bootstrap_close(boot);
    return code;
}

/* Holds `count` silent connections; reconnects any that PE 0 closes. */
static int attacker(const struct th_group *g, int count, void *arg)
{
    int ready_fd = *(int *)arg;
    struct pollfd *fds = calloc((size_t)count, sizeof *fds);
    if (!fds)
        return TH_EXIT_CHECK;
    for (int i = 0; i < count; i++)
        fds[i] = (struct pollfd){.fd = th_connect(g->host, g->port, 1000), .events = POLLIN};
    ssize_t ignored = write(ready_fd, "R", 1);
    (void)ignored;
    long reconnects = 0;
    int64_t end = th_now_ms() + ATTACK_MS;
    while (th_now_ms() < end) {
        if (poll(fds, (nfds_t)count, 50) <= 0)
            continue;
        for (int i = 0; i < count; i++) {
            if (!fds[i].revents)
                continue;
            close(fds[i].fd);
            fds[i].fd = th_connect(g->host, g->port, 200);
            reconnects++;
        }
    }
    printf("    attacker: %d connections held, %ld reconnects\n", count, reconnects);
    for (int i = 0; i < count; i++)
        if (fds[i].fd >= 0)
            close(fds[i].fd);
    free(fds);
    return 0;
}

/* Runs one group (with `attack` silent connections, set up before PEs 1..3
 * start); returns the ms from starting PEs 1..3 until the last open
 * returned, or -1 when the group failed. */
static int64_t run_group(int attack)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), N_PES);
    g.port = port;
    g.init_ms = 20000;
    struct timing t;
    int ready[2];
    if (pipe(t.pipe) != 0 || pipe(ready) != 0)
        return -1;
    int64_t deadline = th_now_ms() + 40000;
    pid_t pe0 = th_spawn(timed_member, &g, 0, &t);
    pid_t bad = -1;
    if (attack) {
        /* Spawned as "PE" attack so that the child does not close the listener copy first. */
        bad = th_spawn(attacker, &g, attack, &ready[1]);
        char byte;
        struct pollfd p = {.fd = ready[0], .events = POLLIN};
        if (poll(&p, 1, 10000) == 1 && read(ready[0], &byte, 1) == 1)
            th_sleep_ms(300); /* PE 0 has seen the whole crowd */
    }
    th_release_listener(&g);
    int64_t started = th_now_ms();
    pid_t pids[N_PES] = {pe0};
    for (int pe = 1; pe < N_PES; pe++)
        pids[pe] = th_spawn(timed_member, &g, pe, &t);
    int ok = 1;
    for (int pe = 0; pe < N_PES; pe++)
        ok &= th_expect_exit("PE", th_wait(pids[pe], deadline), 0);
    close(t.pipe[1]);
    int64_t last = started, ended;
    while (read(t.pipe[0], &ended, sizeof ended) == (ssize_t)sizeof ended)
        if (ended > last)
            last = ended;
    close(t.pipe[0]);
    if (bad > 0) {
        kill(bad, SIGKILL);
        th_wait(bad, deadline);
    }
    close(ready[0]);
    close(ready[1]);
    return ok ? last - started : -1;
}

static int attack_case(int64_t baseline, int count)
{
    int64_t attacked = run_group(count);
    char name[160];
    snprintf(name, sizeof name,
             "%d silent connections held through init: init %lld ms, %lld ms without "
             "(delay %lld ms, limit %d)",
             count, (long long)attacked, (long long)baseline, (long long)(attacked - baseline),
             LIMIT_MS);
    return th_report(name, attacked >= 0 && attacked - baseline < LIMIT_MS);
}

int main(void)
{
    int64_t baseline = run_group(0);
    int ok = th_report("4-PE group without attack", baseline >= 0);
    ok &= attack_case(baseline, 200);
    ok &= attack_case(baseline, 600);
    return ok ? 0 : 1;
}
