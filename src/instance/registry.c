#include "instance/registry.h"

#include <pthread.h>
#include <stdio.h>

#include "util/log.h"

struct mishmem_instance *_Atomic mishmem_slots[ACLSHMEM_MAX_INSTANCES];
struct mishmem_instance *_Atomic mishmem_process_current;
_Atomic int mishmem_published_instances;
_Thread_local uint16_t mishmem_thread_override __attribute__((tls_model("initial-exec")));

static pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t default_instance_id; /* guarded by registry_mutex */

/* Every log line names the instance and PE the calling thread acts on. */
static void log_prefix(char *buf, unsigned long size)
{
    struct mishmem_instance *inst = mishmem_current();
    if (inst)
        snprintf(buf, size, "instance %llu PE %d/%d", (unsigned long long)inst->id, inst->my_pe,
                 inst->n_pes);
    else
        snprintf(buf, size, "no instance");
}

__attribute__((constructor)) static void registry_install_log_prefix(void)
{
    mishmem_log_set_prefix(log_prefix);
}

void mishmem_registry_lock(void) { pthread_mutex_lock(&registry_mutex); }
void mishmem_registry_unlock(void) { pthread_mutex_unlock(&registry_mutex); }

struct mishmem_instance *mishmem_registry_slot_locked(uint64_t id)
{
    return atomic_load_explicit(&mishmem_slots[id], memory_order_relaxed);
}

void mishmem_registry_reserve_locked(uint64_t id)
{
    atomic_store_explicit(&mishmem_slots[id], MISHMEM_SLOT_BUILDING, memory_order_relaxed);
}

void mishmem_registry_publish(struct mishmem_instance *inst)
{
    mishmem_registry_lock();
    atomic_store_explicit(&mishmem_slots[inst->id], inst, memory_order_release);
    atomic_fetch_add_explicit(&mishmem_published_instances, 1, memory_order_relaxed);
    /* The first instance of a process becomes current, so a single-instance
     * program needs no ctx_set; later ones never switch the caller. */
    if (atomic_load_explicit(&mishmem_process_current, memory_order_relaxed) == NULL)
        atomic_store_explicit(&mishmem_process_current, inst, memory_order_release);
    mishmem_registry_unlock();
}

void mishmem_registry_release_slot(uint64_t id)
{
    mishmem_registry_lock();
    struct mishmem_instance *was = atomic_exchange_explicit(&mishmem_slots[id], NULL, memory_order_acq_rel);
    if (was != NULL && was != MISHMEM_SLOT_BUILDING)
        atomic_fetch_sub_explicit(&mishmem_published_instances, 1, memory_order_relaxed);
    mishmem_registry_unlock();
}

int mishmem_registry_live_count(void)
{
    int live = 0;
    for (int i = 0; i < ACLSHMEM_MAX_INSTANCES; i++)
        live += atomic_load_explicit(&mishmem_slots[i], memory_order_relaxed) != NULL;
    return live;
}

int mishmem_set_process_current(uint64_t id)
{
    mishmem_registry_lock();
    struct mishmem_instance *inst = mishmem_instance_lookup(id);
    if (inst)
        atomic_store_explicit(&mishmem_process_current, inst, memory_order_release);
    mishmem_registry_unlock();
    if (!inst) {
        MISHMEM_ERROR("aclshmemx_instance_ctx_set(%llu): no live instance has this id; current "
                      "instance unchanged", (unsigned long long)id);
        return id > ACLSHMEM_MAX_INSTANCE_ID ? ACLSHMEM_INVALID_VALUE : ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_set_thread_current(uint64_t id)
{
    if (!mishmem_instance_lookup(id)) {
        MISHMEM_ERROR("aclshmemx_instance_thread_set(%llu): no live instance has this id",
                      (unsigned long long)id);
        return id > ACLSHMEM_MAX_INSTANCE_ID ? ACLSHMEM_INVALID_VALUE : ACLSHMEM_INVALID_PARAM;
    }
    mishmem_thread_override = (uint16_t)(id + 1);
    return ACLSHMEM_SUCCESS;
}

void mishmem_clear_thread_current(void) { mishmem_thread_override = 0; }

void mishmem_set_default_instance(uint64_t id)
{
    mishmem_registry_lock();
    default_instance_id = id;
    mishmem_registry_unlock();
}

void mishmem_forget_current(struct mishmem_instance *inst)
{
    mishmem_registry_lock();
    if (atomic_load_explicit(&mishmem_process_current, memory_order_relaxed) == inst)
        atomic_store_explicit(&mishmem_process_current, mishmem_instance_lookup(default_instance_id),
                              memory_order_release);
    mishmem_registry_unlock();
    if (mishmem_thread_override == inst->id + 1)
        mishmem_thread_override = 0;
}
