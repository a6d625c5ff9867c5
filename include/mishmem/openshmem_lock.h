/* OpenSHMEM 1.5 distributed locks. The lock is a symmetric long, zero
 * before first use, in the heap of the current instance; it is fair
 * (first come, first served) and independent across instances. Include
 * <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_LOCK_H
#define MISHMEM_OPENSHMEM_LOCK_H

#ifdef __cplusplus
extern "C" {
#endif

void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
/* 0 when the lock was free and is now held by this PE, 1 when it was held. */
int shmem_test_lock(long *lock);

#ifdef __cplusplus
}
#endif

#endif
