#include "tcp_fuzz_client.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bootstrap/tcp_io.h"
#include "bootstrap/tcp_wire.h"
#include "tcp_test_harness.h"

#define MAX_HELD 16 /* silent and stalled sockets kept open at once */

enum fuzz_kind {
    K_RANDOM,
    K_SHORT_HEADER,
    K_HUGE_LENGTH,
    K_WRONG_MAGIC,
    K_WRONG_TYPE,
    K_TRUNCATED_HELLO,
    K_WRONG_SECRET,
    K_WILD_HELLO,
    K_RESERVED,
    K_SILENT,
    K_STALL,
    K_CLOSE,
    K_DATA_FIRST,
    K_HELLO_THEN_FLOOD,
    K_AUTH_GARBAGE,
    K_AUTH_WRONG_FRAME,
    K_CHALLENGED_SILENT,
    K_COUNT
};

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

static void random_bytes(uint64_t *rng, uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)next_random(rng);
}

static void put_all(int fd, const void *buf, size_t len)
{
    ssize_t ignored = send(fd, buf, len, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)ignored;
}

static size_t header(uint8_t *out, uint32_t magic, uint16_t type, uint16_t reserved, uint32_t seq,
                     uint32_t length)
{
    struct mishmem_tcp_header h = {magic, type, reserved, seq, length};
    mishmem_tcp_header_encode(&h, out);
    return MISHMEM_TCP_HEADER_BYTES;
}

/* A complete HELLO frame (wild: any version and flags). */
static size_t hello_frame(uint64_t *rng, uint8_t *out, int wild)
{
    struct mishmem_tcp_hello hello = {
        .version = wild ? (uint32_t)next_random(rng) % 4 : MISHMEM_TCP_VERSION,
        .flags = wild ? (uint32_t)next_random(rng) : 0,
    };
    random_bytes(rng, hello.nonce, sizeof hello.nonce);
    size_t n = header(out, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 0, 0, MISHMEM_TCP_HELLO_BYTES);
    mishmem_tcp_hello_encode(&hello, out + n);
    return n + MISHMEM_TCP_HELLO_BYTES;
}

/* An AUTH frame with a proof made of random bytes (PE 0's secret is not ours). */
static size_t auth_frame(uint64_t *rng, uint8_t *out, int wild)
{
    struct mishmem_tcp_auth auth = {.claim = {
                                        .instance_id = wild ? next_random(rng) : 7,
                                        .pe = wild ? (uint32_t)next_random(rng)
                                                   : 1 + (uint32_t)(next_random(rng) % 3),
                                        .n_pes = wild ? (uint32_t)next_random(rng) : 4,
                                    }};
    random_bytes(rng, auth.proof, sizeof auth.proof);
    size_t n = header(out, MISHMEM_TCP_MAGIC, MISHMEM_TCP_AUTH, 0, 0, MISHMEM_TCP_AUTH_BYTES);
    mishmem_tcp_auth_encode(&auth, out + n);
    return n + MISHMEM_TCP_AUTH_BYTES;
}

/* Reads PE 0's next answer: counts it, and checks that a REJECT to us
 * (who proved nothing) says nothing but its reason. Returns its type. */
static int read_answer(int fd, struct fuzz_stats *stats)
{
    struct mishmem_tcp_header h;
    int64_t deadline = th_now_ms() + 1000;
    if (mishmem_tcp_recv_header(fd, &h, deadline) != MISHMEM_TCP_IO_OK)
        return -1;
    if (h.type == MISHMEM_TCP_ACCEPT)
        stats->accepts++;
    if (h.type == MISHMEM_TCP_CHALLENGE && h.length == MISHMEM_TCP_CHALLENGE_BYTES) {
        uint8_t sink[MISHMEM_TCP_CHALLENGE_BYTES];
        if (mishmem_tcp_read_full(fd, sink, sizeof sink, deadline) != MISHMEM_TCP_IO_OK)
            return -1;
        stats->challenges++;
    }
    if (h.type == MISHMEM_TCP_REJECT) {
        stats->rejects++;
        uint8_t body[MISHMEM_TCP_REFUSAL_BYTES];
        if (h.length != sizeof body ||
            mishmem_tcp_read_full(fd, body, sizeof body, deadline) != MISHMEM_TCP_IO_OK)
            return h.type;
        struct mishmem_tcp_refusal why;
        mishmem_tcp_refusal_decode(body, &why);
        int extra = why.pe || why.n_pes_claimed || why.n_pes_server || why.instance_server;
        if (extra || (why.reason != MISHMEM_TCP_REASON_REFUSED &&
                      why.reason != MISHMEM_TCP_REASON_VERSION))
            stats->leaks++;
    }
    return h.type;
}

static void send_frame(int fd, const void *buf, size_t len, struct fuzz_stats *stats)
{
    put_all(fd, buf, len);
    stats->frames++;
}

/* Sends a good HELLO and reads PE 0's challenge; 1 when it came. */
static int get_challenged(int fd, uint64_t *rng, struct fuzz_stats *stats)
{
    uint8_t buf[128];
    send_frame(fd, buf, hello_frame(rng, buf, 0), stats);
    return read_answer(fd, stats) == MISHMEM_TCP_CHALLENGE;
}

static const uint32_t huge_lengths[] = {0xFFFFFFFFu, 0x80000000u, 1u << 30, 100u << 20,
                                        MISHMEM_TCP_HELLO_BYTES + 1, MISHMEM_TCP_HELLO_BYTES - 1, 0,
                                        52 /* version 1's HELLO */};

/* Sends one kind of abuse; returns 1 when the socket should be held open. */
static int abuse(int fd, enum fuzz_kind kind, uint64_t *rng, struct fuzz_stats *stats)
{
    uint8_t buf[70000];
    size_t n = 0;
    switch (kind) {
    case K_RANDOM:
        n = 1 + next_random(rng) % 300;
        random_bytes(rng, buf, n);
        break;
    case K_SHORT_HEADER:
        n = 1 + next_random(rng) % (MISHMEM_TCP_HEADER_BYTES - 1);
        header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 0, 0, MISHMEM_TCP_HELLO_BYTES);
        break;
    case K_HUGE_LENGTH:
        n = header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 0, 0,
                   huge_lengths[next_random(rng) % 8]);
        random_bytes(rng, buf + n, 200);
        n += 200;
        break;
    case K_WRONG_MAGIC:
        n = header(buf, (uint32_t)next_random(rng) | 1, MISHMEM_TCP_HELLO, 0, 0,
                   MISHMEM_TCP_HELLO_BYTES);
        random_bytes(rng, buf + n, MISHMEM_TCP_HELLO_BYTES);
        n += MISHMEM_TCP_HELLO_BYTES;
        break;
    case K_WRONG_TYPE:
        n = header(buf, MISHMEM_TCP_MAGIC, (uint16_t)(2 + next_random(rng) % 5), 0, 0,
                   MISHMEM_TCP_HELLO_BYTES);
        random_bytes(rng, buf + n, MISHMEM_TCP_HELLO_BYTES);
        n += MISHMEM_TCP_HELLO_BYTES;
        break;
    case K_TRUNCATED_HELLO:
        n = hello_frame(rng, buf, 0) - 1 - next_random(rng) % (MISHMEM_TCP_HELLO_BYTES - 1);
        break;
    case K_WRONG_SECRET:
    case K_WILD_HELLO:
        if (kind == K_WILD_HELLO) {
            send_frame(fd, buf, hello_frame(rng, buf, 1), stats);
            if (read_answer(fd, stats) != MISHMEM_TCP_CHALLENGE)
                return 0;
        } else if (!get_challenged(fd, rng, stats)) {
            return 0;
        }
        send_frame(fd, buf, auth_frame(rng, buf, kind == K_WILD_HELLO), stats);
        read_answer(fd, stats);
        return 0;
    case K_AUTH_GARBAGE:
        if (!get_challenged(fd, rng, stats))
            return 0;
        n = 1 + next_random(rng) % 300;
        random_bytes(rng, buf, n);
        break;
    case K_AUTH_WRONG_FRAME: {
        if (!get_challenged(fd, rng, stats))
            return 0;
        static const uint16_t types[] = {MISHMEM_TCP_HELLO, MISHMEM_TCP_DATA, MISHMEM_TCP_ACCEPT,
                                         MISHMEM_TCP_AUTH, MISHMEM_TCP_CHALLENGE};
        uint16_t type = types[next_random(rng) % 5];
        uint32_t length = type == MISHMEM_TCP_AUTH ? huge_lengths[next_random(rng) % 8]
                                                   : MISHMEM_TCP_AUTH_BYTES;
        n = header(buf, MISHMEM_TCP_MAGIC, type, 0, (uint32_t)(next_random(rng) % 2), length);
        random_bytes(rng, buf + n, MISHMEM_TCP_AUTH_BYTES);
        n += MISHMEM_TCP_AUTH_BYTES;
        break;
    }
    case K_CHALLENGED_SILENT:
        get_challenged(fd, rng, stats);
        return 1;
    case K_RESERVED:
        n = hello_frame(rng, buf, 0);
        header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 1 + next_random(rng) % 2, 0,
               MISHMEM_TCP_HELLO_BYTES);
        break;
    case K_SILENT:
        return 1;
    case K_STALL:
        send_frame(fd, buf, header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 0, 0,
                                   MISHMEM_TCP_HELLO_BYTES),
                   stats);
        return 1;
    case K_CLOSE:
        return 0;
    case K_DATA_FIRST:
        n = header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_DATA, 0, 1, 0);
        break;
    case K_HELLO_THEN_FLOOD:
        n = hello_frame(rng, buf, 0);
        random_bytes(rng, buf + n, 65536);
        n += 65536;
        break;
    case K_COUNT:
        break;
    }
    send_frame(fd, buf, n, stats);
    return 0;
}

void fuzz_hostile(const char *host, uint16_t port, int count, uint64_t seed,
                  struct fuzz_stats *stats)
{
    uint64_t rng = seed | 1;
    int held[MAX_HELD];
    int n_held = 0;
    memset(stats, 0, sizeof *stats);
    for (int i = 0; i < count; i++) {
        int fd = th_connect(host, port, 1000);
        if (fd < 0) {
            stats->refused++;
            continue;
        }
        stats->connections++;
        enum fuzz_kind kind = (enum fuzz_kind)(next_random(&rng) % K_COUNT);
        if (!abuse(fd, kind, &rng, stats)) {
            close(fd);
            continue;
        }
        if (n_held == MAX_HELD) {
            close(held[0]);
            memmove(held, held + 1, sizeof held[0] * (MAX_HELD - 1));
            n_held--;
        }
        held[n_held++] = fd;
    }
    for (int i = 0; i < n_held; i++)
        close(held[i]);
}

/* Closed by the peer: readable with nothing to read. */
static int closed_by_peer(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, 0) != 1)
        return 0;
    char byte;
    ssize_t n = recv(fd, &byte, 1, MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno == ECONNRESET);
}

int fuzz_silent_flood(const char *host, uint16_t port, int count, int wait_ms, int half_hello)
{
    return fuzz_silent_flood_timed(host, port, count, wait_ms, half_hello, NULL);
}

int fuzz_silent_flood_timed(const char *host, uint16_t port, int count, int wait_ms,
                            int half_hello, int *connect_ms)
{
    int *fds = calloc((size_t)count, sizeof *fds);
    if (!fds)
        return -1;
    uint8_t buf[MISHMEM_TCP_HEADER_BYTES];
    header(buf, MISHMEM_TCP_MAGIC, MISHMEM_TCP_HELLO, 0, 0, MISHMEM_TCP_HELLO_BYTES);
    int64_t start = th_now_ms();
    for (int i = 0; i < count; i++) {
        fds[i] = th_connect(host, port, 1000);
        if (fds[i] >= 0 && half_hello && i % 2)
            put_all(fds[i], buf, sizeof buf);
    }
    if (connect_ms)
        *connect_ms = (int)(th_now_ms() - start);
    th_sleep_ms(wait_ms);
    int closed = 0;
    for (int i = 0; i < count; i++) {
        if (fds[i] < 0)
            continue;
        closed += closed_by_peer(fds[i]);
        close(fds[i]);
    }
    free(fds);
    return closed;
}
