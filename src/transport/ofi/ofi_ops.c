#include "transport/ofi/ofi_ops.h"

#include <rdma/fi_atomic.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <sched.h>
#include <string.h>

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
    const struct mishmem_static_data *data = &ofi->inst->static_data;
    for (int r = 0; r < data->n_ranges; r++)
        if (at.offset - data->ranges[r].file_offset < data->ranges[r].size) {
            *addr = at.offset - data->ranges[r].file_offset;
            *key = peer->static_keys[r];
            return;
        }
    *addr = at.offset;
    *key = 0;
}

/* Reads errors off the queue: a failed operation ends the process with
 * what the provider says (the data path has no error channel). */
static void check_errors(struct mishmem_ofi_state *ofi)
{
    uint64_t errors = fi_cntr_readerr(ofi->cntr);
    if (errors == ofi->errors_seen)
        return;
    struct fi_cq_err_entry entry = {0};
    char text[256] = "";
    if (fi_cq_readerr(ofi->cq, &entry, 0) > 0)
        fi_cq_strerror(ofi->cq, entry.prov_errno, entry.err_data, text, sizeof text);
    mishmem_fatal("instance %llu: a libfabric operation failed: %s%s%s", (unsigned long long)ofi->inst->id,
                  fi_strerror(entry.err ? entry.err : FI_EOTHER), text[0] ? ": " : "", text);
}

/* Called by waits. Even with automatic progress this pays: the waiting
 * thread reads its sockets itself and sees a write at once, where the
 * provider's thread would first have to be woken and scheduled (an 8-byte
 * put ping-pong between two namespaces: 257 -> 19-28 us). */
void mishmem_ofi_progress(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    struct fi_cq_entry entry;
    (void)fi_cq_read(ofi->cq, &entry, 0); /* drives providers with manual progress */
    (void)fi_cntr_read(ofi->cntr);
}

/* Retries an operation that answers -FI_EAGAIN (queues full, a connection
 * being set up) while driving progress. */
#define OFI_RETRY(ofi, call)                                                       \
    ({                                                                             \
        ssize_t rc_;                                                               \
        unsigned tries_ = 0;                                                       \
        while ((rc_ = (call)) == -FI_EAGAIN) {                                     \
            mishmem_ofi_progress(ofi);                                             \
            if (++tries_ % 64 == 0)                                                \
                sched_yield();                                                     \
        }                                                                          \
        rc_;                                                                       \
    })

static int issued(struct mishmem_ofi_state *ofi, ssize_t rc, const char *what, int pe)
{
    if (rc != 0) {
        MISHMEM_ERROR("libfabric: %s to PE %d failed: %s", what, pe, fi_strerror((int)-rc));
        return ACLSHMEM_INNER_ERROR;
    }
    atomic_fetch_add_explicit(&ofi->issued, 1, memory_order_relaxed);
    return ACLSHMEM_SUCCESS;
}

/* How long one fi_cntr_wait may block before the errors are looked at. */
#define OFI_QUIET_WAIT_MS 100

int mishmem_ofi_quiet(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    uint64_t target = atomic_load_explicit(&ofi->issued, memory_order_relaxed);
    /* With automatic progress, block on the counter's wait object at once:
     * polling it from here contends with the provider's thread (an 8-byte
     * get took 5x as long). Manual: drive progress a while first. */
    for (unsigned spins = ofi->dom->auto_progress ? 256 : 0; fi_cntr_read(ofi->cntr) < target; spins++) {
        check_errors(ofi);
        if (spins < 256)
            mishmem_ofi_progress(ofi);
        else
            fi_cntr_wait(ofi->cntr, target, OFI_QUIET_WAIT_MS);
    }
    check_errors(ofi);
    return ACLSHMEM_SUCCESS;
}

int mishmem_ofi_fence(void *state)
{
    struct mishmem_ofi_state *ofi = state;
    return ofi->dom->ordered_writes ? ACLSHMEM_SUCCESS : mishmem_ofi_quiet(ofi);
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
    if (write && len <= ofi->dom->inject_size)
        return issued(ofi, OFI_RETRY(ofi, fi_inject_write(ofi->ep, local, len, dest, addr, key)), "a put", pe);
    int rc = ACLSHMEM_SUCCESS;
    for (size_t done = 0; rc == ACLSHMEM_SUCCESS && done < len;) {
        size_t piece = len - done < ofi->dom->max_msg ? len - done : ofi->dom->max_msg;
        char *buf = (char *)local + done;
        rc = issued(ofi,
                    write ? OFI_RETRY(ofi, fi_write(ofi->ep, buf, piece, NULL, dest, addr + done, key, NULL))
                          : OFI_RETRY(ofi, fi_read(ofi->ep, buf, piece, NULL, dest, addr + done, key, NULL)),
                    write ? "a put" : "a get", pe);
        done += piece;
    }
    if (rc == ACLSHMEM_SUCCESS && completion == MISHMEM_BLOCKING)
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
        rc = OFI_RETRY(ofi, fi_inject_atomic(ofi->ep, value, 1, dest, addr, key, dt, FI_ATOMIC_WRITE));
        return issued(ofi, rc, "an atomic", pe);
    case MISHMEM_AMO_COMPARE_SWAP:
        rc = OFI_RETRY(ofi, fi_compare_atomic(ofi->ep, value, 1, NULL, cond, NULL, out, NULL, dest, addr, key, dt,
                                              FI_CSWAP, NULL));
        break;
    default: {
        static const enum fi_op ops[] = {
            [MISHMEM_AMO_FETCH] = FI_ATOMIC_READ, [MISHMEM_AMO_SWAP] = FI_ATOMIC_WRITE,
            [MISHMEM_AMO_FETCH_ADD] = FI_SUM,     [MISHMEM_AMO_FETCH_AND] = FI_BAND,
            [MISHMEM_AMO_FETCH_OR] = FI_BOR,      [MISHMEM_AMO_FETCH_XOR] = FI_BXOR,
        };
        /* Nobody wants the old value: an update, like SET. */
        if (!fetched && op != MISHMEM_AMO_FETCH && op != MISHMEM_AMO_SWAP)
            return issued(ofi, OFI_RETRY(ofi, fi_inject_atomic(ofi->ep, value, 1, dest, addr, key, dt, ops[op])),
                          "an atomic", pe);
        rc = OFI_RETRY(ofi, fi_fetch_atomic(ofi->ep, value, 1, NULL, out, NULL, dest, addr, key, dt, ops[op], NULL));
    }
    }
    int done = issued(ofi, rc, "an atomic", pe);
    /* The old value is needed on return. */
    return done == ACLSHMEM_SUCCESS ? mishmem_ofi_quiet(ofi) : done;
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
