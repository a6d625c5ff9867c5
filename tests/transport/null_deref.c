/* A program that crashes after shmem_init: the last PE dereferences NULL
 * once every PE is past a barrier (so an instance that spans hosts has
 * loaded libfabric). Its exit status must say SIGSEGV (139 from a shell),
 * whatever the library loaded. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    shmem_barrier_all();
    if (shmem_my_pe() == shmem_n_pes() - 1) {
        fflush(stdout);
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
