#include "bootstrap/tcp_wire.h"

#include <stdio.h>
#include <string.h>

/* Big-endian field access by bytes: no alignment or host-order assumptions. */
static void put_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    put_u16(p, (uint16_t)(v >> 16));
    put_u16(p + 2, (uint16_t)v);
}

static void put_u64(uint8_t *p, uint64_t v)
{
    put_u32(p, (uint32_t)(v >> 32));
    put_u32(p + 4, (uint32_t)v);
}

static uint16_t get_u16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }

static uint32_t get_u32(const uint8_t *p)
{
    return ((uint32_t)get_u16(p) << 16) | get_u16(p + 2);
}

static uint64_t get_u64(const uint8_t *p) { return ((uint64_t)get_u32(p) << 32) | get_u32(p + 4); }

void mishmem_tcp_header_encode(const struct mishmem_tcp_header *header,
                               uint8_t out[MISHMEM_TCP_HEADER_BYTES])
{
    put_u32(out, header->magic);
    put_u16(out + 4, header->type);
    put_u16(out + 6, header->reserved);
    put_u32(out + 8, header->seq);
    put_u32(out + 12, header->length);
}

void mishmem_tcp_header_decode(const uint8_t in[MISHMEM_TCP_HEADER_BYTES],
                               struct mishmem_tcp_header *header)
{
    header->magic = get_u32(in);
    header->type = get_u16(in + 4);
    header->reserved = get_u16(in + 6);
    header->seq = get_u32(in + 8);
    header->length = get_u32(in + 12);
}

void mishmem_tcp_hello_encode(const struct mishmem_tcp_hello *hello,
                              uint8_t out[MISHMEM_TCP_HELLO_BYTES])
{
    put_u32(out, hello->version);
    put_u32(out + 4, hello->flags);
    memcpy(out + 8, hello->nonce, MISHMEM_TCP_NONCE_BYTES);
}

void mishmem_tcp_hello_decode(const uint8_t in[MISHMEM_TCP_HELLO_BYTES],
                              struct mishmem_tcp_hello *hello)
{
    hello->version = get_u32(in);
    hello->flags = get_u32(in + 4);
    memcpy(hello->nonce, in + 8, MISHMEM_TCP_NONCE_BYTES);
}

void mishmem_tcp_challenge_encode(const struct mishmem_tcp_challenge *challenge,
                                  uint8_t out[MISHMEM_TCP_CHALLENGE_BYTES])
{
    memcpy(out, challenge->nonce, MISHMEM_TCP_NONCE_BYTES);
    memcpy(out + MISHMEM_TCP_NONCE_BYTES, challenge->proof, MISHMEM_TCP_PROOF_BYTES);
}

void mishmem_tcp_challenge_decode(const uint8_t in[MISHMEM_TCP_CHALLENGE_BYTES],
                                  struct mishmem_tcp_challenge *challenge)
{
    memcpy(challenge->nonce, in, MISHMEM_TCP_NONCE_BYTES);
    memcpy(challenge->proof, in + MISHMEM_TCP_NONCE_BYTES, MISHMEM_TCP_PROOF_BYTES);
}

void mishmem_tcp_claim_encode(const struct mishmem_tcp_claim *claim,
                              uint8_t out[MISHMEM_TCP_CLAIM_BYTES])
{
    put_u64(out, claim->instance_id);
    put_u32(out + 8, claim->pe);
    put_u32(out + 12, claim->n_pes);
}

void mishmem_tcp_auth_encode(const struct mishmem_tcp_auth *auth,
                             uint8_t out[MISHMEM_TCP_AUTH_BYTES])
{
    memcpy(out, auth->proof, MISHMEM_TCP_PROOF_BYTES);
    mishmem_tcp_claim_encode(&auth->claim, out + MISHMEM_TCP_PROOF_BYTES);
}

void mishmem_tcp_auth_decode(const uint8_t in[MISHMEM_TCP_AUTH_BYTES],
                             struct mishmem_tcp_auth *auth)
{
    memcpy(auth->proof, in, MISHMEM_TCP_PROOF_BYTES);
    const uint8_t *c = in + MISHMEM_TCP_PROOF_BYTES;
    auth->claim.instance_id = get_u64(c);
    auth->claim.pe = get_u32(c + 8);
    auth->claim.n_pes = get_u32(c + 12);
}

void mishmem_tcp_refusal_encode(const struct mishmem_tcp_refusal *refusal,
                                uint8_t out[MISHMEM_TCP_REFUSAL_BYTES])
{
    put_u32(out, refusal->reason);
    put_u32(out + 4, refusal->pe);
    put_u32(out + 8, refusal->n_pes_claimed);
    put_u32(out + 12, refusal->n_pes_server);
    put_u64(out + 16, refusal->instance_server);
    put_u32(out + 24, refusal->version_server);
    put_u32(out + 28, 0);
}

void mishmem_tcp_refusal_decode(const uint8_t in[MISHMEM_TCP_REFUSAL_BYTES],
                                struct mishmem_tcp_refusal *refusal)
{
    refusal->reason = get_u32(in);
    refusal->pe = get_u32(in + 4);
    refusal->n_pes_claimed = get_u32(in + 8);
    refusal->n_pes_server = get_u32(in + 12);
    refusal->instance_server = get_u64(in + 16);
    refusal->version_server = get_u32(in + 24);
}

void mishmem_tcp_refusal_text(const struct mishmem_tcp_refusal *r, int my_pe, int my_n_pes,
                              uint64_t my_instance, char *buf, size_t size)
{
    int about_me = (int)r->pe == my_pe;
    switch (r->reason) {
    case MISHMEM_TCP_REASON_VERSION:
        snprintf(buf, size, "protocol version mismatch: this PE speaks %u, PE 0 speaks %u",
                 MISHMEM_TCP_VERSION, r->version_server);
        break;
    case MISHMEM_TCP_REASON_INSTANCE:
        snprintf(buf, size, "instance id mismatch: this PE says %llu, PE 0 says %llu",
                 (unsigned long long)my_instance, (unsigned long long)r->instance_server);
        break;
    case MISHMEM_TCP_REASON_N_PES:
        if (about_me)
            snprintf(buf, size, "n_pes mismatch: this PE says %d, PE 0 says %u", my_n_pes,
                     r->n_pes_server);
        else
            snprintf(buf, size, "n_pes mismatch: PE %u says %u, PE 0 says %u", r->pe,
                     r->n_pes_claimed, r->n_pes_server);
        break;
    case MISHMEM_TCP_REASON_PE_RANGE:
        snprintf(buf, size, "PE number %u out of range [1, %u)", r->pe, r->n_pes_server);
        break;
    case MISHMEM_TCP_REASON_DUPLICATE:
        snprintf(buf, size, "PE %u already connected", r->pe);
        break;
    case MISHMEM_TCP_REASON_TIMEOUT:
        snprintf(buf, size, "timed out waiting for PE %u (%u of %u PEs were in step)", r->pe,
                 r->n_pes_claimed, r->n_pes_server);
        break;
    case MISHMEM_TCP_REASON_PEER_LOST:
        snprintf(buf, size, "PE %u closed its connection", r->pe);
        break;
    case MISHMEM_TCP_REASON_PROTOCOL:
        snprintf(buf, size, "PE %u sent a frame out of step", r->pe);
        break;
    case MISHMEM_TCP_REASON_PE_EXITED:
        snprintf(buf, size, "PE %u exited before it connected (mishmemrun saw it)", r->pe);
        break;
    case MISHMEM_TCP_REASON_REFUSED:
        snprintf(buf, size, "refused: PE 0 did not accept this PE's proof of the job secret (a "
                            "different secret, or none, on this PE)");
        break;
    default:
        snprintf(buf, size, "unknown reason %u", r->reason);
        break;
    }
}

int mishmem_tcp_secret_equal(const uint8_t a[MISHMEM_SECRET_BYTES],
                             const uint8_t b[MISHMEM_SECRET_BYTES])
{
    /* Accumulate every difference so the time does not reveal the first one. */
    volatile uint8_t diff = 0;
    for (unsigned i = 0; i < MISHMEM_SECRET_BYTES; i++)
        diff |= (uint8_t)(a[i] ^ b[i]);
    return diff == 0;
}
