/* OpenSHMEM face: ordering, barriers and point-to-point waits. */
#include "api/face.h"
#include "core/p2p_check.h"
#include "core/sync.h"
#include "util/type_lists.h"

void shmem_quiet(void) { mishmem_quiet_current(); }

void shmem_fence(void) { mishmem_fence_current(); }

void shmem_barrier_all(void)
{
    mishmem_barrier_world(mishmem_shmem_instance("shmem_barrier_all"), "shmem_barrier_all");
}

void shmem_sync_all(void)
{
    mishmem_barrier_world(mishmem_shmem_instance("shmem_sync_all"), "shmem_sync_all");
}

#define DEFINE_SHMEM_WAIT(T, N)                                                          \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                           \
    {                                                                                    \
        struct mishmem_instance *inst = mishmem_shmem_instance("shmem_" #N "_wait_until"); \
        if (!ivar || !mishmem_cmp_valid(cmp))                                            \
            mishmem_fatal("shmem_" #N "_wait_until(%p, %d): %s", (void *)ivar, cmp,      \
                          !ivar ? "ivar is NULL" : "unknown comparison");                \
        mishmem_p2p_check_symmetric(inst, "shmem_" #N "_wait_until", ivar, sizeof *ivar, \
                                    MISHMEM_ABORT);                                      \
        MISHMEM_WAIT_VAR(inst, "shmem_" #N "_wait_until", ivar, cmp, cmp_value);         \
    }
MISHMEM_P2P_SYNC_TYPES(DEFINE_SHMEM_WAIT)
