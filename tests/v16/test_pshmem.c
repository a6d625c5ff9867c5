/* <pshmem.h>: a program includes the profiling header and calls the
 * library only through pshmem_* names (setup, RMA, atomics, a 1.6 scan,
 * ibput, signals, a collective, the heap, a legacy name), and the values
 * reach the peers. A profiler written against <pshmem.h> needs no
 * declarations of its own. */
#include <pshmem.h>

#include "test_util.h"

int main(void)
{
    pshmem_init();
    int initialized = 0;
    pshmem_query_initialized(&initialized);
    CHECK(initialized, "pshmem_query_initialized");
    int me = pshmem_my_pe(), n = pshmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    CHECK(p_my_pe() == me && p_num_pes() == n, "legacy p-names");
    long *x = pshmem_calloc(8, sizeof *x);
    CHECK(x, "pshmem_calloc");
    pshmem_long_p(x, 10L + me, right);
    pshmem_long_atomic_add(x + 1, me + 1, 0);
    long blocks[4] = {me, -1, me, -1};
    pshmem_long_ibput(x + 2, blocks, 2, 2, 1, 2, right); /* x[2], x[4] */
    pshmem_signal_add((uint64_t *)(x + 6), 3, right);
    pshmem_barrier_all();
    CHECK(x[0] == 10L + left, "pshmem_long_p: %ld", x[0]);
    if (me == 0)
        CHECK(x[1] == (long)n * (n + 1) / 2, "pshmem_long_atomic_add: %ld", x[1]);
    CHECK(x[2] == left && x[4] == left && x[3] == 0, "pshmem_long_ibput");
    CHECK(pshmem_signal_fetch((uint64_t *)(x + 6)) == 3, "pshmem_signal_add");
    int *s = (int *)(x + 7);
    s[0] = me + 1;
    CHECK(pshmem_int_sum_inscan(SHMEM_TEAM_WORLD, s + 1, s, 1) == 0, "pshmem_int_sum_inscan");
    CHECK(s[1] == (me + 1) * (me + 2) / 2, "inscan: %d", s[1]);
    pshmem_free(x);
    pshmem_finalize();
    pshmem_query_initialized(&initialized);
    CHECK(!initialized, "still initialized after pshmem_finalize");
    printf("PE %d: pshmem.h OK\n", me);
    return 0;
}
