/* PEs as real processes: fork, wait with a deadline, exit codes, and
 * what a process can say about itself (fds, RSS, time). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tcp_test_harness.h"

int th_child_alarm_s = 25;

int th_exit_for_rc(int rc) { return rc == 0 ? 0 : 10 - rc; }

int64_t th_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void th_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int th_count_fds(void)
{
    DIR *dir = opendir("/proc/self/fd");
    if (!dir)
        return -1;
    int count = 0;
    for (struct dirent *e = readdir(dir); e; e = readdir(dir))
        if (e->d_name[0] != '.')
            count++;
    closedir(dir);
    return count - 1; /* the directory's own fd */
}

long th_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

pid_t th_spawn(th_body body, const struct th_group *g, int pe, void *arg)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    alarm((unsigned)th_child_alarm_s);
    /* Only PE 0 may hold the listener, or late connects would not be refused. */
    if (pe != 0 && g->listen_fd >= 0)
        close(g->listen_fd);
    int code = body(g, pe, arg);
    /* exit, not _exit: LeakSanitizer checks each PE at exit. The parent
     * flushed stdio before fork, so nothing is written twice. */
    exit(code);
}

static int exit_code(pid_t pid, int status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    fprintf(stderr, "  child %d died of signal %d\n", (int)pid, WTERMSIG(status));
    return TH_EXIT_KILLED;
}

int th_wait_first(const pid_t *pids, int count, int64_t deadline, int *code)
{
    for (;;) {
        for (int i = 0; i < count; i++) {
            int status;
            if (pids[i] > 0 && waitpid(pids[i], &status, WNOHANG) == pids[i]) {
                *code = exit_code(pids[i], status);
                return i;
            }
        }
        if (th_now_ms() >= deadline)
            return -1;
        th_sleep_ms(5);
    }
}

int th_wait(pid_t pid, int64_t deadline)
{
    int code;
    if (th_wait_first(&pid, 1, deadline, &code) == 0)
        return code;
    fprintf(stderr, "  child %d overran its deadline: killed\n", (int)pid);
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    return TH_EXIT_KILLED;
}

int th_run_group(struct th_group *g, th_body body, void *arg, const int *expected, int timeout_ms)
{
    pid_t pids[64];
    if (g->n_pes > 64)
        return 0;
    pids[0] = th_spawn(body, g, 0, arg);
    th_release_listener(g);
    for (int pe = 1; pe < g->n_pes; pe++)
        pids[pe] = th_spawn(body, g, pe, arg);
    int64_t deadline = th_now_ms() + timeout_ms;
    int ok = 1;
    for (int pe = 0; pe < g->n_pes; pe++) {
        char who[16];
        snprintf(who, sizeof who, "PE %d", pe);
        ok &= th_expect_exit(who, th_wait(pids[pe], deadline), expected ? expected[pe] : 0);
    }
    return ok;
}

int th_expect_exit(const char *who, int got, int expected)
{
    if (got == expected)
        return 1;
    printf("    %s: exit code %d, expected %d\n", who, got, expected);
    return 0;
}

int th_report(const char *name, int ok)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    fflush(stdout);
    return ok;
}
