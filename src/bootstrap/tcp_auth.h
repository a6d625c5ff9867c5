/* The tcp bootstrap's authentication: the handshake's proofs, the session
 * key both sides derive from it, and the tag on every later frame.
 *   server proof = HMAC(secret, "mishmem-rdv-2 server" | nonce_c | nonce_s)
 *   client proof = HMAC(secret, "mishmem-rdv-2 client" | nonce_c | nonce_s | claim)
 *   session key  = HMAC(secret, "mishmem-rdv-2 session" | nonce_c | nonce_s)
 *   tag          = HMAC(session key, "mishmem-rdv-2 frame" | sender | type | seq |
 *                       length | SHA-256(payload), or 32 zero bytes when empty)
 * sender is 'S' for PE 0 and 'C' for the others, so a frame cannot be
 * reflected back, and seq and type make every frame of a session unique.
 * Without a secret every proof and tag is 32 zero bytes and no crypto is
 * used: such a job is unauthenticated, and says so. */
#ifndef MISHMEM_BOOTSTRAP_TCP_AUTH_H
#define MISHMEM_BOOTSTRAP_TCP_AUTH_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/bootstrap.h"
#include "bootstrap/tcp_wire.h"

#define MISHMEM_TCP_FROM_SERVER 'S'
#define MISHMEM_TCP_FROM_CLIENT 'C'

struct mishmem_tcp_session {
    int keyed; /* 0: the job has no secret, tags are zero */
    uint8_t key[MISHMEM_TCP_TAG_BYTES];
};

/* 1 unless the secret is all zero ("none"). */
int mishmem_tcp_secret_is_set(const uint8_t secret[MISHMEM_SECRET_BYTES]);
/* Fresh random bytes from the kernel. Returns 0 or -1 (logged). */
int mishmem_tcp_nonce(uint8_t nonce[MISHMEM_TCP_NONCE_BYTES]);

/* Each returns 0, or -1 when the crypto failed (logged). */
int mishmem_tcp_server_proof(const uint8_t secret[MISHMEM_SECRET_BYTES],
                             const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                             const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES],
                             uint8_t out[MISHMEM_TCP_PROOF_BYTES]);
int mishmem_tcp_client_proof(const uint8_t secret[MISHMEM_SECRET_BYTES],
                             const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                             const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES],
                             const struct mishmem_tcp_claim *claim,
                             uint8_t out[MISHMEM_TCP_PROOF_BYTES]);
int mishmem_tcp_session_start(struct mishmem_tcp_session *session,
                              const uint8_t secret[MISHMEM_SECRET_BYTES],
                              const uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES],
                              const uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES]);

/* SHA-256 of a payload (zero when empty or unkeyed); computed once when
 * the same payload goes to many sessions. */
int mishmem_tcp_payload_digest(const struct mishmem_tcp_session *session, const void *payload,
                               size_t len, uint8_t digest[MISHMEM_TCP_TAG_BYTES]);
int mishmem_tcp_tag_digest(const struct mishmem_tcp_session *session, char sender,
                           uint16_t type, uint32_t seq, uint32_t len,
                           const uint8_t digest[MISHMEM_TCP_TAG_BYTES],
                           uint8_t tag[MISHMEM_TCP_TAG_BYTES]);
/* Both steps at once. */
int mishmem_tcp_tag(const struct mishmem_tcp_session *session, char sender, uint16_t type,
                    uint32_t seq, const void *payload, uint32_t len,
                    uint8_t tag[MISHMEM_TCP_TAG_BYTES]);
/* 1 when tag is right for the frame (compared in constant time). */
int mishmem_tcp_tag_ok(const struct mishmem_tcp_session *session, char sender, uint16_t type,
                       uint32_t seq, const void *payload, uint32_t len,
                       const uint8_t tag[MISHMEM_TCP_TAG_BYTES]);

#endif
