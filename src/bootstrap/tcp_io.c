#include "bootstrap/tcp_io.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

int64_t mishmem_tcp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int mishmem_tcp_ms_left(int64_t deadline)
{
    int64_t left = deadline - mishmem_tcp_now_ms();
    if (left <= 0)
        return 0;
    return left > INT_MAX ? INT_MAX : (int)left;
}

void mishmem_tcp_sleep_until(int64_t deadline, int ms)
{
    int left = mishmem_tcp_ms_left(deadline);
    if (ms > left)
        ms = left;
    if (ms > 0)
        poll(NULL, 0, ms);
}

static int is_connection_loss(int err)
{
    return err == ECONNRESET || err == EPIPE || err == ECONNABORTED || err == ENOTCONN;
}

/* Classifies a failed recv/send; OK means "try again later". */
static int classify_errno(void)
{
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        return MISHMEM_TCP_IO_OK;
    return is_connection_loss(errno) ? MISHMEM_TCP_IO_CLOSED : MISHMEM_TCP_IO_ERROR;
}

int mishmem_tcp_read_some(int fd, void *buf, size_t len, size_t *done)
{
    while (*done < len) {
        ssize_t n = recv(fd, (char *)buf + *done, len - *done, 0);
        if (n > 0) {
            *done += (size_t)n;
            continue;
        }
        if (n == 0)
            return MISHMEM_TCP_IO_CLOSED;
        if (errno == EINTR)
            continue;
        return classify_errno();
    }
    return MISHMEM_TCP_IO_OK;
}

/* Appends part [from, len) of one piece to iov when anything of it is left. */
static void add_piece(struct iovec *iov, int *count, const void *piece, size_t len, size_t from)
{
    if (from < len)
        iov[(*count)++] = (struct iovec){(char *)piece + from, len - from};
}

int mishmem_tcp_write_some(int fd, const void *head, size_t head_len, const void *body,
                           size_t body_len, const void *tail, size_t tail_len, size_t *done)
{
    size_t total = head_len + body_len + tail_len;
    while (*done < total) {
        struct iovec iov[3];
        int count = 0;
        size_t at = *done;
        add_piece(iov, &count, head, head_len, at);
        at = at > head_len ? at - head_len : 0;
        add_piece(iov, &count, body, body_len, at);
        at = at > body_len ? at - body_len : 0;
        add_piece(iov, &count, tail, tail_len, at);
        struct msghdr msg = {.msg_iov = iov, .msg_iovlen = (size_t)count};
        ssize_t n = sendmsg(fd, &msg, MSG_NOSIGNAL);
        if (n >= 0) {
            *done += (size_t)n;
            continue;
        }
        if (errno == EINTR)
            continue;
        return classify_errno();
    }
    return MISHMEM_TCP_IO_OK;
}

/* Waits until fd has one of events (or an error/hangup to report). */
static int wait_ready(int fd, short events, int64_t deadline)
{
    for (;;) {
        struct pollfd p = {.fd = fd, .events = events};
        int rc = poll(&p, 1, mishmem_tcp_ms_left(deadline));
        if (rc > 0)
            return MISHMEM_TCP_IO_OK;
        if (rc == 0)
            return MISHMEM_TCP_IO_TIMEOUT;
        if (errno != EINTR)
            return MISHMEM_TCP_IO_ERROR;
    }
}

int mishmem_tcp_read_full(int fd, void *buf, size_t len, int64_t deadline)
{
    size_t done = 0;
    for (;;) {
        int status = mishmem_tcp_read_some(fd, buf, len, &done);
        if (status != MISHMEM_TCP_IO_OK || done == len)
            return status;
        status = wait_ready(fd, POLLIN, deadline);
        if (status != MISHMEM_TCP_IO_OK)
            return status;
    }
}

static int write_full(int fd, const void *head, size_t head_len, const void *body, size_t body_len,
                      const void *tail, size_t tail_len, int64_t deadline)
{
    size_t done = 0;
    for (;;) {
        int status = mishmem_tcp_write_some(fd, head, head_len, body, body_len, tail, tail_len,
                                            &done);
        if (status != MISHMEM_TCP_IO_OK || done == head_len + body_len + tail_len)
            return status;
        status = wait_ready(fd, POLLOUT, deadline);
        if (status != MISHMEM_TCP_IO_OK)
            return status;
    }
}

int mishmem_tcp_send_frame(int fd, uint16_t type, uint32_t seq, const void *payload, uint32_t len,
                           const uint8_t *tag, int64_t deadline)
{
    struct mishmem_tcp_header header = {
        .magic = MISHMEM_TCP_MAGIC, .type = type, .seq = seq, .length = len};
    uint8_t bytes[MISHMEM_TCP_HEADER_BYTES];
    mishmem_tcp_header_encode(&header, bytes);
    return write_full(fd, bytes, sizeof bytes, payload, len, tag, tag ? MISHMEM_TCP_TAG_BYTES : 0,
                      deadline);
}

int mishmem_tcp_send_frame_now(int fd, uint16_t type, uint32_t seq, const void *payload,
                               uint32_t len, const uint8_t *tag)
{
    struct mishmem_tcp_header header = {
        .magic = MISHMEM_TCP_MAGIC, .type = type, .seq = seq, .length = len};
    uint8_t bytes[MISHMEM_TCP_HEADER_BYTES];
    mishmem_tcp_header_encode(&header, bytes);
    size_t done = 0, total = sizeof bytes + len + (tag ? MISHMEM_TCP_TAG_BYTES : 0);
    int status = mishmem_tcp_write_some(fd, bytes, sizeof bytes, payload, len, tag,
                                        tag ? MISHMEM_TCP_TAG_BYTES : 0, &done);
    if (status == MISHMEM_TCP_IO_OK && done < total) {
        errno = EAGAIN;
        return MISHMEM_TCP_IO_ERROR;
    }
    return status;
}

int mishmem_tcp_recv_header(int fd, struct mishmem_tcp_header *header, int64_t deadline)
{
    uint8_t bytes[MISHMEM_TCP_HEADER_BYTES];
    int status = mishmem_tcp_read_full(fd, bytes, sizeof bytes, deadline);
    if (status != MISHMEM_TCP_IO_OK)
        return status;
    mishmem_tcp_header_decode(bytes, header);
    if (header->magic != MISHMEM_TCP_MAGIC || header->reserved != 0)
        return MISHMEM_TCP_IO_MALFORMED;
    return MISHMEM_TCP_IO_OK;
}

void mishmem_tcp_close_gracefully(int fd)
{
    if (fd < 0)
        return;
    shutdown(fd, SHUT_WR);
    char sink[4096];
    for (int i = 0; i < 16; i++) /* bounded: a flooding peer cannot hold us here */
        if (recv(fd, sink, sizeof sink, MSG_DONTWAIT) <= 0)
            break;
    close(fd);
}
