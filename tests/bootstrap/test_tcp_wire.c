/* The wire format and PE 0's HELLO decision, without sockets: exact
 * byte layout, round trips, and the order of the checks. */
#include <stdio.h>
#include <string.h>

#include "bootstrap/tcp_hello_check.h"
#include "bootstrap/tcp_wire.h"
#include "tcp_test_harness.h"

static int header_layout(void)
{
    struct mishmem_tcp_header h = {MISHMEM_TCP_MAGIC, MISHMEM_TCP_DATA, 0, 0x01020304u, 0xA0B0C0D0u};
    uint8_t bytes[MISHMEM_TCP_HEADER_BYTES];
    mishmem_tcp_header_encode(&h, bytes);
    const uint8_t expected[] = {0x4D, 0x53, 0x48, 0x42, 0, 4, 0, 0,
                                1,    2,    3,    4,    0xA0, 0xB0, 0xC0, 0xD0};
    struct mishmem_tcp_header back;
    mishmem_tcp_header_decode(bytes, &back);
    int ok = memcmp(bytes, expected, sizeof expected) == 0 && back.magic == h.magic &&
             back.type == h.type && back.reserved == h.reserved && back.seq == h.seq &&
             back.length == h.length;
    return th_report("header is big-endian {magic, type, reserved, seq, length}", ok);
}

static int round_trips(void)
{
    struct mishmem_tcp_hello hello = {MISHMEM_TCP_VERSION, 0x1122334455667788ull, 3, 4, {0}};
    for (int i = 0; i < MISHMEM_SECRET_BYTES; i++)
        hello.secret[i] = (uint8_t)(i * 9);
    uint8_t hb[MISHMEM_TCP_HELLO_BYTES];
    mishmem_tcp_hello_encode(&hello, hb);
    struct mishmem_tcp_hello hello_back;
    mishmem_tcp_hello_decode(hb, &hello_back);
    struct mishmem_tcp_refusal r = {MISHMEM_TCP_REASON_N_PES, 3, 5, 4, 99, 1};
    uint8_t rb[MISHMEM_TCP_REFUSAL_BYTES];
    mishmem_tcp_refusal_encode(&r, rb);
    struct mishmem_tcp_refusal r_back;
    mishmem_tcp_refusal_decode(rb, &r_back);
    char text[200];
    mishmem_tcp_refusal_text(&r_back, 3, 5, 7, text, sizeof text);
    /* Field by field: the structs have padding that memcmp would see. */
    int ok = hello_back.version == hello.version && hello_back.instance_id == hello.instance_id &&
             hello_back.pe == hello.pe && hello_back.n_pes == hello.n_pes &&
             memcmp(hello_back.secret, hello.secret, sizeof hello.secret) == 0 &&
             r_back.reason == r.reason && r_back.pe == r.pe &&
             r_back.n_pes_claimed == r.n_pes_claimed && r_back.n_pes_server == r.n_pes_server &&
             r_back.instance_server == r.instance_server &&
             r_back.version_server == r.version_server &&
             strcmp(text, "n_pes mismatch: this PE says 5, PE 0 says 4") == 0;
    printf("    refusal as PE 3 words it: %s\n", text);
    return th_report("HELLO and refusal round trips", ok);
}

/* Each case breaks one more thing than the check before it catches. */
static int check_order(void)
{
    struct mishmem_bootstrap_config c = {.n_pes = 4, .instance_id = 7};
    memset(c.secret, 0xAB, sizeof c.secret);
    int fds[4] = {-1, -1, 9, -1}; /* PE 2 is connected */
    struct mishmem_tcp_hello ok_hello = {MISHMEM_TCP_VERSION, 7, 1, 4, {0}};
    memcpy(ok_hello.secret, c.secret, sizeof c.secret);
    struct {
        struct mishmem_tcp_hello hello;
        enum mishmem_tcp_verdict verdict;
        uint32_t reason;
    } cases[9];
    for (int i = 0; i < 9; i++)
        cases[i].hello = ok_hello;
    cases[0].verdict = MISHMEM_TCP_VERDICT_ACCEPT;
    cases[1].hello.version = 2, cases[1].hello.secret[0] = 0;
    cases[1].verdict = MISHMEM_TCP_VERDICT_REFUSE, cases[1].reason = MISHMEM_TCP_REASON_VERSION;
    cases[2].hello.secret[31] ^= 1, cases[2].hello.instance_id = 8, cases[2].hello.pe = 99999;
    cases[2].verdict = MISHMEM_TCP_VERDICT_REFUSE, cases[2].reason = MISHMEM_TCP_REASON_WRONG_SECRET;
    cases[3].hello.instance_id = 8, cases[3].hello.n_pes = 2;
    cases[3].verdict = MISHMEM_TCP_VERDICT_REFUSE, cases[3].reason = MISHMEM_TCP_REASON_INSTANCE;
    cases[4].hello.n_pes = 2, cases[4].hello.pe = 2;
    cases[4].verdict = MISHMEM_TCP_VERDICT_FATAL, cases[4].reason = MISHMEM_TCP_REASON_N_PES;
    cases[5].hello.pe = 0xFFFFFFFFu;
    cases[5].verdict = MISHMEM_TCP_VERDICT_FATAL, cases[5].reason = MISHMEM_TCP_REASON_PE_RANGE;
    cases[6].hello.pe = 0;
    cases[6].verdict = MISHMEM_TCP_VERDICT_FATAL, cases[6].reason = MISHMEM_TCP_REASON_PE_RANGE;
    cases[7].hello.pe = 2;
    cases[7].verdict = MISHMEM_TCP_VERDICT_REFUSE, cases[7].reason = MISHMEM_TCP_REASON_DUPLICATE;
    cases[8].hello.pe = 3;
    cases[8].verdict = MISHMEM_TCP_VERDICT_ACCEPT;
    int ok = 1;
    for (int i = 0; i < 9; i++) {
        struct mishmem_tcp_refusal why;
        enum mishmem_tcp_verdict v = mishmem_tcp_check_hello(&cases[i].hello, &c, fds, &why);
        if (v != cases[i].verdict || (v != MISHMEM_TCP_VERDICT_ACCEPT && why.reason != cases[i].reason)) {
            printf("    case %d: verdict %d reason %u\n", i, v, why.reason);
            ok = 0;
        }
    }
    return th_report("HELLO checks: version, secret, instance, n_pes, range, duplicate", ok);
}

static int zero_secret_compared(void)
{
    uint8_t zero[MISHMEM_SECRET_BYTES] = {0}, one[MISHMEM_SECRET_BYTES] = {0};
    one[17] = 1;
    int ok = mishmem_tcp_secret_equal(zero, zero) && !mishmem_tcp_secret_equal(zero, one) &&
             !mishmem_tcp_secret_equal(one, zero);
    return th_report("all-zero secret is compared like any other", ok);
}

int main(void)
{
    int ok = header_layout();
    ok &= round_trips();
    ok &= check_order();
    ok &= zero_secret_compared();
    return ok ? 0 : 1;
}
