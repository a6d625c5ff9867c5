#include "bootstrap/tcp_crypto.h"

#include <dlfcn.h>
#include <errno.h>
#include <linux/if_alg.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/log.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* Bytes handed to the kernel per send: large payloads go in pieces. */
#define ALG_CHUNK (256u * 1024u)

enum backend { BACKEND_NONE, BACKEND_AF_ALG, BACKEND_LIBCRYPTO };

/* libcrypto's one-shot calls (stable ABI since OpenSSL 1.0). */
typedef const void *(*evp_md_fn)(void);
typedef unsigned char *(*hmac_fn)(const void *md, const void *key, int key_len,
                                  const unsigned char *data, size_t len, unsigned char *out,
                                  unsigned int *out_len);
typedef unsigned char *(*sha256_fn)(const unsigned char *data, size_t len, unsigned char *out);

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static enum backend chosen = BACKEND_NONE;
static int disabled;
static char unavailable_why[200] = "not probed";
static evp_md_fn evp_sha256;
static hmac_fn libcrypto_hmac;
static sha256_fn libcrypto_sha256;

/* A transform socket bound to algorithm name ("hmac(sha256)", "sha256"). */
static int alg_open(const char *name)
{
    int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_alg sa = {.salg_family = AF_ALG};
    snprintf((char *)sa.salg_type, sizeof sa.salg_type, "hash");
    snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", name);
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

static int probe_af_alg(void)
{
    int fd = alg_open("hmac(sha256)");
    if (fd < 0)
        return -1;
    close(fd);
    fd = alg_open("sha256");
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

static int probe_libcrypto(void)
{
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            continue;
        evp_sha256 = (evp_md_fn)dlsym(lib, "EVP_sha256");
        libcrypto_hmac = (hmac_fn)dlsym(lib, "HMAC");
        libcrypto_sha256 = (sha256_fn)dlsym(lib, "SHA256");
        if (evp_sha256 && libcrypto_hmac && libcrypto_sha256)
            return 0; /* kept loaded for the life of the process */
        dlclose(lib);
    }
    return -1;
}

static void probe(void)
{
    if (probe_af_alg() == 0) {
        chosen = BACKEND_AF_ALG;
        return;
    }
    int alg_errno = errno;
    if (probe_libcrypto() == 0) {
        chosen = BACKEND_LIBCRYPTO;
        return;
    }
    snprintf(unavailable_why, sizeof unavailable_why,
             "the kernel crypto API is not available (AF_ALG hmac(sha256): %s) and libcrypto "
             "cannot be loaded",
             strerror(alg_errno));
}

static enum backend backend(void)
{
    pthread_once(&probe_once, probe);
    return __atomic_load_n(&disabled, __ATOMIC_RELAXED) ? BACKEND_NONE : chosen;
}

int mishmem_tcp_crypto_available(char *why, size_t size)
{
    if (backend() != BACKEND_NONE)
        return 1;
    if (why && size)
        snprintf(why, size, "%s",
                 __atomic_load_n(&disabled, __ATOMIC_RELAXED) ? "disabled for a test"
                                                                : unavailable_why);
    return 0;
}

const char *mishmem_tcp_crypto_backend(void)
{
    switch (backend()) {
    case BACKEND_AF_ALG:
        return "kernel crypto API (AF_ALG)";
    case BACKEND_LIBCRYPTO:
        return "libcrypto";
    default:
        return "none";
    }
}

void mishmem_tcp_crypto_disable_for_tests(void)
{
    __atomic_store_n(&disabled, 1, __ATOMIC_RELAXED);
}

/* Feeds msg to an AF_ALG operation socket and reads the 32-byte result. */
static int alg_digest(int op, const void *msg, size_t len, uint8_t out[MISHMEM_TCP_MAC_BYTES])
{
    const char *p = msg;
    size_t left = len;
    do {
        size_t n = left < ALG_CHUNK ? left : ALG_CHUNK;
        ssize_t sent = send(op, p, n, n < left ? MSG_MORE : 0);
        if (sent < 0 && errno == EINTR)
            continue;
        if (sent < 0)
            return -1;
        p += sent;
        left -= (size_t)sent;
    } while (left > 0);
    size_t got = 0;
    while (got < MISHMEM_TCP_MAC_BYTES) {
        ssize_t n = read(op, out + got, MISHMEM_TCP_MAC_BYTES - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    return 0;
}

/* One computation over AF_ALG: key may be NULL (plain hash). */
static int alg_compute(const char *name, const uint8_t *key, size_t key_len, const void *msg,
                       size_t len, uint8_t out[MISHMEM_TCP_MAC_BYTES])
{
    int tfm = alg_open(name);
    if (tfm < 0)
        return -1;
    int rc = -1;
    if (!key || setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)key_len) == 0) {
        int op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
        if (op >= 0) {
            rc = alg_digest(op, msg, len, out);
            close(op);
        }
    }
    int saved = errno;
    close(tfm);
    errno = saved;
    return rc;
}

int mishmem_tcp_hmac(const uint8_t *key, size_t key_len, const void *msg, size_t len,
                     uint8_t out[MISHMEM_TCP_MAC_BYTES])
{
    int rc = -1;
    switch (backend()) {
    case BACKEND_AF_ALG:
        rc = alg_compute("hmac(sha256)", key, key_len, msg, len, out);
        break;
    case BACKEND_LIBCRYPTO: {
        unsigned int out_len = 0;
        rc = libcrypto_hmac(evp_sha256(), key, (int)key_len, msg, len, out, &out_len) &&
                     out_len == MISHMEM_TCP_MAC_BYTES
                 ? 0
                 : -1;
        break;
    }
    default:
        errno = ENOSYS;
        break;
    }
    if (rc != 0)
        MISHMEM_ERROR("bootstrap tcp: HMAC-SHA256 through %s failed: %s",
                      mishmem_tcp_crypto_backend(), strerror(errno));
    return rc;
}

int mishmem_tcp_sha256(const void *msg, size_t len, uint8_t out[MISHMEM_TCP_MAC_BYTES])
{
    int rc = -1;
    switch (backend()) {
    case BACKEND_AF_ALG:
        rc = alg_compute("sha256", NULL, 0, msg, len, out);
        break;
    case BACKEND_LIBCRYPTO:
        rc = libcrypto_sha256(msg, len, out) ? 0 : -1;
        break;
    default:
        errno = ENOSYS;
        break;
    }
    if (rc != 0)
        MISHMEM_ERROR("bootstrap tcp: SHA-256 through %s failed: %s", mishmem_tcp_crypto_backend(),
                      strerror(errno));
    return rc;
}
