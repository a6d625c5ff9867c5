/* OpenSHMEM face: distributed locks on the current instance. */
#include "api/face.h"
#include "core/lock.h"
#include "mishmem/openshmem_lock.h"

void shmem_set_lock(long *lock)
{
    mishmem_lock_set(mishmem_shmem_instance("shmem_set_lock"), "shmem_set_lock", lock);
}

int shmem_test_lock(long *lock)
{
    return mishmem_lock_test(mishmem_shmem_instance("shmem_test_lock"), "shmem_test_lock", lock);
}

void shmem_clear_lock(long *lock)
{
    mishmem_lock_clear(mishmem_shmem_instance("shmem_clear_lock"), "shmem_clear_lock", lock);
}
