#include "transport/ofi/ofi_ops.h"

#include <errno.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <sched.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>

#include "util/clock.h"
#include "util/log.h"

/* Where `at` is on pe, as libfabric names it: an offset from the start of
 * the registration (or the peer's virtual address) and the key. */
static void target_of(const struct mishmem_ofi_state *ofi, int pe, struct mishmem_remote_addr at, uint64_t *addr,
                      uint64_t *key)
{
    const struct mishmem_ofi_peer *peer = &ofi->peers[pe];
    if (at.region == MISHMEM_REGION_SEGMENT) {
        *addr = (ofi->dom->virt_addr ? peer->segment_base : 0) + at.offset;
        *key = peer->segment_key;
        return;
    }
    const struct mishmem_static_data *data = ofi->ctx->static_data;
    for (int r = 0; r < data->n_ranges; r++)
        if (at.offset - data->ranges[r].file_offset < data->ranges[r].size) {
            *addr = at.offset - data->ranges[r].file_offset;
            *key = peer->static_keys[r];
            return;
        }
    *addr = at.offset;
    *key = 0;
}

/* A failed operation ends the process with what the provider says (the
 * data path has no error channel). */
static void fail_on(struct mishmem_ofi_state *ofi, const struct fi_cq_err_entry *entry_in)
{
    struct fi_cq_err_entry entry = *entry_in;
    char text[256] = "";
    if (entry.err)
        fi_cq_strerror(ofi->cq, entry.prov_errno, entry.err_data, text, sizeof text);
    const char *kind = entry.flags & FI_RECV     ? "a receive"
                       : entry.flags & FI_SEND   ? "a send"
                       : entry.flags & FI_ATOMIC ? "an atomic"
                       : entry.flags & FI_WRITE  ? "a write"
                       : entry.flags & FI_READ   ? "a read"
                                                 : "an operation";
    mishmem_fatal("instance %llu: %s over libfabric failed: %s%s%s", (unsigned long long)ofi->ctx->id, kind,
                  mishmem_ofi_strerror(entry.err ? entry.err : FI_EOTHER), text[0] ? ": " : "", text);
}

/* The provider's word for "the peer is gone": its connection was
 * cancelled, reset or refused. */
static int peer_gone(int err)
{
    return err == FI_ECANCELED || err == FI_ECONNRESET || err == FI_ECONNABORTED || err == FI_ECONNREFUSED ||
           err == FI_ENOTCONN || err == EPIPE || err == FI_EHOSTUNREACH;
}

/* Reads the error off the queue's head; the queue gives nothing behind
 * an error until it is read. A peer gone fails the operation's ticket
 * (its waiter names the peer) or, for a counted operation without one,
 * leaves it uncounted (the quiet that waits for it stalls and names the
 * peer that does not answer). tcp;ofi_rxm reports a write cancelled by
 * a peer's exit only here, not in the counter's error count: left at the
 * head, it held back the answer of every later read, and a live peer
 * read after it was named as exited. With atomics as messages a receive
 * buffer's error (a message too long, or cancelled at close) goes back
 * to ofi_am.c. Any other error ends the process. */
static void take_error(struct mishmem_ofi_state *ofi)
{
    struct fi_cq_err_entry entry = {0};
    if (fi_cq_readerr(ofi->cq, &entry, 0) <= 0) { /* already taken by another thread */
        atomic_store_explicit(&ofi->errors_seen, fi_cntr_readerr(ofi->cntr), memory_order_relaxed);
        return;
    }
    uint64_t context = (uint64_t)(uintptr_t)entry.op_context;
    if (entry.err && ofi->received && (context & OFI_RECEIVE_CONTEXT_BIT)) {
        ofi->received(ofi, context, 1);
        return;
    }
    if (entry.err && peer_gone(entry.err)) {
        MISHMEM_DEBUG("instance %llu: an operation over libfabric failed: %s (a peer is gone)",
                      (unsigned long long)ofi->ctx->id, mishmem_ofi_strerror(entry.err));
        if (context != 0)
            mishmem_ofi_ticket_answer(ofi, context, ACLSHMEMX_PEER_FAILED, 0);
        return;
    }
    fail_on(ofi, &entry);
}

/* Each look at the counter drives the provider's progress again (a system
 * call on the socket providers, 1.2 us on this VM): loops that read the
 * queue anyway look at the counter only every this many turns (an 8-byte
 * get and fetch_add across two namespaces: 6-8 % faster than looking at
 * every turn). */
#define OFI_COUNTER_LOOK_EVERY 16

static void check_errors(struct mishmem_ofi_state *ofi)
{
    uint64_t errors = fi_cntr_readerr(ofi->cntr);
    if (errors != atomic_load_explicit(&ofi->errors_seen, memory_order_relaxed))
        take_error(ofi);
}

/* Called by waits. Even with automatic progress this pays: the waiting
 * thread reads its sockets itself and sees a write at once, where the
 * provider's thread would first have to be woken and scheduled (an 8-byte
 * put ping-pong between two namespaces: 257 -> 40 us, as the bare probe). */
void mishmem_ofi_progress(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    /* One look in 1024 also reads the clock, so that a long wait gives
     * new TCP connections their retransmission floor (ofi_tcp_tune.h). */
    uint64_t looks = mishmem_ofi_app_active(ofi);
    if ((looks & 1023) == 0)
        (void)mishmem_ofi_clock(ofi);
    /* The queue's read drives the provider; the counter's drives it again,
     * which a wait's every turn need not pay for (an 8-byte get waited on
     * by a polling target: two system calls per turn). Now and then still,
     * for a provider that moves counted operations only there. */
    if (ofi->received)
        mishmem_ofi_drain(ofi); /* peers' atomics are applied here */
    else {
        struct fi_cq_entry entry;
        (void)fi_cq_read(ofi->cq, &entry, 0); /* drives providers with manual progress */
    }
    if ((looks % OFI_COUNTER_LOOK_EVERY) == 0)
        (void)fi_cntr_read(ofi->cntr);
}

/* Between refusals of a post: drive progress, yield now and then, and
 * give up (-FI_ETIMEDOUT) once the refusals have lasted the peer timeout.
 * *since is 0 before the first look at the clock. */
#define REFUSED_NAP_AFTER_NS 10000000ull /* 10 ms */
#define REFUSED_NAP_NS 1000000L          /* 1 ms */

ssize_t mishmem_ofi_refused(struct mishmem_ofi_state *ofi, unsigned tries, uint64_t *since, int nested)
{
    if (nested)
        (void)fi_cq_read(ofi->cq, NULL, 0);
    else
        mishmem_ofi_progress(ofi);
    if (tries % 64 != 0)
        return -FI_EAGAIN;
    sched_yield();
    uint64_t now = mishmem_ofi_clock(ofi);
    if (*since == 0)
        *since = now;
    if (now - *since >= ofi->dom->peer_timeout_ns)
        return -FI_ETIMEDOUT;
    /* Refused for a while: a connection attempt per try, as fast as the
     * CPU goes, only takes it from the PEs that have work. */
    if (now - *since >= REFUSED_NAP_AFTER_NS)
        nanosleep(&(struct timespec){.tv_nsec = REFUSED_NAP_NS}, NULL);
    return -FI_EAGAIN;
}

/* Posts an operation, counted first: a completion can then never stand in
 * for an operation not yet counted, so "the counter has caught up with
 * the count" means every operation posted so far is complete, whichever
 * thread posted it. Retries while the provider answers -FI_EAGAIN (queues
 * full, a connection being set up), driving progress, for at most the
 * peer timeout. */
#define OFI_POST(ofi, call)                                                        \
    ({                                                                             \
        atomic_fetch_add_explicit(&(ofi)->issued, 1, memory_order_seq_cst);        \
        OFI_POST_COUNTED(ofi, call);                                               \
    })
/* The same for an operation already counted. */
#define OFI_POST_COUNTED(ofi, call)                                                \
    ({                                                                             \
        ssize_t rc_;                                                               \
        unsigned tries_ = 0;                                                       \
        uint64_t since_ = 0;                                                       \
        while ((rc_ = (call)) == -FI_EAGAIN && mishmem_ofi_refused((ofi), ++tries_, &since_, 0) == -FI_EAGAIN) \
            ;                                                                      \
        rc_ == -FI_EAGAIN ? -FI_ETIMEDOUT : rc_;                                   \
    })

/* The answer of a post; a failed one is taken off the count. A peer that
 * never took it is reported by the core (core/remote.c), which knows the
 * operation and whether the instance may fail alone. */
static int posted(struct mishmem_ofi_state *ofi, ssize_t rc, const char *what, int pe)
{
    if (rc == -FI_ETIMEDOUT) {
        atomic_fetch_sub_explicit(&ofi->issued, 1, memory_order_seq_cst);
        return ACLSHMEMX_PEER_FAILED;
    }
    if (rc != 0) {
        atomic_fetch_sub_explicit(&ofi->issued, 1, memory_order_seq_cst);
        MISHMEM_ERROR("libfabric: %s to PE %d failed: %s", what, pe, mishmem_ofi_strerror((int)-rc));
        return ACLSHMEM_INNER_ERROR;
    }
    return ACLSHMEM_SUCCESS;
}

/* Unacknowledged puts (flush_reads) cost the caller nothing until a
 * quiet, and a provider may queue them without bound: libfabric 1.17's
 * `net` took puts to a peer behind a lasting cut for good (a put and
 * fence loop grew and never failed, hosts_faults_cut_kinds_sync), where
 * tcp;ofi_rxm's full queue refuses them and the refusals time out. So
 * every this many puts without a quiet, the put that reaches it quiets:
 * one round trip per peer written, for thousands of puts. */
#define OFI_UNFLUSHED_MAX 4096u

/* After a write to pe has been posted (flush_reads): the next quiet reads
 * from pe. Marked after the post, so that a quiet that clears the mark
 * comes after the write. 1 when the puts since the last quiet reached
 * OFI_UNFLUSHED_MAX (the caller quiets). */
static int mark_written(struct mishmem_ofi_state *ofi, int pe)
{
    if (!ofi->dom->flush_reads)
        return 0;
    _Atomic int *written = &ofi->peers[pe].written;
    if (!atomic_load_explicit(written, memory_order_relaxed) && !atomic_exchange_explicit(written, 1, memory_order_seq_cst))
        atomic_fetch_add_explicit(&ofi->written_peers, 1, memory_order_seq_cst);
    return atomic_fetch_add_explicit(&ofi->unflushed_puts, 1, memory_order_relaxed) + 1 == OFI_UNFLUSHED_MAX;
}

/* One read of 8 bytes from each peer written since the last quiet, counted
 * like any operation: the provider orders it after those writes, so once
 * the counter has caught up they have landed. */
static int flush_written(struct mishmem_ofi_state *ofi)
{
    if (!ofi->dom->flush_reads)
        return ACLSHMEM_SUCCESS;
    atomic_store_explicit(&ofi->unflushed_puts, 0, memory_order_relaxed);
    if (atomic_load_explicit(&ofi->written_peers, memory_order_seq_cst) == 0)
        return ACLSHMEM_SUCCESS;
    int rc = ACLSHMEM_SUCCESS;
    for (int pe = 0; pe < ofi->ctx->n_pes; pe++) {
        if (!atomic_load_explicit(&ofi->peers[pe].written, memory_order_relaxed))
            continue;
        /* Counted before the mark is taken: another thread's quiet that
         * finds the mark gone then also waits for this read. */
        atomic_fetch_add_explicit(&ofi->issued, 1, memory_order_seq_cst);
        if (!atomic_exchange_explicit(&ofi->peers[pe].written, 0, memory_order_seq_cst)) {
            atomic_fetch_sub_explicit(&ofi->issued, 1, memory_order_seq_cst);
            continue;
        }
        atomic_fetch_sub_explicit(&ofi->written_peers, 1, memory_order_seq_cst);
        uint64_t addr, key;
        target_of(ofi, pe, (struct mishmem_remote_addr){.region = MISHMEM_REGION_SEGMENT, .offset = 0}, &addr,
                  &key);
        int one = posted(ofi,
                         OFI_POST_COUNTED(ofi, fi_read(ofi->ep, &ofi->flush_sink, sizeof ofi->flush_sink, NULL,
                                                       ofi->peers[pe].addr, addr, key, NULL)),
                         "a quiet's read", pe);
        if (rc == ACLSHMEM_SUCCESS)
            rc = one;
    }
    return rc;
}

/* Where AMOs are messages, the end of a quiet or a fence also waits for
 * the answers of the AMOs sent (ofi_state.h's settle). */
static int settled(struct mishmem_ofi_state *ofi)
{
    return ofi->settle ? ofi->settle(ofi) : ACLSHMEM_SUCCESS;
}

/* How long one fi_cntr_wait may block before the errors are looked at. */
#define OFI_QUIET_WAIT_MS 100
/* Manual progress: how long a quiet blocks on the sockets between looks. */
#define OFI_QUIET_BLOCK_MS 1

int mishmem_ofi_quiet(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    /* Done once the counter has caught up with the count at some moment:
     * a snapshot taken on entry could be met by other threads' later
     * operations while one of ours is still in flight. With automatic
     * progress, block on the counter's wait object at once: polling it
     * from here contends with the provider's thread (an 8-byte get took
     * 5x as long). Manual: drive progress, then block on the sockets. */
    unsigned spins = ofi->dom->driven ? 0 : 256;
    int flushed = flush_written(ofi);
    if (flushed != ACLSHMEM_SUCCESS)
        return flushed;
    /* Nothing posted since that needs waiting for: no look at the counter,
     * which drives the provider again (a system call, twice with the error
     * count). A failed post takes its count back, so equal counts mean
     * nothing else has been posted since. */
    if (atomic_load_explicit(&ofi->issued, memory_order_seq_cst) ==
        atomic_load_explicit(&ofi->quiet_upto, memory_order_seq_cst))
        return settled(ofi);
    /* No completion for the peer timeout gives up (pieces are small
     * enough to complete well within it, see OFI_PIECE_MAX). */
    struct mishmem_ofi_stall stall = {0};
    for (;;) {
        uint64_t target = atomic_load_explicit(&ofi->issued, memory_order_seq_cst);
        uint64_t count = fi_cntr_read(ofi->cntr);
        if (count >= target) {
            atomic_store_explicit(&ofi->quiet_upto, target, memory_order_seq_cst);
            break;
        }
        /* A blocking wait (automatic progress) looks every turn. */
        if (!ofi->dom->driven || spins % OFI_COUNTER_LOOK_EVERY == 0)
            check_errors(ofi);
        if (spins++ < 256) {
            mishmem_ofi_progress(ofi);
            continue;
        }
        if (!ofi->dom->driven) {
            fi_cntr_wait(ofi->cntr, target, OFI_QUIET_WAIT_MS);
        } else {
            /* Manual: drive it ourselves, blocking on the sockets between
             * looks. rxm's counter wait does not wake on its sockets'
             * traffic: each block lasted its whole bound (hosts_hier_2_2 ran
             * out of time); yielding instead kept every quiet of an
             * oversubscribed host on the CPU (hosts_hier_2_2 took twice as
             * long beside other tests). The bound covers work the provider
             * has queued without a socket to show it. */
            mishmem_ofi_await_traffic(ofi, OFI_QUIET_BLOCK_MS);
            mishmem_ofi_progress(ofi);
        }
        if (mishmem_ofi_stalled(&stall, count, mishmem_ofi_clock(ofi), ofi->dom->peer_timeout_ns))
            return ACLSHMEMX_PEER_FAILED;
    }
    check_errors(ofi);
    return settled(ofi);
}

int mishmem_ofi_fence(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    if (!ofi->dom->ordered_writes)
        return mishmem_ofi_quiet(ofi);
    /* Ordered writes, but a message is applied when the target reads its
     * queue, after writes that came behind it may have landed: a fence
     * waits for the answers of the atomics before it. */
    return settled(ofi);
}

/* An operation whose result the caller waits for (a blocking get, a
 * fetching atomic) waits for its own completion, named by its ticket in
 * the CQ, not for the counter: with threads posting at once the counter
 * caught up while such a read was still in flight (test_threads over
 * MISHMEM_HOST_ID=h%p read stale data 11 runs in 12). Whichever thread
 * reads an entry marks its ticket done. */
/* A slot is reused OFI_TICKETS tickets later. Its waiter may look long
 * after its completion was recorded (a thread off the CPU on a loaded
 * host): meanwhile other threads' tickets went round the ring, a later
 * one overwrote the slot and the waiter waited for the peer timeout on a
 * completion it had had (mt_locking, 4 PEs of 16 threads over
 * MISHMEM_HOST_ID=h%p: "PE 0 exited ... while PE 1 was in an atomic").
 * So a waiter releases its slot (RELEASED) once it has read its answer,
 * and a new ticket waits for its slot's previous ticket to be released. */
#define OFI_TICKET_RELEASED (UINT64_C(1) << 63)

/* What ticket t's slot holds from t's taking to its completion: the
 * previous ticket released (nothing before the first round). */
static uint64_t slot_awaiting(uint64_t ticket)
{
    return ticket > OFI_TICKETS ? (ticket - OFI_TICKETS) | OFI_TICKET_RELEASED : 0;
}

uint64_t mishmem_ofi_take_ticket(struct mishmem_ofi_state *ofi)
{
    uint64_t ticket = atomic_fetch_add_explicit(&ofi->next_ticket, 1, memory_order_relaxed) + 1;
    _Atomic uint64_t *slot = &ofi->completed[ticket % OFI_TICKETS];
    /* Its waiter drives its own completion: only yield to it. */
    while (atomic_load_explicit(slot, memory_order_acquire) != slot_awaiting(ticket))
        sched_yield();
    return ticket;
}

int mishmem_ofi_ticket_awaited(struct mishmem_ofi_state *ofi, uint64_t ticket)
{
    return atomic_load_explicit(&ofi->completed[ticket % OFI_TICKETS], memory_order_relaxed) ==
           slot_awaiting(ticket);
}

static void ticket_complete(struct mishmem_ofi_state *ofi, uint64_t ticket)
{
    /* Only while the slot awaits it: not over the ticket given up on
     * (released before it completed), nor over a later ticket's. */
    uint64_t awaiting = slot_awaiting(ticket);
    atomic_compare_exchange_strong_explicit(&ofi->completed[ticket % OFI_TICKETS], &awaiting, ticket,
                                            memory_order_release, memory_order_relaxed);
}

void mishmem_ofi_ticket_answer(struct mishmem_ofi_state *ofi, uint64_t ticket, int status, uint64_t value)
{
    /* A late answer (its waiter gave up) must not overwrite those of the
     * ticket that took its slot since. */
    if (!mishmem_ofi_ticket_awaited(ofi, ticket))
        return;
    ofi->am_value[ticket % OFI_TICKETS] = value;
    ofi->ticket_status[ticket % OFI_TICKETS] = status;
    ticket_complete(ofi, ticket);
}

int mishmem_ofi_ticket_done(struct mishmem_ofi_state *ofi, uint64_t ticket)
{
    return atomic_load_explicit(&ofi->completed[ticket % OFI_TICKETS], memory_order_acquire) == ticket;
}

void mishmem_ofi_ticket_release(struct mishmem_ofi_state *ofi, uint64_t ticket)
{
    atomic_store_explicit(&ofi->completed[ticket % OFI_TICKETS], ticket | OFI_TICKET_RELEASED,
                          memory_order_release);
}

void mishmem_ofi_drain(struct mishmem_ofi_state *ofi)
{
    struct fi_cq_entry entries[16];
    ssize_t n = fi_cq_read(ofi->cq, entries, 16);
    for (ssize_t i = 0; i < n; i++) {
        uint64_t ticket = (uint64_t)(uintptr_t)entries[i].op_context;
        if (ofi->received && (ticket & OFI_RECEIVE_CONTEXT_BIT))
            ofi->received(ofi, ticket, 0);
        else if (ticket != 0) /* net also queues entries for writes that asked for none */
            mishmem_ofi_ticket_answer(ofi, ticket, ACLSHMEM_SUCCESS, 0);
    }
    /* An error at the head holds back the completions behind it. */
    if (n == -FI_EAVAIL)
        take_error(ofi);
}

/* A reply to a peer that has died never comes, and nothing says so: the
 * wait gives up after the peer timeout, plus the time len bytes take at a
 * crawl (10 MB/s), and the core fails the instance. The buffer is then
 * given up on too: only a peer slower than that would still write it. */
#define OFI_CRAWL_NS_PER_BYTE 100

int mishmem_ofi_wait_own(struct mishmem_ofi_state *ofi, int rc, uint64_t ticket, size_t len)
{
    uint64_t deadline = 0;
    for (unsigned spins = 0;
         rc == ACLSHMEM_SUCCESS &&
         !mishmem_ofi_ticket_done(ofi, ticket);
         spins++) {
        mishmem_ofi_app_active(ofi);
        mishmem_ofi_drain(ofi);
        if (spins % OFI_COUNTER_LOOK_EVERY == 0)
            check_errors(ofi);
        if (spins <= 64)
            continue;
        /* The clock at every yield: on a loaded machine one yield can
         * last a time slice of every runnable thread, and 64 of them
         * between looks can outlast the peer timeout itself. */
        sched_yield();
        uint64_t now = mishmem_ofi_clock(ofi);
        if (deadline == 0)
            deadline = now + ofi->dom->peer_timeout_ns + (uint64_t)len * OFI_CRAWL_NS_PER_BYTE;
        else if (now >= deadline)
            return ACLSHMEMX_PEER_FAILED;
    }
    /* A ticket completes with a status: its completion's (or a message
     * answer's), or a peer gone (take_error). */
    if (rc == ACLSHMEM_SUCCESS)
        rc = ofi->ticket_status[ticket % OFI_TICKETS];
    return rc;
}

static int read_and_wait(struct mishmem_ofi_state *ofi, int pe, void *buf, size_t len, fi_addr_t dest,
                         uint64_t addr, uint64_t key)
{
    uint64_t ticket = mishmem_ofi_take_ticket(ofi);
    struct iovec iov = {.iov_base = buf, .iov_len = len};
    struct fi_rma_iov remote = {.addr = addr, .len = len, .key = key};
    struct fi_msg_rma msg = {.msg_iov = &iov, .iov_count = 1, .addr = dest, .rma_iov = &remote,
                             .rma_iov_count = 1, .context = (void *)(uintptr_t)ticket};
    int rc = mishmem_ofi_wait_own(ofi, posted(ofi, OFI_POST(ofi, fi_readmsg(ofi->ep, &msg, FI_COMPLETION)), "a get", pe),
                                  ticket, len);
    mishmem_ofi_ticket_release(ofi, ticket);
    return rc;
}

/* A small write or result-less atomic, copied out at once (FI_INJECT).
 * A write is counted as the domain says (dom->write_flags: at once where a
 * quiet's flush reads confirm delivery, else when delivered); an atomic
 * when delivered (FI_DELIVERY_COMPLETE): fi_inject_write and
 * fi_inject_atomic count at once, so quiet did not wait for them (a lock
 * across hosts lost updates: the next owner read the old value). */
static ssize_t inject_write(struct mishmem_ofi_state *ofi, const void *buf, size_t len, fi_addr_t dest,
                            uint64_t addr, uint64_t key)
{
    struct iovec iov = {.iov_base = (void *)buf, .iov_len = len};
    struct fi_rma_iov remote = {.addr = addr, .len = len, .key = key};
    struct fi_msg_rma msg = {.msg_iov = &iov, .iov_count = 1, .addr = dest, .rma_iov = &remote,
                             .rma_iov_count = 1};
    return fi_writemsg(ofi->ep, &msg, FI_INJECT | ofi->dom->write_flags);
}

static ssize_t inject_atomic(struct mishmem_ofi_state *ofi, const void *value, fi_addr_t dest, uint64_t addr,
                             uint64_t key, enum fi_datatype dt, enum fi_op op)
{
    struct fi_ioc operand = {.addr = (void *)value, .count = 1};
    struct fi_rma_ioc remote = {.addr = addr, .count = 1, .key = key};
    struct fi_msg_atomic msg = {.msg_iov = &operand, .iov_count = 1, .addr = dest, .rma_iov = &remote,
                                .rma_iov_count = 1, .datatype = dt, .op = op};
    return fi_atomicmsg(ofi->ep, &msg, FI_INJECT | FI_DELIVERY_COMPLETE);
}

/* One put (write) or get (read) of len bytes, in pieces the provider
 * accepts; a blocking one returns once it is complete (the source may be
 * reused, the data has arrived). */
static int transfer(struct mishmem_ofi_state *ofi, int write, int pe, struct mishmem_remote_addr at, void *local,
                    size_t len, enum mishmem_completion completion)
{
    uint64_t addr, key;
    target_of(ofi, pe, at, &addr, &key);
    fi_addr_t dest = ofi->peers[pe].addr;
    /* A small put is copied out at once: it is complete for the caller
     * (the source may be reused) and the next quiet delivers it. */
    if (write && len <= ofi->dom->inject_size) {
        uint64_t before = atomic_fetch_add_explicit(&ofi->issued, 1, memory_order_seq_cst);
        int rc = posted(ofi, OFI_POST_COUNTED(ofi, inject_write(ofi, local, len, dest, addr, key)), "a put", pe);
        /* Counted at once where flush reads confirm delivery: a quiet that
         * follows only such writes need not look at the counter (a barrier
         * across hosts is a quiet and a word written). */
        uint64_t upto = before;
        if (rc == ACLSHMEM_SUCCESS && ofi->dom->flush_reads)
            atomic_compare_exchange_strong_explicit(&ofi->quiet_upto, &upto, before + 1, memory_order_seq_cst,
                                                    memory_order_relaxed);
        if (rc == ACLSHMEM_SUCCESS && completion != MISHMEM_NBI_WORD && mark_written(ofi, pe))
            rc = mishmem_ofi_quiet(ofi);
        return rc;
    }
    if (!write && completion == MISHMEM_NBI_TRY && len <= ofi->dom->max_msg) {
        /* One try (transport.h): refused, it is not counted. */
        atomic_fetch_add_explicit(&ofi->issued, 1, memory_order_seq_cst);
        ssize_t one = fi_read(ofi->ep, local, len, NULL, dest, addr, key, NULL);
        if (one != -FI_EAGAIN)
            return posted(ofi, one, "a get", pe);
        atomic_fetch_sub_explicit(&ofi->issued, 1, memory_order_seq_cst);
        mishmem_ofi_progress(ofi);
        return ACLSHMEM_TIMEOUT_ERROR;
    }
    int rc = ACLSHMEM_SUCCESS, wait_own_reads = !write && completion == MISHMEM_BLOCKING;
    for (size_t done = 0; rc == ACLSHMEM_SUCCESS && done < len;) {
        size_t piece = len - done < ofi->dom->max_msg ? len - done : ofi->dom->max_msg;
        piece = piece < OFI_PIECE_MAX ? piece : OFI_PIECE_MAX;
        char *buf = (char *)local + done;
        if (wait_own_reads)
            rc = read_and_wait(ofi, pe, buf, piece, dest, addr + done, key);
        else
            rc = posted(ofi,
                        write ? OFI_POST(ofi, fi_write(ofi->ep, buf, piece, NULL, dest, addr + done, key, NULL))
                              : OFI_POST(ofi, fi_read(ofi->ep, buf, piece, NULL, dest, addr + done, key, NULL)),
                        write ? "a put" : "a get", pe);
        done += piece;
    }
    /* Marked also after a failure: part of it may be on its way. */
    int quiet_now = write && completion != MISHMEM_NBI_WORD && mark_written(ofi, pe);
    if (rc == ACLSHMEM_SUCCESS && write && (completion == MISHMEM_BLOCKING || quiet_now))
        rc = mishmem_ofi_quiet(ofi);
    return rc;
}

int mishmem_ofi_put(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                    enum mishmem_completion completion)
{
    return transfer(state, 1, pe, to, (void *)source, len, completion);
}

int mishmem_ofi_get(void *state, int pe, void *dest, struct mishmem_remote_addr from, size_t len,
                    enum mishmem_completion completion)
{
    return transfer(state, 0, pe, from, dest, len, completion);
}

static enum fi_op fabric_op(enum mishmem_amo_op op)
{
    switch (op) {
    case MISHMEM_AMO_FETCH:
        return FI_ATOMIC_READ;
    case MISHMEM_AMO_SET:
    case MISHMEM_AMO_SWAP:
        return FI_ATOMIC_WRITE;
    case MISHMEM_AMO_COMPARE_SWAP:
        return FI_CSWAP;
    case MISHMEM_AMO_FETCH_ADD:
        return FI_SUM;
    case MISHMEM_AMO_FETCH_AND:
        return FI_BAND;
    case MISHMEM_AMO_FETCH_OR:
        return FI_BOR;
    case MISHMEM_AMO_FETCH_XOR:
        break;
    }
    return FI_BXOR;
}

static enum fi_datatype fabric_type(enum mishmem_datatype type)
{
    switch (type) {
    case MISHMEM_DT_UINT32:
        return FI_UINT32;
    case MISHMEM_DT_INT32:
        return FI_INT32;
    case MISHMEM_DT_INT64:
        return FI_INT64;
    case MISHMEM_DT_FLOAT:
        return FI_FLOAT;
    case MISHMEM_DT_DOUBLE:
        return FI_DOUBLE;
    case MISHMEM_DT_UINT64:
        break;
    }
    return FI_UINT64;
}

int mishmem_ofi_amo(void *state, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                    enum mishmem_datatype type, const void *operand, const void *cond, void *fetched)
{
    struct mishmem_ofi_state *ofi = state;
    if (ofi->message_amo)
        return ofi->message_amo(ofi, pe, at, op, type, operand, cond, fetched);
    uint64_t addr, key, zero = 0, result = 0;
    target_of(ofi, pe, at, &addr, &key);
    fi_addr_t dest = ofi->peers[pe].addr;
    enum fi_datatype dt = fabric_type(type);
    const void *value = operand ? operand : &zero;
    void *out = fetched ? fetched : &result;
    ssize_t rc;
    switch (op) {
    case MISHMEM_AMO_SET:
        /* Returns nothing: copied out at once, ordered by the next fence
         * or quiet like a put. */
        rc = OFI_POST(ofi, inject_atomic(ofi, value, dest, addr, key, dt, FI_ATOMIC_WRITE));
        return posted(ofi, rc, "an atomic", pe);
    case MISHMEM_AMO_COMPARE_SWAP:
        break;
    default:
        /* Nobody wants the old value: an update, like SET. */
        if (!fetched && op != MISHMEM_AMO_FETCH && op != MISHMEM_AMO_SWAP)
            return posted(ofi, OFI_POST(ofi, inject_atomic(ofi, value, dest, addr, key, dt, fabric_op(op))),
                          "an atomic", pe);
    }
    /* The old value is needed on return. */
    uint64_t ticket = mishmem_ofi_take_ticket(ofi);
    struct fi_ioc operand_ioc = {.addr = (void *)value, .count = 1}, result_ioc = {.addr = out, .count = 1};
    struct fi_ioc cond_ioc = {.addr = (void *)cond, .count = 1};
    struct fi_rma_ioc remote = {.addr = addr, .count = 1, .key = key};
    struct fi_msg_atomic msg = {.msg_iov = &operand_ioc, .iov_count = 1, .addr = dest, .rma_iov = &remote,
                                .rma_iov_count = 1, .datatype = dt, .op = fabric_op(op),
                                .context = (void *)(uintptr_t)ticket};
    if (op == MISHMEM_AMO_COMPARE_SWAP)
        rc = OFI_POST(ofi, fi_compare_atomicmsg(ofi->ep, &msg, &cond_ioc, NULL, 1, &result_ioc, NULL, 1, FI_COMPLETION));
    else
        rc = OFI_POST(ofi, fi_fetch_atomicmsg(ofi->ep, &msg, &result_ioc, NULL, 1, FI_COMPLETION));
    int status = mishmem_ofi_wait_own(ofi, posted(ofi, rc, "an atomic", pe), ticket, mishmem_datatype_size(type));
    mishmem_ofi_ticket_release(ofi, ticket);
    return status;
}

int mishmem_ofi_put_signal(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                           struct mishmem_remote_addr signal_at, uint64_t signal, enum mishmem_signal_op op,
                           enum mishmem_completion completion)
{
    struct mishmem_ofi_state *ofi = state;
    /* The data must land before the signal: issue order does it where
     * writes are ordered, else the data's delivery is waited for. */
    int rc = len ? mishmem_ofi_put(ofi, pe, to, source, len, ofi->dom->ordered_writes ? MISHMEM_NBI : MISHMEM_BLOCKING)
                 : ACLSHMEM_SUCCESS;
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    rc = mishmem_ofi_amo(ofi, pe, signal_at, op == MISHMEM_SIGNAL_SET_OP ? MISHMEM_AMO_SET : MISHMEM_AMO_FETCH_ADD,
                         MISHMEM_DT_UINT64, &signal, NULL, NULL);
    /* Blocking: the source may be reused on return (a small one already was copied). */
    if (rc == ACLSHMEM_SUCCESS && completion == MISHMEM_BLOCKING && len > ofi->dom->inject_size)
        rc = mishmem_ofi_quiet(ofi);
    return rc;
}
