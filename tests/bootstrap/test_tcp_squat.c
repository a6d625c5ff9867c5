/* Port squatting (issue 15, item 1): something that does not know the job
 * secret listens on PE 0's address first. A PE that connects must not
 * hand it the secret (nor anything derived from it before the server has
 * proved the secret), must say "PE 0's address is served by something
 * that does not know the job secret" and send nothing after the squatter's
 * answer. What the squatter received is printed. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_wire.h"
#include "mishmem/aclshmem.h"
#include "tcp_test_harness.h"
#include "util/log.h"

#define SQUAT_EXIT_SECRET_SEEN 4
#define SQUAT_EXIT_MORE_BYTES 5
#define SQUAT_EXIT_NOBODY 6

/* Reads what arrives on fd for up to ms (or until the peer closes). */
static size_t soak(int fd, uint8_t *buf, size_t size, int ms, int *closed)
{
    size_t got = 0;
    int64_t end = th_now_ms() + ms;
    *closed = 0;
    while (got < size && th_now_ms() < end) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 20) <= 0)
            continue;
        ssize_t n = recv(fd, buf + got, size - got, 0);
        if (n <= 0) {
            *closed = 1;
            break;
        }
        got += (size_t)n;
    }
    return got;
}

static int contains(const uint8_t *hay, size_t n, const uint8_t *needle, size_t len)
{
    for (size_t i = 0; i + len <= n; i++)
        if (memcmp(hay + i, needle, len) == 0)
            return 1;
    return 0;
}

/* The squatter speaks the protocol well enough to answer a HELLO with a
 * challenge whose proof is random (it cannot compute a real one), or,
 * with arg, with a REJECT saying "refused" as if the PE had failed. */
static int squatter(const struct th_group *g, int pe, void *arg)
{
    (void)pe;
    int fd = -1;
    for (int i = 0; i < 300 && fd < 0; i++) {
        fd = accept(g->listen_fd, NULL, NULL);
        if (fd < 0)
            th_sleep_ms(10);
    }
    if (fd < 0)
        return SQUAT_EXIT_NOBODY;
    uint8_t first[4096];
    int closed;
    size_t got = soak(fd, first, sizeof first, 300, &closed);
    struct mishmem_tcp_header h = {0};
    if (got >= MISHMEM_TCP_HEADER_BYTES)
        mishmem_tcp_header_decode(first, &h);
    printf("    squatter received %zu bytes before answering: frame type %u, payload %u bytes\n",
           got, h.type, h.length);
    uint8_t answer[MISHMEM_TCP_HEADER_BYTES + 64];
    struct mishmem_tcp_header ch = {MISHMEM_TCP_MAGIC, 6 /* CHALLENGE */, 0, 0, 64};
    if (arg) /* REJECT, reason 10 (REFUSED), the rest and the tag zero */
        ch = (struct mishmem_tcp_header){MISHMEM_TCP_MAGIC, MISHMEM_TCP_REJECT, 0, 0, 32};
    mishmem_tcp_header_encode(&ch, answer);
    if (getrandom(answer + MISHMEM_TCP_HEADER_BYTES, 64, 0) != 64)
        memset(answer + MISHMEM_TCP_HEADER_BYTES, 0x77, 64);
    if (arg) {
        memset(answer + MISHMEM_TCP_HEADER_BYTES, 0, 64);
        answer[MISHMEM_TCP_HEADER_BYTES + 3] = 10;
    }
    ssize_t ignored = send(fd, answer, sizeof answer, MSG_NOSIGNAL);
    (void)ignored;
    uint8_t after[4096];
    size_t more = soak(fd, after, sizeof after, 1000, &closed);
    printf("    squatter received %zu more bytes after its answer; the PE %s\n", more,
           closed ? "closed the connection" : "kept it open");
    close(fd);
    if (contains(first, got, g->secret, sizeof g->secret) ||
        contains(after, more, g->secret, sizeof g->secret)) {
        printf("    the job secret was among them\n");
        return SQUAT_EXIT_SECRET_SEEN;
    }
    return more ? SQUAT_EXIT_MORE_BYTES : 0;
}

static int victim(const struct th_group *g, int pe, void *arg)
{
    (void)arg;
    th_log_capture(MISHMEM_LOG_WARN, 1);
    int64_t start = th_now_ms();
    int code = th_open_only(g, pe, NULL);
    int64_t ms = th_now_ms() - start;
    int said = th_log_count("PE 0's address is served by something that does not know the job "
                            "secret");
    fprintf(stderr, "  PE %d: exit %d after %lld ms; the expected sentence said %d time(s)\n", pe,
            code, (long long)ms, said);
    if (code != TH_EXIT_BOOTSTRAP)
        return code ? code : TH_EXIT_CHECK;
    return said == 1 && ms < 8000 ? 0 : TH_EXIT_CHECK; /* before the 10 s init timeout */
}

static int squat_case(const char *name, void *how)
{
    uint16_t port = 0;
    struct th_group g;
    th_group_init(&g, "127.0.0.1", 0, th_loopback_listener(AF_INET, &port), 2);
    g.port = port;
    g.init_ms = 5000;
    int64_t deadline = th_now_ms() + 15000;
    pid_t squat = th_spawn(squatter, &g, 0, how); /* holds the listener: "PE 0" */
    th_release_listener(&g);
    pid_t pe1 = th_spawn(victim, &g, 1, NULL);
    int ok = th_expect_exit("PE 1", th_wait(pe1, deadline), 0);
    ok &= th_expect_exit("squatter (4: got the secret, 5: got more bytes)",
                         th_wait(squat, deadline), 0);
    return th_report(name, ok);
}

int main(void)
{
    int ok = squat_case("squatter on PE 0's port learns nothing secret; the PE says why", NULL);
    ok &= squat_case("squatter that answers 'refused' at once: the same", "refuse");
    return ok ? 0 : 1;
}
