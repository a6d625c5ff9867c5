/* Shared pieces of the tcp bootstrap tests: loopback sockets, forking PEs
 * as real processes, waiting for them with a deadline, and the standard
 * life of a group member (open, allgathers that are checked, close). */
#ifndef MISHMEM_TESTS_TCP_TEST_HARNESS_H
#define MISHMEM_TESTS_TCP_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bootstrap/bootstrap.h"

/* A child's exit code: 0 when all went as expected, TH_EXIT_CHECK when
 * one of its own checks failed, TH_EXIT_LEAK when fds leaked, else
 * th_exit_for_rc() of the open's error. */
#define TH_EXIT_CHECK 2
#define TH_EXIT_LEAK 3
#define TH_EXIT_BOOTSTRAP 16 /* th_exit_for_rc(ACLSHMEM_BOOTSTRAP_ERROR) */
#define TH_EXIT_TIMEOUT 17   /* th_exit_for_rc(ACLSHMEM_TIMEOUT_ERROR) */
#define TH_EXIT_KILLED 254   /* did not finish in time, or died of a signal */

/* Every child also arms an alarm (seconds), so nothing outlives a broken
 * test; a long test may raise it before spawning. */
extern int th_child_alarm_s;

struct th_group {
    char host[64];
    uint16_t port;
    int listen_fd; /* PE 0 serves on it; -1: PE 0 binds host:port */
    int n_pes;
    uint64_t instance_id;
    uint8_t secret[MISHMEM_SECRET_BYTES];
    uint32_t init_ms;
    uint32_t op_ms;
};

typedef int (*th_body)(const struct th_group *g, int pe, void *arg);

int th_exit_for_rc(int rc);
int64_t th_now_ms(void);
void th_sleep_ms(int ms);
int th_count_fds(void);
long th_rss_kb(void);

/* A listening socket on the loopback of family (AF_INET or AF_INET6),
 * port chosen by the kernel; -1 when that family is unavailable. */
int th_loopback_listener(int family, uint16_t *port);
/* A port nothing listens on right now (bound then released). */
uint16_t th_free_port(int family);
/* Non-blocking connect to host:port (numeric), bounded by timeout_ms;
 * returns the fd or -1 with errno. */
int th_connect(const char *host, uint16_t port, int timeout_ms);

/* A group on host with a random secret and short timeouts. */
void th_group_init(struct th_group *g, const char *host, uint16_t port, int listen_fd, int n_pes);
void th_config(const struct th_group *g, int pe, struct mishmem_bootstrap_config *c);
/* Closes the parent's copy of the listener, once PE 0 has its own. */
void th_release_listener(struct th_group *g);

/* Forks a child that runs body(g, pe, arg) and exits with its result. */
pid_t th_spawn(th_body body, const struct th_group *g, int pe, void *arg);
/* Waits for pid until deadline (then kills it); returns its exit code. */
int th_wait(pid_t pid, int64_t deadline);
/* Waits for the first of pids to end; returns its index (-1 at deadline)
 * and its exit code in *code. */
int th_wait_first(const pid_t *pids, int count, int64_t deadline, int *code);

/* Spawns PE 0, releases the parent's listener, spawns the other PEs,
 * waits for all; ok when PE pe exits with expected[pe] (NULL: all 0). */
int th_run_group(struct th_group *g, th_body body, void *arg, const int *expected, int timeout_ms);

/* The standard member: open, allgathers of many sizes (each slot
 * checked), a too-large allgather (INVALID_PARAM), barriers, close, and
 * no fd leaked. PE 0 also checks that its listener is closed once open
 * returns. */
int th_member(const struct th_group *g, int pe, void *arg);
/* th_member's life between open and close. */
int th_exercise(struct mishmem_bootstrap *boot, const struct th_group *g, int pe);
/* Opens and expects failure: returns th_exit_for_rc(rc), or TH_EXIT_LEAK. */
int th_open_only(const struct th_group *g, int pe, void *arg);

/* Compares a child's exit code; prints a line either way. */
int th_expect_exit(const char *who, int got, int expected);
/* Prints PASS/FAIL for a case and returns ok. */
int th_report(const char *name, int ok);

/* Catches this process's log lines at level and above (echo: also to
 * stderr); counts them and keeps their text. */
void th_log_capture(int level, int echo);
int th_log_lines(void);
/* How many times needle occurs in the kept lines. */
int th_log_count(const char *needle);
const char *th_log_text(void);

/* A port in 32000-32999 (kept apart from other test runs' ranges) that
 * nothing on the loopback listens on right now; 0 if none is found. */
uint16_t th_port_in_test_range(void);

/* The expected byte k of PE pe's contribution in round r. */
static inline uint8_t th_pattern(int pe, int r, size_t k)
{
    return (uint8_t)(pe * 131 + r * 17 + (int)(k * 7) + 1);
}

#endif
