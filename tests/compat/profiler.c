/* A profiling library as the OpenSHMEM standard describes one: it defines
 * shmem_putmem and shmem_barrier_all, counts the calls and forwards them to
 * the library through the pshmem_* names; and it takes shmem_pcontrol's
 * level, as a profiler that can be switched off would. */
#include <stdarg.h>
#include <stddef.h>

#include "profiler.h"

void pshmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void pshmem_barrier_all(void);
void pshmem_pcontrol(const int level, ...);

static long putmem_calls, putmem_bytes, barrier_calls;
static int pcontrol_level = 1; /* the standard's default: profiling on */
static const char *pcontrol_region;

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

void shmem_pcontrol(const int level, ...)
{
    va_list ap;
    va_start(ap, level);
    pcontrol_level = level;
    pcontrol_region = level > 0 ? va_arg(ap, const char *) : NULL;
    va_end(ap);
    pshmem_pcontrol(level);
}

long profiler_putmem_calls(void) { return putmem_calls; }
long profiler_putmem_bytes(void) { return putmem_bytes; }
long profiler_barrier_calls(void) { return barrier_calls; }
int profiler_pcontrol_level(void) { return pcontrol_level; }
const char *profiler_pcontrol_region(void) { return pcontrol_region; }
