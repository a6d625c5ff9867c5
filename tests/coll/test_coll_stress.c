/* 1000 iterations of mixed collectives with no barrier anywhere between
 * them: on the world, on the rows of a 2D split (disjoint teams running at
 * the same time), on the reversed world, on global (static) arrays, and on
 * active sets with one pSync reused back to back. Every result is checked, and every value depends on
 * the iteration, so a reused sync word or buffer read too early or too
 * late shows. Run: test_coll_stress [iterations] [tree] */
#include <stdlib.h>

#include "coll/coll_util.h"

#define BIG (1 << 20)

static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long global_src[4], global_dst[4 * 64]; /* symmetric as globals of the shmem_init world */
static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];

int main(int argc, char **argv)
{
    int iterations = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 1000;
    const char *algorithms = test_choose_algorithms(argc, argv);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *src = shmem_malloc(64 * sizeof(long)), *dst = shmem_malloc(64 * (size_t)n * sizeof(long));
    char *big_src = shmem_malloc(BIG), *big_dst = shmem_malloc(BIG);
    shmem_team_t row, column, reversed;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &column) == 0, "2d");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &reversed) == 0, "reversed");
    int row_me = shmem_team_my_pe(row), row_n = shmem_team_n_pes(row), rev_me = n - 1 - me;
    int half = (n + 1) / 2;
    double start = test_now_s();
    for (long it = 1; it <= iterations; it++) {
        int root = (int)(it % n);
        /* broadcast on the world, rotating root */
        for (int i = 0; i < 4; i++)
            src[i] = it * 1000 + me * 10 + i;
        CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 4, root) == 0, "broadcast");
        for (int i = 0; i < 4; i++)
            CHECK(dst[i] == it * 1000 + root * 10 + i, "it %ld: broadcast[%d] = %ld", it, i, dst[i]);
        /* in-place sum on the rows (pairs), all rows at once */
        src[0] = it + row_me;
        CHECK(shmem_long_sum_reduce(row, src, src, 1) == 0, "row sum");
        CHECK(src[0] == it * row_n + (long)row_n * (row_n - 1) / 2, "it %ld: row sum %ld", it, src[0]);
        /* fcollect on the world */
        src[0] = it * 100 + me;
        src[1] = -it;
        CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, 2) == 0, "fcollect");
        for (int pe = 0; pe < n; pe++)
            CHECK(dst[2 * pe] == it * 100 + pe && dst[2 * pe + 1] == -it, "it %ld: fcollect from %d", it, pe);
        /* collect of varying sizes on the reversed world */
        int mine = (int)(it % 3) + rev_me % 2;
        for (int i = 0; i < mine; i++)
            src[i] = it * 7 + rev_me * 3 + i;
        CHECK(shmem_long_collect(reversed, dst, src, (size_t)mine) == 0, "collect");
        for (int pe = 0, at = 0; pe < n; pe++)
            for (int i = 0; i < (int)(it % 3) + pe % 2; i++, at++)
                CHECK(dst[at] == it * 7 + pe * 3 + i, "it %ld: collect from %d", it, pe);
        /* alltoall on the rows: it writes into the other members' dst at
         * once, so theirs must be done with the collect (the standard's
         * precondition) */
        CHECK(shmem_team_sync(row) == 0, "row sync before alltoall");
        for (int b = 0; b < row_n; b++)
            src[b] = it * 31 + row_me * 5 + b;
        CHECK(shmem_long_alltoall(row, dst, src, 1) == 0, "alltoall");
        for (int pe = 0; pe < row_n; pe++)
            CHECK(dst[pe] == it * 31 + pe * 5 + row_me, "it %ld: alltoall from %d", it, pe);
        /* max on the world, not in place */
        src[0] = (me == root) ? it * 50 : it;
        CHECK(shmem_long_max_reduce(SHMEM_TEAM_WORLD, dst, src, 1) == 0 && dst[0] == it * 50, "it %ld: max", it);
        CHECK(shmem_team_sync(row) == 0, "row sync");
        /* the program's global data is symmetric too */
        global_src[0] = it * 11 + me;
        CHECK(shmem_long_fcollect(reversed, global_dst, global_src, 1) == 0, "global fcollect");
        for (int pe = 0; pe < n; pe++)
            CHECK(global_dst[pe] == it * 11 + (n - 1 - pe), "it %ld: global fcollect from %d", it, pe);
        /* active sets, one pSync for all: the world, then the first half */
        shmem_barrier(0, 0, n, psync);
        if (me < half) {
            src[0] = it + me;
            shmem_long_sum_to_all(dst, src, 1, 0, 0, half, pwrk, psync);
            CHECK(dst[0] == it * half + (long)half * (half - 1) / 2, "it %ld: to_all %ld", it, dst[0]);
            src[1] = it * 3;
            shmem_broadcast64(&dst[1], &src[1], 1, half - 1, 0, 0, half, psync);
            CHECK(me == half - 1 || dst[1] == it * 3, "it %ld: broadcast64", it);
        } else {
            shmem_fcollect64(dst, src, 1, half, 0, n - half, psync);
        }
        /* now and then 1 MiB through the world */
        if (it % 100 == 0) {
            memset(big_src, (int)(it + me) & 0xff, BIG);
            CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, big_dst, big_src, BIG, root) == 0, "broadcastmem");
            for (size_t i = 0; i < BIG; i += 4093)
                CHECK(big_dst[i] == (char)((it + root) & 0xff), "it %ld: big broadcast", it);
        }
    }
    double elapsed = test_now_s() - start;
    shmem_barrier_all();
    if (me == 0)
        printf("stress: %d PEs, %d iterations of 13 mixed collectives (%s algorithms) in %.2f s\n", n, iterations,
               algorithms, elapsed);
    shmem_team_destroy(reversed);
    shmem_team_destroy(row);
    shmem_team_destroy(column);
    shmem_free(big_dst);
    shmem_free(big_src);
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return 0;
}
