/*
 * hosts.c: the launcher side of --hosts (protocol in hosts.h). Starts the
 * first host's helper, learns PE 0's rendezvous port from it, starts the
 * other hosts' helpers with that address, then supervises the job from
 * their reports in one poll() loop on a signalfd and the agents' stdout:
 * a failure, global exit, signal or timeout is sent to every helper as
 * "sig N"; helpers that do not end in time lose their stdin (they kill
 * their PEs at once) and agents that still do not end are killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hosts.h"
#include "job.h"
#include "wire.h"

enum {
    CLOSE_STDIN_AFTER_MS = KILL_GRACE_MS + 1000, /* after the job began to stop */
    KILL_AGENTS_AFTER_MS = CLOSE_STDIN_AFTER_MS + 2000,
    GIVE_UP_AFTER_MS = KILL_AGENTS_AFTER_MS + 1000,
};

struct remote {
    const struct host_plan *plan;
    bool started;
    pid_t agent_pid;
    bool reaped;
    int agent_status;
    bool finished; /* reaped and its stdout at end of file (or given up) */
    int to_fd;     /* the agent's stdin */
    struct wire_in in;
    long running; /* its PEs not yet reported ended */
};

struct launch {
    const struct hosts_job_options *opts;
    struct remote *remotes;
    int nremotes;
    char secret[SECRET_HEX_LEN + 1];
    char rdv_addr[96];
    char range_env[96]; /* MISHMEM_PORT_RANGE=S:E from the first host, for the others */
    char self_path[PATH_MAX];
    int signal_fd;
    sigset_t saved_mask;
    long running;
    bool stopping;
    int exit_code;
    int64_t timeout_at_ms; /* 0: none */
    int64_t stop_at_ms;
    int stop_stage; /* 0, 1: stdins closed, 2: agents killed, 3: given up */
    bool default_sigpipe;
};

/* ---- starting the helpers ---------------------------------------------- */

/*
 * ssh and rsh join their arguments into one line for the remote shell:
 * quote each word of the helper's command so it arrives as it left.
 */
static bool agent_joins_words(const char *agent_word)
{
    const char *base = strrchr(agent_word, '/');
    base = base != NULL ? base + 1 : agent_word;
    return strcmp(base, "ssh") == 0 || strcmp(base, "rsh") == 0;
}

static char *shell_quote(const char *word)
{
    size_t len = 3;
    for (const char *c = word; *c; c++)
        len += *c == '\'' ? 4 : 1;
    char *quoted = malloc(len), *out = quoted;
    if (quoted == NULL)
        return NULL;
    *out++ = '\'';
    for (const char *c = word; *c; c++) {
        if (*c == '\'') {
            memcpy(out, "'\\''", 4);
            out += 4;
        } else {
            *out++ = *c;
        }
    }
    *out++ = '\'';
    *out = '\0';
    return quoted;
}

/*
 * The agent command split at spaces, then HOST and the helper's command.
 * Built in the forked child, which execs or exits: nothing to free.
 */
static char **agent_argv(const struct launch *launch, const struct remote *r, const char *where,
                         char numbers[3][24])
{
    const struct hosts_job_options *opts = launch->opts;
    size_t nprog = 0;
    while (opts->prog_argv[nprog] != NULL)
        nprog++;
    size_t cap = strlen(opts->agent) / 2 + 2 + 8 + nprog + 1;
    char **argv = calloc(cap, sizeof *argv);
    char *agent = strdup(opts->agent);
    if (argv == NULL || agent == NULL)
        return NULL;
    size_t n = 0;
    for (char *word = strtok(agent, " "); word != NULL; word = strtok(NULL, " "))
        argv[n++] = word;
    snprintf(numbers[0], 24, "%ld", r->plan->first_pe);
    snprintf(numbers[1], 24, "%ld", r->plan->npes);
    snprintf(numbers[2], 24, "%ld", opts->npes);
    argv[n++] = r->plan->name;
    argv[n++] = (char *)launch->self_path;
    argv[n++] = SERVE_HOST_OPTION;
    argv[n++] = numbers[0];
    argv[n++] = numbers[1];
    argv[n++] = numbers[2];
    argv[n++] = (char *)where;
    argv[n++] = "--";
    for (size_t i = 0; i < nprog; i++)
        argv[n++] = opts->prog_argv[i];
    argv[n] = NULL;
    if (agent_joins_words(argv[0])) {
        for (size_t i = n - 8 - nprog + 1; i < n; i++)
            if ((argv[i] = shell_quote(argv[i])) == NULL)
                return NULL;
    }
    return argv;
}

static bool start_remote(struct launch *launch, struct remote *r, const char *where)
{
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0)
        return false;
    if (pipe2(from, O_CLOEXEC) != 0) {
        close(to[0]);
        close(to[1]);
        return false;
    }
    pid_t launcher = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        errno = saved;
        return false;
    }
    if (pid == 0) {
        /* Its own group: a terminal's ^C reaches the launcher, which forwards it. */
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != launcher)
            _exit(EXIT_LAUNCH_FAILED);
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        if (launch->default_sigpipe)
            signal(SIGPIPE, SIG_DFL);
        sigprocmask(SIG_SETMASK, &launch->saved_mask, NULL);
        char numbers[3][24];
        char **argv = agent_argv(launch, r, where, numbers);
        if (argv == NULL || argv[0] == NULL) {
            report("cannot build the agent's command line from '%s'", launch->opts->agent);
            _exit(EXIT_LAUNCH_FAILED);
        }
        execvp(argv[0], argv);
        report("cannot execute the agent '%s': %s", argv[0], strerror(errno));
        _exit(EXIT_CANNOT_EXEC);
    }
    close(to[0]);
    close(from[1]);
    r->started = true;
    r->agent_pid = pid;
    r->to_fd = to[1];
    r->in.fd = from[0];
    /* The secret and -x's variables go on the agent's stdin, never on a command line. */
    bool sent = wire_send(r->to_fd, "secret %s", launch->secret);
    for (char **entry = launch->opts->env; sent && entry != NULL && *entry != NULL; entry++)
        sent = wire_send_payload(r->to_fd, "env", *entry, strlen(*entry));
    if (sent && launch->range_env[0] != '\0')
        sent = wire_send_payload(r->to_fd, "env", launch->range_env, strlen(launch->range_env));
    bool plan_ports = launch->opts->plan_ports && r == &launch->remotes[0];
    if (sent)
        sent = wire_send(r->to_fd, "%s ports=%d", launch->opts->settings, plan_ports);
    if (!sent && errno != EPIPE) /* EPIPE: ended, reported */
        report("host %s: cannot send the job secret and settings: %s", r->plan->name, strerror(errno));
    return true;
}

/* ---- ending the job ---------------------------------------------------- */

static void send_all(struct launch *launch, int signo)
{
    for (int i = 0; i < launch->nremotes; i++)
        if (launch->remotes[i].to_fd >= 0)
            wire_send(launch->remotes[i].to_fd, "sig %d", signo);
}

static void begin_stop(struct launch *launch, int exit_code, int signo)
{
    if (launch->stopping)
        return;
    launch->stopping = true;
    launch->exit_code = exit_code;
    launch->stop_at_ms = now_ms();
    send_all(launch, signo);
}

static void escalate(struct launch *launch)
{
    int64_t since = now_ms() - launch->stop_at_ms;
    if (launch->stop_stage == 0 && since >= CLOSE_STDIN_AFTER_MS) {
        launch->stop_stage = 1;
        for (int i = 0; i < launch->nremotes; i++)
            close_if_open(&launch->remotes[i].to_fd);
    }
    if (launch->stop_stage == 1 && since >= KILL_AGENTS_AFTER_MS) {
        launch->stop_stage = 2;
        for (int i = 0; i < launch->nremotes; i++) {
            struct remote *r = &launch->remotes[i];
            if (r->started && !r->reaped)
                kill(-r->agent_pid, SIGKILL);
        }
    }
    if (launch->stop_stage == 2 && since >= GIVE_UP_AFTER_MS) {
        launch->stop_stage = 3;
        for (int i = 0; i < launch->nremotes; i++)
            if (launch->remotes[i].reaped)
                close_if_open(&launch->remotes[i].in.fd);
    }
}

/* ---- events ------------------------------------------------------------ */

static void start_other_hosts(struct launch *launch, int port)
{
    char where[128];
    snprintf(launch->rdv_addr, sizeof launch->rdv_addr, "tcp://%s:%d", launch->opts->rdv_ip_text,
             port);
    snprintf(where, sizeof where, "rdv=%s", launch->rdv_addr);
    for (int i = 1; i < launch->nremotes && !launch->stopping; i++) {
        if (!start_remote(launch, &launch->remotes[i], where)) {
            report("cannot start the agent for host %s: %s", launch->remotes[i].plan->name,
                   strerror(errno));
            begin_stop(launch, EXIT_LAUNCH_FAILED, SIGTERM);
        }
    }
}

static void on_message(struct launch *launch, struct remote *r, const char *line,
                       const char *payload, size_t payload_len)
{
    long pe;
    int value, range_start, range_end;
    if (payload != NULL && strncmp(line, "out ", 4) == 0) {
        fwrite(payload, 1, payload_len, stdout);
        fflush(stdout);
    } else if (sscanf(line, "range %d:%d", &range_start, &range_end) == 2 && r == &launch->remotes[0] &&
               launch->opts->plan_ports && launch->range_env[0] == '\0') {
        snprintf(launch->range_env, sizeof launch->range_env, MISHMEM_LAUNCH_PORT_RANGE "=%d:%d",
                 range_start, range_end);
    } else if (sscanf(line, "port %d", &value) == 1 && r == &launch->remotes[0] &&
               launch->rdv_addr[0] == '\0' && value > 0 && value < 65536) {
        start_other_hosts(launch, value);
    } else if (sscanf(line, "exit %ld %d", &pe, &value) == 2 && pe >= r->plan->first_pe &&
               pe < r->plan->first_pe + r->plan->npes) {
        r->running--;
        launch->running--;
        bool failed = WIFSIGNALED(value) || (WIFEXITED(value) && WEXITSTATUS(value) != 0);
        if (failed && !launch->stopping) {
            report_failure(pe, value);
            begin_stop(launch, exit_code_of(value), SIGTERM);
        }
    } else if (sscanf(line, "global %d", &value) == 1) {
        if (launch->stopping)
            return;
        if (value != 0)
            report("a PE called shmem_global_exit(%d); killing %ld PEs", value, launch->running);
        begin_stop(launch, value, SIGTERM);
    } else {
        report("host %s: unexpected message '%s' from its helper", r->plan->name, line);
        begin_stop(launch, EXIT_LAUNCH_FAILED, SIGTERM);
    }
}

static void read_remote(struct launch *launch, struct remote *r)
{
    if (!wire_fill(&r->in)) {
        close_if_open(&r->in.fd);
        return;
    }
    char line[WIRE_LINE_MAX];
    const char *payload;
    size_t payload_len;
    int rc;
    while ((rc = wire_next(&r->in, line, &payload, &payload_len)) > 0)
        on_message(launch, r, line, payload, payload_len);
    if (rc < 0) {
        report("host %s: malformed output from its helper", r->plan->name);
        close_if_open(&r->in.fd);
        begin_stop(launch, EXIT_LAUNCH_FAILED, SIGTERM);
    }
}

static void reap_agents(struct launch *launch)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        for (int i = 0; i < launch->nremotes; i++) {
            struct remote *r = &launch->remotes[i];
            if (r->started && !r->reaped && r->agent_pid == pid) {
                r->reaped = true;
                r->agent_status = status;
            }
        }
    }
}

static void handle_signals(struct launch *launch)
{
    struct signalfd_siginfo info;
    while (read(launch->signal_fd, &info, sizeof info) == (ssize_t)sizeof info) {
        int signo = (int)info.ssi_signo;
        if (signo == SIGCHLD)
            reap_agents(launch);
        else if (launch->stopping)
            send_all(launch, signo);
        else
            begin_stop(launch, 128 + signo, signo);
    }
}

/* A helper that ended before all its PEs did, and before the job ended, failed. */
static void check_finished(struct launch *launch)
{
    for (int i = 0; i < launch->nremotes; i++) {
        struct remote *r = &launch->remotes[i];
        if (!r->started || r->finished || !r->reaped || r->in.fd >= 0)
            continue;
        r->finished = true;
        close_if_open(&r->to_fd);
        bool early = i == 0 && launch->rdv_addr[0] == '\0' && launch->nremotes > 1;
        if ((r->running > 0 || early) && !launch->stopping) {
            int code = exit_code_of(r->agent_status);
            report("host %s: the agent ended (status %d) before %ld of its PEs did",
                   r->plan->name, code, r->running);
            begin_stop(launch, code != 0 ? code : EXIT_LAUNCH_FAILED, SIGTERM);
        }
    }
}

static bool all_finished(const struct launch *launch)
{
    for (int i = 0; i < launch->nremotes; i++)
        if (launch->remotes[i].started && !launch->remotes[i].finished)
            return false;
    return true;
}

static int poll_timeout_ms(const struct launch *launch)
{
    int64_t deadline;
    if (launch->stopping) {
        static const int64_t after[] = {CLOSE_STDIN_AFTER_MS, KILL_AGENTS_AFTER_MS, GIVE_UP_AFTER_MS};
        if (launch->stop_stage >= 3)
            return 100; /* only reaping is left */
        deadline = launch->stop_at_ms + after[launch->stop_stage];
    } else if (launch->timeout_at_ms != 0) {
        deadline = launch->timeout_at_ms;
    } else {
        return -1;
    }
    int64_t left = deadline - now_ms();
    if (left < 0)
        return 0;
    return left > INT_MAX ? INT_MAX : (int)left;
}

static void run_loop(struct launch *launch)
{
    struct pollfd *fds = calloc((size_t)launch->nremotes + 1, sizeof *fds);
    if (fds == NULL) {
        report("out of memory");
        exit(EXIT_LAUNCH_FAILED);
    }
    while (!all_finished(launch)) {
        fds[0] = (struct pollfd){.fd = launch->signal_fd, .events = POLLIN};
        for (int i = 0; i < launch->nremotes; i++) {
            const struct remote *r = &launch->remotes[i];
            fds[i + 1] = (struct pollfd){.fd = r->started ? r->in.fd : -1, .events = POLLIN};
        }
        int n = poll(fds, (nfds_t)launch->nremotes + 1, poll_timeout_ms(launch));
        if (n < 0 && errno != EINTR) {
            report("poll failed: %s", strerror(errno));
            exit(EXIT_LAUNCH_FAILED);
        }
        for (int i = 0; n > 0 && i < launch->nremotes; i++)
            if (fds[i + 1].fd >= 0 && fds[i + 1].revents != 0)
                read_remote(launch, &launch->remotes[i]);
        if (n > 0 && fds[0].revents != 0)
            handle_signals(launch);
        check_finished(launch);
        if (!launch->stopping && launch->timeout_at_ms != 0 && now_ms() >= launch->timeout_at_ms) {
            report("timeout after %g s; killing %ld PEs", launch->opts->timeout_s, launch->running);
            begin_stop(launch, EXIT_TIMED_OUT, SIGTERM);
        }
        if (launch->stopping)
            escalate(launch);
    }
    free(fds);
}

/* ---- main -------------------------------------------------------------- */

static void setup_launch(struct launch *launch, const struct hosts_job_options *opts)
{
    memset(launch, 0, sizeof *launch);
    launch->opts = opts;
    launch->nremotes = opts->nhosts;
    launch->running = opts->npes;
    launch->remotes = calloc((size_t)opts->nhosts, sizeof *launch->remotes);
    if (launch->remotes == NULL) {
        report("out of memory");
        exit(EXIT_LAUNCH_FAILED);
    }
    for (int i = 0; i < opts->nhosts; i++) {
        struct remote *r = &launch->remotes[i];
        r->plan = &opts->hosts[i];
        r->to_fd = r->in.fd = -1;
        r->running = r->plan->npes;
    }
    ssize_t len = readlink("/proc/self/exe", launch->self_path, sizeof launch->self_path - 1);
    if (len <= 0) {
        report("cannot find this program's path: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    launch->self_path[len] = '\0';
    if (!make_secret(launch->secret)) {
        report("cannot get random bytes for the job secret: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    /* A gone helper shows as end of file; the agents get what we were given. */
    launch->default_sigpipe = signal(SIGPIPE, SIG_IGN) == SIG_DFL;
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &mask, &launch->saved_mask) != 0 ||
        (launch->signal_fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK)) < 0) {
        report("cannot set up the event loop: %s", strerror(errno));
        exit(EXIT_LAUNCH_FAILED);
    }
    if (opts->timeout_s > 0)
        launch->timeout_at_ms = now_ms() + (int64_t)(opts->timeout_s * 1000.0);
}

int run_on_hosts(const struct hosts_job_options *opts)
{
    struct launch launch;
    char where[96];
    setup_launch(&launch, opts);
    snprintf(where, sizeof where, "listen=%s", opts->rdv_ip_text);
    if (!start_remote(&launch, &launch.remotes[0], where)) {
        report("cannot start the agent for host %s: %s", launch.remotes[0].plan->name,
               strerror(errno));
        return EXIT_LAUNCH_FAILED;
    }
    run_loop(&launch);
    explicit_bzero(launch.secret, sizeof launch.secret);
    for (int i = 0; i < launch.nremotes; i++) {
        close_if_open(&launch.remotes[i].to_fd);
        close_if_open(&launch.remotes[i].in.fd);
    }
    close_if_open(&launch.signal_fd);
    free(launch.remotes);
    return launch.stopping ? launch.exit_code : 0;
}
