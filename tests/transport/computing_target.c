/* One-sided progress: while odd PEs compute and make no library call,
 * even PEs get from them, add to their counter and finally put a flag.
 * The computing PE watches its own memory (plain loads, no library call)
 * for up to 60 s: the flag and the right values must arrive while it
 * computes, whatever transport reaches it (run with MISHMEM_HOST_ID=h%p:
 * the fabric must be driven without the target's help). */
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "test_util.h"

#define ROUNDS 50

static long table[64];
static long counter;
static long flag;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    CHECK(npes % 2 == 0, "run with an even number of PEs");
    for (int i = 0; i < 64; i++)
        table[i] = 1000 * me + i;
    shmem_barrier_all();

    if (me % 2 == 1) {
        double start = test_now_s();
        volatile long *seen = &flag;
        while (*seen == 0 && test_now_s() - start < 60.0)
            ; /* computing: no library call */
        CHECK(*seen == 1, "PE %d: the flag did not arrive while it computed (%.1f s)", me, test_now_s() - start);
        atomic_thread_fence(memory_order_acquire);
        CHECK(counter == ROUNDS, "PE %d: counter %ld, expected %d", me, counter, ROUNDS);
    } else {
        int target = me + 1;
        long got[64];
        for (int r = 0; r < ROUNDS; r++) {
            shmem_long_get(got, table, 64, target);
            for (int i = 0; i < 64; i++)
                CHECK(got[i] == 1000 * target + i, "PE %d: got[%d] = %ld", me, i, got[i]);
            long before = shmem_long_atomic_fetch_add(&counter, 1, target);
            CHECK(before == r, "PE %d: fetch_add saw %ld, expected %d", me, before, r);
        }
        shmem_long_p(&flag, 1, target);
        shmem_quiet();
    }
    shmem_barrier_all();
    if (me == 0)
        printf("gets and atomics served by computing targets on %d PEs: PASS\n", npes);
    shmem_finalize();
    return 0;
}
