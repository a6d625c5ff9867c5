/* tag.c: "[PE] " before every line the PEs write (see tag.h). */
#define _GNU_SOURCE
#include "tag.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "job.h"

enum {
    READ_CHUNK = 4096,
    LONGEST_HELD_LINE = 1 << 16, /* a longer line goes out in pieces, each tagged */
    PREFIX_MAX = 32,
};

static void write_all_fd(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; /* our reader is gone: drop, as a PE's write would fail */
        data += n;
        len -= (size_t)n;
    }
}

void tag_emit_local(int kind, const char *data, size_t len)
{
    write_all_fd(kind == TAG_STDOUT ? STDOUT_FILENO : STDERR_FILENO, data, len);
}

/* Two pipes per PE, and the fds of the loop: raise the soft limit to the hard one. */
static void raise_fd_limit(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

bool tagger_open(struct tagger *t, long npes, long first_pe, tag_emit_fn *emit)
{
    memset(t, 0, sizeof *t);
    t->emit = emit;
    t->streams = calloc((size_t)npes * 2, sizeof *t->streams);
    if (t->streams == NULL)
        return false;
    raise_fd_limit();
    for (long s = 0; s < npes * 2; s++) {
        struct tag_stream *stream = &t->streams[s];
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0)
            return false;
        t->nstreams++;
        *stream = (struct tag_stream){
            .read_fd = fds[0], .write_fd = fds[1], .pe = first_pe + s / 2, .kind = (int)(s % 2)};
    }
    return true;
}

void tagger_redirect(const struct tagger *t, long i)
{
    dup2(t->streams[2 * i].write_fd, STDOUT_FILENO);
    dup2(t->streams[2 * i + 1].write_fd, STDERR_FILENO);
}

void tagger_close_write_ends(struct tagger *t)
{
    for (long s = 0; s < t->nstreams; s++)
        close_if_open(&t->streams[s].write_fd);
}

long tagger_poll_fds(const struct tagger *t, struct pollfd *fds, long *index_of)
{
    long n = 0;
    for (long s = 0; s < t->nstreams; s++) {
        if (t->streams[s].read_fd < 0)
            continue;
        fds[n] = (struct pollfd){.fd = t->streams[s].read_fd, .events = POLLIN};
        index_of[n++] = s;
    }
    return n;
}

/* "[PE] " and the bytes, in one emit so that lines of PEs never mix. */
static void emit_tagged(struct tagger *t, const struct tag_stream *stream, const char *data, size_t len,
                        bool add_newline)
{
    char *out = malloc(PREFIX_MAX + len + 1);
    if (out == NULL)
        return;
    int n = snprintf(out, PREFIX_MAX, "[%ld] ", stream->pe);
    memcpy(out + n, data, len);
    size_t total = (size_t)n + len;
    if (add_newline)
        out[total++] = '\n';
    t->emit(stream->kind, out, total);
    free(out);
}

static bool hold(struct tag_stream *stream, const char *data, size_t len)
{
    if (stream->len + len > stream->cap) {
        size_t cap = stream->cap ? stream->cap : 256;
        while (cap < stream->len + len)
            cap *= 2;
        char *grown = realloc(stream->line, cap);
        if (grown == NULL)
            return false;
        stream->line = grown;
        stream->cap = cap;
    }
    memcpy(stream->line + stream->len, data, len);
    stream->len += len;
    return true;
}

void tagger_read(struct tagger *t, long s)
{
    struct tag_stream *stream = &t->streams[s];
    char data[READ_CHUNK];
    ssize_t n;
    do
        n = read(stream->read_fd, data, sizeof data);
    while (n < 0 && errno == EINTR);
    if (n <= 0) {
        close_if_open(&stream->read_fd);
        if (stream->len > 0)
            emit_tagged(t, stream, stream->line, stream->len, true);
        stream->len = 0;
        return;
    }
    if (!hold(stream, data, (size_t)n)) {
        emit_tagged(t, stream, data, (size_t)n, false); /* out of memory: at least keep the bytes */
        return;
    }
    /* Every whole line goes out; the rest waits for its newline. */
    size_t start = 0;
    for (size_t i = 0; i < stream->len; i++) {
        if (stream->line[i] == '\n') {
            emit_tagged(t, stream, stream->line + start, i + 1 - start, false);
            start = i + 1;
        }
    }
    if (stream->len - start >= LONGEST_HELD_LINE) {
        emit_tagged(t, stream, stream->line + start, stream->len - start, true);
        start = stream->len;
    }
    memmove(stream->line, stream->line + start, stream->len - start);
    stream->len -= start;
}

void tagger_drain(struct tagger *t, int ms)
{
    struct pollfd *fds = calloc((size_t)t->nstreams, sizeof *fds);
    long *index_of = calloc((size_t)t->nstreams, sizeof *index_of);
    int64_t give_up_at = now_ms() + ms;
    while (fds != NULL && index_of != NULL) {
        long n = tagger_poll_fds(t, fds, index_of);
        int64_t left = give_up_at - now_ms();
        if (n == 0 || left <= 0 || poll(fds, (nfds_t)n, (int)left) <= 0)
            break;
        for (long k = 0; k < n; k++)
            if (fds[k].revents != 0)
                tagger_read(t, index_of[k]);
    }
    free(fds);
    free(index_of);
}

void tagger_close(struct tagger *t)
{
    for (long s = 0; s < t->nstreams; s++) {
        struct tag_stream *stream = &t->streams[s];
        if (stream->len > 0)
            emit_tagged(t, stream, stream->line, stream->len, true);
        close_if_open(&stream->read_fd);
        close_if_open(&stream->write_fd);
        free(stream->line);
    }
    free(t->streams);
    memset(t, 0, sizeof *t);
}
