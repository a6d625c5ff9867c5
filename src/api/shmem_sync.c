/* OpenSHMEM face: ordering and barriers. */
#include "api/face.h"
#include "core/sync.h"

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
