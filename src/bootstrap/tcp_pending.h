/* PE 0's table of accepted connections that have not finished the
 * handshake yet. Fixed size, no allocation: a flood of connections costs
 * a bounded amount. When it is full, a new connection takes the slot of
 * the one that has shown the least (silent before half-sent, half-sent
 * before challenged; the oldest first), so silent connections can never
 * keep a real PE out. */
#ifndef MISHMEM_BOOTSTRAP_TCP_PENDING_H
#define MISHMEM_BOOTSTRAP_TCP_PENDING_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/tcp_drop_log.h"
#include "bootstrap/tcp_wire.h"

#define MISHMEM_TCP_MAX_PENDING 256
/* How long a new connection may take to send its HELLO, and a challenged
 * one its AUTH (each capped by the init timeout). A real PE sends each at
 * once; a PE cut off by them just connects again. */
#define MISHMEM_TCP_HELLO_WINDOW_MS 1000
#define MISHMEM_TCP_AUTH_WINDOW_MS 2000

enum mishmem_tcp_pending_stage {
    MISHMEM_TCP_STAGE_HELLO, /* reading the HELLO */
    MISHMEM_TCP_STAGE_AUTH,  /* challenged; reading the AUTH */
};

#define MISHMEM_TCP_PENDING_FRAME_BYTES (MISHMEM_TCP_HEADER_BYTES + MISHMEM_TCP_AUTH_BYTES)

struct mishmem_tcp_pending {
    int fd;
    enum mishmem_tcp_pending_stage stage;
    int64_t accepted_at;
    int64_t deadline; /* for the frame of this stage */
    size_t received;  /* bytes of this stage's frame */
    uint8_t frame[MISHMEM_TCP_PENDING_FRAME_BYTES];
    uint8_t nonce_c[MISHMEM_TCP_NONCE_BYTES];
    uint8_t nonce_s[MISHMEM_TCP_NONCE_BYTES];
    char peer[80];
};

struct mishmem_tcp_pending_table {
    struct mishmem_tcp_pending slots[MISHMEM_TCP_MAX_PENDING];
    int count;
    long evicted; /* slots given to newer connections so far */
    struct mishmem_tcp_drop_log log;
};

enum mishmem_tcp_pending_state {
    MISHMEM_TCP_PENDING_WAIT,    /* this stage's frame is not complete yet */
    MISHMEM_TCP_PENDING_READY,   /* this stage's frame is complete and well-formed */
    MISHMEM_TCP_PENDING_DROPPED, /* closed with a logged reason */
};

void mishmem_tcp_pending_init(struct mishmem_tcp_pending_table *table);
/* Adds fd in stage HELLO, evicting the least advanced slot when full. */
void mishmem_tcp_pending_add(struct mishmem_tcp_pending_table *table, int fd, const char *peer,
                             int64_t hello_deadline);
/* Drops the least advanced slot; returns 0 when the table was empty. */
int mishmem_tcp_pending_evict(struct mishmem_tcp_pending_table *table);
/* Reads what has arrived of slot i's frame; drops it when malformed. The
 * payload is then at slots[i].frame + MISHMEM_TCP_HEADER_BYTES. */
enum mishmem_tcp_pending_state mishmem_tcp_pending_read(struct mishmem_tcp_pending_table *table,
                                                        int i);
/* Slot i was challenged: it now owes its AUTH by deadline. */
void mishmem_tcp_pending_challenged(struct mishmem_tcp_pending_table *table, int i,
                                    int64_t deadline);
/* Closes slot i; the drop is logged, rate-limited. */
void mishmem_tcp_pending_drop(struct mishmem_tcp_pending_table *table, int i,
                              enum mishmem_tcp_drop_reason reason, const char *detail);
/* Forgets slot i without closing it: its fd now belongs to someone else. */
void mishmem_tcp_pending_release(struct mishmem_tcp_pending_table *table, int i);
/* Removes released and dropped slots; call between poll rounds. */
void mishmem_tcp_pending_compact(struct mishmem_tcp_pending_table *table);
/* Drops slots whose deadline has passed. */
void mishmem_tcp_pending_expire(struct mishmem_tcp_pending_table *table, int64_t now);
/* Earliest deadline, or INT64_MAX when empty. */
int64_t mishmem_tcp_pending_next_deadline(const struct mishmem_tcp_pending_table *table);
/* Drops every slot and logs what the rate limit held back. */
void mishmem_tcp_pending_drop_all(struct mishmem_tcp_pending_table *table, const char *why);

#endif
