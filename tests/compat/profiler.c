/* A profiling library as the OpenSHMEM standard describes one: it defines
 * shmem_putmem and shmem_barrier_all, counts the calls and forwards them to
 * the library through the pshmem_* names. */
#include <stddef.h>

#include "profiler.h"

void pshmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void pshmem_barrier_all(void);

static long putmem_calls, putmem_bytes, barrier_calls;

void shmem_putmem(void *dest, const void *source, size_t nelems, int pe)
{
    putmem_calls++;
    putmem_bytes += (long)nelems;
    pshmem_putmem(dest, source, nelems, pe);
}

void shmem_barrier_all(void)
{
    barrier_calls++;
    pshmem_barrier_all();
}

long profiler_putmem_calls(void) { return putmem_calls; }
long profiler_putmem_bytes(void) { return putmem_bytes; }
long profiler_barrier_calls(void) { return barrier_calls; }
