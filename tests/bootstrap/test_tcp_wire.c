/* The wire format, PE 0's decision on a claim, and the authentication's
 * building blocks, without sockets: exact byte layout, round trips, the
 * order of the checks, the crypto's test vectors, what proofs and tags
 * depend on. */
#include <stdio.h>
#include <string.h>

#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_crypto.h"
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
    struct mishmem_tcp_hello hello = {MISHMEM_TCP_VERSION, 0, {0}};
    struct mishmem_tcp_challenge challenge;
    struct mishmem_tcp_auth auth = {.claim = {0x1122334455667788ull, 3, 4}};
    for (int i = 0; i < 32; i++) {
        hello.nonce[i] = (uint8_t)(i * 9);
        challenge.nonce[i] = (uint8_t)(i * 5 + 1);
        challenge.proof[i] = (uint8_t)(i * 3 + 2);
        auth.proof[i] = (uint8_t)(i * 7 + 3);
    }
    uint8_t hb[MISHMEM_TCP_HELLO_BYTES], cb[MISHMEM_TCP_CHALLENGE_BYTES];
    uint8_t ab[MISHMEM_TCP_AUTH_BYTES];
    mishmem_tcp_hello_encode(&hello, hb);
    mishmem_tcp_challenge_encode(&challenge, cb);
    mishmem_tcp_auth_encode(&auth, ab);
    struct mishmem_tcp_hello hello_back;
    struct mishmem_tcp_challenge challenge_back;
    struct mishmem_tcp_auth auth_back;
    mishmem_tcp_hello_decode(hb, &hello_back);
    mishmem_tcp_challenge_decode(cb, &challenge_back);
    mishmem_tcp_auth_decode(ab, &auth_back);
    struct mishmem_tcp_refusal r = {MISHMEM_TCP_REASON_N_PES, 3, 5, 4, 99, 1};
    uint8_t rb[MISHMEM_TCP_REFUSAL_BYTES];
    mishmem_tcp_refusal_encode(&r, rb);
    struct mishmem_tcp_refusal r_back;
    mishmem_tcp_refusal_decode(rb, &r_back);
    char text[200];
    mishmem_tcp_refusal_text(&r_back, 3, 5, 7, text, sizeof text);
    /* Field by field: the structs have padding that memcmp would see. */
    int ok = hello_back.version == hello.version && hello_back.flags == 0 &&
             memcmp(hello_back.nonce, hello.nonce, 32) == 0 &&
             memcmp(&challenge_back, &challenge, sizeof challenge) == 0 &&
             memcmp(auth_back.proof, auth.proof, 32) == 0 &&
             auth_back.claim.instance_id == auth.claim.instance_id &&
             auth_back.claim.pe == 3 && auth_back.claim.n_pes == 4 && ab[32] == 0x11 &&
             ab[47] == 4 && r_back.reason == r.reason && r_back.pe == r.pe &&
             r_back.n_pes_claimed == r.n_pes_claimed && r_back.n_pes_server == r.n_pes_server &&
             r_back.instance_server == r.instance_server &&
             r_back.version_server == r.version_server &&
             strcmp(text, "n_pes mismatch: this PE says 5, PE 0 says 4") == 0;
    printf("    refusal as PE 3 words it: %s\n", text);
    return th_report("HELLO, CHALLENGE, AUTH and refusal round trips", ok);
}

/* Each case breaks one more thing than the check before it catches. */
static int check_order(int with_secret)
{
    struct mishmem_bootstrap_config c = {.n_pes = 4, .instance_id = 7};
    memset(c.secret, with_secret ? 0xAB : 0, sizeof c.secret);
    int fds[4] = {-1, -1, 9, -1}; /* PE 2 is connected */
    enum mishmem_tcp_verdict shape =
        with_secret ? MISHMEM_TCP_VERDICT_FATAL : MISHMEM_TCP_VERDICT_REFUSE;
    struct {
        struct mishmem_tcp_claim claim;
        enum mishmem_tcp_verdict verdict;
        uint32_t reason;
    } cases[] = {
        {{7, 1, 4}, MISHMEM_TCP_VERDICT_ACCEPT, 0},
        {{8, 99999, 2}, MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_INSTANCE},
        {{7, 2, 2}, shape, MISHMEM_TCP_REASON_N_PES},
        {{7, 0xFFFFFFFFu, 4}, shape, MISHMEM_TCP_REASON_PE_RANGE},
        {{7, 0, 4}, shape, MISHMEM_TCP_REASON_PE_RANGE},
        {{7, 2, 4}, MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_DUPLICATE},
        {{7, 3, 4}, MISHMEM_TCP_VERDICT_ACCEPT, 0},
    };
    int ok = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct mishmem_tcp_refusal why;
        enum mishmem_tcp_verdict v = mishmem_tcp_check_claim(&cases[i].claim, &c, fds, &why);
        if (v != cases[i].verdict || (v != MISHMEM_TCP_VERDICT_ACCEPT && why.reason != cases[i].reason)) {
            printf("    case %zu: verdict %d reason %u\n", i, v, why.reason);
            ok = 0;
        }
    }
    return th_report(with_secret ? "claim checks with a secret: instance, n_pes and range fatal, "
                                   "duplicate refused"
                                 : "claim checks without a secret: every bad claim fails only "
                                   "the newcomer",
                     ok);
}

static void hex(const uint8_t *b, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

/* RFC 4231 test case 2 and FIPS 180-2's "abc": the backend is HMAC-SHA256. */
static int crypto_vectors(void)
{
    char why[240];
    if (!mishmem_tcp_crypto_available(why, sizeof why)) {
        printf("    no HMAC-SHA256 here: %s\n", why);
        return th_report("HMAC-SHA256 available", 0);
    }
    uint8_t mac[32], digest[32];
    char mac_hex[65], digest_hex[65];
    const char *data = "what do ya want for nothing?";
    int ok = mishmem_tcp_hmac((const uint8_t *)"Jefe", 4, data, strlen(data), mac) == 0 &&
             mishmem_tcp_sha256("abc", 3, digest) == 0;
    hex(mac, 32, mac_hex);
    hex(digest, 32, digest_hex);
    ok &= strcmp(mac_hex,
                 "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843") == 0 &&
          strcmp(digest_hex,
                 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0;
    printf("    backend: %s\n", mishmem_tcp_crypto_backend());
    return th_report("HMAC-SHA256 and SHA-256 match the published test vectors", ok);
}

/* Proofs depend on the secret, both nonces and the claim; tags on the
 * session, the sender, the sequence and every payload byte. */
static int proofs_and_tags(void)
{
    uint8_t secret[32], other[32], nc[32], ns[32];
    for (int i = 0; i < 32; i++) {
        secret[i] = (uint8_t)(i + 1);
        other[i] = (uint8_t)(i + 1);
        nc[i] = (uint8_t)(100 + i);
        ns[i] = (uint8_t)(200 + i);
    }
    other[31] ^= 1;
    struct mishmem_tcp_claim claim = {7, 1, 4}, claim2 = {7, 2, 4};
    uint8_t p1[32], p2[32], p3[32], c1[32], c2[32];
    int ok = mishmem_tcp_server_proof(secret, nc, ns, p1) == 0 &&
             mishmem_tcp_server_proof(other, nc, ns, p2) == 0 &&
             mishmem_tcp_server_proof(secret, ns, nc, p3) == 0 &&
             mishmem_tcp_client_proof(secret, nc, ns, &claim, c1) == 0 &&
             mishmem_tcp_client_proof(secret, nc, ns, &claim2, c2) == 0;
    ok &= memcmp(p1, p2, 32) != 0 && memcmp(p1, p3, 32) != 0 && memcmp(p1, c1, 32) != 0 &&
          memcmp(c1, c2, 32) != 0 && memcmp(p1, secret, 32) != 0;
    struct mishmem_tcp_session s, s_other;
    ok &= mishmem_tcp_session_start(&s, secret, nc, ns) == 0 &&
          mishmem_tcp_session_start(&s_other, secret, ns, nc) == 0 && s.keyed;
    uint8_t payload[100] = {1, 2, 3}, tag[32];
    ok &= mishmem_tcp_tag(&s, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 5, payload, 100, tag) == 0;
    ok &= mishmem_tcp_tag_ok(&s, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 5, payload, 100, tag);
    ok &= !mishmem_tcp_tag_ok(&s_other, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 5, payload, 100,
                              tag);
    ok &= !mishmem_tcp_tag_ok(&s, MISHMEM_TCP_FROM_SERVER, MISHMEM_TCP_DATA, 5, payload, 100, tag);
    ok &= !mishmem_tcp_tag_ok(&s, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 6, payload, 100, tag);
    ok &= !mishmem_tcp_tag_ok(&s, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_ABORT, 5, payload, 100, tag);
    payload[99] ^= 1;
    ok &= !mishmem_tcp_tag_ok(&s, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 5, payload, 100, tag);
    /* Without a secret: no crypto, every proof and tag zero. */
    uint8_t none[32] = {0}, zero[32] = {0};
    struct mishmem_tcp_session unkeyed;
    ok &= mishmem_tcp_server_proof(none, nc, ns, p1) == 0 && memcmp(p1, zero, 32) == 0 &&
          mishmem_tcp_session_start(&unkeyed, none, nc, ns) == 0 && !unkeyed.keyed &&
          mishmem_tcp_tag(&unkeyed, MISHMEM_TCP_FROM_CLIENT, MISHMEM_TCP_DATA, 5, payload, 100,
                          tag) == 0 &&
          memcmp(tag, zero, 32) == 0;
    return th_report("proofs bind secret, nonces and claim; tags bind session, sender, seq, "
                     "type and payload",
                     ok);
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
    ok &= check_order(1);
    ok &= check_order(0);
    ok &= crypto_vectors();
    ok &= proofs_and_tags();
    ok &= zero_secret_compared();
    return ok ? 0 : 1;
}
