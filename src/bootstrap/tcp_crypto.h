/* HMAC-SHA256 and SHA-256 for the tcp bootstrap's authentication, taken
 * from a well-kept implementation found at run time, never written here:
 * the kernel's crypto API (an AF_ALG socket), else OpenSSL's libcrypto
 * when the process can dlopen it (kernels built without AF_ALG). Nothing
 * is linked: a job without a secret needs neither. Thread-safe. */
#ifndef MISHMEM_BOOTSTRAP_TCP_CRYPTO_H
#define MISHMEM_BOOTSTRAP_TCP_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#define MISHMEM_TCP_MAC_BYTES 32

/* 1 when HMAC-SHA256 can be computed; else 0 and why (for the message). */
int mishmem_tcp_crypto_available(char *why, size_t size);
/* "kernel crypto API (AF_ALG)", "libcrypto" or "none". */
const char *mishmem_tcp_crypto_backend(void);

/* out = HMAC-SHA256(key, msg). Returns 0, or -1 (logged) on failure. */
int mishmem_tcp_hmac(const uint8_t *key, size_t key_len, const void *msg, size_t len,
                     uint8_t out[MISHMEM_TCP_MAC_BYTES]);
/* out = SHA-256(msg). Returns 0, or -1 (logged) on failure. */
int mishmem_tcp_sha256(const void *msg, size_t len, uint8_t out[MISHMEM_TCP_MAC_BYTES]);

/* Tests only: behave from now on as if no implementation were available. */
void mishmem_tcp_crypto_disable_for_tests(void);

#endif
