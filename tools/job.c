/*
 * job.c: start this host's PEs of a job and supervise them (see job.h).
 * Standalone: libc only, does not link libmishmem.
 */
#define _GNU_SOURCE
#include "job.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
    LISTEN_BACKLOG_EXTRA = 64,
    LEFTOVER_REAP_MS = 1000,
    TAG_DRAIN_MS = 500,
};

void report(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mishmemrun: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- small system helpers ---------------------------------------------- */

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void close_if_open(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

/* Keep 0..2 taken, so no socket or pipe we create lands on a stdio number. */
void ensure_stdio_open(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF && open("/dev/null", O_RDWR) < 0) {
            report("cannot open /dev/null: %s", strerror(errno));
            exit(EXIT_LAUNCH_FAILED);
        }
    }
}

static void set_env_or_die(const char *name, const char *value)
{
    if (setenv(name, value, 1) != 0) {
        report("cannot set %s: %s", name, strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
}

static void set_env_int_or_die(const char *name, long value)
{
    char text[32];
    snprintf(text, sizeof text, "%ld", value);
    set_env_or_die(name, text);
}

/* ---- job resources ----------------------------------------------------- */

/*
 * Bind to IP:0 and listen before any PE exists, so PE 0 inherits a
 * socket whose port nobody else can take in the meantime.
 */
static int open_rendezvous_socket(long npes, const char *ip, int *port)
{
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = 0};
    if (inet_pton(AF_INET, ip, &addr.sin_addr) != 1) {
        errno = EINVAL;
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    /* The connections PE 0 accepts inherit this flag, and so do the
     * TIME-WAIT entries they leave on the port when PE 0 closes them:
     * without it, a shmem_init after shmem_finalize could not listen on
     * the port again for a minute. (It never lets a second listener in.) */
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    socklen_t len = sizeof addr;
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
        listen(fd, (int)npes + LISTEN_BACKLOG_EXTRA) != 0 ||
        getsockname(fd, (struct sockaddr *)&addr, &len) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *port = ntohs(addr.sin_port);
    return fd;
}

bool make_secret(char hex[SECRET_HEX_LEN + 1])
{
    unsigned char bytes[SECRET_BYTES];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof bytes; i++)
        snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
    return true;
}

/* The control pipe: PEs write, the launcher reads without ever blocking. */
static bool open_ctrl_pipe(struct job *job)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return false;
    job->ctrl_read_fd = fds[0];
    job->ctrl_write_fd = fds[1];
    return fcntl(job->ctrl_read_fd, F_SETFL, O_NONBLOCK) == 0;
}

/* The job board: a memfd the PEs map read-only, so that a rendezvous
 * waiting for a PE that has exited stops at once. Optional: without it
 * the PEs only wait longer. */
static void open_board(struct job *job, long world_npes)
{
    size_t size = (size_t)world_npes * sizeof(struct mishmem_launch_board_entry);
    int fd = memfd_create("mishmemrun-board", MFD_CLOEXEC);
    if (fd < 0)
        return;
    void *map = MAP_FAILED;
    if (ftruncate(fd, (off_t)size) == 0)
        map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) {
        close(fd);
        return;
    }
    job->board_fd = fd;
    job->board = map;
    job->board_entries = world_npes;
}

static void post_exit(struct job *job, long job_pe, int status)
{
    if (!job->board || job_pe < 0 || job_pe >= job->board_entries)
        return;
    job->board[job_pe].status = status;
    __atomic_store_n(&job->board[job_pe].exited, 1, __ATOMIC_RELEASE);
}

/* Signals are read from a signalfd in the loop; they must stay blocked. */
static bool open_signal_fd(struct job *job)
{
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &mask, &job->saved_mask) != 0)
        return false;
    job->signal_fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    return job->signal_fd >= 0;
}

/* Variables that are the same for every PE go into our own environment. */
static void publish_common_env(const struct job *job, long world_npes, const char *rdv_addr,
                               const char *secret)
{
    set_env_int_or_die(MISHMEM_LAUNCH_NPES, world_npes);
    set_env_or_die(MISHMEM_LAUNCH_RDV_ADDR, rdv_addr);
    set_env_or_die(MISHMEM_LAUNCH_SECRET, secret);
    set_env_int_or_die(MISHMEM_LAUNCH_CTRL_FD, job->ctrl_write_fd);
    if (job->board_fd >= 0)
        set_env_int_or_die(MISHMEM_LAUNCH_JOB_BOARD_FD, job->board_fd);
    else
        unsetenv(MISHMEM_LAUNCH_JOB_BOARD_FD);
    /* A launcher started from inside a PE must not leak its parent's values. */
    unsetenv(MISHMEM_LAUNCH_RDV_FD);
    unsetenv(MISHMEM_LAUNCH_PE);
}

void setup_job(struct job *job, const struct job_config *config)
{
    char secret[SECRET_HEX_LEN + 1];
    char rdv_addr[96];

    memset(job, 0, sizeof *job);
    job->npes = config->npes;
    job->first_pe = config->first_pe;
    job->timeout_s = config->timeout_s;
    job->stdin_to_nobody = config->stdin_to_nobody;
    job->pe_stdout_fd = config->pe_stdout_fd;
    job->default_sigpipe = config->default_sigpipe;
    job->keep_going = config->keep_going;
    job->cores = config->cores;
    job->launcher_pid = getpid();
    job->listen_fd = job->ctrl_read_fd = job->ctrl_write_fd = job->signal_fd = job->board_fd = -1;
    for (int i = 0; i < JOB_EXTRA_FDS; i++)
        job->extra_fds[i] = -1;
    job->pes = calloc((size_t)job->npes, sizeof *job->pes);
    job->pe_by_pid = calloc((size_t)job->npes, sizeof *job->pe_by_pid);
    if (job->pes == NULL || job->pe_by_pid == NULL) {
        report("out of memory for %ld PEs", job->npes);
        exit(EXIT_LAUNCH_FAILED);
    }
    if (config->listen_ip != NULL) {
        job->listen_fd = open_rendezvous_socket(config->world_npes, config->listen_ip, &job->rdv_port);
        if (job->listen_fd < 0) {
            report("cannot open the rendezvous socket on %s: %s", config->listen_ip, strerror(errno));
            exit(EXIT_LAUNCH_FAILED);
        }
        snprintf(rdv_addr, sizeof rdv_addr, "tcp://%s:%d", config->listen_ip, job->rdv_port);
    } else {
        snprintf(rdv_addr, sizeof rdv_addr, "%s", config->rdv_addr);
    }
    if (config->secret != NULL) {
        snprintf(secret, sizeof secret, "%s", config->secret);
    } else if (!make_secret(secret)) {
        report("cannot get random bytes for the job secret: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    /* Orphans of the PEs become our children, so we can reap them. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    if (!open_ctrl_pipe(job) || !open_signal_fd(job)) {
        report("cannot set up the event loop: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    if (job->timeout_s > 0)
        job->timeout_at_ms = now_ms() + (int64_t)(job->timeout_s * 1000.0);
    if (config->tag_emit != NULL) {
        job->tagging = true;
        if (!tagger_open(&job->tagger, job->npes, job->first_pe, config->tag_emit)) {
            report("--tag-output: cannot open two pipes for each of %ld PEs: %s", job->npes,
                   strerror(errno));
            exit(EXIT_LAUNCH_FAILED);
        }
    }
    open_board(job, config->world_npes);
    publish_common_env(job, config->world_npes, rdv_addr, secret);
    explicit_bzero(secret, sizeof secret);
}

/* ---- starting PEs ------------------------------------------------------ */

/* An fd the PE must inherit: drop the close-on-exec flag in the child only. */
static void keep_across_exec(int fd)
{
    fcntl(fd, F_SETFD, 0);
}

/* Runs in the forked child; never returns. */
static void exec_pe(const struct job *job, long pe, char **prog_argv, int exec_error_fd)
{
    /* PE 0 founds the group; the rest join it (the parent does the same). */
    setpgid(0, pe == 0 ? 0 : job->pgid);
    /* Die with the launcher, even if it is SIGKILLed. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != job->launcher_pid)
        _exit(EXIT_LAUNCH_FAILED);
    sigprocmask(SIG_SETMASK, &job->saved_mask, NULL);

    if (job->default_sigpipe)
        signal(SIGPIPE, SIG_DFL); /* a helper ignores it; its PEs must not */
    char number[32];
    snprintf(number, sizeof number, "%ld", job->first_pe + pe);
    setenv(MISHMEM_LAUNCH_PE, number, 1);
    if (job->tagging)
        tagger_redirect(&job->tagger, pe);
    else if (job->pe_stdout_fd >= 0)
        dup2(job->pe_stdout_fd, STDOUT_FILENO);
    if (job->cores != NULL)
        bind_to_core(job->cores, pe);
    if (job->listen_fd >= 0 && pe == 0) {
        snprintf(number, sizeof number, "%d", job->listen_fd);
        setenv(MISHMEM_LAUNCH_RDV_FD, number, 1);
        keep_across_exec(job->listen_fd);
    }
    if (pe != 0 || job->stdin_to_nobody) {
        /* Like mpirun: only PE 0 reads the launcher's stdin. */
        int null_fd = open("/dev/null", O_RDONLY);
        if (null_fd > 0) {
            dup2(null_fd, STDIN_FILENO);
            close(null_fd);
        }
    }
    keep_across_exec(job->ctrl_write_fd);
    if (job->board_fd >= 0)
        keep_across_exec(job->board_fd);

    execvp(prog_argv[0], prog_argv);
    int err = errno;
    if (write(exec_error_fd, &err, sizeof err) < 0) {
        /* Nothing more to do: the exit status still says it failed. */
    }
    _exit(EXIT_CANNOT_EXEC);
}

static bool start_pe(struct job *job, long pe, char **prog_argv, int exec_error_fd)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0)
        exec_pe(job, pe, prog_argv, exec_error_fd);
    if (pe == 0)
        job->pgid = pid;
    /* Also set the group here, so it is in place whichever side runs first. */
    setpgid(pid, job->pgid);
    job->pes[pe].pid = pid;
    job->pes[pe].running = true;
    job->started++;
    job->running++;
    return true;
}

/* Wait until every child has exec'd or failed to; return the first errno. */
static int collect_exec_error(int exec_error_fd)
{
    int first_error = 0, err;
    ssize_t n;
    while ((n = read(exec_error_fd, &err, sizeof err)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        if (n == (ssize_t)sizeof err && first_error == 0)
            first_error = err;
    }
    return first_error;
}

static int compare_pe_pids(const void *a, const void *b, void *job_arg)
{
    const struct job *job = job_arg;
    pid_t pa = job->pes[*(const long *)a].pid;
    pid_t pb = job->pes[*(const long *)b].pid;
    return (pa > pb) - (pa < pb);
}

static void index_pes_by_pid(struct job *job)
{
    for (long pe = 0; pe < job->started; pe++)
        job->pe_by_pid[pe] = pe;
    qsort_r(job->pe_by_pid, (size_t)job->started, sizeof *job->pe_by_pid, compare_pe_pids, job);
}

static long find_pe(const struct job *job, pid_t pid)
{
    long lo = 0, hi = job->started;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        pid_t mid_pid = job->pes[job->pe_by_pid[mid]].pid;
        if (mid_pid == pid)
            return job->pe_by_pid[mid];
        if (mid_pid < pid)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* ---- tearing down ------------------------------------------------------ */

static void signal_all_pes(const struct job *job, int signo)
{
    if (job->pgid > 0)
        kill(-job->pgid, signo); /* also reaches what the PEs forked */
    /* A PE may have left the group; unreaped pids cannot be reused. */
    for (long pe = 0; pe < job->started; pe++)
        if (job->pes[pe].running)
            kill(job->pes[pe].pid, signo);
}

void begin_shutdown(struct job *job, int exit_code, int signo)
{
    if (job->stopping)
        return;
    job->stopping = true;
    job->exit_code = exit_code;
    job->kill_hard_at_ms = now_ms() + KILL_GRACE_MS;
    signal_all_pes(job, signo);
}

void kill_hard(struct job *job)
{
    job->killed_hard = true;
    signal_all_pes(job, SIGKILL);
}

/* Processes the PEs forked stay in their group after the PEs are gone. */
static void kill_leftovers(const struct job *job)
{
    if (job->pgid > 0 && kill(-job->pgid, 0) == 0)
        kill(-job->pgid, SIGKILL);
}

/*
 * As a subreaper we inherit what the PEs forked; reap those that died so
 * no zombie outlives us. Bounded, since one that left the group may live on.
 */
static void reap_leftovers(const struct job *job)
{
    int64_t give_up_at = now_ms() + LEFTOVER_REAP_MS;
    for (;;) {
        pid_t pid;
        while ((pid = waitpid(-1, NULL, WNOHANG)) > 0) {
        }
        if (pid < 0) /* ECHILD: no child left */
            return;
        int64_t left = give_up_at - now_ms();
        if (left <= 0)
            return;
        struct pollfd pfd = {.fd = job->signal_fd, .events = POLLIN};
        if (poll(&pfd, 1, (int)left) > 0) {
            struct signalfd_siginfo info;
            while (read(job->signal_fd, &info, sizeof info) > 0) {
            }
        }
    }
}

/* ---- event handling ---------------------------------------------------- */

void report_failure(long pe, int status)
{
    if (WIFSIGNALED(status)) {
        int signo = WTERMSIG(status);
        const char *name = sigabbrev_np(signo);
        if (name != NULL)
            report("PE %ld was killed by signal SIG%s (%d)", pe, name, signo);
        else
            report("PE %ld was killed by signal %d", pe, signo);
    } else {
        report("PE %ld exited with status %d", pe, WEXITSTATUS(status));
    }
}

int exit_code_of(int status)
{
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

static void on_pe_exit(struct job *job, pid_t pid, int status)
{
    long pe = find_pe(job, pid);
    if (pe < 0 || !job->pes[pe].running)
        return;
    job->pes[pe].running = false;
    job->running--;
    post_exit(job, job->first_pe + pe, status);
    if (job->hooks.pe_exited != NULL)
        job->hooks.pe_exited(job, job->first_pe + pe, status);
    bool failed = WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0);
    if (failed && !job->stopping) {
        if (!job->hooks.quiet_failures)
            report_failure(job->first_pe + pe, status);
        if (!job->keep_going) {
            begin_shutdown(job, exit_code_of(status), SIGTERM);
        } else if (!job->failed) {
            /* The survivors finish; the job still fails, with this status. */
            job->failed = true;
            job->first_failure_code = exit_code_of(status);
        }
    }
}

static void reap_pes(struct job *job)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
        if (WIFEXITED(status) || WIFSIGNALED(status))
            on_pe_exit(job, pid, status);
}

static void on_global_exit(struct job *job, int status)
{
    if (job->hooks.global_exit != NULL)
        job->hooks.global_exit(job, status);
    if (job->stopping)
        return;
    if (status != 0 && !job->hooks.quiet_failures)
        report("a PE called shmem_global_exit(%d); killing %ld PEs", status, job->running);
    begin_shutdown(job, status, SIGTERM);
}

/* Each status is one 4-byte write, which a pipe delivers whole. */
static void drain_ctrl_pipe(struct job *job)
{
    while (job->ctrl_read_fd >= 0) {
        ssize_t n = read(job->ctrl_read_fd, job->ctrl_buf + job->ctrl_len,
                         sizeof job->ctrl_buf - job->ctrl_len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return; /* EAGAIN: nothing more for now */
        if (n == 0) {
            close_if_open(&job->ctrl_read_fd); /* no writer left: stop polling it */
            return;
        }
        job->ctrl_len += (size_t)n;
        if (job->ctrl_len == sizeof job->ctrl_buf) {
            int status;
            memcpy(&status, job->ctrl_buf, sizeof status);
            job->ctrl_len = 0;
            on_global_exit(job, status);
        }
    }
}

void forward_signal(struct job *job, int signo)
{
    if (job->stopping) {
        signal_all_pes(job, signo);
        return;
    }
    begin_shutdown(job, 128 + signo, signo);
}

static void handle_signals(struct job *job)
{
    struct signalfd_siginfo info;
    while (read(job->signal_fd, &info, sizeof info) == (ssize_t)sizeof info) {
        if (info.ssi_signo == SIGCHLD) {
            /* A PE writes its global-exit status before it exits: read it first. */
            drain_ctrl_pipe(job);
            reap_pes(job);
        } else {
            forward_signal(job, (int)info.ssi_signo);
        }
    }
}

static void check_deadlines(struct job *job)
{
    int64_t now = now_ms();
    if (!job->stopping && job->timeout_at_ms != 0 && now >= job->timeout_at_ms) {
        report("timeout after %g s; killing %ld PEs", job->timeout_s, job->running);
        begin_shutdown(job, EXIT_TIMED_OUT, SIGTERM);
    }
    if (job->stopping && !job->killed_hard && now >= job->kill_hard_at_ms)
        kill_hard(job);
}

/* Milliseconds until the next deadline, or -1 to sleep until an event. */
static int poll_timeout_ms(const struct job *job)
{
    int64_t deadline;
    if (job->stopping)
        deadline = job->killed_hard ? 0 : job->kill_hard_at_ms;
    else
        deadline = job->timeout_at_ms;
    if (deadline == 0)
        return -1;
    int64_t left = deadline - now_ms();
    if (left < 0)
        return 0;
    return left > INT_MAX ? INT_MAX : (int)left;
}

void run_event_loop(struct job *job)
{
    enum { FIXED_FDS = 2 + JOB_EXTRA_FDS };
    long max_tagged = job->tagging ? job->tagger.nstreams : 0;
    struct pollfd *fds = calloc((size_t)(FIXED_FDS + max_tagged), sizeof *fds);
    long *stream_of = calloc((size_t)max_tagged + 1, sizeof *stream_of);
    if (fds == NULL || stream_of == NULL) {
        report("out of memory");
        kill_hard(job);
        exit(EXIT_LAUNCH_FAILED);
    }
    while (job->running > 0) {
        fds[0] = (struct pollfd){.fd = job->signal_fd, .events = POLLIN};
        fds[1] = (struct pollfd){.fd = job->ctrl_read_fd, .events = POLLIN}; /* ignored by poll when -1 */
        for (int i = 0; i < JOB_EXTRA_FDS; i++)
            fds[2 + i] = (struct pollfd){.fd = job->extra_fds[i], .events = POLLIN};
        long tagged = job->tagging ? tagger_poll_fds(&job->tagger, fds + FIXED_FDS, stream_of) : 0;
        int n = poll(fds, (nfds_t)(FIXED_FDS + tagged), poll_timeout_ms(job));
        if (n < 0 && errno != EINTR) {
            report("poll failed: %s", strerror(errno));
            kill_hard(job);
            exit(EXIT_LAUNCH_FAILED);
        }
        /* Output first: what a PE wrote before it exited comes before the news of its end. */
        for (long k = 0; n > 0 && k < tagged; k++)
            if (fds[FIXED_FDS + k].revents != 0)
                tagger_read(&job->tagger, stream_of[k]);
        if (n > 0 && fds[1].revents != 0)
            drain_ctrl_pipe(job);
        if (n > 0 && fds[0].revents != 0)
            handle_signals(job);
        for (int i = 0; i < JOB_EXTRA_FDS; i++)
            if (n > 0 && fds[2 + i].fd >= 0 && fds[2 + i].revents != 0 && job->hooks.extra_ready)
                job->hooks.extra_ready(job, i);
        check_deadlines(job);
    }
    free(fds);
    free(stream_of);
}

/* SHMEM_INFO as the library reads it (src/util/params.c). */
static bool shmem_info_wanted(void)
{
    const char *value = getenv("SHMEM_INFO");
    if (value == NULL)
        return false;
    return strcmp(value, "1") == 0 || strcasecmp(value, "y") == 0 || strcasecmp(value, "yes") == 0 ||
           strcasecmp(value, "true") == 0 || strcasecmp(value, "on") == 0;
}

void start_all_pes(struct job *job, char **prog_argv)
{
    if (job->cores != NULL && shmem_info_wanted())
        for (long pe = 0; pe < job->npes; pe++)
            print_binding(job->cores, pe, job->first_pe + pe);
    int exec_error[2];
    if (pipe2(exec_error, O_CLOEXEC) != 0) {
        report("cannot create a pipe: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    for (long pe = 0; pe < job->npes; pe++) {
        if (!start_pe(job, pe, prog_argv, exec_error[1])) {
            report("cannot start PE %ld: %s", job->first_pe + pe, strerror(errno));
            begin_shutdown(job, EXIT_LAUNCH_FAILED, SIGTERM);
            break;
        }
    }
    close(exec_error[1]);
    int err = collect_exec_error(exec_error[0]);
    close(exec_error[0]);
    if (err != 0 && !job->stopping) {
        report("cannot execute '%s': %s", prog_argv[0], strerror(err));
        begin_shutdown(job, EXIT_CANNOT_EXEC, SIGTERM);
    }
    index_pes_by_pid(job);
    if (job->tagging)
        tagger_close_write_ends(&job->tagger);
    /* The PEs hold their copies; ours would only keep the port and pipe alive. */
    close_if_open(&job->listen_fd);
    close_if_open(&job->ctrl_write_fd);
    close_if_open(&job->board_fd); /* the mapping stays, for post_exit */
}

int job_exit_code(const struct job *job)
{
    if (job->stopping)
        return job->exit_code;
    return job->failed ? job->first_failure_code : 0;
}

void finish_job(struct job *job)
{
    kill_leftovers(job);
    reap_leftovers(job);
    if (job->tagging) {
        /* The PEs are gone: what they wrote last, bounded in case a straggler holds a pipe. */
        tagger_drain(&job->tagger, TAG_DRAIN_MS);
        tagger_close(&job->tagger);
        job->tagging = false;
    }
    close_if_open(&job->ctrl_read_fd);
    close_if_open(&job->signal_fd);
    if (job->board)
        munmap(job->board, (size_t)job->board_entries * sizeof *job->board);
    job->board = NULL;
    free(job->pes);
    free(job->pe_by_pid);
    job->pes = NULL;
    job->pe_by_pid = NULL;
}
