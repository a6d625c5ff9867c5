/*
 * wire.c: the line protocol between mishmemrun and its per-host helpers
 * (messages in hosts.h). Reads are one read() after poll() said the fd is
 * readable, so no fd needs O_NONBLOCK; writes are whole or fail.
 */
#ifndef MISHMEMRUN_WIRE_H
#define MISHMEMRUN_WIRE_H

#include <stdbool.h>
#include <stddef.h>

enum {
    WIRE_LINE_MAX = 128,         /* longest control line, newline included */
    WIRE_OUT_MAX = 4096,         /* largest payload of one "out" message */
    WIRE_PAYLOAD_MAX = 1 << 16,  /* largest payload of any message ("env NAME=VALUE") */
    WIRE_BUF = WIRE_LINE_MAX + WIRE_PAYLOAD_MAX,
};

struct wire_in {
    int fd;
    bool eof;
    size_t len;
    char buf[WIRE_BUF];
};

/* One read() into the buffer; false at end of file or on an error. */
bool wire_fill(struct wire_in *in);

/*
 * The next whole message, if the buffer holds one: its line without the
 * newline in line (NUL-terminated) and, for "out LEN" and "env LEN", the payload in
 * *payload / *payload_len (valid until the next call). Returns 1 for a
 * message, 0 when more input is needed, -1 for a malformed stream.
 */
int wire_next(struct wire_in *in, char line[WIRE_LINE_MAX], const char **payload,
              size_t *payload_len);

/* Write one control line (printf format, newline added). */
bool wire_send(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Write a payload message: KIND is "out" (len <= WIRE_OUT_MAX) or "env"
 * (len <= WIRE_PAYLOAD_MAX). */
bool wire_send_payload(int fd, const char *kind, const void *data, size_t len);

/* Write data as "out" messages of at most WIRE_OUT_MAX bytes each. */
bool wire_send_out(int fd, const void *data, size_t len);

#endif
