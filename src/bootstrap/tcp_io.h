/* Socket I/O for the tcp bootstrap. All sockets are non-blocking; the
 * "full" helpers wait with poll until an absolute deadline (monotonic ms),
 * the "some" helpers move what they can now and never wait. */
#ifndef MISHMEM_BOOTSTRAP_TCP_IO_H
#define MISHMEM_BOOTSTRAP_TCP_IO_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/tcp_wire.h"

enum mishmem_tcp_io {
    MISHMEM_TCP_IO_OK = 0,
    MISHMEM_TCP_IO_TIMEOUT,   /* the deadline passed first */
    MISHMEM_TCP_IO_CLOSED,    /* the peer closed or reset the connection */
    MISHMEM_TCP_IO_ERROR,     /* any other socket error; errno tells which */
    MISHMEM_TCP_IO_MALFORMED, /* bytes arrived but are not a frame header */
};

int64_t mishmem_tcp_now_ms(void);
/* Milliseconds until deadline, clipped to [0, INT_MAX] for poll. */
int mishmem_tcp_ms_left(int64_t deadline);
/* Sleeps ms or until the deadline, whichever is sooner. */
void mishmem_tcp_sleep_until(int64_t deadline, int ms);

/* Reads into buf[*done .. len) what is available now. */
int mishmem_tcp_read_some(int fd, void *buf, size_t len, size_t *done);
/* Sends what the socket takes now from the concatenation head | body |
 * tail, starting at offset *done. */
int mishmem_tcp_write_some(int fd, const void *head, size_t head_len, const void *body,
                           size_t body_len, const void *tail, size_t tail_len, size_t *done);

int mishmem_tcp_read_full(int fd, void *buf, size_t len, int64_t deadline);
/* Sends one frame: header with (type, seq, len), the payload, then the
 * tag when not NULL (MISHMEM_TCP_TAG_BYTES). */
int mishmem_tcp_send_frame(int fd, uint16_t type, uint32_t seq, const void *payload, uint32_t len,
                           const uint8_t *tag, int64_t deadline);
/* The same for a small frame to a connection not yet trusted: one send
 * that never waits; anything but the whole frame at once is ERROR. */
int mishmem_tcp_send_frame_now(int fd, uint16_t type, uint32_t seq, const void *payload,
                               uint32_t len, const uint8_t *tag);
/* Reads and decodes one header; MALFORMED unless magic and reserved are right. */
int mishmem_tcp_recv_header(int fd, struct mishmem_tcp_header *header, int64_t deadline);

/* Closes fd after a best-effort drain, so that unread input does not turn
 * the close into a reset that could destroy a frame just sent. */
void mishmem_tcp_close_gracefully(int fd);

#endif
