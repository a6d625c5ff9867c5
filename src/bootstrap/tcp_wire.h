/* The tcp bootstrap's wire format. Every frame is a fixed 16-byte header
 * in network byte order followed by `length` payload bytes:
 *   u32 magic | u16 type | u16 reserved (0) | u32 sequence | u32 length
 * and, for ACCEPT, REJECT, DATA and ABORT, a 32-byte tag after the payload
 * (tcp_auth.h; not counted in `length`).
 * A connection opens with a mutual challenge-response that never sends
 * the secret (HMAC-SHA256 over both sides' fresh nonces):
 *   PE -> PE 0  HELLO      version, flags, PE's nonce
 *   PE 0 -> PE  CHALLENGE  PE 0's nonce, PE 0's proof
 *   PE -> PE 0  AUTH       PE's proof, then its claim: instance, PE, n_pes
 *   PE 0 -> PE  ACCEPT or REJECT (tagged)
 * The PE checks PE 0's proof before it says anything about itself, and
 * PE 0 tells a PE whose proof fails only "refused".
 * Pure encoding and decoding here; no I/O. */
#ifndef MISHMEM_BOOTSTRAP_TCP_WIRE_H
#define MISHMEM_BOOTSTRAP_TCP_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/bootstrap.h"

#define MISHMEM_TCP_MAGIC 0x4D534842u /* "MSHB" */
#define MISHMEM_TCP_VERSION 2u

#define MISHMEM_TCP_HEADER_BYTES 16u
#define MISHMEM_TCP_NONCE_BYTES 32u
#define MISHMEM_TCP_PROOF_BYTES 32u
#define MISHMEM_TCP_TAG_BYTES 32u
#define MISHMEM_TCP_HELLO_BYTES (4u + 4u + MISHMEM_TCP_NONCE_BYTES)
#define MISHMEM_TCP_CHALLENGE_BYTES (MISHMEM_TCP_NONCE_BYTES + MISHMEM_TCP_PROOF_BYTES)
#define MISHMEM_TCP_AUTH_BYTES (MISHMEM_TCP_PROOF_BYTES + 8u + 4u + 4u)
#define MISHMEM_TCP_REFUSAL_BYTES 32u

/* Largest contribution of one PE to one allgather, and of a whole reply
 * (the u32 length field must hold it). */
#define MISHMEM_TCP_MAX_ALLGATHER_PER_PE (1u << 20)
#define MISHMEM_TCP_MAX_ALLGATHER_TOTAL (1u << 30)

enum mishmem_tcp_frame_type {
    MISHMEM_TCP_HELLO = 1,     /* client -> PE 0: a fresh nonce */
    MISHMEM_TCP_ACCEPT = 2,    /* PE 0 -> client: welcome, no payload; tagged */
    MISHMEM_TCP_REJECT = 3,    /* PE 0 -> client: refusal payload; tagged */
    MISHMEM_TCP_DATA = 4,      /* both ways: one allgather contribution / result; tagged */
    MISHMEM_TCP_ABORT = 5,     /* PE 0 -> clients: the whole job failed; refusal; tagged */
    MISHMEM_TCP_CHALLENGE = 6, /* PE 0 -> client: PE 0's nonce and proof */
    MISHMEM_TCP_AUTH = 7,      /* client -> PE 0: the client's proof and claim */
};

/* 1 when frames of this type carry a tag after their payload. */
static inline int mishmem_tcp_type_is_tagged(uint16_t type)
{
    return type == MISHMEM_TCP_ACCEPT || type == MISHMEM_TCP_REJECT || type == MISHMEM_TCP_DATA ||
           type == MISHMEM_TCP_ABORT;
}

struct mishmem_tcp_header {
    uint32_t magic;
    uint16_t type;
    uint16_t reserved;
    uint32_t seq;
    uint32_t length;
};

/* HELLO payload: u32 version | u32 flags (0) | nonce. */
struct mishmem_tcp_hello {
    uint32_t version;
    uint32_t flags;
    uint8_t nonce[MISHMEM_TCP_NONCE_BYTES];
};

/* CHALLENGE payload: nonce | proof (all zero when PE 0 has no secret). */
struct mishmem_tcp_challenge {
    uint8_t nonce[MISHMEM_TCP_NONCE_BYTES];
    uint8_t proof[MISHMEM_TCP_PROOF_BYTES];
};

/* What a PE says it is, sent only once PE 0 has proved the secret. */
struct mishmem_tcp_claim {
    uint64_t instance_id;
    uint32_t pe;
    uint32_t n_pes;
};

/* AUTH payload: proof | u64 instance | u32 pe | u32 n_pes. */
struct mishmem_tcp_auth {
    uint8_t proof[MISHMEM_TCP_PROOF_BYTES];
    struct mishmem_tcp_claim claim;
};

/* Why PE 0 refused a PE (REJECT) or gave up on the job (ABORT). */
enum mishmem_tcp_reason {
    MISHMEM_TCP_REASON_VERSION = 1,
    /* 2: version 1's "wrong secret"; a wrong proof is now REFUSED. */
    MISHMEM_TCP_REASON_INSTANCE = 3,
    MISHMEM_TCP_REASON_N_PES = 4,
    MISHMEM_TCP_REASON_PE_RANGE = 5,
    MISHMEM_TCP_REASON_DUPLICATE = 6,
    MISHMEM_TCP_REASON_TIMEOUT = 7,   /* ABORT: some PE did not show up or answer */
    MISHMEM_TCP_REASON_PEER_LOST = 8, /* ABORT: PE `pe` closed its connection */
    MISHMEM_TCP_REASON_PROTOCOL = 9,  /* ABORT: PE `pe` sent a frame out of step */
    MISHMEM_TCP_REASON_REFUSED = 10,  /* REJECT to a peer that did not prove the secret:
                                       * every other field is 0 */
    MISHMEM_TCP_REASON_PE_EXITED = 11, /* ABORT: the launcher saw PE `pe` exit before it connected */
};

/* REJECT / ABORT payload: u32 reason | u32 pe | u32 n_pes_claimed |
 * u32 n_pes_server | u64 instance_server | u32 version_server | u32 0.
 * `pe` and `n_pes_claimed` describe the PE the reason is about. Only a PE
 * that proved the secret is told more than the reason REFUSED (VERSION
 * also gives version_server: how to talk, nothing about the job). */
struct mishmem_tcp_refusal {
    uint32_t reason;
    uint32_t pe;
    uint32_t n_pes_claimed;
    uint32_t n_pes_server;
    uint64_t instance_server;
    uint32_t version_server;
};

void mishmem_tcp_header_encode(const struct mishmem_tcp_header *header,
                               uint8_t out[MISHMEM_TCP_HEADER_BYTES]);
void mishmem_tcp_header_decode(const uint8_t in[MISHMEM_TCP_HEADER_BYTES],
                               struct mishmem_tcp_header *header);

void mishmem_tcp_hello_encode(const struct mishmem_tcp_hello *hello,
                              uint8_t out[MISHMEM_TCP_HELLO_BYTES]);
void mishmem_tcp_hello_decode(const uint8_t in[MISHMEM_TCP_HELLO_BYTES],
                              struct mishmem_tcp_hello *hello);

void mishmem_tcp_challenge_encode(const struct mishmem_tcp_challenge *challenge,
                                  uint8_t out[MISHMEM_TCP_CHALLENGE_BYTES]);
void mishmem_tcp_challenge_decode(const uint8_t in[MISHMEM_TCP_CHALLENGE_BYTES],
                                  struct mishmem_tcp_challenge *challenge);

/* The claim alone (16 bytes), as the client's proof covers it. */
#define MISHMEM_TCP_CLAIM_BYTES 16u
void mishmem_tcp_claim_encode(const struct mishmem_tcp_claim *claim,
                              uint8_t out[MISHMEM_TCP_CLAIM_BYTES]);

void mishmem_tcp_auth_encode(const struct mishmem_tcp_auth *auth,
                             uint8_t out[MISHMEM_TCP_AUTH_BYTES]);
void mishmem_tcp_auth_decode(const uint8_t in[MISHMEM_TCP_AUTH_BYTES],
                             struct mishmem_tcp_auth *auth);

void mishmem_tcp_refusal_encode(const struct mishmem_tcp_refusal *refusal,
                                uint8_t out[MISHMEM_TCP_REFUSAL_BYTES]);
void mishmem_tcp_refusal_decode(const uint8_t in[MISHMEM_TCP_REFUSAL_BYTES],
                                struct mishmem_tcp_refusal *refusal);

/* Writes a sentence about the refusal as seen by a PE that claimed
 * (my_pe, my_n_pes, my_instance), e.g. "n_pes mismatch: this PE says 4, PE 0 says 2". */
void mishmem_tcp_refusal_text(const struct mishmem_tcp_refusal *refusal, int my_pe, int my_n_pes,
                              uint64_t my_instance, char *buf, size_t size);

/* Compares two secrets in time independent of where they differ. */
int mishmem_tcp_secret_equal(const uint8_t a[MISHMEM_SECRET_BYTES],
                             const uint8_t b[MISHMEM_SECRET_BYTES]);

#endif
