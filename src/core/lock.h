/* Distributed locks (shmem_set_lock & co.): a fair ticket lock kept in the
 * symmetric long on PE 0 of the instance. The high 32 bits hand out
 * tickets, the low 32 bits name the ticket being served; 0 is "free", as
 * the standard's zero-initialized lock requires. Waiters poll that word
 * through MISHMEM_WAIT_UNTIL, so a wake-up cannot be lost. */
#ifndef MISHMEM_CORE_LOCK_H
#define MISHMEM_CORE_LOCK_H

#include "instance/instance.h"

/* Blocks until this PE holds the lock (first come, first served). */
void mishmem_lock_set(struct mishmem_instance *inst, const char *call, long *lock);
/* 0 when the lock was free and is now held, 1 when it was held (no wait). */
int mishmem_lock_test(struct mishmem_instance *inst, const char *call, long *lock);
/* Completes this PE's accesses (quiet), then passes the lock on. */
void mishmem_lock_clear(struct mishmem_instance *inst, const char *call, long *lock);

#endif
