/* SHMEM_DEBUG for the core's checks: read once, on the first slow path,
 * then one relaxed load on every call. */
#ifndef MISHMEM_CORE_DEBUG_H
#define MISHMEM_CORE_DEBUG_H

/* SHMEM_DEBUG: 1 = deeper checks on every call, 0 = off, -1 = not read
 * yet (the first call takes the slow path, which reads it). */
extern int mishmem_rma_debug;
/* Reads SHMEM_DEBUG if not read yet; 1 when on. */
int mishmem_rma_debug_read(void);
static inline int mishmem_rma_debug_on(void)
{
    return __atomic_load_n(&mishmem_rma_debug, __ATOMIC_RELAXED) != 0;
}

#endif
