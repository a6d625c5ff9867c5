/* The one interface under the core: how a PE reaches a peer that it does
 * not map. A transport is chosen per peer when an instance is created
 * (init/transports.h); mapped peers (shared memory on this host) are
 * served inline by the core with load/store and never come here, so this
 * table is the path of every peer that is not: another host over the
 * fabric, or, for testing, a local peer with MISHMEM_PEERS_UNMAPPED=1.
 *
 * Remote memory is named by region and offset, never by address: the
 * segment (control area, then heap; the same layout on every PE) or the
 * executable's static data (the shmem_init world). A fabric registers both
 * and exchanges its keys in its part of the peer card. */
#ifndef MISHMEM_TRANSPORT_TRANSPORT_H
#define MISHMEM_TRANSPORT_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include <sys/types.h>

#include "bootstrap/bootstrap.h"
#include "heap/segment.h"
#include "heap/static_segment.h"
#include "mapped/amo_ops.h"
#include "mishmem/aclshmem.h"

enum mishmem_region { MISHMEM_REGION_SEGMENT, MISHMEM_REGION_STATIC };

/* Transports an instance may use at once (init/transports.c's table). */
#define MISHMEM_MAX_TRANSPORTS 4

/* How this PE reaches one peer (the instance's link slot for it): mapped
 * (segment != NULL: the core loads and stores in place), or through
 * `transport`, whose per-instance state is the instance's
 * transport_state[transport_index]. */
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
     * by host (core/coll/hier.c). 0 everywhere in an instance on one host. */
    int32_t host_first;
    /* To 64 bytes, a power of two: peers[pe] is then a shift, not a
     * multiply, on the AMO and RMA fast paths (padding, not an alignment
     * attribute: the array comes from calloc). */
    uint8_t padding[4];
};
_Static_assert(sizeof(struct mishmem_peer) == 64, "struct mishmem_peer: keep it 64 bytes (see padding)");

/* All a transport sees of its instance: who this PE is, the bootstrap for
 * its exchanges, the regions it serves (this PE's segment and, in the
 * shmem_init world, the executable's static data) and the link slots of
 * the peers (peers[pe].segment is where the shared-memory transport
 * publishes a mapping). The instance owns it; it lives as long as the
 * instance. */
struct mishmem_transport_ctx {
    uint64_t id;
    int my_pe;
    int n_pes;
    struct mishmem_bootstrap *boot;
    const struct mishmem_segment *segment;
    struct mishmem_static_data *static_data; /* the shm transport shares it (static_world.h) */
    struct mishmem_peer *peers;
    uint32_t op_timeout_ms;
    /* The instance's PEs on this PE's kernel (same boot id), itself
     * included: set from the first exchange's cards before the transports
     * between hosts open (0 before). */
    int pes_on_my_kernel;
    /* On every kernel of the instance its PEs there are no more than the
     * CPUs each of them may use: the same on every PE (from the same
     * cards), so that what is chosen by it agrees. Set with the above. */
    int every_kernel_fits;
};

struct mishmem_remote_addr {
    enum mishmem_region region;
    uint64_t offset;
};

/* What every PE tells the others about itself before a transport is
 * chosen for each pair (init/transports.c). */
struct mishmem_host_identity {
    char boot_id[40];    /* the kernel's boot id */
    uint64_t pidns_dev;  /* the PID namespace: a PID means the same process only inside it */
    uint64_t pidns_ino;
    char host_id[64];    /* MISHMEM_HOST_ID with %p replaced, or "" */
    /* uname's nodename: for messages that name a peer's host, never for
     * locality (hosts made of namespaces on one machine share it). */
    char nodename[65];
};

/* One host of an instance that spans hosts: its lowest PE (the
 * host_first of its PEs) and what it said of itself. */
struct mishmem_known_host {
    int32_t first;
    struct mishmem_host_identity identity;
};

struct mishmem_card_common {
    struct mishmem_host_identity host;
    int32_t pid;
    int32_t cpus;       /* the CPUs this process may use (util/cpus.h) */
    uint32_t available; /* bit t: transport t of the table opened in this process */
    uint64_t segment_size;
    uint64_t token; /* random per instance and PE, also written in the segment: proves a mapping's owner */
};

/* Every PE's card: the common part and each transport's own blob, at the
 * same place on every PE (the table of transports is the same in every
 * process of a build). */
struct mishmem_cards {
    const unsigned char *bytes; /* n_pes cards of card_size bytes */
    size_t card_size;
};

static inline const struct mishmem_card_common *mishmem_card_of(const struct mishmem_cards *cards, int pe)
{
    return (const struct mishmem_card_common *)(cards->bytes + (size_t)pe * cards->card_size);
}

/* Blocking transfers return once the local buffer may be reused and, for
 * gets, the data has arrived; NBI ones return at once (quiet completes
 * them). NBI_TRY (gets only, liveness probes): as NBI, but a transport
 * that cannot take it now returns ACLSHMEM_TIMEOUT_ERROR at once instead
 * of retrying for the peer timeout; the caller retries within its own
 * bound. NBI_WORD (puts only): as NBI, for a library word that its peer
 * waits for (barrier and collective flags): it arrives in issue order
 * with the rest, and a quiet need not wait for it (a transport that
 * confirms delivery by a flush at quiet leaves it out). */
enum mishmem_completion { MISHMEM_BLOCKING, MISHMEM_NBI, MISHMEM_NBI_TRY, MISHMEM_NBI_WORD };

struct mishmem_transport {
    const char *name;
    size_t blob_size; /* this transport's part of every card */
    /* 1: opened only when the instance spans hosts (a second exchange
     * then carries its blobs), so single-host instances never load it. */
    int between_hosts;
    /* Per instance, after the segment exists and before the exchange:
     * sets up local state (endpoint, registrations) and writes this PE's
     * blob. NOT_SUPPORTED: not usable in this process (the blob says so,
     * and no peer is given to it). Returns ACLSHMEM_*. */
    int (*open)(struct mishmem_transport_ctx *ctx, void *my_blob, void **state);
    /* Whether this transport reaches `pe`, given both cards and blobs. */
    int (*reaches)(const struct mishmem_transport_ctx *ctx, const struct mishmem_cards *cards, int pe,
                   const void *my_blob, const void *their_blob);
    /* Collective, called on every PE in table order whether or not this
     * PE has peers on it: connects to the peers given to it (their
     * peers[pe].transport is this one; for the shared-memory transport,
     * peers[pe].segment is set once they are mapped). precheck is this
     * PE's verdict so far: a failure anywhere fails every PE. */
    int (*connect)(struct mishmem_transport_ctx *ctx, void *state, const struct mishmem_cards *cards,
                   size_t blob_offset, int precheck);
    /* The executable's static data is now shared (ctx->static_data, the
     * shmem_init world only): make it reachable (register it). Optional. */
    int (*static_ready)(struct mishmem_transport_ctx *ctx, void *state);
    /* Releases everything open gave and connect made; safe when partial. */
    void (*close)(struct mishmem_transport_ctx *ctx, void *state);

    int (*put)(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
               enum mishmem_completion completion);
    int (*get)(void *state, int pe, void *dest, struct mishmem_remote_addr from, size_t len,
               enum mishmem_completion completion);
    /* op on the word `at` of pe; *fetched gets the old value (NULL: not wanted). */
    int (*amo)(void *state, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
               enum mishmem_datatype type, const void *operand, const void *cond, void *fetched);
    /* 1 when this transport's AMOs run on the target's CPU, so that they
     * are atomic with the target host's own __atomic operations (NULL: 1). */
    int (*atomics_on_cpu)(void *state);
    /* The data is delivered before the signal is seen. */
    int (*put_signal)(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                      struct mishmem_remote_addr signal_at, uint64_t signal, enum mishmem_signal_op op,
                      enum mishmem_completion completion);
    /* Every operation issued on this state is complete (quiet), or is
     * ordered before those issued later to the same peer (fence). */
    int (*quiet)(void *state);
    int (*fence)(void *state);
    /* Called by waits: drive what needs driving (manual progress). */
    void (*progress)(void *state);
    /* A wait of the instance goes to sleep (asleep 1; its doorbell is
     * armed) or has woken (0): a transport that can tell when its traffic
     * arrives may ring that doorbell. Optional. */
    void (*sleeping)(void *state, int asleep);
    /* The address of pe's copy of `at` in this process, or NULL (shmem_ptr). */
    void *(*direct_address)(void *state, int pe, struct mishmem_remote_addr at);
    /* pe's address on this transport as text, for messages that name a
     * peer (progress/failure.c): 0 when buf holds it. Optional. */
    int (*peer_address)(void *state, int pe, char *buf, size_t size);
};

#endif
