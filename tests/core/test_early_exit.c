/* PE (n-1) leaves right after shmem_init without finalizing; the others
 * wait in a barrier and must end with a clear message, not hang. */
#include <shmem.h>
#include <stdlib.h>

int main(void)
{
    shmem_init();
    if (shmem_my_pe() == shmem_n_pes() - 1)
        _Exit(0); /* no finalize: a PE that vanished */
    shmem_barrier_all();
    shmem_barrier_all();
    return 3; /* unreachable when the library does its job */
}
