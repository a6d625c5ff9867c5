/*
 * pe_probe: a PE stand-in for the launcher tests. Plain C, no libmishmem.
 *
 *   pe_probe MARKER WHO:ACTION[,ACTION...] ...
 *
 * MARKER is ignored; it makes the processes of one test easy to find with
 * pgrep -f. Each PE runs the action list of the spec whose WHO is its PE
 * number, else the one whose WHO is '*', else nothing; then it exits 0.
 * Arguments that are not specs are ignored (they test pass-through).
 *
 * Actions:
 *   env=DIR      check the launcher contract, write DIR/pe.<PE>, fail if wrong
 *                (MISHMEM_RDV_ADDR may name any IPv4 address, for --hosts)
 *   reach        connect to MISHMEM_RDV_ADDR (retrying for 5 s), fail if it cannot
 *   sleep=S      sleep S seconds
 *   exit=C       exit with status C
 *   kill=SIG     send itself signal number SIG
 *   ctrl=C       write status C to MISHMEM_CTRL_FD, as shmem_global_exit does
 *   spawn        fork a child that sleeps 60 s (it must die with the job)
 *   ignore-term  ignore SIGTERM from now on
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static long my_pe = -1;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "pe_probe: PE %ld: ", my_pe);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static long env_long(const char *name)
{
    const char *text = getenv(name);
    if (text == NULL || text[0] == '\0')
        fail("%s is not set", name);
    char *end;
    long value = strtol(text, &end, 10);
    if (*end != '\0')
        fail("%s='%s' is not a number", name, text);
    return value;
}

static void sleep_seconds(double seconds)
{
    struct timespec ts = {.tv_sec = (time_t)seconds};
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* ---- contract checks --------------------------------------------------- */

static void check_secret(const char *secret)
{
    if (secret == NULL || strlen(secret) != 64)
        fail("MISHMEM_SECRET is not 64 characters");
    for (const char *c = secret; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            fail("MISHMEM_SECRET has a non lowercase-hex character '%c'", *c);
}

/* MISHMEM_RDV_ADDR: tcp://IPV4:PORT (127.0.0.1 on one host, the first host's address with --hosts). */
static int rdv_port(struct in_addr *ip)
{
    const char *addr = getenv("MISHMEM_RDV_ADDR");
    char text[32];
    int port, used = 0;
    if (addr == NULL || sscanf(addr, "tcp://%31[0-9.]:%d%n", text, &port, &used) != 2 ||
        addr[used] != '\0' || port <= 0 || port > 65535 || inet_pton(AF_INET, text, ip) != 1)
        fail("MISHMEM_RDV_ADDR='%s' is not tcp://IPV4:PORT", addr ? addr : "(unset)");
    return port;
}

static bool is_listening_socket(int fd)
{
    int listening = 0;
    socklen_t len = sizeof listening;
    return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening;
}

/* Calls visit(fd) for every open fd of this process. */
static void for_each_open_fd(void (*visit)(int fd, void *arg), void *arg)
{
    DIR *dir = opendir("/proc/self/fd");
    if (dir == NULL)
        fail("cannot open /proc/self/fd");
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        int fd = atoi(entry->d_name);
        if (fd != dirfd(dir))
            visit(fd, arg);
    }
    closedir(dir);
}

static void reject_listening_socket(int fd, void *arg)
{
    (void)arg;
    if (is_listening_socket(fd))
        fail("fd %d is a listening socket; only PE 0 may inherit one", fd);
}

struct pipe_identity {
    int fd;
    struct stat st;
};

static void reject_other_end_of_ctrl_pipe(int fd, void *arg)
{
    const struct pipe_identity *ctrl = arg;
    struct stat st;
    if (fd != ctrl->fd && fstat(fd, &st) == 0 && st.st_dev == ctrl->st.st_dev &&
        st.st_ino == ctrl->st.st_ino)
        fail("fd %d is another end of the control pipe (leaked)", fd);
}

static void check_ctrl_fd(void)
{
    struct pipe_identity ctrl = {.fd = (int)env_long("MISHMEM_CTRL_FD")};
    if (fstat(ctrl.fd, &ctrl.st) != 0 || !S_ISFIFO(ctrl.st.st_mode))
        fail("MISHMEM_CTRL_FD=%d is not an open pipe", ctrl.fd);
    if ((fcntl(ctrl.fd, F_GETFL) & O_ACCMODE) != O_WRONLY)
        fail("MISHMEM_CTRL_FD=%d is not a write end", ctrl.fd);
    for_each_open_fd(reject_other_end_of_ctrl_pipe, &ctrl);
}

/* Round trip one byte through the inherited socket to prove it is live. */
static void connect_and_accept(int listen_fd, struct in_addr ip, int port)
{
    int client = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr = ip};
    if (client < 0 || connect(client, (struct sockaddr *)&addr, sizeof addr) != 0)
        fail("cannot connect to %s:%d: %s", inet_ntoa(ip), port, strerror(errno));
    /* Other PEs' "reach" connections may be queued first: accept up to ours. */
    struct sockaddr_in mine, peer;
    socklen_t len = sizeof mine;
    if (getsockname(client, (struct sockaddr *)&mine, &len) != 0)
        fail("getsockname: %s", strerror(errno));
    int server = -1;
    for (int tries = 0; tries < 64 && server < 0; tries++) {
        struct pollfd pfd = {.fd = listen_fd, .events = POLLIN};
        if (poll(&pfd, 1, 3000) != 1)
            fail("nothing to accept on MISHMEM_RDV_FD after connecting to its port");
        len = sizeof peer;
        server = accept(listen_fd, (struct sockaddr *)&peer, &len);
        if (server >= 0 && (peer.sin_port != mine.sin_port || peer.sin_addr.s_addr != mine.sin_addr.s_addr)) {
            close(server);
            server = -1;
        }
    }
    char byte = 'x', echo = 0;
    if (server < 0 || write(client, &byte, 1) != 1 || read(server, &echo, 1) != 1 || echo != 'x')
        fail("no data through the accepted connection");
    close(server);
    close(client);
}

static void check_rendezvous_fd(struct in_addr ip, int port)
{
    int fd = (int)env_long("MISHMEM_RDV_FD");
    int type = 0;
    socklen_t len = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM)
        fail("MISHMEM_RDV_FD=%d is not a stream socket", fd);
    if (!is_listening_socket(fd))
        fail("MISHMEM_RDV_FD=%d is not in listen state", fd);
    struct sockaddr_in addr;
    len = sizeof addr;
    if (getsockname(fd, (struct sockaddr *)&addr, &len) != 0 || addr.sin_family != AF_INET ||
        addr.sin_addr.s_addr != ip.s_addr || ntohs(addr.sin_port) != port)
        fail("MISHMEM_RDV_FD=%d is not bound to %s:%d", fd, inet_ntoa(ip), port);
    connect_and_accept(fd, ip, port);
}

static void write_report(const char *dir, long npes, char **argv)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/pe.%ld", dir, my_pe);
    FILE *out = fopen(path, "w");
    if (out == NULL)
        fail("cannot write %s: %s", path, strerror(errno));
    const char *pass = getenv("MISHMEM_TEST_PASSTHROUGH");
    fprintf(out, "PE=%ld\nNPES=%ld\nRDV=%s\nSECRET=%s\nHAS_RDV_FD=%d\nPASS=%s\nARGS=",
            my_pe, npes, getenv("MISHMEM_RDV_ADDR"), getenv("MISHMEM_SECRET"),
            getenv("MISHMEM_RDV_FD") != NULL, pass ? pass : "");
    for (int i = 2; argv[i] != NULL; i++)
        fprintf(out, "%s%s", i > 2 ? "|" : "", argv[i]);
    fputc('\n', out);
    /* Where the PE runs: the --hosts tests check the network namespace. */
    char netns[64] = "";
    if (readlink("/proc/self/ns/net", netns, sizeof netns - 1) < 0)
        netns[0] = '\0';
    fprintf(out, "NETNS=%s\n", netns);
    if (fclose(out) != 0)
        fail("cannot write %s", path);
}

static void check_contract(const char *dir, char **argv)
{
    long npes = env_long("MISHMEM_NPES");
    if (npes < 1 || my_pe < 0 || my_pe >= npes)
        fail("MISHMEM_PE=%ld is not in 0..MISHMEM_NPES-1 (NPES=%ld)", my_pe, npes);
    check_secret(getenv("MISHMEM_SECRET"));
    struct in_addr ip;
    int port = rdv_port(&ip);
    check_ctrl_fd();
    if (my_pe == 0) {
        check_rendezvous_fd(ip, port);
    } else {
        if (getenv("MISHMEM_RDV_FD") != NULL)
            fail("MISHMEM_RDV_FD is set outside PE 0");
        for_each_open_fd(reject_listening_socket, NULL);
    }
    write_report(dir, npes, argv);
}

/* ---- actions ----------------------------------------------------------- */

/* PE 0's rendezvous must be reachable from every PE's host. PE 0 may
 * start listening late on a loaded machine: try for up to 100 s (a hang
 * is the ctest watchdog's to catch, not a time bound of this test). */
static void reach_rendezvous(void)
{
    struct in_addr ip;
    int port = rdv_port(&ip);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr = ip};
    for (int tries = 0; tries < 1000; tries++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            fail("socket: %s", strerror(errno));
        int rc = connect(fd, (struct sockaddr *)&addr, sizeof addr);
        close(fd);
        if (rc == 0)
            return;
        sleep_seconds(0.1);
    }
    fail("cannot reach the rendezvous at %s", getenv("MISHMEM_RDV_ADDR"));
}

static void write_ctrl_status(int status)
{
    int fd = (int)env_long("MISHMEM_CTRL_FD");
    if (write(fd, &status, sizeof status) != (ssize_t)sizeof status)
        fail("cannot write to MISHMEM_CTRL_FD: %s", strerror(errno));
}

static void spawn_sleeper(void)
{
    pid_t pid = fork();
    if (pid < 0)
        fail("fork: %s", strerror(errno));
    if (pid == 0) {
        sleep_seconds(60);
        _exit(0);
    }
}

static void run_action(const char *action, char **argv)
{
    const char *eq = strchr(action, '=');
    const char *value = eq ? eq + 1 : "";
    size_t name_len = eq ? (size_t)(eq - action) : strlen(action);
#define IS(name) (name_len == strlen(name) && strncmp(action, name, name_len) == 0)
    if (IS("env"))
        check_contract(value, argv);
    else if (IS("reach"))
        reach_rendezvous();
    else if (IS("sleep"))
        sleep_seconds(atof(value));
    else if (IS("exit"))
        exit(atoi(value));
    else if (IS("kill"))
        kill(getpid(), atoi(value));
    else if (IS("ctrl"))
        write_ctrl_status(atoi(value));
    else if (IS("spawn"))
        spawn_sleeper();
    else if (IS("ignore-term"))
        signal(SIGTERM, SIG_IGN);
    else
        fail("unknown action '%s'", action);
#undef IS
}

/* The action list for this PE: "K:..." beats "*:...". */
static const char *find_actions(char **argv)
{
    const char *fallback = NULL;
    for (int i = 2; argv[i] != NULL; i++) {
        char *end;
        const char *spec = argv[i];
        if (spec[0] == '*' && spec[1] == ':' && fallback == NULL)
            fallback = spec + 2;
        else if (spec[0] >= '0' && spec[0] <= '9' && strtol(spec, &end, 10) == my_pe &&
                 *end == ':')
            return end + 1;
    }
    return fallback;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: pe_probe MARKER WHO:ACTION[,ACTION...] ...\n");
        return 2;
    }
    my_pe = env_long("MISHMEM_PE");
    const char *actions = find_actions(argv);
    if (actions == NULL)
        return 0;
    /* Static, so an exit inside an action leaves nothing for LeakSanitizer. */
    static char list[4096];
    if (strlen(actions) >= sizeof list)
        fail("action list too long");
    strcpy(list, actions);
    char *save = NULL;
    for (char *action = strtok_r(list, ",", &save); action; action = strtok_r(NULL, ",", &save))
        run_action(action, argv);
    return 0;
}
