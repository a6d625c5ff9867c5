/* PE 0's log of connections it drops during the rendezvous, rate-limited:
 * at most one line per reason per second, each with the count of the
 * drops it stands for, so that a flood of hostile connections cannot
 * flood the log (issue 15). */
#ifndef MISHMEM_BOOTSTRAP_TCP_DROP_LOG_H
#define MISHMEM_BOOTSTRAP_TCP_DROP_LOG_H

#include <stdint.h>

enum mishmem_tcp_drop_reason {
    MISHMEM_TCP_DROP_SILENT,     /* no complete first frame (or AUTH) in time */
    MISHMEM_TCP_DROP_EVICTED,    /* made room for a newer connection */
    MISHMEM_TCP_DROP_MALFORMED,  /* not a mishmem frame, or not the expected one */
    MISHMEM_TCP_DROP_CLOSED,     /* closed or failed before the handshake ended */
    MISHMEM_TCP_DROP_UNPROVEN,   /* closed after PE 0's challenge: another job's PE? */
    MISHMEM_TCP_DROP_WRONG_PROOF,/* did not prove the job secret */
    MISHMEM_TCP_DROP_VERSION,    /* another protocol version */
    MISHMEM_TCP_DROP_REFUSED,    /* proved the secret but was refused (duplicate, ...) */
    MISHMEM_TCP_DROP_ACCEPT,     /* accept itself failed (EMFILE, ...) */
    MISHMEM_TCP_DROP_DONE,       /* still pending when the rendezvous ended */
    MISHMEM_TCP_DROP_REASONS
};

#define MISHMEM_TCP_DROP_LOG_INTERVAL_MS 1000

struct mishmem_tcp_drop_log {
    int64_t window_start[MISHMEM_TCP_DROP_REASONS]; /* 0: nothing logged yet */
    unsigned suppressed[MISHMEM_TCP_DROP_REASONS];  /* drops since that line */
};

/* Records one drop. Logs it (WARN) when its reason has had no line for a
 * second, saying how many drops of that reason went unlogged before. */
void mishmem_tcp_drop_log_note(struct mishmem_tcp_drop_log *log,
                               enum mishmem_tcp_drop_reason reason, const char *peer,
                               const char *detail);
/* Logs the drops no line has counted yet, one line per reason. */
void mishmem_tcp_drop_log_flush(struct mishmem_tcp_drop_log *log);

#endif
