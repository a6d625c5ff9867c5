/*
 * --tag-output: every PE's stdout and stderr through pipes of their own,
 * cut into lines, each line written whole with "[PE] " before it. Used on
 * one host (lines go to our stdout / stderr) and by every --hosts helper
 * (stdout lines go to the launcher as "out" messages).
 */
#ifndef MISHMEMRUN_TAG_H
#define MISHMEMRUN_TAG_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

enum { TAG_STDOUT = 0, TAG_STDERR = 1 };

/* Where tagged lines go: kind is TAG_STDOUT or TAG_STDERR. */
typedef void tag_emit_fn(int kind, const char *data, size_t len);

struct tag_stream {
    int read_fd;  /* -1 once at end of file */
    int write_fd; /* the PE's end, until every PE has started */
    long pe;      /* job-wide number, for the prefix */
    int kind;
    char *line; /* the part of a line not yet written */
    size_t len, cap;
};

struct tagger {
    struct tag_stream *streams; /* 2 per PE: stdout, stderr */
    long nstreams;
    tag_emit_fn *emit;
};

/* Two pipes for each of npes PEs numbered first_pe...; false with errno. */
bool tagger_open(struct tagger *t, long npes, long first_pe, tag_emit_fn *emit);

/* In the child of local PE index i: its pipes become its stdout and stderr. */
void tagger_redirect(const struct tagger *t, long i);

/* After every PE has started: close our copies of their ends. */
void tagger_close_write_ends(struct tagger *t);

/* Fill fds[0..] with the open read ends; returns how many. index_of[k] is the stream of fds[k]. */
long tagger_poll_fds(const struct tagger *t, struct pollfd *fds, long *index_of);

/* One read from stream s; at end of file its last partial line goes out with a newline. */
void tagger_read(struct tagger *t, long s);

/* After the PEs: read what is left, for at most ms milliseconds. */
void tagger_drain(struct tagger *t, int ms);

void tagger_close(struct tagger *t);

/* The default emit: our stdout or stderr. */
tag_emit_fn tag_emit_local;

#endif
