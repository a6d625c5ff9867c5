/* OpenSHMEM face: thread levels. Every level is honoured by providing the
 * highest, SHMEM_THREAD_MULTIPLE. */
#include "api/face.h"
#include "init/world.h"
#include "mishmem/openshmem_thread.h"

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
    if (provided)
        *provided = SHMEM_THREAD_MULTIPLE;
    return 0;
}

void shmem_query_thread(int *provided)
{
    if (!provided)
        mishmem_fatal("shmem_query_thread: provided is NULL");
    *provided = SHMEM_THREAD_MULTIPLE;
}
