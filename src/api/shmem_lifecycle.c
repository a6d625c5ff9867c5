/* OpenSHMEM face: setup (shmem_init, shmem_init_thread, and the shmemx.h
 * extensions: unique-id and MPI initialization, the alternatives to
 * shmem_init() for PEs not started by mishmemrun), exit, queries, thread
 * levels, shmem_pcontrol, and the pre-1.3 names (start_pes, _my_pe,
 * _num_pes). The library is safe at every thread level (the data path
 * takes no lock), so shmem_init_thread grants the level asked for, and
 * shmem_query_thread reports the level granted: the one of the last
 * shmem_init_thread, SHMEM_THREAD_MULTIPLE after shmem_init (which may
 * choose any level). */
#include <stdio.h>

#include "api/face.h"
#include "core/heap.h"
#include "core/rma/rma.h"
#include "core/sync.h"
#include "init/lifecycle.h"
#include "init/world.h"
#include "instance/registry.h"
#include "mishmem/openshmem.h"
#include "mishmem/openshmem_legacy.h"
#include "mishmem/openshmem_thread.h"
#include "shmemx.h"

/* Thread levels. */
static _Atomic int granted = SHMEM_THREAD_MULTIPLE;

/* Global, as the library's exported symbols were before this file took
 * over the thread levels; nothing outside it calls it. */
void mishmem_thread_level_grant(int level);
void mishmem_thread_level_grant(int level) { granted = level; }

int shmem_init_thread(int requested, int *provided)
{
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE) {
        MISHMEM_ERROR("shmem_init_thread: %d is not a thread level (SHMEM_THREAD_SINGLE .. "
                      "SHMEM_THREAD_MULTIPLE)", requested);
        return 1;
    }
    int rc = mishmem_world_init();
    if (rc != ACLSHMEM_SUCCESS) {
        MISHMEM_ERROR("shmem_init_thread failed (%d); see the messages above", rc);
        return 1;
    }
    mishmem_thread_level_grant(requested);
    if (provided)
        *provided = requested;
    return 0;
}

void shmem_query_thread(int *provided)
{
    if (!provided)
        mishmem_fatal("shmem_query_thread: provided is NULL");
    *provided = granted;
}

/* Setup, exit and queries. */
void shmem_init(void)
{
    int rc = mishmem_world_init();
    if (rc != ACLSHMEM_SUCCESS)
        mishmem_fatal("shmem_init failed (%d); see the messages above", rc);
    mishmem_thread_level_grant(SHMEM_THREAD_MULTIPLE);
}

/* OpenSHMEM 1.6: every shmem_init[_thread] is matched by a finalize; all
 * but the last act as shmem_barrier_all, the last releases the instance
 * (after which shmem_init may start it again). A finalize with no
 * instance current does nothing. */
void shmem_finalize(void)
{
    struct mishmem_instance *inst = mishmem_current();
    if (!inst)
        return;
    if (__atomic_sub_fetch(&inst->shmem_init_count, 1, __ATOMIC_RELAXED) > 0) {
        mishmem_barrier_world(inst, "shmem_finalize");
        return;
    }
    mishmem_instance_finalize(inst, "shmem_finalize");
}

void shmem_query_initialized(int *initialized)
{
    if (!initialized)
        mishmem_fatal("shmem_query_initialized: initialized is NULL");
    *initialized = mishmem_current() != NULL;
}

void shmem_global_exit(int status) { mishmem_global_exit(status); }

int shmem_my_pe(void) { return mishmem_shmem_instance("shmem_my_pe")->my_pe; }

int shmem_n_pes(void) { return mishmem_shmem_instance("shmem_n_pes")->n_pes; }

int shmem_pe_accessible(int pe)
{
    struct mishmem_instance *inst = mishmem_current();
    return inst && (unsigned)pe < (unsigned)inst->n_pes && inst->peers[pe].transport != NULL;
}

int shmem_addr_accessible(const void *addr, int pe)
{
    struct mishmem_instance *inst = mishmem_current();
    return shmem_pe_accessible(pe) && mishmem_in_heap(inst, addr, 1);
}

void *shmem_ptr(const void *dest, int pe)
{
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_ptr");
    if (!shmem_pe_accessible(pe) || !mishmem_in_heap(inst, dest, 1))
        return NULL;
    return mishmem_remote_direct_address(inst, pe, dest);
}

void shmem_info_get_version(int *major, int *minor)
{
    if (major)
        *major = SHMEM_MAJOR_VERSION;
    if (minor)
        *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char *name)
{
    if (name)
        snprintf(name, SHMEM_MAX_NAME_LEN, "%s", SHMEM_VENDOR_STRING);
}

/* The shmemx.h initialization. */
int shmemx_get_uniqueid(shmemx_uniqueid_t *uid) { return aclshmemx_get_uniqueid(uid); }

int shmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                  shmemx_uniqueid_t *uid, shmemx_init_attr_t *attr)
{
    return aclshmemx_set_attr_uniqueid_args(my_pe, n_pes, local_mem_size, uid, attr);
}

int shmemx_init_attr(unsigned int flags, shmemx_init_attr_t *attr)
{
    int rc = aclshmemx_init_attr((aclshmemx_bootstrap_t)flags, attr);
    /* Like shmem_init: the instance becomes the one shmem_* calls act on. */
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_set_process_current(attr->instance_id);
    return rc;
}

/* The profiling interface's one routine. mishmem keeps no profile of its
 * own, so there is nothing to start or stop; being a weak shmem_* like
 * every other, a profiling library's shmem_pcontrol replaces it and gets
 * the level and its arguments. */
void shmem_pcontrol(const int level, ...) { (void)level; }

/* The pre-1.3 names. */
void start_pes(int npes)
{
    (void)npes; /* the launcher decides the number of PEs */
    shmem_init();
}

int _my_pe(void) { return mishmem_shmem_instance("_my_pe")->my_pe; }

int _num_pes(void) { return mishmem_shmem_instance("_num_pes")->n_pes; }
