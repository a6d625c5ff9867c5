#include "bootstrap/tcp_drop_log.h"

#include "bootstrap/tcp_io.h"
#include "util/log.h"

static const char *const labels[MISHMEM_TCP_DROP_REASONS] = {
    [MISHMEM_TCP_DROP_SILENT] = "no complete frame in time",
    [MISHMEM_TCP_DROP_EVICTED] = "made room for newer connections",
    [MISHMEM_TCP_DROP_MALFORMED] = "malformed or unexpected frame",
    [MISHMEM_TCP_DROP_CLOSED] = "closed before the handshake ended",
    [MISHMEM_TCP_DROP_UNPROVEN] = "left after the challenge (does not know this job's secret)",
    [MISHMEM_TCP_DROP_WRONG_PROOF] = "did not prove the job secret",
    [MISHMEM_TCP_DROP_VERSION] = "another protocol version",
    [MISHMEM_TCP_DROP_REFUSED] = "refused PE",
    [MISHMEM_TCP_DROP_ACCEPT] = "accept failed",
    [MISHMEM_TCP_DROP_DONE] = "rendezvous over",
};

void mishmem_tcp_drop_log_note(struct mishmem_tcp_drop_log *log,
                               enum mishmem_tcp_drop_reason reason, const char *peer,
                               const char *detail)
{
    int64_t now = mishmem_tcp_now_ms();
    int64_t start = log->window_start[reason];
    if (start != 0 && now - start < MISHMEM_TCP_DROP_LOG_INTERVAL_MS) {
        log->suppressed[reason]++;
        return;
    }
    unsigned before = log->suppressed[reason];
    if (before)
        MISHMEM_WARN("bootstrap tcp: dropped connection from %s: %s (and %u more like it in the "
                     "last %.1f s: %s)",
                     peer, detail, before, (double)(now - start) / 1000.0, labels[reason]);
    else
        MISHMEM_WARN("bootstrap tcp: dropped connection from %s: %s", peer, detail);
    log->window_start[reason] = now;
    log->suppressed[reason] = 0;
}

void mishmem_tcp_drop_log_flush(struct mishmem_tcp_drop_log *log)
{
    int64_t now = mishmem_tcp_now_ms();
    for (int r = 0; r < MISHMEM_TCP_DROP_REASONS; r++) {
        if (!log->suppressed[r])
            continue;
        MISHMEM_WARN("bootstrap tcp: dropped %u more connections in the last %.1f s: %s",
                     log->suppressed[r], (double)(now - log->window_start[r]) / 1000.0, labels[r]);
        log->suppressed[r] = 0;
        log->window_start[r] = now;
    }
}
