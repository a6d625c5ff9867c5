/* Zero-length RMA and collectives with NULL buffers (valid OpenSHMEM: no
 * data moves) on every team family, whatever transport reaches the peers:
 * run with MISHMEM_HOST_ID=h%p every peer is on "another host" and the
 * remote path must not try to translate the NULL address. Then a real
 * broadcast shows the instance is still sound. */
#include <shmem.h>
#include <stdio.h>

#include "test_util.h"

static long values[4];
static long source[4];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int next = (me + 1) % npes;

    shmem_putmem(NULL, NULL, 0, next);
    shmem_getmem(NULL, NULL, 0, next);
    shmem_putmem_nbi(NULL, NULL, 0, next);
    shmem_getmem_nbi(NULL, NULL, 0, next);
    shmem_long_iput(NULL, NULL, 1, 1, 0, next);
    shmem_long_iget(NULL, NULL, 1, 1, 0, next);
    shmem_quiet();
    shmem_barrier_all();

    CHECK(shmem_int_broadcast(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0, "broadcast");
    CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0, "broadcast");
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0, "broadcastmem");
    CHECK(shmem_int_fcollect(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "fcollect");
    CHECK(shmem_long_collect(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "collect");
    CHECK(shmem_fcollectmem(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "fcollectmem");
    CHECK(shmem_collectmem(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "collectmem");
    CHECK(shmem_uint_and_reduce(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "and_reduce");
    CHECK(shmem_int_sum_reduce(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "sum_reduce");
    CHECK(shmem_int_max_reduce(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "max_reduce");
    CHECK(shmem_int_alltoall(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "alltoall");
    CHECK(shmem_alltoallmem(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "alltoallmem");
    CHECK(shmem_long_alltoalls(SHMEM_TEAM_WORLD, NULL, NULL, 1, 1, 0) == 0, "alltoalls");
    shmem_barrier_all();

    for (int i = 0; i < 4; i++)
        source[i] = 1000 + i;
    shmem_barrier_all();
    CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, values, source, 4, 0) == 0, "broadcast");
    for (int i = 0; i < 4; i++)
        CHECK(values[i] == 1000 + i, "PE %d: values[%d] = %ld after the broadcast", me, i, values[i]);
    shmem_barrier_all();
    if (me == 0)
        printf("zero-length operations on %d PEs: PASS\n", npes);
    shmem_finalize();
    return 0;
}
