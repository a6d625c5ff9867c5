/*
 * mishmemrun: start the PEs of a mishmem job and supervise them: N PEs on
 * this host (job.c), or PEs on several hosts through an ssh-like agent
 * (--hosts: hosts.c here, serve_host.c on every host).
 *
 * Every PE gets the launcher contract in its environment (MISHMEM_PE,
 * MISHMEM_NPES, MISHMEM_RDV_ADDR, MISHMEM_SECRET, MISHMEM_CTRL_FD and, in PE 0
 * only, MISHMEM_RDV_FD), the variables of -x, and a free port range
 * (MISHMEM_PORT_RANGE) when SHMEM_INSTANCE_PORT_RANGE is not set (ports.c). Standalone: libc
 * only, does not link libmishmem. The options keep Open MPI's meanings.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binding.h"
#include "hosts.h"
#include "job.h"
#include "ports.h"
#include "tag.h"
#include "wire.h"

#ifndef MISHMEM_VERSION_STRING
#define MISHMEM_VERSION_STRING "unknown"
#endif

enum { MAX_EXPORTS = 1024 };

struct options {
    long npes;        /* 0: not given */
    double timeout_s; /* 0 means no timeout */
    bool keep_going;
    const char *hosts;
    const char *hostfile;
    const char *agent;
    const char *rdv_ip;
    char **prog_argv; /* program name followed by its arguments, NULL-terminated */
    const char *exports[MAX_EXPORTS + 1]; /* -x NAME or NAME=VALUE, as given */
    int nexports;
    bool tag_output;
    enum bind_policy bind;
    enum map_policy map;
};

static void die_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void print_usage(FILE *out)
{
    fprintf(out,
            "Usage: mishmemrun [-n N | -np N | --np N] [OPTIONS] [--] prog [args...]\n"
            "       mishmemrun --hosts HOST[:SLOTS][,HOST[:SLOTS]...] | --hostfile FILE\n"
            "                  [--agent CMD] [--rdv-addr IP] [-n N] [OPTIONS] [--] prog [args...]\n"
            "Start N processing elements (PEs) of a mishmem program on this host,\n"
            "or on the hosts of --hosts or --hostfile, filling each host's SLOTS\n"
            "(default 1) in order.\n"
            "\n"
            "  -n N, -np N, --np N   number of PEs, 1..%d (required without --hosts or\n"
            "                        --hostfile; with them, at most the sum of the slots,\n"
            "                        the default)\n"
            "  --hosts LIST          run on these hosts; each is reached as 'CMD HOST ...'\n"
            "  --hostfile FILE       the hosts from FILE, one a line: 'HOST slots=N',\n"
            "                        'HOST:N' or 'HOST'; '#' starts a comment\n"
            "  --agent CMD           the agent that runs a command on a host (default ssh;\n"
            "                        split at spaces, so 'ssh -p 2222' works)\n"
            "  --rdv-addr IP         IPv4 address of the first host where PE 0's rendezvous\n"
            "                        listens (default: the first host, resolved)\n"
            "  -x NAME[=VALUE]       set NAME in every PE's environment on every host, to\n"
            "                        VALUE or to its value here (repeatable; never put on\n"
            "                        a command line: the helpers get it on their stdin)\n"
            "  --tag-output          prefix every line of the PEs' stdout and stderr\n"
            "                        with '[PE] '\n"
            "  --bind-to core|none   core: pin each PE to a core of its own (refused when\n"
            "                        a host has more PEs than cores); none: no pinning\n"
            "                        (default). SHMEM_INFO=1 prints each PE's binding\n"
            "  --map-by core|socket  the order PEs take cores with --bind-to core: fill\n"
            "                        each socket in turn (core, default), or one core of\n"
            "                        each socket in turn (socket)\n"
            "  --timeout S           kill the job after S seconds and exit 124\n"
            "  --keep-going          a PE that fails does not end the job: the others\n"
            "                        finish (multi-instance jobs: a failure fails only its\n"
            "                        instances), then exit with the first failure's status\n"
            "  --version             print the version and exit\n"
            "  -h, --help            show this help\n"
            "  --                    end of launcher options\n"
            "\n"
            "Without SHMEM_INSTANCE_PORT_RANGE (here or by -x), the job gets a range of\n"
            "%d ports that was free when it started (MISHMEM_PORT_RANGE), which\n"
            "instances made with port 0 use.\n"
            "\n"
            "Exit status: 0 when every PE exits 0; else the status of the first PE\n"
            "that failed (128+signal if it was killed), the status passed to\n"
            "shmem_global_exit, 124 on timeout, 127 if prog cannot be executed,\n"
            "2 on bad usage.\n",
            MAX_PES, PORT_RANGE_IDS);
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

/* Variables the launcher itself gives every PE: -x cannot override them. */
static bool is_contract_variable(const char *name, size_t len)
{
    static const char *const contract[] = {
        MISHMEM_LAUNCH_PE,     MISHMEM_LAUNCH_NPES,    MISHMEM_LAUNCH_RDV_ADDR,     MISHMEM_LAUNCH_RDV_FD,
        MISHMEM_LAUNCH_SECRET, MISHMEM_LAUNCH_CTRL_FD, MISHMEM_LAUNCH_JOB_BOARD_FD, MISHMEM_LAUNCH_PORT_RANGE};
    for (size_t i = 0; i < sizeof contract / sizeof contract[0]; i++)
        if (strlen(contract[i]) == len && strncmp(contract[i], name, len) == 0)
            return true;
    return false;
}

/* -x NAME or -x NAME=VALUE: NAME must be a shell-style variable name. */
static void add_export(struct options *opts, const char *text)
{
    size_t len = strcspn(text, "=");
    bool valid = len > 0 && !(text[0] >= '0' && text[0] <= '9');
    for (size_t i = 0; i < len; i++)
        if (!(text[i] == '_' || (text[i] >= 'A' && text[i] <= 'Z') || (text[i] >= 'a' && text[i] <= 'z') ||
              (text[i] >= '0' && text[i] <= '9')))
            valid = false;
    if (!valid)
        die_usage("-x '%.*s': not a variable name (want NAME or NAME=VALUE)", (int)len, text);
    if (is_contract_variable(text, len))
        die_usage("-x %.*s: the launcher sets this variable itself", (int)len, text);
    if (opts->nexports == MAX_EXPORTS)
        die_usage("more than %d -x options", MAX_EXPORTS);
    opts->exports[opts->nexports++] = text;
}

static void set_placement(struct options *opts, const char *name, const char *value)
{
    if (strcmp(name, "--bind-to") == 0 ? !parse_bind_policy(value, &opts->bind)
                                       : !parse_map_policy(value, &opts->map))
        die_usage("invalid %s '%s' (want %s)", name, value,
                  strcmp(name, "--bind-to") == 0 ? "core or none" : "core or socket");
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
        } else if (strcmp(arg, "--version") == 0) {
            printf("mishmemrun (mishmem) %s\n", MISHMEM_VERSION_STRING);
            exit(0);
        } else if (strcmp(arg, "-x") == 0) {
            add_export(opts, option_text("-x", argv[i + 1]));
            i += 2;
        } else if (strcmp(arg, "--tag-output") == 0) {
            opts->tag_output = true;
            i++;
        } else if (strcmp(arg, "--bind-to") == 0 || strcmp(arg, "--map-by") == 0) {
            set_placement(opts, arg, option_text(arg, argv[i + 1]));
            i += 2;
        } else if ((value = long_option_value(arg, "--bind-to")) != NULL) {
            set_placement(opts, "--bind-to", value);
            i++;
        } else if ((value = long_option_value(arg, "--map-by")) != NULL) {
            set_placement(opts, "--map-by", value);
            i++;
        } else if (strcmp(arg, "--hostfile") == 0) {
            opts->hostfile = option_text(arg, argv[i + 1]);
            i += 2;
        } else if ((value = long_option_value(arg, "--hostfile")) != NULL) {
            opts->hostfile = option_text("--hostfile", value);
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
    if (opts->hosts != NULL && opts->hostfile != NULL)
        die_usage("give --hosts or --hostfile, not both");
    bool several_hosts = opts->hosts != NULL || opts->hostfile != NULL;
    if (several_hosts && opts->keep_going)
        die_usage("--keep-going works on one host only (not with --hosts or --hostfile)");
    if (!several_hosts && (opts->agent != NULL || opts->rdv_ip != NULL))
        die_usage("--agent and --rdv-addr need --hosts or --hostfile");
    if (opts->npes == 0 && !several_hosts)
        die_usage("missing number of PEs (-n N)");
    if (i >= argc)
        die_usage("missing program to run");
    opts->prog_argv = argv + i;
}

/*
 * -x into NAME=VALUE entries: NAME alone takes our value; a NAME that is
 * not set here is left out with a warning (as Open MPI does), so each PE
 * keeps whatever its host gives it. On one host every entry is set here,
 * so the PEs inherit it; with several hosts only the helpers set them (a
 * -x PATH=... must not change how the agent is found).
 */
static char **resolve_exports(const struct options *opts, bool apply_here, bool *sets_port_range)
{
    char **env = calloc((size_t)opts->nexports + 1, sizeof *env);
    int n = 0;
    if (env == NULL) {
        report("out of memory");
        exit(EXIT_LAUNCH_FAILED);
    }
    *sets_port_range = false;
    for (int i = 0; i < opts->nexports; i++) {
        const char *text = opts->exports[i];
        char *entry;
        if (strchr(text, '=') != NULL) {
            entry = strdup(text);
        } else {
            const char *value = getenv(text);
            if (value == NULL) {
                report("warning: -x %s: %s is not set here; the PEs get no value for it from the "
                       "launcher",
                       text, text);
                continue;
            }
            if (asprintf(&entry, "%s=%s", text, value) < 0)
                entry = NULL;
        }
        if (entry == NULL) {
            report("out of memory");
            exit(EXIT_LAUNCH_FAILED);
        }
        if (strlen(entry) > WIRE_PAYLOAD_MAX)
            die_usage("-x %.*s: longer than %d bytes", (int)strcspn(entry, "="), entry, WIRE_PAYLOAD_MAX);
        char *eq = strchr(entry, '=');
        *eq = '\0';
        if (apply_here && setenv(entry, eq + 1, 1) != 0) {
            report("cannot set %s: %s", entry, strerror(errno));
            exit(EXIT_LAUNCH_FAILED);
        }
        if (strcmp(entry, MISHMEM_LAUNCH_USER_PORT_RANGE) == 0)
            *sets_port_range = true;
        *eq = '=';
        env[n++] = entry;
    }
    return env;
}

static int run_several_hosts(const struct options *opts, char **env, bool sets_port_range)
{
    unsetenv(MISHMEM_LAUNCH_PORT_RANGE); /* an inherited plan is not this job's (the first helper plans) */
    char settings[WIRE_LINE_MAX];
    snprintf(settings, sizeof settings, "settings tag=%d bind=%s map=%s", opts->tag_output,
             bind_policy_name(opts->bind), map_policy_name(opts->map));
    struct hosts_job_options hosts_opts = {
        .npes = opts->npes,
        .timeout_s = opts->timeout_s,
        .agent = opts->agent != NULL ? opts->agent : "ssh",
        .rdv_ip = opts->rdv_ip,
        .prog_argv = opts->prog_argv,
        .env = env,
        .settings = settings,
        .plan_ports = !sets_port_range,
    };
    char error[512];
    if (!plan_hosts(opts->hosts, opts->hostfile, &hosts_opts, error, sizeof error))
        die_usage("%s", error);
    int status = run_on_hosts(&hosts_opts);
    free_host_plan(&hosts_opts);
    return status;
}

static int run_here(const struct options *opts)
{
    struct core_plan cores = {0};
    char error[512];
    if (opts->bind == BIND_CORE && !plan_cores(opts->map, opts->npes, &cores, error, sizeof error)) {
        report("%s", error);
        return EXIT_USAGE;
    }
    int range_fd = plan_port_range();
    struct job job;
    struct job_config config = {
        .npes = opts->npes,
        .world_npes = opts->npes,
        .timeout_s = opts->timeout_s,
        .listen_ip = "127.0.0.1",
        .pe_stdout_fd = -1,
        .keep_going = opts->keep_going,
        .tag_emit = opts->tag_output ? tag_emit_local : NULL,
        .cores = opts->bind == BIND_CORE ? &cores : NULL,
    };
    setup_job(&job, &config);
    start_all_pes(&job, opts->prog_argv);
    run_event_loop(&job);
    finish_job(&job);
    close_if_open(&range_fd);
    free_core_plan(&cores);
    return job_exit_code(&job);
}

int main(int argc, char **argv)
{
    struct options opts;

    if (argc > 1 && strcmp(argv[1], SERVE_HOST_OPTION) == 0)
        return serve_host(argc, argv);
    parse_options(argc, argv, &opts);
    ensure_stdio_open();
    bool several_hosts = opts.hosts != NULL || opts.hostfile != NULL;
    bool sets_port_range;
    char **env = resolve_exports(&opts, !several_hosts, &sets_port_range);
    int status = several_hosts ? run_several_hosts(&opts, env, sets_port_range) : run_here(&opts);
    for (char **entry = env; *entry != NULL; entry++)
        free(*entry);
    free(env);
    return status;
}
