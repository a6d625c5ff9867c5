/* Creating and finalizing instances. */
#ifndef MISHMEM_INIT_LIFECYCLE_H
#define MISHMEM_INIT_LIFECYCLE_H

#include "bootstrap/bootstrap.h"
#include "instance/instance.h"

/* Everything needed to build an instance, resolved and validated. */
struct mishmem_instance_params {
    uint64_t id;
    uint64_t heap_size;
    struct mishmem_bootstrap_config boot; /* my_pe, n_pes, address, secret, timeouts */
    struct mishmem_instance_key key;
    int static_data; /* 1: the executable's globals are symmetric too (the shmem_init world) */
};

/* Collective over the instance's PEs. A live id answers at once: SUCCESS
 * when the attributes match, INVALID_PARAM when they differ (WARN either
 * way), and never re-creates or switches anything. */
int mishmem_instance_init(const struct mishmem_instance_params *params, struct mishmem_instance **out);

/* Collective: waits for every PE (in their finalize only), then releases
 * the instance's memory, descriptors and sockets, and updates the current
 * instance. A failed instance (a peer died or left) releases at once
 * without waiting. Returns SUCCESS: nothing of the instance is left. */
int mishmem_instance_finalize(struct mishmem_instance *inst, const char *call);

#endif
