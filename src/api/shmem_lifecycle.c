/* OpenSHMEM face: setup, exit and queries. */
#include <stdio.h>

#include "api/face.h"
#include "api/thread_level.h"
#include "core/rma/rma.h"
#include "core/sync.h"
#include "init/lifecycle.h"
#include "init/world.h"
#include "mishmem/openshmem.h"
#include "mishmem/openshmem_thread.h"

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
