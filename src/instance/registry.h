/* The slot table of live instances and the current-instance selection.
 * Lookups are lock-free (one or two loads); changes take the registry lock. */
#ifndef MISHMEM_INSTANCE_REGISTRY_H
#define MISHMEM_INSTANCE_REGISTRY_H

#include <stdatomic.h>
#include <stdint.h>

#include "instance/instance.h"

/* A reserved slot whose instance is still being built. */
#define MISHMEM_SLOT_BUILDING ((struct mishmem_instance *)1)

extern struct mishmem_instance *_Atomic mishmem_slots[ACLSHMEM_MAX_INSTANCES];
extern struct mishmem_instance *_Atomic mishmem_process_current;
/* Instances published and not yet released in this process. */
extern _Atomic int mishmem_published_instances;

/* id + 1 of this thread's override, 0 when none. Read by every call:
 * initial-exec, so that reading it is one load, not a __tls_get_addr
 * call (the library is loaded with the program, or with the few bytes of
 * static TLS that dlopen keeps for such variables). */
extern _Thread_local uint16_t mishmem_thread_override __attribute__((tls_model("initial-exec")));

/* The live instance with this id, or NULL. */
static inline struct mishmem_instance *mishmem_instance_lookup(uint64_t id)
{
    if (id > ACLSHMEM_MAX_INSTANCE_ID)
        return NULL;
    struct mishmem_instance *inst = atomic_load_explicit(&mishmem_slots[id], memory_order_acquire);
    return inst == MISHMEM_SLOT_BUILDING ? NULL : inst;
}

/* The instance this thread acts on: its override if set, else the
 * process-wide current one. NULL when there is none. */
static inline struct mishmem_instance *mishmem_current(void)
{
    uint16_t override = mishmem_thread_override;
    if (override)
        return mishmem_instance_lookup(override - 1u);
    return atomic_load_explicit(&mishmem_process_current, memory_order_acquire);
}

void mishmem_registry_lock(void);
void mishmem_registry_unlock(void);
/* With the lock held: reserve a free id for building, publish, release. */
void mishmem_registry_reserve_locked(uint64_t id);
void mishmem_registry_publish(struct mishmem_instance *inst);
void mishmem_registry_release_slot(uint64_t id);
/* The registry entry while the lock is held (may be MISHMEM_SLOT_BUILDING). */
struct mishmem_instance *mishmem_registry_slot_locked(uint64_t id);
int mishmem_registry_live_count(void);

/* Current-instance switches (ACLSHMEM_* results). */
int mishmem_set_process_current(uint64_t id);
int mishmem_set_thread_current(uint64_t id);
void mishmem_clear_thread_current(void);
/* The default instance: 0, or the world that shmem_init built elsewhere
 * (SHMEM_WORLD_INSTANCE_ID), so unmodified programs run in any instance. */
void mishmem_set_default_instance(uint64_t id);
/* After inst is gone: the process-wide current falls back to the default
 * instance, or none when it is gone too; this thread's override is dropped. */
void mishmem_forget_current(struct mishmem_instance *inst);

#endif
