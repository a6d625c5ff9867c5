#include "core/remote.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "mapped/amo_word.h"
#include "progress/ring.h"
#include "progress/wait.h"
#include "util/log.h"

/* The transport's answer. One that could not reach pe at all (it keeps
 * refusing: the process is gone) fails the instance, or ends the process
 * in the shmem_init world, here where the operation is known. */
static int reached(struct mishmem_instance *inst, int pe, int rc, const char *operation)
{
    if (__builtin_expect(rc == ACLSHMEMX_PEER_FAILED, 0))
        mishmem_peer_unreachable(inst, pe, operation);
    return rc;
}

int mishmem_remote_addr_of(const struct mishmem_instance *inst, const void *addr, size_t len,
                           struct mishmem_remote_addr *out)
{
    uint64_t offset = (uint64_t)((const char *)addr - inst->segment.base);
    if (offset < inst->segment.size && len <= inst->segment.size - offset) {
        *out = (struct mishmem_remote_addr){MISHMEM_REGION_SEGMENT, offset};
        return 1;
    }
    const struct mishmem_static_data *data = &inst->static_data;
    int r = mishmem_static_range_of(data, addr, len);
    if (r < 0)
        return 0;
    *out = (struct mishmem_remote_addr){MISHMEM_REGION_STATIC,
                                        data->ranges[r].file_offset + ((uintptr_t)addr - data->ranges[r].base)};
    return 1;
}

/* Checked by the callers: a failure here is the library's own bug. No
 * bytes at any address (NULL included: zero-length collectives pass it)
 * name the segment's start. */
static struct mishmem_remote_addr must_translate(const struct mishmem_instance *inst, const void *addr, size_t len)
{
    struct mishmem_remote_addr at;
    if (len == 0)
        return (struct mishmem_remote_addr){MISHMEM_REGION_SEGMENT, 0};
    if (!mishmem_remote_addr_of(inst, addr, len, &at))
        mishmem_fatal("internal: address %p (+%zu bytes) is not symmetric in instance %llu", addr, len,
                      (unsigned long long)inst->id);
    return at;
}

/* Where a mapped peer's copy is, or NULL for an unmapped one. */
static void *mapped_address(const struct mishmem_instance *inst, int pe, const void *addr)
{
    char *segment = inst->peers[pe].segment;
    if (!segment)
        return NULL;
    uint64_t offset = (uint64_t)((const char *)addr - inst->segment.base);
    if (offset < inst->segment.size)
        return segment + offset;
    return mishmem_static_translate(&inst->static_data, addr, pe);
}

/* Every hand-off to a transport is counted for it (instance/stats.h):
 * the program's operations and the library's own (portable collectives,
 * their signals, locks). */
static void count_via(struct mishmem_instance *inst, int transport_index, uint64_t bytes)
{
    mishmem_stats_add(&inst->stats.transport[transport_index], bytes);
}

static void *state_of(struct mishmem_instance *inst, int pe)
{
    return inst->transport_state[inst->peers[pe].transport_index];
}

/* Where an AMO on pe's word acts with a CPU atomic, or NULL when it goes
 * through the peer's AMO transport (core/amo/amo.h: amo_segment). */
static void *amo_address(const struct mishmem_instance *inst, int pe, const void *addr)
{
    return inst->peers[pe].amo_segment ? mapped_address(inst, pe, addr) : NULL;
}

static void *amo_state_of(struct mishmem_instance *inst, int pe)
{
    return inst->transport_state[inst->peers[pe].amo_transport_index];
}

int mishmem_remote_put(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                       enum mishmem_completion completion)
{
    void *direct = mapped_address(inst, pe, dest);
    if (direct) {
        memcpy(direct, source, len);
        mishmem_doorbell_ring_data(inst, pe);
        mishmem_doorbell_ring(inst, pe);
        return ACLSHMEM_SUCCESS;
    }
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    count_via(inst, inst->peers[pe].transport_index, len);
    return reached(inst, pe,
                   inst->peers[pe].transport->put(state_of(inst, pe), pe, must_translate(inst, dest, len), source,
                                                  len, completion),
                   "a put");
}

int mishmem_remote_get(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                       enum mishmem_completion completion)
{
    const void *direct = mapped_address(inst, pe, source);
    if (direct) {
        memcpy(dest, direct, len);
        return ACLSHMEM_SUCCESS;
    }
    if (len == 0)
        return ACLSHMEM_SUCCESS;
    count_via(inst, inst->peers[pe].transport_index, len);
    return reached(inst, pe,
                   inst->peers[pe].transport->get(state_of(inst, pe), pe, dest, must_translate(inst, source, len),
                                                  len, completion),
                   "a get");
}

/* A strided get from a peer reached through its transport, with the
 * source elements close together (at most GATHER_STEP bytes apart): whole
 * runs of up to GATHER_SPAN bytes are read, gaps included, and the
 * elements picked out here, one transfer per run instead of one per
 * element (tcp;ofi_rxm pays a message for each). Returns 1 when it did
 * not apply (the caller moves element by element), else the status. */
#define GATHER_SPAN 65536
#define GATHER_STEP 4096
static int gathered_get(struct mishmem_instance *inst, int pe, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems, size_t elem)
{
    size_t step = (size_t)sst * elem;
    struct mishmem_remote_addr at;
    if (sst < 1 || elem > GATHER_STEP || step > GATHER_STEP || mapped_address(inst, pe, source) ||
        !mishmem_remote_addr_of(inst, source, (nelems - 1) * step + elem, &at))
        return 1;
    char *run = malloc(GATHER_SPAN);
    if (!run)
        return 1;
    size_t per_run = (GATHER_SPAN - elem) / step + 1;
    int rc = ACLSHMEM_SUCCESS;
    for (size_t i = 0; rc == ACLSHMEM_SUCCESS && i < nelems; i += per_run) {
        size_t k = nelems - i < per_run ? nelems - i : per_run;
        rc = mishmem_remote_get(inst, pe, run, (const char *)source + i * step, (k - 1) * step + elem,
                                MISHMEM_BLOCKING);
        for (size_t j = 0; rc == ACLSHMEM_SUCCESS && j < k; j++)
            memcpy((char *)dest + (ptrdiff_t)(i + j) * dst * (ptrdiff_t)elem, run + j * step, elem);
    }
    free(run);
    return rc;
}

/* Contiguous runs go as one transfer, close strided sources of a get as
 * a few (gathered_get); otherwise one per element, all non-blocking,
 * completed together. put: dest is pe's, else source is. */
static int remote_strided(struct mishmem_instance *inst, int put, int pe, void *dest, const void *source,
                          ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem)
{
    int (*move)(struct mishmem_instance *, int, void *, const void *, size_t, enum mishmem_completion) =
        put ? mishmem_remote_put : mishmem_remote_get;
    if (dst == 1 && sst == 1)
        return move(inst, pe, dest, source, nelems * elem, MISHMEM_BLOCKING);
    if (!put && nelems > 1) {
        int rc = gathered_get(inst, pe, dest, source, dst, sst, nelems, elem);
        if (rc != 1)
            return rc;
    }
    int rc = ACLSHMEM_SUCCESS;
    for (size_t i = 0; rc == ACLSHMEM_SUCCESS && i < nelems; i++)
        rc = move(inst, pe, (char *)dest + (ptrdiff_t)i * dst * (ptrdiff_t)elem,
                  (const char *)source + (ptrdiff_t)i * sst * (ptrdiff_t)elem, elem, MISHMEM_NBI);
    int quiet = inst->peers[pe].transport->quiet(state_of(inst, pe));
    return rc == ACLSHMEM_SUCCESS ? quiet : rc;
}

int mishmem_remote_iput(struct mishmem_instance *inst, int pe, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems, size_t elem)
{
    return remote_strided(inst, 1, pe, dest, source, dst, sst, nelems, elem);
}

int mishmem_remote_iget(struct mishmem_instance *inst, int pe, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems, size_t elem)
{
    return remote_strided(inst, 0, pe, dest, source, dst, sst, nelems, elem);
}

int mishmem_remote_amo(struct mishmem_instance *inst, int pe, enum mishmem_amo_op op, void *target, size_t size,
                       const void *operand, const void *cond, void *fetched)
{
    void *direct = amo_address(inst, pe, target);
    if (direct) {
        mishmem_amo_on_word(op, direct, size, operand, cond, fetched);
        if (op != MISHMEM_AMO_FETCH) {
            mishmem_doorbell_ring_data(inst, pe);
            mishmem_doorbell_ring(inst, pe);
        }
        return ACLSHMEM_SUCCESS;
    }
    count_via(inst, inst->peers[pe].amo_transport_index, size);
    return reached(inst, pe,
                   inst->peers[pe].amo_transport->amo(amo_state_of(inst, pe), pe,
                                                      must_translate(inst, target, size), op,
                                                      mishmem_datatype_of_size(size), operand, cond, fetched),
                   "an atomic");
}

int mishmem_remote_put_signal(struct mishmem_instance *inst, int pe, void *dest, const void *source, size_t len,
                              uint64_t *sig_addr, uint64_t signal, enum mishmem_signal_op op,
                              enum mishmem_completion completion)
{
    if (inst->peers[pe].amo_transport != inst->peers[pe].transport) {
        /* A mapped peer whose words take fabric atomics: the data lands
         * (a copy) before the signal's AMO is issued. */
        int rc = len ? mishmem_remote_put(inst, pe, dest, source, len, MISHMEM_BLOCKING) : ACLSHMEM_SUCCESS;
        return rc != ACLSHMEM_SUCCESS ? rc
                                      : mishmem_remote_amo(inst, pe,
                                                           op == MISHMEM_SIGNAL_SET_OP ? MISHMEM_AMO_SET
                                                                                       : MISHMEM_AMO_FETCH_ADD,
                                                           sig_addr, sizeof *sig_addr, &signal, NULL, NULL);
    }
    count_via(inst, inst->peers[pe].transport_index, len + sizeof signal);
    return reached(inst, pe,
                   inst->peers[pe].transport->put_signal(state_of(inst, pe), pe, must_translate(inst, dest, len),
                                                         source, len, must_translate(inst, sig_addr, sizeof *sig_addr),
                                                         signal, op, completion),
                   "a put-with-signal");
}

void mishmem_remote_word_set(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word, uint64_t value)
{
    _Atomic uint64_t *direct = amo_address(inst, pe, (void *)word);
    if (direct) {
        atomic_store_explicit(direct, value, memory_order_release);
        mishmem_doorbell_ring(inst, pe);
        return;
    }
    if (mishmem_instance_failed(inst))
        return; /* its waits end at once; the peer may be the one that is gone */
    /* A peer not mapped here: a plain write, not an atomic (with atomics
     * as messages, a request and its answer). Every word set here has
     * one writer, only grows, and its reader waits for "at least": a
     * look at a half-landed write can show a value that large only once
     * bytes of the new value are there, i.e. after the writer sent it.
     * Its reader waits for it, so no quiet needs it (NBI_WORD). */
    int rc = inst->peers[pe].amo_transport == inst->peers[pe].transport
                 ? mishmem_remote_put(inst, pe, (void *)word, &value, sizeof value, MISHMEM_NBI_WORD)
                 : mishmem_remote_amo(inst, pe, MISHMEM_AMO_SET, (void *)word, sizeof value, &value, NULL, NULL);
    if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEMX_PEER_FAILED) /* that one failed the instance already */
        mishmem_fatal("cannot signal PE %d of instance %llu (%d)", pe, (unsigned long long)inst->id, rc);
}

void mishmem_remote_word_add(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word, uint64_t value)
{
    _Atomic uint64_t *direct = amo_address(inst, pe, (void *)word);
    if (direct) {
        atomic_fetch_add_explicit(direct, value, memory_order_release);
        mishmem_doorbell_ring(inst, pe);
        return;
    }
    if (mishmem_instance_failed(inst))
        return; /* its waits end at once; the peer may be the one that is gone */
    int rc = mishmem_remote_amo(inst, pe, MISHMEM_AMO_FETCH_ADD, (void *)word, sizeof value, &value, NULL, NULL);
    if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEMX_PEER_FAILED) /* that one failed the instance already */
        mishmem_fatal("cannot signal PE %d of instance %llu (%d)", pe, (unsigned long long)inst->id, rc);
}

uint64_t mishmem_remote_word_fetch(struct mishmem_instance *inst, int pe, _Atomic uint64_t *word)
{
    _Atomic uint64_t *direct = amo_address(inst, pe, (void *)word);
    if (direct)
        return atomic_load_explicit(direct, memory_order_acquire);
    uint64_t value = 0;
    int rc = mishmem_remote_amo(inst, pe, MISHMEM_AMO_FETCH, (void *)word, sizeof value, NULL, NULL, &value);
    if (rc != ACLSHMEM_SUCCESS && rc != ACLSHMEMX_PEER_FAILED)
        mishmem_fatal("cannot read a word of PE %d of instance %llu (%d)", pe, (unsigned long long)inst->id, rc);
    return value;
}

void *mishmem_remote_direct_address(struct mishmem_instance *inst, int pe, const void *addr)
{
    void *direct = mapped_address(inst, pe, addr);
    if (direct || !inst->peers[pe].transport->direct_address)
        return direct;
    struct mishmem_remote_addr at;
    if (!mishmem_remote_addr_of(inst, addr, 1, &at))
        return NULL;
    return inst->peers[pe].transport->direct_address(state_of(inst, pe), pe, at);
}
