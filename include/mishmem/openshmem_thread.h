/* OpenSHMEM 1.5 thread support. mishmem always provides
 * SHMEM_THREAD_MULTIPLE: the data path takes no lock, and the calls that
 * change shared state (heap, contexts, instances) serialize themselves.
 * Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_THREAD_H
#define MISHMEM_OPENSHMEM_THREAD_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SHMEM_THREAD_SINGLE = 0,
    SHMEM_THREAD_FUNNELED,
    SHMEM_THREAD_SERIALIZED,
    SHMEM_THREAD_MULTIPLE,
};

/* shmem_init with a thread level: 0 on success (provided set), non-zero
 * when the world cannot be built or requested is not a thread level. */
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);

#ifdef __cplusplus
}
#endif

#endif
