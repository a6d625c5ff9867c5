/* The bytes inside aclshmemx_uniqueid_t.internal: where PE 0 listens, the
 * rendezvous secret and the nonce that names the listener in its process.
 * Fixed layout in network byte order, so a unique id means the same on
 * every host; pure encoding, no I/O. */
#ifndef MISHMEM_BOOTSTRAP_UID_CODEC_H
#define MISHMEM_BOOTSTRAP_UID_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/bootstrap.h"
#include "mishmem/aclshmem_uid.h"

struct mishmem_uid_info {
    int family;           /* AF_INET or AF_INET6 */
    uint8_t address[16];  /* IPv4 in the first 4 bytes */
    uint16_t port;
    uint32_t scope_id;    /* IPv6 link-local: the interface index, else 0 */
    uint64_t nonce;
    uint32_t creator_pid; /* for messages only */
    uint8_t secret[MISHMEM_SECRET_BYTES];
};

void mishmem_uid_encode(const struct mishmem_uid_info *info, char internal[ACLSHMEM_UNIQUE_ID_INNER_LEN]);
/* 0, or -1 when internal is not a unique id of this format (never made,
 * zeroed, or damaged). */
int mishmem_uid_decode(const char internal[ACLSHMEM_UNIQUE_ID_INNER_LEN], struct mishmem_uid_info *info);

/* The address as numeric text for getaddrinfo ("10.0.0.1", "fe80::1%2"). */
void mishmem_uid_host_text(const struct mishmem_uid_info *info, char *out, size_t size);

#endif
