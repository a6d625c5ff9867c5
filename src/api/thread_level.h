/* The thread level the OpenSHMEM face granted at its last initialization
 * (shmem_init_thread: the level requested; shmem_init: MULTIPLE), which
 * shmem_query_thread reports. */
#ifndef MISHMEM_API_THREAD_LEVEL_H
#define MISHMEM_API_THREAD_LEVEL_H

void mishmem_thread_level_grant(int level);

#endif
