/*
 * The PEs of a job that run on this host, and their supervision: the
 * launcher contract in their environment, one poll() loop on a signalfd
 * (SIGCHLD and the signals it forwards) and the control pipe, teardown on
 * the first failure, global exit, signal or timeout. Used by mishmemrun on
 * one host and by its per-host helper (--serve-host).
 */
#ifndef MISHMEMRUN_JOB_H
#define MISHMEMRUN_JOB_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "binding.h"
#include "bootstrap/launch_contract.h"
#include "tag.h"

enum {
    MAX_PES = 16384,
    EXIT_LAUNCH_FAILED = 1,
    EXIT_USAGE = 2,
    EXIT_TIMED_OUT = 124,
    EXIT_CANNOT_EXEC = 127,
    SECRET_BYTES = MISHMEM_LAUNCH_SECRET_BYTES,
    SECRET_HEX_LEN = 2 * SECRET_BYTES,
    KILL_GRACE_MS = 1500,
    JOB_EXTRA_FDS = 2,
};

/* Timeouts above this would overflow the millisecond clock arithmetic. */
#define MAX_TIMEOUT_S 1e9

struct job_config {
    long npes;             /* PEs started here */
    long first_pe;         /* the job-wide number of the first of them */
    long world_npes;       /* MISHMEM_NPES: PEs of the whole job */
    double timeout_s;      /* 0: none */
    const char *listen_ip; /* PE 0 is here: its rendezvous socket listens on this IPv4 address */
    const char *rdv_addr;  /* PE 0 is elsewhere: its rendezvous address (tcp://IP:PORT) */
    const char *secret;    /* NULL: a fresh random one */
    bool stdin_to_nobody;  /* every PE gets /dev/null (else PE 0 reads our stdin) */
    int pe_stdout_fd;      /* >= 0: the PEs' stdout (else they inherit ours) */
    bool default_sigpipe;  /* give the PEs SIGPIPE's default action back (we ignore it) */
    bool keep_going;       /* a failed PE does not end the job (--keep-going) */
    tag_emit_fn *tag_emit; /* --tag-output: tagged lines go here (NULL: no tagging) */
    const struct core_plan *cores; /* --bind-to core: local PE i is pinned to cores[i] */
};

struct job;

/* What a helper does instead of the one-host defaults; NULL members keep them. */
struct job_hooks {
    void (*pe_exited)(struct job *job, long pe, int status);  /* every PE, pe job-wide */
    bool quiet_failures;                                       /* do not print failed PEs */
    void (*global_exit)(struct job *job, int status);          /* after a PE's global exit */
    void (*extra_ready)(struct job *job, int index);           /* extra_fds[index] readable */
};

struct pe {
    pid_t pid;
    bool running;
};

struct job {
    struct pe *pes;
    long *pe_by_pid; /* PE numbers sorted by pid, for lookup on SIGCHLD */
    long npes;
    long first_pe;
    long started;
    long running;
    pid_t pgid; /* process group of all PEs: the first PE's pid */
    pid_t launcher_pid;
    sigset_t saved_mask;
    int listen_fd;    /* rendezvous socket handed to PE 0 */
    int rdv_port;     /* its port, when it is here */
    int ctrl_read_fd; /* the launcher's end of MISHMEM_CTRL_FD */
    int ctrl_write_fd;
    int signal_fd;
    int board_fd;           /* MISHMEM_JOB_BOARD_FD: the PEs that have exited, for the PEs */
    struct mishmem_launch_board_entry *board; /* world_npes entries, by job-wide PE number */
    long board_entries;
    int pe_stdout_fd;
    bool stdin_to_nobody;
    bool default_sigpipe;
    unsigned char ctrl_buf[sizeof(int)];
    size_t ctrl_len;
    bool stopping;
    bool killed_hard;
    int exit_code;
    bool keep_going;
    bool failed;           /* with keep_going: a PE failed; first_failure_code is its status */
    int first_failure_code;
    int64_t timeout_at_ms;   /* 0: no timeout */
    int64_t kill_hard_at_ms; /* when SIGTERM'd PEs get SIGKILL */
    double timeout_s;
    struct job_hooks hooks;
    int extra_fds[JOB_EXTRA_FDS]; /* more fds for the loop (-1: none) */
    bool tagging;
    struct tagger tagger;
    const struct core_plan *cores;
    void *user;
};

void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int64_t now_ms(void);
void close_if_open(int *fd);
void ensure_stdio_open(void);
bool make_secret(char hex[SECRET_HEX_LEN + 1]);
void report_failure(long pe, int status);
int exit_code_of(int status);

void setup_job(struct job *job, const struct job_config *config);
void start_all_pes(struct job *job, char **prog_argv);
void begin_shutdown(struct job *job, int exit_code, int signo);
void kill_hard(struct job *job);
/* A signal for the PEs: the first one ends the job with 128 + signo. */
void forward_signal(struct job *job, int signo);
void run_event_loop(struct job *job);
/* After the loop: kill and reap what the PEs left, release the job. */
void finish_job(struct job *job);
/* The job's exit status once the loop has ended. */
int job_exit_code(const struct job *job);

#endif
