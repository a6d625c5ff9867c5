/* Conformance points of issue 16 and the OpenSHMEM 1.6 clarifications,
 * on real PEs:
 * - an active-set collective called by a PE outside the set returns at
 *   once (as in Open MPI's OSHMEM), while the members get their results;
 * - SHMEM_SYMMETRIC_SIZE=N: one allocation of exactly N bytes succeeds
 *   (also after teams and contexts were made), N + 64 K more does not;
 * - shmem_align(0, n) returns NULL;
 * - shmem_team_get_config with a mask of 0 accepts a NULL config;
 * - shmem_team_split_strided refuses a wrap-around triplet on every PE;
 * - the version says 1.6.
 * Run: SHMEM_SYMMETRIC_SIZE=N test_conformance N */
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long src[4], dst[4];

static void outside_active_set(int me, int n)
{
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        pSync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    /* Set {0}: everybody calls; only PE 0 is in it. */
    shmem_barrier(0, 0, 1, pSync);
    /* Set {0 .. n-2}: the last PE is outside and must come back at once,
     * with its dest untouched. */
    src[0] = me + 1;
    dst[0] = -7;
    shmem_long_sum_to_all(dst, src, 1, 0, 0, n - 1, pWrk, pSync);
    long m = n - 1;
    if (me < n - 1)
        CHECK(dst[0] == m * (m + 1) / 2, "sum_to_all in the set: %ld", dst[0]);
    else
        CHECK(dst[0] == -7, "the PE outside the set got dest %ld", dst[0]);
    /* Set {1 .. n-1}, root its first member (PE 1): PE 0 is outside. */
    dst[0] = -7;
    shmem_barrier_all();
    shmem_broadcast64(dst, src, 1, 0, 1, 0, n - 1, pSync);
    if (me >= 2)
        CHECK(dst[0] == 2, "broadcast64 in the set: %ld", dst[0]);
    else
        CHECK(dst[0] == -7, "broadcast64 wrote dest on PE %d (root or outside): %ld", me, dst[0]);
    shmem_barrier_all();
}

static void exact_heap(size_t n_bytes, int me, int n)
{
    shmem_team_t odd = SHMEM_TEAM_INVALID;
    if (n >= 2)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0, "split");
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    char *all = shmem_malloc(n_bytes);
    CHECK(all != NULL, "shmem_malloc(%zu) with SHMEM_SYMMETRIC_SIZE=%zu failed", n_bytes, n_bytes);
    all[0] = 1;
    shmem_char_p(all + n_bytes - 1, (char)(me + 1), (me + 1) % n);
    shmem_barrier_all();
    CHECK(all[n_bytes - 1] == (char)((me + n - 1) % n + 1), "last byte of the whole heap");
    shmem_free(all);
    char *more = shmem_malloc(n_bytes + 65536);
    CHECK(more == NULL, "shmem_malloc(%zu + 64K) fit in a heap of %zu", n_bytes, n_bytes);
    shmem_ctx_destroy(ctx);
    shmem_team_destroy(odd);
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int major = 0, minor = 0;
    shmem_info_get_version(&major, &minor);
    CHECK(major == 1 && minor == 6 && SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION == 6,
          "version %d.%d", major, minor);
    if (n >= 2)
        outside_active_set(me, n);
    if (argc > 1)
        exact_heap((size_t)strtoull(argv[1], NULL, 10), me, n);
    CHECK(shmem_align(0, 64) == NULL, "shmem_align(0, 64) gave a block");
    void *aligned = shmem_align(128, 64);
    CHECK(aligned != NULL, "shmem_align(128, 64) still works");
    shmem_free(aligned);
    CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, 0, NULL) == 0, "get_config(mask 0, NULL)");
    shmem_team_config_t config = {.num_contexts = 3};
    shmem_team_t team;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &config, SHMEM_TEAM_NUM_CONTEXTS, &team) == 0,
          "split with a config");
    config.num_contexts = -1;
    CHECK(shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &config) == 0 && config.num_contexts == 3,
          "get_config: num_contexts %d", config.num_contexts);
    shmem_team_destroy(team);
    if (n >= 2) { /* start n-1, stride 1, size 2 would wrap to PE 0: refused everywhere */
        team = (shmem_team_t)&config;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, 1, 2, NULL, 0, &team) != 0, "wrap-around accepted");
        CHECK(team == SHMEM_TEAM_INVALID, "wrap-around gave a team");
    }
    shmem_barrier_all();
    if (me == 0)
        printf("conformance: OK on %d PEs\n", n);
    shmem_finalize();
    return 0;
}
