/* PE 0's checks on who may join. Intruders (wrong secret, wrong instance
 * id, wrong protocol version) and a duplicate PE are refused while the
 * real group completes; a PE with our secret but a different n_pes or an
 * impossible PE number fails the whole group. No PE leaks fds. */
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_io.h"
#include "tcp_test_harness.h"

#define WAIT_MS 15000

static int make_group(struct th_group *g, int n_pes)
{
    uint16_t port = 0;
    int listener = th_loopback_listener(AF_INET, &port);
    th_group_init(g, "127.0.0.1", port, listener, n_pes);
    return listener >= 0;
}

/* Reads one tagged refusal (payload then tag); returns its type or -1. */
static int read_refusal(int fd, const struct mishmem_tcp_header *h, int64_t deadline,
                        struct mishmem_tcp_refusal *why, uint8_t *raw)
{
    uint8_t tag[MISHMEM_TCP_TAG_BYTES];
    if (h->length != MISHMEM_TCP_REFUSAL_BYTES ||
        mishmem_tcp_read_full(fd, raw, MISHMEM_TCP_REFUSAL_BYTES, deadline) != 0 ||
        mishmem_tcp_read_full(fd, tag, sizeof tag, deadline) != 0)
        return -1;
    mishmem_tcp_refusal_decode(raw, why);
    return h->type;
}

/* Runs the handshake by hand with `secret` (whose proof PE 0 may or may
 * not accept) claiming (pe, n_pes); returns PE 0's last answer type (-1:
 * none), the refusal, and its raw bytes. */
static int raw_handshake(const struct th_group *g, const uint8_t *secret, uint32_t version,
                         uint32_t pe, uint32_t n_pes, struct mishmem_tcp_refusal *why,
                         uint8_t raw[MISHMEM_TCP_REFUSAL_BYTES])
{
    int fd = th_connect(g->host, g->port, 1000);
    if (fd < 0)
        return -1;
    struct mishmem_tcp_hello hello = {.version = version};
    for (int i = 0; i < 32; i++)
        hello.nonce[i] = (uint8_t)(i * 13 + pe);
    uint8_t payload[MISHMEM_TCP_AUTH_BYTES];
    mishmem_tcp_hello_encode(&hello, payload);
    int64_t deadline = th_now_ms() + 2000;
    struct mishmem_tcp_header h;
    int type = -1;
    if (mishmem_tcp_send_frame(fd, MISHMEM_TCP_HELLO, 0, payload, MISHMEM_TCP_HELLO_BYTES, NULL,
                               deadline) != 0 ||
        mishmem_tcp_recv_header(fd, &h, deadline) != 0)
        goto out;
    if (h.type != MISHMEM_TCP_CHALLENGE) {
        type = read_refusal(fd, &h, deadline, why, raw);
        goto out;
    }
    uint8_t cb[MISHMEM_TCP_CHALLENGE_BYTES];
    if (h.length != sizeof cb || mishmem_tcp_read_full(fd, cb, sizeof cb, deadline) != 0)
        goto out;
    struct mishmem_tcp_challenge challenge;
    mishmem_tcp_challenge_decode(cb, &challenge);
    struct mishmem_tcp_auth auth = {.claim = {g->instance_id, pe, n_pes}};
    mishmem_tcp_client_proof(secret, hello.nonce, challenge.nonce, &auth.claim, auth.proof);
    mishmem_tcp_auth_encode(&auth, payload);
    if (mishmem_tcp_send_frame(fd, MISHMEM_TCP_AUTH, 0, payload, sizeof payload, NULL,
                               deadline) == 0 &&
        mishmem_tcp_recv_header(fd, &h, deadline) == 0)
        type = read_refusal(fd, &h, deadline, why, raw);
out:
    close(fd);
    return type;
}

static int raw_hello(const struct th_group *g, uint32_t version, uint32_t pe, uint32_t n_pes,
                     struct mishmem_tcp_refusal *why)
{
    uint8_t raw[MISHMEM_TCP_REFUSAL_BYTES];
    return raw_handshake(g, g->secret, version, pe, n_pes, why, raw);
}

static int expect_reject(const char *what, int type, const struct mishmem_tcp_refusal *why,
                         uint32_t reason)
{
    if (type == MISHMEM_TCP_REJECT && why->reason == reason)
        return 1;
    printf("    %s: answer type %d reason %u, expected REJECT reason %u\n", what, type, why->reason,
           reason);
    return 0;
}

/* PE 0 and 1 wait; each intruder must be refused; then PE 2 completes the group. */
static int intruders_case(const char *name, const struct th_group *intruders, int n_intruders,
                          struct th_group *g)
{
    pid_t pids[3];
    pids[0] = th_spawn(th_member, g, 0, NULL);
    th_release_listener(g);
    pids[1] = th_spawn(th_member, g, 1, NULL);
    int64_t deadline = th_now_ms() + WAIT_MS;
    int ok = 1;
    for (int i = 0; i < n_intruders; i++) {
        pid_t intruder = th_spawn(th_open_only, &intruders[i], 2, NULL);
        ok &= th_expect_exit("intruder", th_wait(intruder, deadline), TH_EXIT_BOOTSTRAP);
    }
    struct mishmem_tcp_refusal why = {0};
    ok &= expect_reject("version 99", raw_hello(g, 99, 2, 3, &why), &why,
                        MISHMEM_TCP_REASON_VERSION);
    pids[2] = th_spawn(th_member, g, 2, NULL);
    for (int pe = 0; pe < 3; pe++)
        ok &= th_expect_exit("group PE", th_wait(pids[pe], deadline), 0);
    return th_report(name, ok);
}

static int wrong_secret_case(void)
{
    struct th_group g, bad;
    if (!make_group(&g, 3))
        return th_report("wrong secret", 0);
    bad = g;
    bad.secret[5] ^= 0x10;
    return intruders_case("wrong secret and wrong version refused, group completes", &bad, 1, &g);
}

static int no_secret_case(void)
{
    struct th_group g, bad[2];
    if (!make_group(&g, 3))
        return th_report("no secret", 0);
    memset(g.secret, 0, sizeof g.secret); /* "no secret": both sides must have none */
    bad[0] = g;
    bad[0].instance_id = g.instance_id + 1;
    bad[1] = g;
    bad[1].secret[31] = 1;
    return intruders_case("no secret: other instance id and a PE with a secret refused", bad, 2,
                          &g);
}

static int duplicate_case(void)
{
    struct th_group g;
    if (!make_group(&g, 3))
        return th_report("duplicate PE", 0);
    pid_t pe0 = th_spawn(th_member, &g, 0, NULL);
    th_release_listener(&g);
    pid_t ones[2] = {th_spawn(th_member, &g, 1, NULL), th_spawn(th_member, &g, 1, NULL)};
    int64_t deadline = th_now_ms() + WAIT_MS;
    int code = -1;
    /* Whichever PE 1 came second is refused; the first stays in. */
    int loser = th_wait_first(ones, 2, deadline, &code);
    int ok = loser >= 0 && th_expect_exit("second PE 1", code, TH_EXIT_BOOTSTRAP);
    pid_t pe2 = th_spawn(th_member, &g, 2, NULL);
    ok &= th_expect_exit("PE 0", th_wait(pe0, deadline), 0);
    if (loser >= 0)
        ok &= th_expect_exit("first PE 1", th_wait(ones[1 - loser], deadline), 0);
    ok &= th_expect_exit("PE 2", th_wait(pe2, deadline), 0);
    return th_report("duplicate PE 1 refused, first PE 1 stays, group completes", ok);
}

/* A stranger (wrong secret) who claims to be PE 1 of 3 of our instance:
 * its REJECT says REFUSED and nothing else, not PE 0's n_pes, instance id
 * or anything it claimed (issue 15, item 4). The group still completes. */
static int stranger_case(void)
{
    struct th_group g;
    if (!make_group(&g, 2))
        return th_report("stranger", 0);
    pid_t pe0 = th_spawn(th_member, &g, 0, NULL);
    th_release_listener(&g);
    uint8_t wrong[MISHMEM_SECRET_BYTES];
    memcpy(wrong, g.secret, sizeof wrong);
    wrong[0] ^= 1;
    struct mishmem_tcp_refusal why = {0};
    uint8_t raw[MISHMEM_TCP_REFUSAL_BYTES];
    memset(raw, 0xEE, sizeof raw);
    int type = raw_handshake(&g, wrong, MISHMEM_TCP_VERSION, 1, 2, &why, raw);
    int only_reason = 1;
    for (size_t i = 4; i < sizeof raw; i++)
        only_reason &= raw[i] == 0;
    printf("    stranger got answer type %d: reason %u pe %u n_pes_claimed %u n_pes_server %u "
           "instance_server %llu version %u\n",
           type, why.reason, why.pe, why.n_pes_claimed, why.n_pes_server,
           (unsigned long long)why.instance_server, why.version_server);
    int ok = type == MISHMEM_TCP_REJECT && why.reason == MISHMEM_TCP_REASON_REFUSED && only_reason;
    pid_t pe1 = th_spawn(th_member, &g, 1, NULL);
    int64_t deadline = th_now_ms() + WAIT_MS;
    ok &= th_expect_exit("PE 0", th_wait(pe0, deadline), 0);
    ok &= th_expect_exit("PE 1", th_wait(pe1, deadline), 0);
    return th_report("a stranger with a wrong secret learns only 'refused'", ok);
}

/* PEs 0..n-2 wait (open only); then a PE that dooms the group arrives. */
static int doomed_case(const char *name, struct th_group *g, const struct th_group *spoiler,
                       int spoiler_pe)
{
    pid_t pids[8];
    int n = g->n_pes - 1;
    pids[0] = th_spawn(th_open_only, g, 0, NULL);
    th_release_listener(g);
    for (int pe = 1; pe < n; pe++)
        pids[pe] = th_spawn(th_open_only, g, pe, NULL);
    th_sleep_ms(800); /* let them all connect first: they are the ones to be told */
    if (spoiler)
        pids[n++] = th_spawn(th_open_only, spoiler, spoiler_pe, NULL);
    struct mishmem_tcp_refusal why = {0};
    int ok = 1;
    if (!spoiler)
        ok &= expect_reject("PE 5 of 3", raw_hello(g, MISHMEM_TCP_VERSION, 5, 3, &why), &why,
                            MISHMEM_TCP_REASON_PE_RANGE);
    int64_t deadline = th_now_ms() + WAIT_MS;
    for (int pe = 0; pe < n; pe++)
        ok &= th_expect_exit("PE", th_wait(pids[pe], deadline), TH_EXIT_BOOTSTRAP);
    return th_report(name, ok);
}

static int n_pes_mismatch_case(void)
{
    struct th_group g, spoiler;
    if (!make_group(&g, 4))
        return th_report("n_pes mismatch", 0);
    spoiler = g;
    spoiler.n_pes = 5;
    spoiler.listen_fd = -1;
    return doomed_case("PE 3 says n_pes 5, PE 0 says 4: every PE fails", &g, &spoiler, 3);
}

static int pe_range_case(void)
{
    struct th_group g;
    if (!make_group(&g, 3))
        return th_report("PE out of range", 0);
    return doomed_case("a PE 5 of 3 with our secret: every PE fails", &g, NULL, 0);
}

int main(void)
{
    int ok = wrong_secret_case();
    ok &= no_secret_case();
    ok &= duplicate_case();
    ok &= n_pes_mismatch_case();
    ok &= pe_range_case();
    ok &= stranger_case();
    return ok ? 0 : 1;
}
