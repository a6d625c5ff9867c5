/* OpenSHMEM face: thread levels. The library is safe at every level (the
 * data path takes no lock), so shmem_init_thread grants the level asked
 * for, and shmem_query_thread reports the level granted: the one of the
 * last shmem_init_thread, SHMEM_THREAD_MULTIPLE after shmem_init (which
 * may choose any level). */
#include "api/face.h"
#include "api/thread_level.h"
#include "init/world.h"
#include "mishmem/openshmem_thread.h"

static _Atomic int granted = SHMEM_THREAD_MULTIPLE;

void mishmem_thread_level_grant(int level) { granted = level; }

int shmem_init_thread(int requested, int *provided)
{
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE) {
        MISHMEM_ERROR("shmem_init_thread: %d is not a thread level (SHMEM_THREAD_SINGLE .. "
                      "SHMEM_THREAD_MULTIPLE)", requested);
        return 1;
    }
    int rc = mishmem_world_init();
    if (rc != ACLSHMEM_SUCCESS) {
        MISHMEM_ERROR("shmem_init_thread failed (%d); see the messages above", rc);
        return 1;
    }
    mishmem_thread_level_grant(requested);
    if (provided)
        *provided = requested;
    return 0;
}

void shmem_query_thread(int *provided)
{
    if (!provided)
        mishmem_fatal("shmem_query_thread: provided is NULL");
    *provided = granted;
}
