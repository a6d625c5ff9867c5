/* Reading SHMEM_DEBUG (debug.h). */
#include "core/debug.h"

#include "util/params.h"

int mishmem_rma_debug = -1;

int mishmem_rma_debug_read(void)
{
    if (__atomic_load_n(&mishmem_rma_debug, __ATOMIC_RELAXED) < 0)
        __atomic_store_n(&mishmem_rma_debug, mishmem_params()->SHMEM_DEBUG ? 1 : 0,
                         __ATOMIC_RELAXED);
    return __atomic_load_n(&mishmem_rma_debug, __ATOMIC_RELAXED) > 0;
}
