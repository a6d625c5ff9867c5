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
#include "heap/static_segment.h"
#include "mishmem/aclshmem.h"

#define MISHMEM_CACHE_LINE 64
/* Enough dissemination rounds for ACLSHMEM_MAX_PES (2^14). */
#define MISHMEM_BARRIER_ROUNDS 15

/* A flag alone on its cache line, so that pollers do not share lines. */
struct mishmem_flag {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint64_t value;
};

/* A PE's sleeping waiters (core/doorbell.h): the futex word, bumped by
 * every wake, and whether someone sleeps there waiting for data (user
 * waits) or for the library's own sync words (barriers, collectives,
 * locks). The first ring clears the flag, later ones cost one load. */
struct mishmem_doorbell {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint32_t rings;
    _Atomic uint32_t armed[2]; /* by enum mishmem_wait_kind */
};

/* Where a PE last saw itself run, and whether it sleeps in a wait
 * (core/placement.h). Its own line: written only while waiting. */
struct mishmem_placement {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic int32_t cpu_plus_one; /* 0: not known */
    _Atomic uint32_t asleep;                                   /* threads asleep in a wait */
};

/* Teams: every team owns one slot index, agreed by its members when it is
 * created (core/team_split.c), and each member's control area holds that
 * slot's sync state. Slot 0 is the world team, slot 1 the shared team. */
#define MISHMEM_TEAM_SLOTS 4096
#define MISHMEM_TEAM_SCRATCH_WORDS 136

/* One team's sync words on one PE. Never reset: a team that reuses the
 * slot starts its epochs above every epoch the words may still hold
 * (core/team_split.c), and from then on they only grow. */
struct mishmem_team_sync {
    struct mishmem_flag barrier[MISHMEM_BARRIER_ROUNDS]; /* dissemination: one writer each */
    struct mishmem_flag arrive;                          /* owner: last op whose input is ready */
    struct mishmem_flag result;                          /* owner: last op whose output is ready */
    struct mishmem_flag done;                            /* peers add 1 when done with my buffers */
    _Alignas(MISHMEM_CACHE_LINE) uint64_t scratch[MISHMEM_TEAM_SCRATCH_WORDS]; /* small values for peers */
};

/* Collectives of small teams stage their data (core/coll_stage.h): each
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
    /* Who owns this segment: checked by every PE that maps it, so that a
     * PID that names another process than the one that announced it is
     * never taken for the peer. */
    struct {
        uint64_t token;
        uint64_t instance_id;
        int64_t pe;
    } owner;
    /* Set once this PE has passed its finalize barrier: its exit is then a
     * normal departure, not a peer dying under a wait. */
    struct mishmem_flag departed;
    /* Set when this PE enters finalize: from then on it writes no sync word
     * but finalize_round's, so a peer waiting for one of its words will
     * wait in vain (transport/shm/wait.h). */
    struct mishmem_flag finalizing;
    /* Set when this PE found the instance failed (a peer died or left):
     * its peers' waits end too. */
    struct mishmem_flag failed;
    /* The finalize barrier's dissemination words: finalize pairs with
     * nothing but another PE's finalize. */
    struct mishmem_flag finalize_round[MISHMEM_BARRIER_ROUNDS];
    struct mishmem_doorbell doorbell;
    struct mishmem_placement placement;
    /* Active-set collectives (core/coll_active_set.c): a value this PE
     * publishes to the set, and the signals from each PE, counted. */
    struct mishmem_flag active_set_value;
    _Alignas(4096) _Atomic uint64_t active_set_signal[ACLSHMEM_MAX_PES];
    /* Written when this PE enters finalize (before `finalizing`): each live
     * team's op_epoch, the flag-based collectives it has begun. A peer that
     * waits for the "done"s of a later op of that team knows this PE will
     * not send one (core/coll_flags.h). */
    _Alignas(4096) _Atomic uint64_t final_op_epoch[MISHMEM_TEAM_SLOTS];
    _Alignas(4096) struct mishmem_team_sync teams[MISHMEM_TEAM_SLOTS];
    _Alignas(4096) struct mishmem_stage_slot stage[MISHMEM_STAGE_TEAM_SLOTS];
};

/* Rounded to 2 MiB so that the heap after it stays well aligned. */
#define MISHMEM_CONTROL_ALIGN ((uint64_t)2 << 20)
#define MISHMEM_CONTROL_SIZE                                                                     \
    ((sizeof(struct mishmem_control) + MISHMEM_CONTROL_ALIGN - 1) / MISHMEM_CONTROL_ALIGN *      \
     MISHMEM_CONTROL_ALIGN)

/* How this PE reaches one peer: mapped (segment != NULL: the core loads
 * and stores in place), or through `transport` (transport/transport.h),
 * whose per-instance state is inst->transport_state[transport_index]. */
struct mishmem_transport;
struct mishmem_peer {
    char *segment;
    /* segment when AMOs on this peer's words are CPU atomics, else NULL:
     * AMOs then go through amo_transport (an unmapped peer, or every PE
     * when the instance's fabric atomics are not coherent with the CPU's). */
    char *amo_segment;
    const struct mishmem_transport *transport;
    int transport_index;
    const struct mishmem_transport *amo_transport;
    int amo_transport_index;
    pid_t pid; /* in this PE's PID namespace; 0 when the peer is on another host */
    int pidfd; /* readable once the peer has exited: liveness for waits; -1 if none */
    uint8_t same_host; /* transport/locality.h: shares this PE's host (mapped or not) */
    /* The lowest PE on this peer's host: the same on every PE (it comes
     * from the cards all PEs exchanged), so collectives can group members
     * by host (core/coll_hier.h). 0 everywhere in an instance on one host. */
    int32_t host_first;
    /* To 64 bytes, a power of two: peers[pe] is then a shift, not a
     * multiply, on the AMO and RMA fast paths (padding, not an alignment
     * attribute: the array comes from calloc). */
    uint8_t padding[4];
};
_Static_assert(sizeof(struct mishmem_peer) == 64, "struct mishmem_peer: keep it 64 bytes (see padding)");

/* Transports an instance may use at once (transport/select.c's table). */
#define MISHMEM_MAX_TRANSPORTS 4

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
    int n_unmapped;                 /* peers reached through a transport, not by load/store */
    void *transport_state[MISHMEM_MAX_TRANSPORTS]; /* by the table of transport/select.c */
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
    uint8_t amo_via_fabric;         /* AMOs on local PEs go through the fabric too (transport/select.c) */
    int balance;                    /* move yielding PEs off shared CPUs (core/placement.h) */
    _Atomic uint64_t next_balance_ns;
    _Atomic int alone_on_cpu;       /* at the last look, no other awake PE of this instance shared our CPU */
    _Atomic uint64_t contended_until_ns; /* other programs hold the CPUs: waits sleep at once until then */
    _Atomic uint64_t contended_hold_ns;  /* how long the last long yield made that (core/wait.h) */
    _Atomic uint64_t long_yields_since_ns; /* ... and when the long yields that count toward it began */
    _Atomic uint64_t long_yield_ns;        /* the time they took */
    uint32_t op_timeout_ms;
    struct mishmem_static_data static_data; /* the executable's globals: shmem_init world only */
    /* Failure of a peer (transport/shm/wait.h): the shmem_init world ends
     * the process; any other instance is marked failed, once, and every
     * later wait on it ends at once. */
    int abort_on_failure;
    _Atomic int failed;
    int shmem_init_count;           /* shmem_init[_thread] calls not yet matched by shmem_finalize */
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
