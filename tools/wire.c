/* wire.c: see wire.h. */
#define _GNU_SOURCE
#include "wire.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool wire_fill(struct wire_in *in)
{
    if (in->eof)
        return false;
    for (;;) {
        ssize_t n = read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            in->eof = true;
            return false;
        }
        in->len += (size_t)n;
        return true;
    }
}

static char payload_copy[WIRE_PAYLOAD_MAX];

static bool has_payload(const char *line, size_t *limit)
{
    if (strncmp(line, "out ", 4) == 0)
        *limit = WIRE_OUT_MAX;
    else if (strncmp(line, "env ", 4) == 0)
        *limit = WIRE_PAYLOAD_MAX;
    else
        return false;
    return true;
}

int wire_next(struct wire_in *in, char line[WIRE_LINE_MAX], const char **payload,
              size_t *payload_len)
{
    char *nl = memchr(in->buf, '\n', in->len);
    if (nl == NULL)
        return in->len >= WIRE_LINE_MAX ? -1 : 0;
    size_t line_len = (size_t)(nl - in->buf);
    if (line_len >= WIRE_LINE_MAX)
        return -1;
    size_t used = line_len + 1;
    *payload = NULL;
    *payload_len = 0;
    size_t limit;
    if (has_payload(in->buf, &limit)) {
        char *end;
        unsigned long n = strtoul(in->buf + 4, &end, 10);
        if (end != nl || n > limit)
            return -1;
        if (in->len < used + n)
            return 0;
        memcpy(payload_copy, in->buf + used, n);
        *payload = payload_copy;
        *payload_len = n;
        used += n;
    }
    memcpy(line, in->buf, line_len);
    line[line_len] = '\0';
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    return 1;
}

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

bool wire_send(int fd, const char *fmt, ...)
{
    char line[WIRE_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return false;
    line[n] = '\n';
    return write_all(fd, line, (size_t)n + 1);
}

bool wire_send_payload(int fd, const char *kind, const void *data, size_t len)
{
    static char frame[WIRE_BUF];
    size_t limit;
    int n = snprintf(frame, WIRE_LINE_MAX, "%s %zu\n", kind, len);
    if (n < 0 || n >= WIRE_LINE_MAX || !has_payload(frame, &limit) || len > limit)
        return false;
    memcpy(frame + n, data, len);
    return write_all(fd, frame, (size_t)n + len);
}

bool wire_send_out(int fd, const void *data, size_t len)
{
    const char *bytes = data;
    while (len > 0) {
        size_t chunk = len < WIRE_OUT_MAX ? len : WIRE_OUT_MAX;
        if (!wire_send_payload(fd, "out", bytes, chunk))
            return false;
        bytes += chunk;
        len -= chunk;
    }
    return true;
}
