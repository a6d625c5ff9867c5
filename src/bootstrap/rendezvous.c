/* Reading tcp:// rendezvous addresses and the job secret. */
#include "bootstrap/rendezvous.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mishmem/aclshmem.h"
#include "util/params.h"
#include "util/log.h"

int mishmem_parse_ip_port(const char *url, char *host, size_t host_size, long *port)
{
    static const char scheme[] = "tcp://";
    if (!url || strncmp(url, scheme, sizeof scheme - 1) != 0)
        return -1;
    const char *rest = url + sizeof scheme - 1;
    const char *host_start = rest, *host_end, *colon;
    if (*rest == '[') { /* [IPv6]:PORT */
        host_start = rest + 1;
        host_end = strchr(host_start, ']');
        if (!host_end || host_end[1] != ':')
            return -1;
        colon = host_end + 1;
    } else {
        colon = strrchr(rest, ':');
        if (!colon || memchr(rest, ':', (size_t)(colon - rest)))
            return -1; /* bare IPv6 needs brackets */
        host_end = colon;
    }
    size_t host_len = (size_t)(host_end - host_start);
    if (host_len == 0 || host_len >= host_size)
        return -1;
    const char *digits = colon + 1;
    if (*digits < '0' || *digits > '9')
        return -1;
    char *end;
    errno = 0;
    long value = strtol(digits, &end, 10);
    if (errno || *end != '\0' || value < 0 || value > 65535)
        return -1;
    memcpy(host, host_start, host_len);
    host[host_len] = '\0';
    *port = value;
    return 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int decode_hex_secret(const char *text, uint8_t secret[MISHMEM_SECRET_BYTES])
{
    if (strlen(text) != 2 * MISHMEM_SECRET_BYTES)
        return -1;
    for (int i = 0; i < MISHMEM_SECRET_BYTES; i++) {
        int high = hex_value(text[2 * i]), low = hex_value(text[2 * i + 1]);
        if (high < 0 || low < 0)
            return -1;
        secret[i] = (uint8_t)(high << 4 | low);
    }
    return 0;
}

int mishmem_job_secret(uint8_t secret[MISHMEM_SECRET_BYTES])
{
    memset(secret, 0, MISHMEM_SECRET_BYTES);
    if (mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_SECRET)) {
        if (decode_hex_secret(mishmem_params()->MISHMEM_SECRET, secret) != 0) {
            MISHMEM_ERROR("MISHMEM_SECRET must be 64 hex digits");
            return ACLSHMEM_INVALID_VALUE;
        }
        return ACLSHMEM_SUCCESS;
    }
    const char *text = mishmem_params()->SHMEM_BOOTSTRAP_SECRET;
    if (text && decode_hex_secret(text, secret) != 0) {
        size_t len = strlen(text);
        if (len > MISHMEM_SECRET_BYTES) {
            MISHMEM_ERROR("SHMEM_BOOTSTRAP_SECRET is longer than %d bytes (use 64 hex digits for a "
                          "full-strength secret)", MISHMEM_SECRET_BYTES);
            return ACLSHMEM_INVALID_VALUE;
        }
        memcpy(secret, text, len);
    }
    return ACLSHMEM_SUCCESS;
}
