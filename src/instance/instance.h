/* One SHMEM instance: a world of PEs with its own heap, sync state,
 * bootstrap connection and transport state. ALL per-instance state lives
 * here; switching instance is a pointer change. */
#ifndef MISHMEM_INSTANCE_H
#define MISHMEM_INSTANCE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>

#include "bootstrap/bootstrap.h"
#include "heap/segment.h"
#include "mishmem/aclshmem.h"

#define MISHMEM_CACHE_LINE 64
/* Enough dissemination rounds for ACLSHMEM_MAX_PES (2^14). */
#define MISHMEM_BARRIER_ROUNDS 15

/* A flag alone on its cache line, so that pollers do not share lines. */
struct mishmem_flag {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint64_t value;
};

/* The start of every PE's segment: sync words that peers write directly.
 * The symmetric heap follows it. */
struct mishmem_control {
    struct mishmem_flag barrier[MISHMEM_BARRIER_ROUNDS];
};

#define MISHMEM_CONTROL_SIZE 65536
_Static_assert(sizeof(struct mishmem_control) <= MISHMEM_CONTROL_SIZE, "control area overflow");

/* How this PE reaches one peer. segment == NULL means "not by load/store"
 * (reserved for the fabric transport). */
struct mishmem_peer {
    char *segment;
    pid_t pid;
    int pidfd; /* readable once the peer has exited: liveness for waits */
};

/* The attributes an instance was created with, kept to answer a duplicate
 * init (SUCCESS when they match, INVALID_PARAM when they differ). */
struct mishmem_instance_key {
    int flags;
    int my_pe;
    int n_pes;
    uint64_t local_mem_size;
    char ip_port[ACLSHMEM_MAX_IP_PORT_LEN + 64];
};

struct mishmem_allocator;
struct mishmem_teams; /* the instance's team table (core/team_table.c) */

struct mishmem_instance {
    uint64_t id;
    int my_pe;
    int n_pes;
    struct mishmem_instance_key key;
    aclshmem_instance_ctx public_ctx; /* what aclshmemx_instance_ctx_get returns */

    struct mishmem_bootstrap *boot;
    struct mishmem_segment segment; /* mine: control area, then heap */
    char *heap_base;                /* == segment.base + MISHMEM_CONTROL_SIZE */
    uint64_t heap_size;
    struct mishmem_peer *peers;     /* n_pes entries; peers[my_pe].segment == segment.base */

    struct mishmem_allocator *allocator;
    pthread_mutex_t heap_lock;      /* collective heap calls vs. THREAD_MULTIPLE callers */

    uint64_t barrier_epoch;         /* completed world barriers */
    struct mishmem_teams *teams;
    uint32_t op_timeout_ms;
};

static inline struct mishmem_control *mishmem_control_of(struct mishmem_instance *inst, int pe)
{
    return (struct mishmem_control *)inst->peers[pe].segment;
}

/* Where the symmetric address `addr` (in this PE's heap) lives on `pe`.
 * NULL when addr is outside the heap. No syscall, no lock. */
static inline void *mishmem_translate(const struct mishmem_instance *inst, const void *addr, int pe)
{
    uint64_t offset = (uint64_t)((const char *)addr - inst->heap_base);
    if (offset >= inst->heap_size)
        return NULL;
    return inst->peers[pe].segment + MISHMEM_CONTROL_SIZE + offset;
}

static inline int mishmem_in_heap(const struct mishmem_instance *inst, const void *addr, uint64_t len)
{
    uint64_t offset = (uint64_t)((const char *)addr - inst->heap_base);
    return offset < inst->heap_size && len <= inst->heap_size - offset;
}

#endif
