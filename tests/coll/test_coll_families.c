/* The same collectives on the same data at every size around each
 * algorithm's thresholds (stage limits 4 KiB and 256 KiB, the flat
 * reduction's 8 KiB, the chunked reduction, team sizes around the
 * log-depth limit), on the world and on a strided team. Every result is
 * checked against values computed here, and folded into a digest that
 * PE 0 prints; families.sh runs this once with the pointer-based family
 * and once with MISHMEM_COLL_PORTABLE=1 and compares the digests. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static const size_t sizes[] = {8, 64, 4088, 4096, 4104, 8184, 8192, 8200, 32768, 262136, 262144, 262152};
#define N_SIZES (sizeof sizes / sizeof sizes[0])
#define MAX_BYTES 262152

static uint64_t digest = 1469598103934665603ull;

static void fold(const void *bytes, size_t len)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < len; i++)
        digest = (digest ^ b[i]) * 1099511628211ull;
}

static long value(int pe, size_t i, size_t salt) { return (long)((pe + 1) * 1000003 + i * 7 + salt * 131); }

static void run_team(shmem_team_t team, const char *name, long *source, long *dest, double *dsource,
                     double *ddest)
{
    int n = shmem_team_n_pes(team), me = shmem_team_my_pe(team);
    for (size_t s = 0; s < N_SIZES; s++) {
        size_t count = sizes[s] / sizeof(long);
        int root = (int)(s % (size_t)n);
        /* broadcast */
        for (size_t i = 0; i < count; i++)
            source[i] = value(me, i, s);
        memset(dest, 0, count * sizeof *dest);
        shmem_long_broadcast(team, dest, source, count, root);
        for (size_t i = 0; i < count; i++)
            CHECK(dest[i] == value(root, i, s), "%s: broadcast of %zu bytes: [%zu] = %ld, expected %ld", name,
                  sizes[s], i, dest[i], value(root, i, s));
        fold(dest, count * sizeof *dest);
        /* sum reductions, integer and floating (small integers: exact) */
        shmem_long_sum_reduce(team, dest, source, count);
        for (size_t i = 0; i < count; i++) {
            long expected = 0;
            for (int p = 0; p < n; p++)
                expected += value(p, i, s);
            CHECK(dest[i] == expected, "%s: sum of %zu bytes: [%zu] = %ld, expected %ld", name, sizes[s], i,
                  dest[i], expected);
        }
        fold(dest, count * sizeof *dest);
        for (size_t i = 0; i < count; i++)
            dsource[i] = (double)(me + 1) * 0.5 + (double)(i % 97);
        shmem_double_max_reduce(team, ddest, dsource, count);
        for (size_t i = 0; i < count; i++)
            CHECK(ddest[i] == (double)n * 0.5 + (double)(i % 97), "%s: max of %zu bytes: [%zu] = %g", name,
                  sizes[s], i, ddest[i]);
        fold(ddest, count * sizeof *ddest);
        /* in place */
        memcpy(dest, source, count * sizeof *dest);
        shmem_long_max_reduce(team, dest, dest, count);
        for (size_t i = 0; i < count; i++)
            CHECK(dest[i] == value(n - 1, i, s), "%s: in-place max of %zu bytes: [%zu] = %ld", name, sizes[s], i,
                  dest[i]);
        fold(dest, count * sizeof *dest);
        /* fcollect and alltoall of a share each, so the total stays bounded */
        size_t share = count / (size_t)n ? count / (size_t)n : 1;
        shmem_long_fcollect(team, dest, source, share);
        for (int p = 0; p < n; p++)
            for (size_t i = 0; i < share; i++)
                CHECK(dest[(size_t)p * share + i] == value(p, i, s), "%s: fcollect of %zu bytes from %d: [%zu]",
                      name, share * sizeof(long), p, i);
        fold(dest, (size_t)n * share * sizeof *dest);
        for (int p = 0; p < n; p++)
            for (size_t i = 0; i < share; i++)
                source[(size_t)p * share + i] = value(me, (size_t)p * 100000 + i, s);
        /* alltoall writes into the other members' dest at once: theirs
         * must be done with the fcollect (the standard's precondition) */
        shmem_team_sync(team);
        shmem_long_alltoall(team, dest, source, share);
        for (int p = 0; p < n; p++)
            for (size_t i = 0; i < share; i++)
                CHECK(dest[(size_t)p * share + i] == value(p, (size_t)me * 100000 + i, s),
                      "%s: alltoall of %zu bytes, block of %d: [%zu]", name, share * sizeof(long), p, i);
        fold(dest, (size_t)n * share * sizeof *dest);
        /* collect: member p gives share - p % 2 elements (at least 1) */
        size_t mine = share > 1 ? share - (size_t)(me % 2) : 1;
        for (size_t i = 0; i < mine; i++)
            source[i] = value(me, i, s);
        shmem_long_collect(team, dest, source, mine);
        size_t at = 0;
        for (int p = 0; p < n; p++) {
            size_t theirs = share > 1 ? share - (size_t)(p % 2) : 1;
            for (size_t i = 0; i < theirs; i++)
                CHECK(dest[at + i] == value(p, i, s), "%s: collect from %d: [%zu]", name, p, i);
            at += theirs;
        }
        fold(dest, at * sizeof *dest);
        /* strided alltoall on small sizes */
        if (sizes[s] <= 8200) {
            size_t k = share / 2 ? share / 2 : 1;
            memset(dest, 0, (size_t)n * k * 3 * sizeof *dest);
            for (size_t i = 0; i < (size_t)n * k; i++)
                source[i * 2] = value(me, i, s);
            shmem_long_alltoalls(team, dest, source, 3, 2, k);
            for (int p = 0; p < n; p++)
                for (size_t i = 0; i < k; i++)
                    CHECK(dest[((size_t)p * k + i) * 3] == value(p, (size_t)me * k + i, s),
                          "%s: alltoalls block of %d: [%zu]", name, p, i);
            fold(dest, (size_t)n * k * 3 * sizeof *dest);
        }
        shmem_team_sync(team);
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *source = shmem_malloc(3 * MAX_BYTES), *dest = shmem_malloc(3 * MAX_BYTES);
    double *dsource = shmem_malloc(MAX_BYTES), *ddest = shmem_malloc(MAX_BYTES);
    CHECK(source && dest && dsource && ddest, "shmem_malloc failed");
    run_team(SHMEM_TEAM_WORLD, "world", source, dest, dsource, ddest);
    shmem_team_t odd = SHMEM_TEAM_INVALID;
    if (n >= 3) {
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd);
        if (odd != SHMEM_TEAM_INVALID)
            run_team(odd, "odd PEs", source, dest, dsource, ddest);
    }
    shmem_barrier_all();
    uint64_t *all = shmem_malloc((size_t)n * sizeof *all);
    uint64_t *mine = shmem_malloc(sizeof *mine);
    *mine = digest;
    shmem_uint64_fcollect(SHMEM_TEAM_WORLD, all, mine, 1);
    if (me == 0)
        for (int p = 0; p < n; p++)
            printf("digest PE %d %016llx\n", p, (unsigned long long)all[p]);
    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    shmem_finalize();
    return 0;
}
