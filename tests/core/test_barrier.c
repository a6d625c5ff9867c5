/* Barrier correctness: after each barrier every PE sees every other PE's
 * write of this round (and no later round). Run with many PEs on 2 cores. */
#include <shmem.h>

#include "test_util.h"

#define ROUNDS 2000

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *seen = shmem_calloc((size_t)npes, sizeof(long));
    double start = test_now_s();
    for (long round = 1; round <= ROUNDS; round++) {
        for (int pe = 0; pe < npes; pe++)
            shmem_long_p(&seen[me], round, pe);
        shmem_barrier_all();
        for (int pe = 0; pe < npes; pe++)
            CHECK(seen[pe] == round, "round %ld: PE %d's write reads %ld on PE %d", round, pe, seen[pe], me);
        shmem_barrier_all(); /* nobody starts the next round before all have checked */
    }
    double elapsed = test_now_s() - start;
    if (me == 0)
        printf("barrier: %d PEs, %d checked rounds, %.1f us per barrier\n", npes, ROUNDS,
               elapsed * 1e6 / (2.0 * ROUNDS));
    shmem_free(seen);
    shmem_finalize();
    return 0;
}
