#include "bootstrap/tcp_pending.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_io.h"

static size_t frame_bytes(enum mishmem_tcp_pending_stage stage)
{
    return MISHMEM_TCP_HEADER_BYTES +
           (stage == MISHMEM_TCP_STAGE_HELLO ? MISHMEM_TCP_HELLO_BYTES : MISHMEM_TCP_AUTH_BYTES);
}

void mishmem_tcp_pending_init(struct mishmem_tcp_pending_table *table)
{
    memset(table, 0, sizeof *table);
}

/* How far a slot has got: 0 silent, 1 part of a HELLO, 2 challenged. */
static int progress(const struct mishmem_tcp_pending *slot)
{
    if (slot->stage == MISHMEM_TCP_STAGE_AUTH)
        return 2;
    return slot->received > 0;
}

int mishmem_tcp_pending_evict(struct mishmem_tcp_pending_table *table)
{
    int victim = -1;
    for (int i = 0; i < table->count; i++) {
        const struct mishmem_tcp_pending *slot = &table->slots[i];
        if (slot->fd < 0)
            continue;
        if (victim < 0 || progress(slot) < progress(&table->slots[victim]) ||
            (progress(slot) == progress(&table->slots[victim]) &&
             slot->accepted_at < table->slots[victim].accepted_at))
            victim = i;
    }
    if (victim < 0)
        return 0;
    char why[96];
    snprintf(why, sizeof why, "%s for %lld ms; its slot went to a newer connection",
             progress(&table->slots[victim]) == 2 ? "no AUTH" : "no complete HELLO",
             (long long)(mishmem_tcp_now_ms() - table->slots[victim].accepted_at));
    mishmem_tcp_pending_drop(table, victim, MISHMEM_TCP_DROP_EVICTED, why);
    table->evicted++;
    mishmem_tcp_pending_compact(table);
    return 1;
}

void mishmem_tcp_pending_add(struct mishmem_tcp_pending_table *table, int fd, const char *peer,
                             int64_t hello_deadline)
{
    if (table->count == MISHMEM_TCP_MAX_PENDING) {
        mishmem_tcp_pending_compact(table);
        if (table->count == MISHMEM_TCP_MAX_PENDING)
            mishmem_tcp_pending_evict(table);
    }
    struct mishmem_tcp_pending *slot = &table->slots[table->count++];
    memset(slot, 0, sizeof *slot);
    slot->fd = fd;
    slot->stage = MISHMEM_TCP_STAGE_HELLO;
    slot->accepted_at = mishmem_tcp_now_ms();
    slot->deadline = hello_deadline;
    snprintf(slot->peer, sizeof slot->peer, "%s", peer);
}

void mishmem_tcp_pending_challenged(struct mishmem_tcp_pending_table *table, int i,
                                    int64_t deadline)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    slot->stage = MISHMEM_TCP_STAGE_AUTH;
    slot->received = 0;
    slot->deadline = deadline;
}

void mishmem_tcp_pending_drop(struct mishmem_tcp_pending_table *table, int i,
                              enum mishmem_tcp_drop_reason reason, const char *detail)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    if (slot->fd < 0)
        return;
    mishmem_tcp_drop_log_note(&table->log, reason, slot->peer, detail);
    close(slot->fd);
    slot->fd = -1;
}

void mishmem_tcp_pending_release(struct mishmem_tcp_pending_table *table, int i)
{
    table->slots[i].fd = -1;
}

void mishmem_tcp_pending_compact(struct mishmem_tcp_pending_table *table)
{
    int kept = 0;
    for (int i = 0; i < table->count; i++)
        if (table->slots[i].fd >= 0) {
            if (kept != i)
                table->slots[kept] = table->slots[i];
            kept++;
        }
    table->count = kept;
}

void mishmem_tcp_pending_expire(struct mishmem_tcp_pending_table *table, int64_t now)
{
    for (int i = 0; i < table->count; i++) {
        struct mishmem_tcp_pending *slot = &table->slots[i];
        if (slot->fd < 0 || slot->deadline > now)
            continue;
        char why[96];
        snprintf(why, sizeof why, "no complete %s in time (%zu of %zu bytes)",
                 slot->stage == MISHMEM_TCP_STAGE_HELLO ? "HELLO" : "AUTH", slot->received,
                 frame_bytes(slot->stage));
        mishmem_tcp_pending_drop(table, i, MISHMEM_TCP_DROP_SILENT, why);
    }
}

int64_t mishmem_tcp_pending_next_deadline(const struct mishmem_tcp_pending_table *table)
{
    int64_t next = INT64_MAX;
    for (int i = 0; i < table->count; i++)
        if (table->slots[i].fd >= 0 && table->slots[i].deadline < next)
            next = table->slots[i].deadline;
    return next;
}

void mishmem_tcp_pending_drop_all(struct mishmem_tcp_pending_table *table, const char *why)
{
    for (int i = 0; i < table->count; i++)
        mishmem_tcp_pending_drop(table, i, MISHMEM_TCP_DROP_DONE, why);
    table->count = 0;
    mishmem_tcp_drop_log_flush(&table->log);
}

/* Checks the header of this stage's frame; writes why it is not one. */
static int header_ok(const struct mishmem_tcp_pending *slot, char *why, size_t size)
{
    struct mishmem_tcp_header h;
    mishmem_tcp_header_decode(slot->frame, &h);
    uint16_t type = slot->stage == MISHMEM_TCP_STAGE_HELLO ? MISHMEM_TCP_HELLO : MISHMEM_TCP_AUTH;
    const char *name = slot->stage == MISHMEM_TCP_STAGE_HELLO ? "HELLO" : "AUTH";
    size_t expected = frame_bytes(slot->stage) - MISHMEM_TCP_HEADER_BYTES;
    if (h.magic != MISHMEM_TCP_MAGIC)
        snprintf(why, size, "not a mishmem frame (magic 0x%08x)", h.magic);
    else if (h.type != type)
        snprintf(why, size, "frame of type %u where a %s was due", h.type, name);
    else if (h.reserved != 0 || h.seq != 0)
        snprintf(why, size, "malformed %s header (reserved %u, sequence %u)", name, h.reserved,
                 h.seq);
    else if (h.length != expected)
        snprintf(why, size, "%s length %u, expected %zu%s", name, h.length, expected,
                 slot->stage == MISHMEM_TCP_STAGE_HELLO && h.length == 52
                     ? " (a PE of a mishmem before protocol version 2?)"
                     : "");
    else
        return 1;
    return 0;
}

/* Reads up to `until` bytes of the frame; returns WAIT, or DROPPED. */
static enum mishmem_tcp_pending_state read_until(struct mishmem_tcp_pending_table *table, int i,
                                                 size_t until)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    int status = mishmem_tcp_read_some(slot->fd, slot->frame, until, &slot->received);
    if (status == MISHMEM_TCP_IO_OK)
        return MISHMEM_TCP_PENDING_WAIT;
    char why[128];
    enum mishmem_tcp_drop_reason reason = MISHMEM_TCP_DROP_CLOSED;
    if (status == MISHMEM_TCP_IO_CLOSED && slot->stage == MISHMEM_TCP_STAGE_AUTH &&
        slot->received == 0) {
        reason = MISHMEM_TCP_DROP_UNPROVEN;
        snprintf(why, sizeof why, "closed after PE 0's challenge: it does not know this job's "
                                  "secret (another job using this port?)");
    } else if (status == MISHMEM_TCP_IO_CLOSED) {
        snprintf(why, sizeof why, "closed after %zu of %zu %s bytes", slot->received,
                 frame_bytes(slot->stage),
                 slot->stage == MISHMEM_TCP_STAGE_HELLO ? "HELLO" : "AUTH");
    } else {
        snprintf(why, sizeof why, "receive failed: %s", strerror(errno));
    }
    mishmem_tcp_pending_drop(table, i, reason, why);
    return MISHMEM_TCP_PENDING_DROPPED;
}

enum mishmem_tcp_pending_state mishmem_tcp_pending_read(struct mishmem_tcp_pending_table *table,
                                                        int i)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    /* The header first, alone: its length is checked before any payload is read. */
    if (slot->received < MISHMEM_TCP_HEADER_BYTES) {
        if (read_until(table, i, MISHMEM_TCP_HEADER_BYTES) == MISHMEM_TCP_PENDING_DROPPED)
            return MISHMEM_TCP_PENDING_DROPPED;
        if (slot->received < MISHMEM_TCP_HEADER_BYTES)
            return MISHMEM_TCP_PENDING_WAIT;
        char why[128];
        if (!header_ok(slot, why, sizeof why)) {
            mishmem_tcp_pending_drop(table, i, MISHMEM_TCP_DROP_MALFORMED, why);
            return MISHMEM_TCP_PENDING_DROPPED;
        }
    }
    size_t total = frame_bytes(slot->stage);
    if (read_until(table, i, total) == MISHMEM_TCP_PENDING_DROPPED)
        return MISHMEM_TCP_PENDING_DROPPED;
    return slot->received < total ? MISHMEM_TCP_PENDING_WAIT : MISHMEM_TCP_PENDING_READY;
}
