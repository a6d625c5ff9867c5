/* One SHMEM instance: a world of PEs with its own heap, sync state,
 * bootstrap connection and transport state. ALL per-instance state lives
 * here; switching instance is a pointer change. */
#ifndef MISHMEM_INSTANCE_INSTANCE_H
#define MISHMEM_INSTANCE_INSTANCE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>

#include "bootstrap/bootstrap.h"
#include "heap/segment.h"
#include "heap/static_segment.h"
#include "instance/stats.h"
#include "mapped/segment_header.h"
#include "mishmem/aclshmem.h"
#include "transport/transport.h"

/* Teams: every team owns one slot index, agreed by its members when it is
 * created (core/team/split.c), and each member's control area holds that
 * slot's sync state. Slot 0 is the world team, slot 1 the shared team. */
#define MISHMEM_TEAM_SLOTS 4096
#define MISHMEM_TEAM_SCRATCH_WORDS 136

/* One team's sync words on one PE. Never reset: a team that reuses the
 * slot starts its epochs above every epoch the words may still hold
 * (core/team/split.c), and from then on they only grow. */
struct mishmem_team_sync {
    struct mishmem_flag barrier[MISHMEM_BARRIER_ROUNDS]; /* dissemination: one writer each */
    struct mishmem_flag arrive;                          /* owner: last op whose input is ready */
    struct mishmem_flag result;                          /* owner: last op whose output is ready */
    struct mishmem_flag done;                            /* peers add 1 when done with my buffers */
    _Alignas(MISHMEM_CACHE_LINE) uint64_t scratch[MISHMEM_TEAM_SCRATCH_WORDS]; /* small values for peers */
};

/* Collectives of small teams stage their data (core/coll/stage.h): each
 * member has, per team slot, two halves used in turn (by the parity of
 * the op) that its peers read, and says which op it has read to the end,
 * so that a member reuses a half only once every reader is done with it.
 * Only the first MISHMEM_STAGE_TEAM_SLOTS slots have halves (the pages
 * cost memory only once touched); the others pull. */
#define MISHMEM_STAGE_TEAM_SLOTS 32
#define MISHMEM_STAGE_MAX_MEMBERS 16
#define MISHMEM_STAGE_BYTES ((size_t)256 << 10)

struct mishmem_stage_half {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint64_t epoch; /* the op whose data it holds */
    _Alignas(16) unsigned char data[MISHMEM_STAGE_BYTES]; /* the first 48 bytes share epoch's line */
};

struct mishmem_stage_slot {
    struct mishmem_flag consumed; /* owner: last staged op it has read to the end */
    struct mishmem_stage_half half[2]; /* by op parity */
};

/* The start of every PE's segment: sync words that peers write directly.
 * The symmetric heap follows it. The area is a sparse memfd: pages that no
 * team touches cost nothing. */
struct mishmem_control {
    /* What transports and the progress layer read on peers (owner proof,
     * departed/finalizing/failed, finalize barrier, doorbell, placement). */
    struct mishmem_segment_header header;
    /* Active-set collectives (core/coll/active_set.c): a value this PE
     * publishes to the set, and the signals from each PE, counted. */
    struct mishmem_flag active_set_value;
    _Alignas(4096) _Atomic uint64_t active_set_signal[ACLSHMEM_MAX_PES];
    /* Written when this PE enters finalize (before `finalizing`): each live
     * team's op_epoch, the flag-based collectives it has begun. A peer that
     * waits for the "done"s of a later op of that team knows this PE will
     * not send one (core/coll/flags.h). */
    _Alignas(4096) _Atomic uint64_t final_op_epoch[MISHMEM_TEAM_SLOTS];
    _Alignas(4096) struct mishmem_team_sync teams[MISHMEM_TEAM_SLOTS];
    _Alignas(4096) struct mishmem_stage_slot stage[MISHMEM_STAGE_TEAM_SLOTS];
};

/* Rounded to 2 MiB so that the heap after it stays well aligned. */
#define MISHMEM_CONTROL_ALIGN ((uint64_t)2 << 20)
#define MISHMEM_CONTROL_SIZE                                                                     \
    ((sizeof(struct mishmem_control) + MISHMEM_CONTROL_ALIGN - 1) / MISHMEM_CONTROL_ALIGN *      \
     MISHMEM_CONTROL_ALIGN)

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
struct mishmem_teams; /* the instance's team table (core/team/table.c) */

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
    int n_unmapped;                 /* peers reached through a transport, not by load/store */
    void *transport_state[MISHMEM_MAX_TRANSPORTS]; /* by the table of init/transports.c */
    /* Liveness reads given up on (their peer gone): a late reply may still
     * land in them, so they are freed only after the transports close. */
    struct mishmem_probe_read *_Atomic given_up_reads;

    struct mishmem_allocator *allocator;
    pthread_mutex_t heap_lock;      /* collective heap calls vs. THREAD_MULTIPLE callers */

    struct mishmem_teams *teams;
    uint64_t spin_ns;               /* waits spin this long before yielding (0: yield at once) */
    uint64_t spin_alone_ns;         /* ... or this long while it is the process's only instance */
    uint64_t yield_ns;              /* then yield this long before sleeping */
    uint64_t sleep_max_ns;          /* and sleep at most this long before looking again */
    uint8_t amo_via_fabric;         /* AMOs on local PEs go through the fabric too (init/transports.c) */
    int balance;                    /* move yielding PEs off shared CPUs (progress/placement.h) */
    _Atomic uint64_t next_balance_ns;
    _Atomic int alone_on_cpu;       /* at the last look, no other awake PE of this instance shared our CPU */
    _Atomic uint64_t contended_until_ns; /* other programs hold the CPUs: waits sleep at once until then */
    _Atomic uint64_t contended_hold_ns;  /* how long the last long yield made that (progress/wait.h) */
    _Atomic uint64_t long_yields_since_ns; /* ... and when the long yields that count toward it began */
    _Atomic uint64_t long_yield_ns;        /* the time they took */
    uint32_t op_timeout_ms;
    struct mishmem_static_data static_data; /* the executable's globals: shmem_init world only */
    /* Failure of a peer (progress/wait.h): the shmem_init world ends
     * the process; any other instance is marked failed, once, and every
     * later wait on it ends at once. */
    int abort_on_failure;
    _Atomic int failed;
    int shmem_init_count;           /* shmem_init[_thread] calls not yet matched by shmem_finalize */
    /* What the transports see of this instance (transport/transport.h);
     * last, so that the fields above keep their places on the hot path. */
    struct mishmem_transport_ctx transport_ctx;
    /* The hosts of an instance that spans hosts, each with its lowest PE
     * (init/transports.c), for messages that name a peer's host; NULL on
     * one host. */
    struct mishmem_known_host *hosts;
    int n_hosts;
    /* Counters of what left the fast path (instance/stats.h); after the
     * hot fields for the same reason. */
    struct mishmem_stats stats;
    /* How long a wait yields before it sleeps where some peers are on
     * other hosts (n_unmapped; yield_ns elsewhere): last, off the hot
     * fields' places. */
    uint64_t remote_yield_ns;
};

static inline int mishmem_instance_failed(const struct mishmem_instance *inst)
{
    return __builtin_expect(atomic_load_explicit(&inst->failed, memory_order_acquire) != 0, 0);
}

static inline struct mishmem_control *mishmem_control_of(struct mishmem_instance *inst, int pe)
{
    return (struct mishmem_control *)inst->peers[pe].segment;
}

/* Where the symmetric address `addr` (in this PE's heap, or in the
 * executable's global data in the shmem_init world) lives on `pe`.
 * NULL when addr is neither. No syscall, no lock; the static data is
 * checked only when the heap check fails. */
static inline __attribute__((always_inline)) void *mishmem_translate(const struct mishmem_instance *inst,
                                                                     const void *addr, int pe)
{
    uint64_t offset = (uint64_t)((const char *)addr - inst->heap_base);
    if (__builtin_expect(offset < inst->heap_size, 1))
        return inst->peers[pe].segment + MISHMEM_CONTROL_SIZE + offset;
    return mishmem_static_translate(&inst->static_data, addr, pe);
}

/* Whether [addr, addr + len) is symmetric: in the heap, or in static data. */
static inline __attribute__((always_inline)) int mishmem_in_heap(const struct mishmem_instance *inst,
                                                                 const void *addr, uint64_t len)
{
    uint64_t offset = (uint64_t)((const char *)addr - inst->heap_base);
    if (__builtin_expect(offset < inst->heap_size && len <= inst->heap_size - offset, 1))
        return 1;
    return mishmem_static_range_of(&inst->static_data, addr, len) >= 0;
}

#endif
