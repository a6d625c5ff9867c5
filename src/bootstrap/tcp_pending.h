/* PE 0's table of accepted but not yet identified connections. Fixed
 * size, no allocation: a flood of connections costs a bounded amount. */
#ifndef MISHMEM_BOOTSTRAP_TCP_PENDING_H
#define MISHMEM_BOOTSTRAP_TCP_PENDING_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/tcp_wire.h"

#define MISHMEM_TCP_MAX_PENDING 64
/* How long a new connection may take to send its HELLO (capped by the
 * init timeout). */
#define MISHMEM_TCP_HELLO_WINDOW_MS 2000

struct mishmem_tcp_pending {
    int fd;
    int64_t hello_deadline;
    size_t received;
    uint8_t frame[MISHMEM_TCP_HEADER_BYTES + MISHMEM_TCP_HELLO_BYTES];
    char peer[80];
};

struct mishmem_tcp_pending_table {
    struct mishmem_tcp_pending slots[MISHMEM_TCP_MAX_PENDING];
    int count;
};

enum mishmem_tcp_pending_state {
    MISHMEM_TCP_PENDING_WAIT,    /* the HELLO is not complete yet */
    MISHMEM_TCP_PENDING_READY,   /* a well-formed HELLO was decoded */
    MISHMEM_TCP_PENDING_DROPPED, /* closed with a logged reason */
};

void mishmem_tcp_pending_init(struct mishmem_tcp_pending_table *table);
/* Returns 0, or -1 when the table is full (the caller closes fd). */
int mishmem_tcp_pending_add(struct mishmem_tcp_pending_table *table, int fd, const char *peer,
                            int64_t hello_deadline);
/* Reads what has arrived of slot i's HELLO; drops it when malformed. */
enum mishmem_tcp_pending_state mishmem_tcp_pending_read(struct mishmem_tcp_pending_table *table,
                                                        int i, struct mishmem_tcp_hello *hello);
/* Logs why (WARN) and closes slot i. */
void mishmem_tcp_pending_drop(struct mishmem_tcp_pending_table *table, int i, const char *why);
/* Forgets slot i without closing it: its fd now belongs to someone else. */
void mishmem_tcp_pending_release(struct mishmem_tcp_pending_table *table, int i);
/* Removes released and dropped slots; call between poll rounds. */
void mishmem_tcp_pending_compact(struct mishmem_tcp_pending_table *table);
/* Drops slots whose hello deadline has passed. */
void mishmem_tcp_pending_expire(struct mishmem_tcp_pending_table *table, int64_t now);
/* Earliest hello deadline, or INT64_MAX when empty. */
int64_t mishmem_tcp_pending_next_deadline(const struct mishmem_tcp_pending_table *table);
void mishmem_tcp_pending_drop_all(struct mishmem_tcp_pending_table *table, const char *why);

#endif
