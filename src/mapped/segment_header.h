/* The start of every PE's segment, the part that transports and the
 * progress layer read on peers: who owns the segment, whether its PE has
 * departed, is finalizing or has failed, the finalize barrier's words, the
 * doorbell its sleepers wait on and where it runs. The core's sync areas
 * follow it (instance/instance.h: struct mishmem_control), then the heap. */
#ifndef MISHMEM_MAPPED_SEGMENT_HEADER_H
#define MISHMEM_MAPPED_SEGMENT_HEADER_H

#include <stdatomic.h>
#include <stdint.h>

#include "mapped/flag.h"

/* Enough dissemination rounds for ACLSHMEM_MAX_PES (2^14). */
#define MISHMEM_BARRIER_ROUNDS 15

/* A PE's sleeping waiters (mapped/doorbell.h): the futex word, bumped by
 * every wake, and whether someone sleeps there waiting for data (user
 * waits) or for the library's own sync words (barriers, collectives,
 * locks). The first ring clears the flag, later ones cost one load. */
struct mishmem_doorbell {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint32_t rings;
    _Atomic uint32_t armed[2]; /* by enum mishmem_wait_kind */
};

/* Where a PE last saw itself run, and whether it sleeps in a wait
 * (progress/placement.h). Its own line: written only while waiting. */
struct mishmem_placement {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic int32_t cpu_plus_one; /* 0: not known */
    _Atomic uint32_t asleep;                                   /* threads asleep in a wait */
};

struct mishmem_segment_header {
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
     * wait in vain (progress/wait.h). */
    struct mishmem_flag finalizing;
    /* Set when this PE found the instance failed (a peer died or left):
     * its peers' waits end too. */
    struct mishmem_flag failed;
    /* The finalize barrier's words (core/sync.c): finalize pairs with
     * nothing but another PE's finalize. A dissemination among the PEs of
     * this PE's host, then one among the hosts' first PEs, which then
     * release the others of their host. */
    struct mishmem_flag finalize_round[MISHMEM_BARRIER_ROUNDS];
    struct mishmem_flag finalize_host_round[MISHMEM_BARRIER_ROUNDS];
    struct mishmem_flag finalize_release;
    /* The same meeting of the hosts' first PEs, and their release of the
     * others, at the end of init (core/sync.c's mishmem_leaders_meet). */
    struct mishmem_flag init_host_round[MISHMEM_BARRIER_ROUNDS];
    struct mishmem_flag init_release;
    struct mishmem_doorbell doorbell;
    struct mishmem_placement placement;
};

#endif
