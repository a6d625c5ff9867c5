/* One instance's counters on this PE (aclshmemx_instance_stats, and the
 * SHMEM_INFO line at finalize). Only code off the load/store fast path
 * bumps them: the out-of-line halves of put, get, AMO and signal, the
 * entries of the data collectives, the core's hand-offs to a transport
 * (core/remote.c) and the waits that read the clock or sleep
 * (progress/wait.h). Relaxed atomics: several threads may drive one
 * instance, and a count orders nothing. */
#ifndef MISHMEM_INSTANCE_STATS_H
#define MISHMEM_INSTANCE_STATS_H

#include <stdatomic.h>
#include <stdint.h>

#include "transport/transport.h"

/* The kinds of program operations, in the order of the public
 * ACLSHMEMX_STATS_* kinds (mishmem/aclshmem.h). */
enum mishmem_stats_kind {
    MISHMEM_STATS_PUT,
    MISHMEM_STATS_GET,
    MISHMEM_STATS_AMO,
    MISHMEM_STATS_SIGNAL,
    MISHMEM_STATS_COLLECTIVE,
    MISHMEM_STATS_KINDS
};

struct mishmem_stats_pair {
    _Atomic uint64_t ops;
    _Atomic uint64_t bytes;
};

struct mishmem_stats {
    struct mishmem_stats_pair kind[MISHMEM_STATS_KINDS];
    /* By the instance's transport index (transport/table.h's order). */
    struct mishmem_stats_pair transport[MISHMEM_MAX_TRANSPORTS];
    _Atomic uint64_t waits;     /* waits that outlasted their first spins */
    _Atomic uint64_t sleeps;    /* sleeps of those waits on the doorbell */
    _Atomic uint64_t asleep_ns; /* the time those sleeps took */
};

static inline void mishmem_stats_add(struct mishmem_stats_pair *pair, uint64_t bytes)
{
    atomic_fetch_add_explicit(&pair->ops, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&pair->bytes, bytes, memory_order_relaxed);
}

static inline void mishmem_stats_count(struct mishmem_stats *stats, enum mishmem_stats_kind kind, uint64_t bytes)
{
    mishmem_stats_add(&stats->kind[kind], bytes);
}

#endif
