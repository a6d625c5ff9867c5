/*
 * serve_host.c: "mishmemrun --serve-host FIRST_PE COUNT NPES WHERE -- prog
 * args", the per-host helper of --hosts (protocol in hosts.h). It starts
 * this host's PEs with job.c, reports every PE's end, global exits and the
 * PEs' stdout to the launcher on its stdout, and obeys the launcher's
 * stdin; when that closes (the launcher or its agent is gone) it kills the
 * PEs at once, so nothing of the job outlives the connection.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hosts.h"
#include "ports.h"
#include "job.h"
#include "wire.h"

enum { SECRET_WAIT_MS = 30000, STDOUT_DRAIN_MS = 500 };

struct helper {
    struct wire_in in; /* our stdin: the launcher's commands */
    int up_fd;         /* our stdout, kept for the protocol */
    int out_read_fd;   /* the PEs' stdout */
};

static struct helper helper;

static int usage_error(const char *what)
{
    report("--serve-host: %s (this mode is started by mishmemrun --hosts)", what);
    return EXIT_USAGE;
}

static bool parse_number(const char *text, long min, long max, long *value)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || n < min || n > max)
        return false;
    *value = n;
    return true;
}

static bool is_secret(const char *text)
{
    if (strlen(text) != SECRET_HEX_LEN)
        return false;
    for (const char *c = text; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    return true;
}

struct settings {
    bool tag_output;
    enum bind_policy bind;
    enum map_policy map;
    bool plan_ports;
};

/* "NAME=VALUE" from an "env" message into our environment, so the PEs inherit it. */
static bool apply_env(const char *payload, size_t len)
{
    char *entry = strndup(payload, len);
    if (entry == NULL || strlen(entry) != len) {
        free(entry);
        return false;
    }
    char *eq = strchr(entry, '=');
    bool ok = eq != NULL && eq != entry;
    if (ok) {
        *eq = '\0';
        ok = setenv(entry, eq + 1, 1) == 0;
    }
    explicit_bzero(entry, len);
    free(entry);
    return ok;
}

static bool parse_settings(const char *line, struct settings *settings)
{
    char bind[16], map[16];
    int tag, ports, used = 0;
    if (sscanf(line, "settings tag=%d bind=%15s map=%15s ports=%d%n", &tag, bind, map, &ports, &used) != 4 ||
        line[used] != '\0' || (tag != 0 && tag != 1) || (ports != 0 && ports != 1) ||
        !parse_bind_policy(bind, &settings->bind) || !parse_map_policy(map, &settings->map))
        return false;
    settings->tag_output = tag;
    settings->plan_ports = ports;
    return true;
}

/*
 * What the launcher sends before the PEs start: the secret first, then
 * -x's variables, then the settings line. Bounded, so a silent launcher
 * cannot hold us.
 */
static bool read_setup(char secret[SECRET_HEX_LEN + 1], struct settings *settings)
{
    int64_t give_up_at = now_ms() + SECRET_WAIT_MS;
    char line[WIRE_LINE_MAX];
    const char *payload;
    size_t payload_len;
    bool have_secret = false;
    for (;;) {
        int rc = wire_next(&helper.in, line, &payload, &payload_len);
        if (rc < 0) {
            report("--serve-host: malformed input from the launcher");
            return false;
        }
        if (rc > 0 && !have_secret) {
            have_secret = strncmp(line, "secret ", 7) == 0 && is_secret(line + 7);
            if (have_secret)
                memcpy(secret, line + 7, SECRET_HEX_LEN + 1);
            explicit_bzero(line, sizeof line);
            if (!have_secret) {
                report("--serve-host: no job secret from the launcher on stdin");
                return false;
            }
        } else if (rc > 0 && payload != NULL && strncmp(line, "env ", 4) == 0) {
            if (!apply_env(payload, payload_len)) {
                report("--serve-host: cannot set a variable the launcher sent (-x)");
                return false;
            }
        } else if (rc > 0) {
            if (parse_settings(line, settings))
                return true;
            report("--serve-host: unexpected line '%s' from the launcher", line);
            return false;
        } else {
            int64_t left = give_up_at - now_ms();
            struct pollfd pfd = {.fd = helper.in.fd, .events = POLLIN};
            if (left <= 0 || poll(&pfd, 1, (int)left) <= 0 || !wire_fill(&helper.in)) {
                report("--serve-host: the launcher sent no %s on stdin", have_secret ? "settings" : "job secret");
                return false;
            }
        }
    }
}

/* Tagged lines: stdout to the launcher, stderr through the agent. */
static void emit_tagged_line(int kind, const char *data, size_t len)
{
    if (kind == TAG_STDOUT)
        wire_send_out(helper.up_fd, data, len);
    else
        tag_emit_local(kind, data, len);
}

static void on_pe_exited(struct job *job, long pe, int status)
{
    (void)job;
    wire_send(helper.up_fd, "exit %ld %d", pe, status);
}

static void on_global_exit(struct job *job, int status)
{
    (void)job;
    wire_send(helper.up_fd, "global %d", status);
}

static void on_command(struct job *job)
{
    if (!wire_fill(&helper.in)) {
        /* The launcher is gone: nobody is left to wait for a grace period. */
        job->extra_fds[0] = -1;
        begin_shutdown(job, EXIT_LAUNCH_FAILED, SIGKILL);
        kill_hard(job);
        return;
    }
    char line[WIRE_LINE_MAX];
    const char *payload;
    size_t payload_len;
    int rc, signo;
    while ((rc = wire_next(&helper.in, line, &payload, &payload_len)) > 0) {
        if (sscanf(line, "sig %d", &signo) == 1 && signo > 0 && signo < NSIG) {
            forward_signal(job, signo);
        } else {
            report("--serve-host: unexpected command '%s'", line);
            begin_shutdown(job, EXIT_LAUNCH_FAILED, SIGTERM);
        }
    }
    if (rc < 0) {
        report("--serve-host: malformed input from the launcher");
        job->extra_fds[0] = -1;
        begin_shutdown(job, EXIT_LAUNCH_FAILED, SIGTERM);
    }
}

/* Pass one read of the PEs' stdout on; false once every writer is gone. */
static bool forward_stdout(void)
{
    char data[WIRE_OUT_MAX];
    ssize_t n;
    do
        n = read(helper.out_read_fd, data, sizeof data);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return false;
    wire_send_out(helper.up_fd, data, (size_t)n);
    return true;
}

static void on_extra_ready(struct job *job, int index)
{
    if (index == 0)
        on_command(job);
    else if (!forward_stdout())
        job->extra_fds[1] = -1;
}

/* After the PEs: what they wrote last, bounded in case a straggler holds the pipe. */
static void drain_stdout(void)
{
    int64_t give_up_at = now_ms() + STDOUT_DRAIN_MS;
    for (;;) {
        int64_t left = give_up_at - now_ms();
        struct pollfd pfd = {.fd = helper.out_read_fd, .events = POLLIN};
        if (left <= 0 || poll(&pfd, 1, (int)left) <= 0 || !forward_stdout())
            return;
    }
}

int serve_host(int argc, char **argv)
{
    long first_pe, count, world_npes;
    if (argc < 8 || strcmp(argv[6], "--") != 0)
        return usage_error("expected FIRST_PE COUNT NPES listen=IP|rdv=ADDR -- prog [args...]");
    if (!parse_number(argv[4], 1, MAX_PES, &world_npes) ||
        !parse_number(argv[2], 0, world_npes - 1, &first_pe) ||
        !parse_number(argv[3], 1, world_npes - first_pe, &count))
        return usage_error("bad FIRST_PE, COUNT or NPES");
    const char *where = argv[5];
    bool listen_here = strncmp(where, "listen=", 7) == 0;
    if (!listen_here && strncmp(where, "rdv=tcp://", 10) != 0)
        return usage_error("WHERE is neither listen=IP nor rdv=tcp://IP:PORT");
    if (listen_here && first_pe != 0)
        return usage_error("listen= is for the host of PE 0");

    /* A gone launcher shows as end of file; the PEs get what we were given. */
    bool default_sigpipe = signal(SIGPIPE, SIG_IGN) == SIG_DFL;
    ensure_stdio_open();
    helper.in.fd = STDIN_FILENO;
    helper.up_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    int out_pipe[2];
    if (helper.up_fd < 0 || pipe2(out_pipe, O_CLOEXEC) != 0) {
        report("--serve-host: cannot set up its pipes: %s", strerror(errno));
        return EXIT_LAUNCH_FAILED;
    }
    helper.out_read_fd = out_pipe[0];

    char secret[SECRET_HEX_LEN + 1];
    struct settings settings = {0};
    if (!read_setup(secret, &settings))
        return EXIT_LAUNCH_FAILED;
    int range_fd = settings.plan_ports ? plan_port_range() : -1;
    if (range_fd >= 0 && !wire_send(helper.up_fd, "range %s", getenv(MISHMEM_LAUNCH_PORT_RANGE))) {
        report("--serve-host: cannot report the port range: %s", strerror(errno));
        return EXIT_LAUNCH_FAILED;
    }
    struct core_plan cores = {0};
    char error[256];
    if (settings.bind == BIND_CORE && !plan_cores(settings.map, count, &cores, error, sizeof error)) {
        report("%s", error);
        return EXIT_USAGE;
    }
    struct job job;
    struct job_config config = {
        .npes = count,
        .first_pe = first_pe,
        .world_npes = world_npes,
        .listen_ip = listen_here ? where + 7 : NULL,
        .rdv_addr = listen_here ? NULL : where + 4,
        .secret = secret,
        .stdin_to_nobody = true,
        .pe_stdout_fd = out_pipe[1],
        .default_sigpipe = default_sigpipe,
        .tag_emit = settings.tag_output ? emit_tagged_line : NULL,
        .cores = settings.bind == BIND_CORE ? &cores : NULL,
    };
    setup_job(&job, &config);
    explicit_bzero(secret, sizeof secret);
    if (listen_here && !wire_send(helper.up_fd, "port %d", job.rdv_port)) {
        report("--serve-host: cannot report the rendezvous port: %s", strerror(errno));
        return EXIT_LAUNCH_FAILED;
    }
    job.hooks = (struct job_hooks){
        .pe_exited = on_pe_exited,
        .quiet_failures = true,
        .global_exit = on_global_exit,
        .extra_ready = on_extra_ready,
    };
    job.extra_fds[0] = helper.in.fd;
    job.extra_fds[1] = helper.out_read_fd;
    start_all_pes(&job, argv + 7);
    close(out_pipe[1]);

    run_event_loop(&job);
    finish_job(&job);
    drain_stdout();
    free_core_plan(&cores);
    close_if_open(&range_fd);
    return job.stopping ? job.exit_code : 0;
}
