/* shmem_finalize is a barrier also when it meets host by host: every PE
 * writes a ring neighbour's word, PE `late` (argv[1]) enters finalize
 * 300 ms after the others, and each PE prints when it entered and left
 * (finalize_by_host.sh checks that nobody left before the last one came). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
    int late = argc > 1 ? atoi(argv[1]) : 0;
    static long word = -1;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_long_p(&word, me, (me + 1) % n);
    shmem_barrier_all();
    if (word != (me + n - 1) % n) {
        fprintf(stderr, "PE %d: word %ld, expected %d\n", me, word, (me + n - 1) % n);
        return 1;
    }
    if (me == late)
        usleep(300000);
    long long entered = now_ns();
    shmem_finalize();
    long long left = now_ns();
    printf("PE %d entered %lld left %lld\n", me, entered, left);
    return 0;
}
