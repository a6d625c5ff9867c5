#include "bootstrap/tcp_auth.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "bootstrap/tcp_crypto.h"
#include "util/log.h"

#define LABEL_SERVER "mishmem-rdv-2 server"
#define LABEL_CLIENT "mishmem-rdv-2 client"
#define LABEL_SESSION "mishmem-rdv-2 session"
#define LABEL_FRAME "mishmem-rdv-2 frame"

int mishmem_tcp_secret_is_set(const uint8_t secret[MISHMEM_SECRET_BYTES])
{
    uint8_t any = 0;
    for (unsigned i = 0; i < MISHMEM_SECRET_BYTES; i++)
        any |= secret[i];
    return any != 0;
}

int mishmem_tcp_nonce(uint8_t nonce[MISHMEM_TCP_NONCE_BYTES])
{
    size_t got = 0;
    while (got < MISHMEM_TCP_NONCE_BYTES) {
        ssize_t n = getrandom(nonce + got, MISHMEM_TCP_NONCE_BYTES - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            MISHMEM_ERROR("bootstrap tcp: no random bytes for a nonce: %s", strerror(errno));
            return -1;
        }
        got += (size_t)n;
    }
    return 0;
}

/* HMAC(secret, label | nonce_c | nonce_s | extra); zero without a secret. */
static int keyed(const uint8_t secret[MISHMEM_SECRET_BYTES], const char *label,
                 const uint8_t *nonce_c, const uint8_t *nonce_s, const uint8_t *extra,
                 size_t extra_len, uint8_t out[MISHMEM_TCP_MAC_BYTES])
{
    if (!mishmem_tcp_secret_is_set(secret)) {
        memset(out, 0, MISHMEM_TCP_MAC_BYTES);
        return 0;
    }
    uint8_t msg[32 + 2 * MISHMEM_TCP_NONCE_BYTES + MISHMEM_TCP_CLAIM_BYTES];
    size_t label_len = strlen(label), n = 0;
    memcpy(msg, label, label_len);
    n += label_len;
    memcpy(msg + n, nonce_c, MISHMEM_TCP_NONCE_BYTES);
    n += MISHMEM_TCP_NONCE_BYTES;
    memcpy(msg + n, nonce_s, MISHMEM_TCP_NONCE_BYTES);
    n += MISHMEM_TCP_NONCE_BYTES;
    if (extra_len)
        memcpy(msg + n, extra, extra_len);
    n += extra_len;
    return mishmem_tcp_hmac(secret, MISHMEM_SECRET_BYTES, msg, n, out);
}

int mishmem_tcp_server_proof(const uint8_t secret[MISHMEM_SECRET_BYTES],
                             const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                             const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES],
                             uint8_t out[MISHMEM_TCP_PROOF_BYTES])
{
    return keyed(secret, LABEL_SERVER, nonce_c, nonce_s, NULL, 0, out);
}

int mishmem_tcp_client_proof(const uint8_t secret[MISHMEM_SECRET_BYTES],
                             const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                             const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES],
                             const struct mishmem_tcp_claim *claim,
                             uint8_t out[MISHMEM_TCP_PROOF_BYTES])
{
    uint8_t bytes[MISHMEM_TCP_CLAIM_BYTES];
    mishmem_tcp_claim_encode(claim, bytes);
    return keyed(secret, LABEL_CLIENT, nonce_c, nonce_s, bytes, sizeof bytes, out);
}

int mishmem_tcp_session_start(struct mishmem_tcp_session *session,
                              const uint8_t secret[MISHMEM_SECRET_BYTES],
                              const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                              const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES])
{
    session->keyed = mishmem_tcp_secret_is_set(secret);
    return keyed(secret, LABEL_SESSION, nonce_c, nonce_s, NULL, 0, session->key);
}

int mishmem_tcp_payload_digest(const struct mishmem_tcp_session *session, const void *payload,
                               size_t len, uint8_t digest[MISHMEM_TCP_TAG_BYTES])
{
    if (!session->keyed || len == 0) {
        memset(digest, 0, MISHMEM_TCP_TAG_BYTES);
        return 0;
    }
    return mishmem_tcp_sha256(payload, len, digest);
}

static void put_be(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

int mishmem_tcp_tag_digest(const struct mishmem_tcp_session *session, char sender,
                           uint16_t type, uint32_t seq, uint32_t len,
                           const uint8_t digest[MISHMEM_TCP_TAG_BYTES],
                           uint8_t tag[MISHMEM_TCP_TAG_BYTES])
{
    if (!session->keyed) {
        memset(tag, 0, MISHMEM_TCP_TAG_BYTES);
        return 0;
    }
    uint8_t msg[sizeof LABEL_FRAME + 1 + 2 + 4 + 4 + MISHMEM_TCP_TAG_BYTES];
    size_t n = sizeof LABEL_FRAME - 1;
    memcpy(msg, LABEL_FRAME, n);
    msg[n++] = (uint8_t)sender;
    put_be(msg + n, type, 2);
    n += 2;
    put_be(msg + n, seq, 4);
    n += 4;
    put_be(msg + n, len, 4);
    n += 4;
    memcpy(msg + n, digest, MISHMEM_TCP_TAG_BYTES);
    n += MISHMEM_TCP_TAG_BYTES;
    return mishmem_tcp_hmac(session->key, sizeof session->key, msg, n, tag);
}

int mishmem_tcp_tag(const struct mishmem_tcp_session *session, char sender, uint16_t type,
                    uint32_t seq, const void *payload, uint32_t len,
                    uint8_t tag[MISHMEM_TCP_TAG_BYTES])
{
    uint8_t digest[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_payload_digest(session, payload, len, digest) != 0)
        return -1;
    return mishmem_tcp_tag_digest(session, sender, type, seq, len, digest, tag);
}

int mishmem_tcp_tag_ok(const struct mishmem_tcp_session *session, char sender, uint16_t type,
                       uint32_t seq, const void *payload, uint32_t len,
                       const uint8_t tag[MISHMEM_TCP_TAG_BYTES])
{
    uint8_t expected[MISHMEM_TCP_TAG_BYTES];
    if (mishmem_tcp_tag(session, sender, type, seq, payload, len, expected) != 0)
        return 0;
    return mishmem_tcp_secret_equal(expected, tag);
}
