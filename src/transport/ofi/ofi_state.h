/* The libfabric transport's state: the process's domain and, per
 * instance, the endpoint and what each peer announced. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_STATE_H
#define MISHMEM_TRANSPORT_OFI_OFI_STATE_H

#include <pthread.h>
#include <rdma/fabric.h>
#include <rdma/fi_domain.h>
#include <stdatomic.h>
#include <stddef.h>

#include "transport/ofi/ofi.h"
#include "transport/ofi/ofi_lib.h"
#include "transport/ofi/ofi_tcp_tune.h"
#include "util/clock.h"

#define MISHMEM_OFI_ADDR_MAX 96
/* More than the threads that wait on one instance's operations at once. */
#define OFI_TICKETS 1024
/* Bytes of an atomic's message (ofi_am.c): the provider must inject that many. */
#define MISHMEM_OFI_AM_MESSAGE_SIZE 48
/* A completion whose context has this bit names a receive buffer (the
 * rest is its index), not a ticket: tickets never reach it. */
#define OFI_RECEIVE_CONTEXT_BIT ((uint64_t)1 << 63)
/* Pieces complete one by one, so that a quiet sees completions often
 * enough to tell a slow transfer from a dead peer: 4 MiB take 10 ms at
 * the 0.4 GB/s of these machines' veth pair. */
#define OFI_PIECE_MAX ((size_t)4 << 20)

/* The process-wide part: opened with the first instance that needs it. */
struct mishmem_ofi_domain {
    struct fi_info *info;
    struct fid_fabric *fabric;
    struct fid_domain *domain;
    int virt_addr;   /* FI_MR_VIRT_ADDR: remote addresses are the peer's virtual addresses */
    int prov_key;    /* FI_MR_PROV_KEY: the provider picks keys */
    int mr_endpoint; /* FI_MR_ENDPOINT: registrations bind to the endpoint */
    uint64_t key_mask;
    size_t max_msg;
    int cpu_atomics; /* atomics run on the target's CPU: coherent with its own */
    int auto_progress;  /* the provider moves data without our calls */
    int amo_messages;   /* AMOs are messages the target applies (ofi_am.h) */
    int driven;         /* our threads move data: manual progress, or messages to serve */
    int ordered_writes; /* writes and atomics to one peer land in issue order */
    /* Puts complete once the provider has them (no acknowledgement from
     * the target); a quiet then reads from each peer written since the
     * last one, and the provider's read-after-write order makes that read
     * come back after the writes have landed (ofi_ops.c). Else every write
     * is acknowledged (FI_DELIVERY_COMPLETE), the counter counts the
     * acknowledgements and a quiet waits for them. */
    int flush_reads;
    uint64_t write_flags; /* completion flags of every write: FI_INJECT_COMPLETE or FI_DELIVERY_COMPLETE */
    size_t inject_size; /* puts and atomics up to this size return at once */
    /* A post that the provider keeps refusing this long (-FI_EAGAIN: it
     * cannot connect) names a dead peer: rxm retries a connection to a
     * process that has gone forever, and reports nothing. */
    uint64_t peer_timeout_ns;
    const char *why; /* why this provider (ofi_provider.h), for SHMEM_DEBUG */
    char progress_why[160]; /* why this progress (ofi_progress_choice.h), for SHMEM_DEBUG */
    /* A provider allows a domain only so many endpoints and queues: the
     * instances that find a shared one full open theirs in `next`, a
     * domain of the same fabric and info (clone: it owns neither). The
     * domains of instances our threads drive, one each, chain there too. */
    int instances;
    int clone;
    struct mishmem_ofi_domain *next;
};

/* What a PE announces: its endpoint and its registrations. */
struct mishmem_ofi_blob {
    uint32_t addr_len;
    uint32_t n_static;
    /* Every PE of an instance must use the same provider, and the same
     * kind of atomics: a different setting on another host is refused. */
    char provider[32];
    uint32_t amo_messages;
    /* Named so that the initializer zeroes it: padding would go to the
     * peers as whatever the stack held. */
    uint32_t reserved;
    uint8_t addr[MISHMEM_OFI_ADDR_MAX];
    uint64_t segment_key;
    uint64_t segment_base;
    uint64_t static_keys[MISHMEM_STATIC_MAX_RANGES];
};
_Static_assert(offsetof(struct mishmem_ofi_blob, segment_key) ==
                   offsetof(struct mishmem_ofi_blob, addr) + MISHMEM_OFI_ADDR_MAX,
               "the card sent to peers has no hidden padding");

struct mishmem_ofi_peer {
    fi_addr_t addr;
    _Atomic int written; /* flush_reads: written since the last quiet */
    uint64_t segment_key, segment_base;
    uint64_t static_keys[MISHMEM_STATIC_MAX_RANGES];
};

struct mishmem_ofi_state {
    struct mishmem_transport_ctx *ctx;
    struct mishmem_ofi_domain *dom;
    struct fid_ep *ep;
    struct fid_av *av;
    struct fid_cq *cq;
    struct fid_cntr *cntr;
    struct fid_mr *segment_mr;
    struct fid_mr *static_mr[MISHMEM_STATIC_MAX_RANGES];
    uint64_t static_keys[MISHMEM_STATIC_MAX_RANGES]; /* mine, chosen at open */
    struct mishmem_ofi_peer *peers;                  /* n_pes */
    /* Published whole once connect has filled it; NULL: not wanted, or not TCP (ofi_tcp_tune.h). */
    _Atomic(struct mishmem_ofi_tcp_tune *) tcp_tune;
    _Atomic uint64_t issued;                         /* operations counted by cntr */
    /* Operations before this count need no quiet: a quiet saw them
     * complete, or they were complete when posted (ofi_ops.c). */
    _Atomic uint64_t quiet_upto;
    _Atomic int written_peers; /* flush_reads: peers with `written` set */
    _Atomic uint32_t unflushed_puts; /* flush_reads: puts since the last quiet (OFI_UNFLUSHED_MAX) */
    uint64_t flush_sink;       /* where a quiet's flush reads land */
    _Atomic uint64_t errors_seen; /* written by whichever thread takes an error */
    /* Operations whose caller waits for their own completion carry a
     * ticket as their context, not a pointer to the caller's stack: one
     * given up on (its peer gone) may still complete, and then writes only
     * here. Ticket t is complete when completed[t % OFI_TICKETS] == t; its
     * waiter then releases the slot for t + OFI_TICKETS (ofi_ops.c). */
    _Atomic uint64_t next_ticket;
    _Atomic uint64_t completed[OFI_TICKETS];
    /* How each ticket completed: ACLSHMEM_SUCCESS, a message answer's
     * status, or ACLSHMEMX_PEER_FAILED when its peer is gone (ofi_ops.c). */
    int ticket_status[OFI_TICKETS];
    /* Manual progress (ofi_driver.h): the application's threads drive the
     * endpoint while they are in the library; the driver thread only
     * while none is. app_activity is bumped whenever an application thread
     * drives it, sleepers counts those asleep in a wait of the instance. */
    _Atomic uint64_t app_activity;
    _Atomic int sleepers;
    _Atomic int driver_parked;  /* standing by on wake_fd: a new sleeper writes it */
    _Atomic int driver_serving; /* blocked on the fabric: the application's return writes it */
    _Atomic int driver_stop;
    int driver_running;
    int wake_fd;   /* eventfd that ends the driver's blocking */
    int cq_wait_fd;   /* the queue has a wait object: its own (FI_WAIT_FD) or wait_set */
    /* The queue's wait set, where the provider takes one: a look into it
     * (fi_wait with no time) clears its signal, which fi_trywait does not
     * on every provider (ofi_driver.c). NULL: the queue's own FI_WAIT_FD. */
    struct fid_wait *wait_set;
    int fabric_fd;    /* its wait object (readable on traffic), -1: none */
    _Atomic int fabric_fd_noisy; /* readable at once after every serve: not worth polling */
    unsigned readable_in_a_row;  /* the driver's serves that found the fd readable at once: towards noisy */
    unsigned noisy_looks;        /* the driver's looks while noisy: towards a recheck */
    uint64_t driver_seen; /* the driver's last look at app_activity */
    pthread_t driver;
    /* AMOs as messages (ofi_am.h): the posted receive buffers, the requests
     * sent and answered, and a fetching request's answer by ticket. */
    struct mishmem_ofi_am_message *am_buffers;
    _Atomic uint64_t am_sent, am_answered;
    uint64_t am_value[OFI_TICKETS];
    /* Set by ofi_am.c when AMOs are messages, so that the data path
     * (ofi_ops.c), below it, hands them over without knowing it: who takes
     * a receive's completion (failed: an error entry), who carries an AMO,
     * who waits until every AMO sent has its answer. */
    void (*received)(struct mishmem_ofi_state *ofi, uint64_t context, int failed);
    int (*message_amo)(struct mishmem_ofi_state *ofi, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                       enum mishmem_datatype type, const void *operand, const void *cond, void *fetched);
    int (*settle)(struct mishmem_ofi_state *ofi);
};

/* An application thread drives the endpoint: the driver keeps off, and
 * leaves the fabric now if it was blocked there (ofi_driver.c). */
void mishmem_ofi_driver_kick(struct mishmem_ofi_state *ofi);
static inline uint64_t mishmem_ofi_app_active(struct mishmem_ofi_state *ofi)
{
    uint64_t before = atomic_fetch_add_explicit(&ofi->app_activity, 1, memory_order_relaxed);
    if (__builtin_expect(atomic_load_explicit(&ofi->driver_serving, memory_order_relaxed), 0))
        mishmem_ofi_driver_kick(ofi);
    return before;
}

/* An application thread that waits for the fabric (a quiet) blocks until
 * it has traffic, for at most ms; yields instead where the provider cannot
 * tell (no wait object, or events it has not signalled yet). In
 * ofi_driver.c, which owns the wait object. */
void mishmem_ofi_await_traffic(struct mishmem_ofi_state *ofi, int ms);

/* A count that must keep moving while a quiet or a settle waits for it
 * (completions, answers): operations to a peer that died never complete
 * and nothing says so, so no change for the peer timeout gives up. */
struct mishmem_ofi_stall {
    uint64_t last, since_ns; /* since_ns 0: not looked yet */
};
/* The clock, as a wait of the instance reads it: the endpoint's TCP
 * connections made since the last look get their retransmission floor
 * then (ofi_tcp_tune.h; libfabric makes them lazily, in the waits). */
static inline uint64_t mishmem_ofi_clock(struct mishmem_ofi_state *ofi)
{
    uint64_t now = mishmem_now_ns();
    mishmem_ofi_tcp_tune_scan(atomic_load_explicit(&ofi->tcp_tune, memory_order_acquire), now);
    return now;
}

static inline int mishmem_ofi_stalled(struct mishmem_ofi_stall *stall, uint64_t count, uint64_t now_ns,
                                      uint64_t timeout_ns)
{
    if (stall->since_ns == 0 || count != stall->last) {
        stall->last = count, stall->since_ns = now_ns;
        return 0;
    }
    return now_ns - stall->since_ns >= timeout_ns;
}

/* A domain for an instance whose every kernel fits its CPUs (transport.h),
 * or for the others (the first opens the fabric; which providers come
 * first differs, ofi_provider.h): one of its own when our threads drive
 * its endpoint, else the one all such instances share. NULL with *rc set.
 * pes_on_kernel (ofi_progress_choice.h) chooses its progress and n_pes
 * libfabric's universe size: the first instance that opens it decides
 * for every later one of the process. */
struct mishmem_ofi_domain *mishmem_ofi_domain_get(int *rc, int pes_on_kernel, int every_kernel_fits, int n_pes);
/* The domain after `full`, for an instance that could not open its
 * endpoint in `full` while other instances hold it: the instance moves
 * there. NULL (with *rc set) when `full` held no other instance (the
 * failure is not about room) or no further domain opens. */
struct mishmem_ofi_domain *mishmem_ofi_domain_spill(struct mishmem_ofi_domain *full, int *rc);
void mishmem_ofi_domain_put(struct mishmem_ofi_domain *dom);

#endif
