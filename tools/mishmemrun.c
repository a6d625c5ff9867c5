/*
 * mishmemrun: start the PEs of a mishmem job and supervise them: N PEs on
 * this host (job.c), or PEs on several hosts through an ssh-like agent
 * (--hosts: hosts.c here, serve_host.c on every host).
 *
 * Every PE gets the launcher contract in its environment (MISHMEM_PE,
 * MISHMEM_NPES, MISHMEM_RDV_ADDR, MISHMEM_SECRET, MISHMEM_CTRL_FD and, in PE 0
 * only, MISHMEM_RDV_FD). Standalone: libc only, does not link libmishmem.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hosts.h"
#include "job.h"

struct options {
    long npes;        /* 0: not given */
    double timeout_s; /* 0 means no timeout */
    bool keep_going;
    const char *hosts;
    const char *agent;
    const char *rdv_ip;
    char **prog_argv; /* program name followed by its arguments, NULL-terminated */
};

static void die_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void print_usage(FILE *out)
{
    fprintf(out,
            "Usage: mishmemrun [-n N | -np N | --np N] [--timeout S] [--keep-going] [--] prog [args...]\n"
            "       mishmemrun --hosts HOST[:SLOTS][,HOST[:SLOTS]...] [--agent CMD]\n"
            "                  [--rdv-addr IP] [-n N] [--timeout S] [--] prog [args...]\n"
            "Start N processing elements (PEs) of a mishmem program on this host,\n"
            "or on the hosts of --hosts, filling each host's SLOTS (default 1) in order.\n"
            "\n"
            "  -n N, -np N, --np N   number of PEs, 1..%d (required without --hosts;\n"
            "                        with it, at most the sum of the slots, the default)\n"
            "  --hosts LIST          run on these hosts; each is reached as 'CMD HOST ...'\n"
            "  --agent CMD           the agent that runs a command on a host (default ssh;\n"
            "                        split at spaces, so 'ssh -p 2222' works)\n"
            "  --rdv-addr IP         IPv4 address of the first host where PE 0's rendezvous\n"
            "                        listens (default: the first host, resolved)\n"
            "  --timeout S           kill the job after S seconds and exit 124\n"
            "  --keep-going          a PE that fails does not end the job: the others\n"
            "                        finish (multi-instance jobs: a failure fails only its\n"
            "                        instances), then exit with the first failure's status\n"
            "  -h, --help            show this help\n"
            "  --                    end of launcher options\n"
            "\n"
            "Exit status: 0 when every PE exits 0; else the status of the first PE\n"
            "that failed (128+signal if it was killed), the status passed to\n"
            "shmem_global_exit, 124 on timeout, 127 if prog cannot be executed,\n"
            "2 on bad usage.\n",
            MAX_PES);
}

static void die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mishmemrun: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\nTry 'mishmemrun --help' for more information.\n", stderr);
    va_end(ap);
    exit(EXIT_USAGE);
}

/* ---- command line ---------------------------------------------------- */

static long parse_npes(const char *text)
{
    if (text == NULL)
        die_usage("option -n needs a number of PEs");
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    /* Demand plain digits: strtol alone would accept " 4" or "-4". */
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0)
        die_usage("invalid number of PEs '%s'", text);
    if (n < 1 || n > MAX_PES)
        die_usage("number of PEs must be between 1 and %d, got %s", MAX_PES, text);
    return n;
}

static double parse_timeout(const char *text)
{
    if (text == NULL)
        die_usage("option --timeout needs a number of seconds");
    char *end;
    errno = 0;
    double s = strtod(text, &end);
    if (text[0] == '\0' || *end != '\0' || errno != 0 || !isfinite(s) || s <= 0 ||
        s > MAX_TIMEOUT_S)
        die_usage("invalid timeout '%s' (want a positive number of seconds)", text);
    return s;
}

/* If arg is "--name=value" return value, else NULL. */
static const char *long_option_value(const char *arg, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(arg, name, len) == 0 && arg[len] == '=')
        return arg + len + 1;
    return NULL;
}

static const char *option_text(const char *name, const char *text)
{
    if (text == NULL || text[0] == '\0')
        die_usage("option %s needs a value", name);
    return text;
}

static void parse_options(int argc, char **argv, struct options *opts)
{
    const char *value;
    int i = 1;
    memset(opts, 0, sizeof *opts);
    /* Launcher options come first; the first non-option is the program. */
    while (i < argc && argv[i][0] == '-') {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            i++;
            break;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            print_usage(stdout);
            exit(0);
        } else if (strcmp(arg, "-n") == 0 || strcmp(arg, "-np") == 0 || strcmp(arg, "--np") == 0) {
            opts->npes = parse_npes(argv[i + 1]);
            i += 2;
        } else if ((value = long_option_value(arg, "--np")) != NULL) {
            opts->npes = parse_npes(value);
            i++;
        } else if (strncmp(arg, "-n", 2) == 0 && arg[2] >= '0' && arg[2] <= '9') {
            opts->npes = parse_npes(arg + 2);
            i++;
        } else if (strcmp(arg, "--keep-going") == 0) {
            opts->keep_going = true;
            i++;
        } else if (strcmp(arg, "--timeout") == 0) {
            opts->timeout_s = parse_timeout(argv[i + 1]);
            i += 2;
        } else if ((value = long_option_value(arg, "--timeout")) != NULL) {
            opts->timeout_s = parse_timeout(value);
            i++;
        } else if (strcmp(arg, "--hosts") == 0 || strcmp(arg, "--agent") == 0 ||
                   strcmp(arg, "--rdv-addr") == 0) {
            const char *text = option_text(arg, argv[i + 1]);
            *(arg[2] == 'h' ? &opts->hosts : arg[2] == 'a' ? &opts->agent : &opts->rdv_ip) = text;
            i += 2;
        } else if ((value = long_option_value(arg, "--hosts")) != NULL) {
            opts->hosts = option_text("--hosts", value);
            i++;
        } else if ((value = long_option_value(arg, "--agent")) != NULL) {
            opts->agent = option_text("--agent", value);
            i++;
        } else if ((value = long_option_value(arg, "--rdv-addr")) != NULL) {
            opts->rdv_ip = option_text("--rdv-addr", value);
            i++;
        } else {
            die_usage("unknown option '%s'", arg);
        }
    }
    if (opts->hosts != NULL && opts->keep_going)
        die_usage("--keep-going works on one host only (not with --hosts)");
    if (opts->hosts == NULL && (opts->agent != NULL || opts->rdv_ip != NULL))
        die_usage("--agent and --rdv-addr need --hosts");
    if (opts->npes == 0 && opts->hosts == NULL)
        die_usage("missing number of PEs (-n N)");
    if (i >= argc)
        die_usage("missing program to run");
    opts->prog_argv = argv + i;
}

int main(int argc, char **argv)
{
    struct options opts;

    if (argc > 1 && strcmp(argv[1], SERVE_HOST_OPTION) == 0)
        return serve_host(argc, argv);
    parse_options(argc, argv, &opts);
    ensure_stdio_open();
    if (opts.hosts != NULL) {
        struct hosts_job_options hosts_opts = {
            .npes = opts.npes,
            .timeout_s = opts.timeout_s,
            .agent = opts.agent != NULL ? opts.agent : "ssh",
            .rdv_ip = opts.rdv_ip,
            .prog_argv = opts.prog_argv,
        };
        char error[256];
        if (!plan_hosts(opts.hosts, &hosts_opts, error, sizeof error))
            die_usage("%s", error);
        int status = run_on_hosts(&hosts_opts);
        free_host_plan(&hosts_opts);
        return status;
    }

    struct job job;
    struct job_config config = {
        .npes = opts.npes,
        .world_npes = opts.npes,
        .timeout_s = opts.timeout_s,
        .listen_ip = "127.0.0.1",
        .pe_stdout_fd = -1,
        .keep_going = opts.keep_going,
    };
    setup_job(&job, &config);
    start_all_pes(&job, opts.prog_argv);
    run_event_loop(&job);
    finish_job(&job);
    return job_exit_code(&job);
}
