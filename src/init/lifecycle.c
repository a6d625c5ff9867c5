#include "init/lifecycle.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/mode.h"
#include "progress/wait.h"
#include "core/sync.h"
#include "core/team/table.h"
#include "heap/allocator.h"
#include "init/info.h"
#include "init/transports.h"
#include "progress/fanout.h"
#include "instance/fault.h"
#include "instance/registry.h"
#include "transport/shm/static_world.h"
#include "util/params.h"
#include "util/log.h"

#define HEAP_GRANULE 4096u
#define HEAP_MIN_ALIGN 64u
#define WAIT_SPIN_NS 20000u
/* A core per PE and one instance in the process: spin through a 4 MiB
 * copy's time before the first yield (progress/wait.h says why). */
#define WAIT_SPIN_ALONE_NS 200000u
/* How long a wait yields before it sleeps: oversubscribed, a PE that waits
 * this long is not on the critical path and should leave its core. */
#define WAIT_YIELD_NS_OVERSUBSCRIBED 50000u
#define WAIT_YIELD_NS_DEDICATED 200000u
/* A core per PE and peers on other hosts: their gets and AMOs to this PE
 * are served by whichever of its threads drives the fabric. A wait that
 * still polls answers at once; once asleep, the driver thread answers,
 * woken by the fabric's wait object, or where that stays readable (net)
 * only at its next look, a millisecond later (8-byte get, one PE per
 * namespace host: 25 us polling, 260-300 us asleep on net, 28 against
 * 38-45 us on tcp;ofi_rxm). So such a wait polls and yields for a while
 * longer, as OSHMEM's always do. */
#define WAIT_YIELD_NS_REMOTE_DEDICATED 20000000u

static void release_instance(struct mishmem_instance *inst)
{
    mishmem_teams_destroy(inst);
    mishmem_static_world_release(mishmem_transports_ctx(inst)); /* before the peers' pidfds close */
    mishmem_transports_release(inst);
    if (inst->allocator)
        mishmem_allocator_destroy(inst->allocator);
    if (inst->heap_base) /* a fault there later is said to be a use after finalize */
        mishmem_fault_note_released(inst->id, inst->heap_base, inst->heap_size);
    mishmem_segment_destroy(&inst->segment);
    mishmem_bootstrap_close(inst->boot);
    pthread_mutex_destroy(&inst->heap_lock);
    free(inst);
}

static int build_heap(struct mishmem_instance *inst)
{
    int rc = mishmem_transports_attach(inst);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    /* Every peer holds its own mapping now; the descriptor is no longer needed. */
    mishmem_segment_close_fd(&inst->segment);
    if (mishmem_allocator_create(inst->heap_size, HEAP_MIN_ALIGN, &inst->allocator) != 0)
        return ACLSHMEM_MALLOC_FAILED;
    return mishmem_teams_create(inst);
}

/* Through the mode that made params->boot (bootstrap/modes.c). */
static int open_bootstrap(const struct mishmem_instance_params *params, struct mishmem_bootstrap **boot)
{
    return mishmem_bootstrap_open(&params->boot, boot);
}

/* A microsecond count from the environment, else fallback_ns. */
static uint64_t env_us_as_ns(enum mishmem_param_id id, long us, uint64_t fallback_ns)
{
    if (mishmem_param_given(id))
        return (uint64_t)us * 1000u;
    return fallback_ns;
}

static int build_instance(const struct mishmem_instance_params *params, struct mishmem_instance **out)
{
    struct mishmem_instance *inst = calloc(1, sizeof *inst);
    if (!inst)
        return ACLSHMEM_MALLOC_FAILED;
    inst->id = params->id;
    inst->my_pe = params->boot.my_pe;
    inst->n_pes = params->boot.n_pes;
    inst->key = params->key;
    inst->public_ctx = (aclshmem_instance_ctx){.id = inst->id, .my_pe = inst->my_pe, .n_pes = inst->n_pes};
    inst->heap_size = (params->heap_size + HEAP_GRANULE - 1) / HEAP_GRANULE * HEAP_GRANULE;
    inst->op_timeout_ms = params->boot.op_timeout_ms;
    /* The standard's world: a failed peer ends the process (see wait.h). */
    inst->abort_on_failure = params->static_data;
    /* Spinning pays only while every PE has a core of its own. */
    inst->spin_ns = inst->n_pes <= sysconf(_SC_NPROCESSORS_ONLN) ? WAIT_SPIN_NS : 0;
    inst->spin_alone_ns = inst->spin_ns ? WAIT_SPIN_ALONE_NS : 0;
    inst->yield_ns = env_us_as_ns(MISHMEM_PARAM_MISHMEM_WAIT_SLEEP_US, mishmem_params()->MISHMEM_WAIT_SLEEP_US,
                                  inst->spin_ns ? WAIT_YIELD_NS_DEDICATED : WAIT_YIELD_NS_OVERSUBSCRIBED);
    inst->remote_yield_ns = env_us_as_ns(MISHMEM_PARAM_MISHMEM_WAIT_SLEEP_US, mishmem_params()->MISHMEM_WAIT_SLEEP_US,
                                         inst->spin_ns ? WAIT_YIELD_NS_REMOTE_DEDICATED : WAIT_YIELD_NS_OVERSUBSCRIBED);
    inst->sleep_max_ns = env_us_as_ns(MISHMEM_PARAM_MISHMEM_WAIT_SLEEP_MAX_US, mishmem_params()->MISHMEM_WAIT_SLEEP_MAX_US, MISHMEM_SLEEP_MAX_NS);
    inst->balance = mishmem_params()->MISHMEM_BALANCE;
    mishmem_doorbell_setup();
    inst->segment.fd = -1;
    pthread_mutex_init(&inst->heap_lock, NULL);

    int rc = ACLSHMEM_MALLOC_FAILED;
    inst->peers = calloc((size_t)inst->n_pes, sizeof *inst->peers);
    if (inst->peers) {
        for (int pe = 0; pe < inst->n_pes; pe++)
            inst->peers[pe].pidfd = -1;
        rc = open_bootstrap(params, &inst->boot);
        MISHMEM_DEBUG("init: bootstrap %s", rc == ACLSHMEM_SUCCESS ? "connected" : "failed");
    }
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_segment_create(MISHMEM_CONTROL_SIZE + inst->heap_size, MISHMEM_CONTROL_SIZE, inst->id,
                                    inst->my_pe, &inst->segment);
    if (rc == ACLSHMEM_SUCCESS) {
        inst->heap_base = inst->segment.base + MISHMEM_CONTROL_SIZE;
        MISHMEM_DEBUG("init: segment of %llu bytes mapped; attaching peers", (unsigned long long)inst->segment.size);
        rc = build_heap(inst);
    }
    if (rc == ACLSHMEM_SUCCESS && params->static_data)
        rc = mishmem_static_world_attach(mishmem_transports_ctx(inst));
    if (rc == ACLSHMEM_SUCCESS && params->static_data)
        rc = mishmem_transports_static_ready(inst);
    /* The hosts' first PEs make the connections finalize will need now
     * (4 hosts x 4 PEs: 60-70 ms of a 110-130 ms finalize were these). */
    if (rc == ACLSHMEM_SUCCESS && mishmem_leaders_meet(inst, "init") != 0)
        rc = ACLSHMEMX_PEER_FAILED;
    if (rc != ACLSHMEM_SUCCESS) {
        release_instance(inst);
        return rc;
    }
    *out = inst;
    return ACLSHMEM_SUCCESS;
}

static int answer_duplicate(const struct mishmem_instance_params *params, struct mishmem_instance *live)
{
    if (live == MISHMEM_SLOT_BUILDING) {
        MISHMEM_WARN("instance %llu is being created by another thread; not creating it again",
                     (unsigned long long)params->id);
        return ACLSHMEM_INVALID_PARAM;
    }
    int same = memcmp(&live->key, &params->key, sizeof live->key) == 0;
    MISHMEM_WARN("instance %llu already exists%s; not creating it again",
                 (unsigned long long)params->id, same ? "" : " with different attributes");
    return same ? ACLSHMEM_SUCCESS : ACLSHMEM_INVALID_PARAM;
}

int mishmem_instance_init(const struct mishmem_instance_params *params, struct mishmem_instance **out)
{
    mishmem_registry_lock();
    struct mishmem_instance *live = mishmem_registry_slot_locked(params->id);
    if (live) {
        mishmem_registry_unlock();
        if (params->boot.listen_fd >= 0)
            close(params->boot.listen_fd);
        return answer_duplicate(params, live);
    }
    mishmem_registry_reserve_locked(params->id);
    mishmem_registry_unlock();

    struct mishmem_instance *inst;
    mishmem_log_scope_enter(params->id, params->boot.my_pe, params->boot.n_pes);
    mishmem_info_init_start(params->id, &params->boot, params->heap_size);
    int rc = build_instance(params, &inst);
    if (rc == ACLSHMEM_SUCCESS)
        mishmem_info_init_done(inst);
    mishmem_log_scope_leave();
    if (rc != ACLSHMEM_SUCCESS) {
        mishmem_registry_release_slot(params->id);
        return rc;
    }
    mishmem_registry_publish(inst);
    mishmem_fault_handler_install();
    if (out)
        *out = inst;
    MISHMEM_INFO("instance %llu ready: PE %d of %d, %llu-byte heap", (unsigned long long)inst->id,
                 inst->my_pe, inst->n_pes, (unsigned long long)inst->heap_size);
    return ACLSHMEM_SUCCESS;
}

int mishmem_instance_finalize(struct mishmem_instance *inst, const char *call)
{
    /* Nobody may still be reading or writing this instance's memory. A
     * failed instance skips the barrier (its peers may be gone) and only
     * releases what is local; its `failed` word stays for the peers to see. */
    if (!mishmem_instance_failed(inst))
        mishmem_finalize_barrier(inst, call);
    /* Across hosts, the acknowledgements of the last barrier words may
     * still wait in a peer's endpoint (with manual progress it sends them
     * only when driven): no PE closes its endpoint before every PE's final
     * quiet has returned. This barrier goes beside the fabric, which the
     * transport's own thread drives meanwhile. */
    if (!mishmem_instance_failed(inst) && inst->n_unmapped > 0)
        (void)mishmem_bootstrap_barrier(inst->boot);
    mishmem_info_finalize(inst);
    /* Peers still leaving the barrier may see us exit: tell them it is fine. */
    if (!mishmem_instance_failed(inst))
        atomic_store_explicit(&mishmem_control_of(inst, inst->my_pe)->header.departed.value, 1, memory_order_release);
    else
        atomic_store_explicit(&mishmem_control_of(inst, inst->my_pe)->header.finalizing.value, 1, memory_order_release);
    mishmem_registry_release_slot(inst->id);
    mishmem_forget_current(inst);
    release_instance(inst);
    return ACLSHMEM_SUCCESS;
}
