/* Global and static data of the executable, symmetric in the shmem_init
 * world: every PE shares its own and maps its local peers'. */
#ifndef MISHMEM_TRANSPORT_SHM_STATIC_WORLD_H
#define MISHMEM_TRANSPORT_SHM_STATIC_WORLD_H

#include "transport/transport.h"

/* Collective over the world's PEs, after the heap is attached (it uses the
 * peers' pidfds). Returns ACLSHMEM_*, agreed by every PE. When this
 * process's data is already shared by another live world, every PE goes on
 * without symmetric static data (logged). */
int mishmem_static_world_attach(struct mishmem_transport_ctx *ctx);

/* Unmaps the peers' data; safe on an instance that never attached. */
void mishmem_static_world_release(struct mishmem_transport_ctx *ctx);

#endif
