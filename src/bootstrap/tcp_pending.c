#include "bootstrap/tcp_pending.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_io.h"
#include "util/log.h"

#define FRAME_BYTES (MISHMEM_TCP_HEADER_BYTES + MISHMEM_TCP_HELLO_BYTES)

void mishmem_tcp_pending_init(struct mishmem_tcp_pending_table *table)
{
    memset(table, 0, sizeof *table);
}

int mishmem_tcp_pending_add(struct mishmem_tcp_pending_table *table, int fd, const char *peer,
                            int64_t hello_deadline)
{
    if (table->count == MISHMEM_TCP_MAX_PENDING)
        return -1;
    struct mishmem_tcp_pending *slot = &table->slots[table->count++];
    memset(slot, 0, sizeof *slot);
    slot->fd = fd;
    slot->hello_deadline = hello_deadline;
    snprintf(slot->peer, sizeof slot->peer, "%s", peer);
    return 0;
}

void mishmem_tcp_pending_drop(struct mishmem_tcp_pending_table *table, int i, const char *why)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    if (slot->fd < 0)
        return;
    MISHMEM_WARN("bootstrap tcp: dropped connection from %s: %s", slot->peer, why);
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
        if (table->slots[i].fd >= 0)
            table->slots[kept++] = table->slots[i];
    table->count = kept;
}

void mishmem_tcp_pending_expire(struct mishmem_tcp_pending_table *table, int64_t now)
{
    for (int i = 0; i < table->count; i++) {
        struct mishmem_tcp_pending *slot = &table->slots[i];
        if (slot->fd < 0 || slot->hello_deadline > now)
            continue;
        char why[96];
        snprintf(why, sizeof why, "no complete HELLO in time (%zu of %u bytes)", slot->received,
                 FRAME_BYTES);
        mishmem_tcp_pending_drop(table, i, why);
    }
}

int64_t mishmem_tcp_pending_next_deadline(const struct mishmem_tcp_pending_table *table)
{
    int64_t next = INT64_MAX;
    for (int i = 0; i < table->count; i++)
        if (table->slots[i].fd >= 0 && table->slots[i].hello_deadline < next)
            next = table->slots[i].hello_deadline;
    return next;
}

void mishmem_tcp_pending_drop_all(struct mishmem_tcp_pending_table *table, const char *why)
{
    for (int i = 0; i < table->count; i++)
        mishmem_tcp_pending_drop(table, i, why);
    table->count = 0;
}

/* Checks the header of a would-be HELLO; writes why it is not one. */
static int hello_header_ok(const uint8_t *bytes, char *why, size_t size)
{
    struct mishmem_tcp_header h;
    mishmem_tcp_header_decode(bytes, &h);
    if (h.magic != MISHMEM_TCP_MAGIC)
        snprintf(why, size, "not a mishmem frame (magic 0x%08x)", h.magic);
    else if (h.type != MISHMEM_TCP_HELLO)
        snprintf(why, size, "first frame has type %u, expected HELLO", h.type);
    else if (h.reserved != 0 || h.seq != 0)
        snprintf(why, size, "malformed HELLO header (reserved %u, sequence %u)", h.reserved, h.seq);
    else if (h.length != MISHMEM_TCP_HELLO_BYTES)
        snprintf(why, size, "HELLO length %u, expected %u", h.length, MISHMEM_TCP_HELLO_BYTES);
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
    char why[96];
    if (status == MISHMEM_TCP_IO_CLOSED)
        snprintf(why, sizeof why, "closed after %zu of %u HELLO bytes", slot->received,
                 FRAME_BYTES);
    else
        snprintf(why, sizeof why, "receive failed: %s", strerror(errno));
    mishmem_tcp_pending_drop(table, i, why);
    return MISHMEM_TCP_PENDING_DROPPED;
}

enum mishmem_tcp_pending_state mishmem_tcp_pending_read(struct mishmem_tcp_pending_table *table,
                                                        int i, struct mishmem_tcp_hello *hello)
{
    struct mishmem_tcp_pending *slot = &table->slots[i];
    /* The header first, alone: its length is checked before any payload is read. */
    if (slot->received < MISHMEM_TCP_HEADER_BYTES) {
        if (read_until(table, i, MISHMEM_TCP_HEADER_BYTES) == MISHMEM_TCP_PENDING_DROPPED)
            return MISHMEM_TCP_PENDING_DROPPED;
        if (slot->received < MISHMEM_TCP_HEADER_BYTES)
            return MISHMEM_TCP_PENDING_WAIT;
        char why[96];
        if (!hello_header_ok(slot->frame, why, sizeof why)) {
            mishmem_tcp_pending_drop(table, i, why);
            return MISHMEM_TCP_PENDING_DROPPED;
        }
    }
    if (read_until(table, i, FRAME_BYTES) == MISHMEM_TCP_PENDING_DROPPED)
        return MISHMEM_TCP_PENDING_DROPPED;
    if (slot->received < FRAME_BYTES)
        return MISHMEM_TCP_PENDING_WAIT;
    mishmem_tcp_hello_decode(slot->frame + MISHMEM_TCP_HEADER_BYTES, hello);
    return MISHMEM_TCP_PENDING_READY;
}
