/* PE (n-1) leaves right after shmem_init without finalizing; the others
 * wait in a barrier and must end with a clear message, not hang. With
 * EARLY_EXIT_STAMP set, the leaving PE prints when it leaves (realtime
 * ns), so that a script can time how long the others took to notice. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void)
{
    shmem_init();
    if (shmem_my_pe() == shmem_n_pes() - 1) {
        if (getenv("EARLY_EXIT_STAMP")) {
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            fprintf(stderr, "leaving at %lld\n", (long long)now.tv_sec * 1000000000ll + now.tv_nsec);
        }
        _Exit(0); /* no finalize: a PE that vanished */
    }
    shmem_barrier_all();
    shmem_barrier_all();
    return 3; /* unreachable when the library does its job */
}
