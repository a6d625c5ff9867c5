/* aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX) under mpirun -np 4, beside
 * the shmem_init world (PMIx too): instances over groups of ranks, two of
 * them at once over disjoint groups (one with its ranks in reverse order),
 * an instance id made again over another group after its finalize, an
 * instance of the whole job (comm_args NULL), and the rules (a rank not in
 * the group, a rank twice, attr's my_pe disagreeing) refused at once with
 * ACLSHMEM_INVALID_PARAM. Each instance runs a ring and a sum reduction. */
#include <shmemx.h>
#include <stdio.h>

#include "test_util.h"

static aclshmemx_init_attr_t group_attr(uint64_t id, aclshmemx_pmix_group_t *group)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER; /* my_pe, n_pes: from the group */
    attr.instance_id = id;
    attr.local_mem_size = 1 << 20;
    attr.comm_args = group;
    return attr;
}

/* A ring and a sum in instance id, where this process is PE expect_pe of
 * expect_n; then finalizes it. */
static void exercise(uint64_t id, int expect_pe, int expect_n)
{
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(me == expect_pe && n == expect_n, "instance %llu: PE %d of %d, expected %d of %d",
          (unsigned long long)id, me, n, expect_pe, expect_n);
    long *slot = shmem_malloc(2 * sizeof *slot);
    CHECK(slot, "shmem_malloc in instance %llu", (unsigned long long)id);
    shmem_long_p(slot, 1000 * (long)id + me, (me + 1) % n);
    shmem_barrier_all();
    CHECK(slot[0] == 1000 * (long)id + (me + n - 1) % n, "instance %llu: ring gave %ld",
          (unsigned long long)id, slot[0]);
    slot[1] = me + 1;
    shmem_barrier_all();
    CHECK_RC(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, slot, slot + 1, 1), 0);
    CHECK(slot[0] == (long)n * (n + 1) / 2, "instance %llu: sum %ld", (unsigned long long)id, slot[0]);
    shmem_free(slot);
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
}

int main(void)
{
    shmem_init();
    int rank = shmem_my_pe();
    CHECK(shmem_n_pes() == 4, "run with mpirun -np 4 (got %d PEs)", shmem_n_pes());

    /* The rules, before anything collective. */
    int not_me[] = {(rank + 1) % 4}, twice[] = {rank, rank}, pair[] = {rank, (rank + 1) % 4};
    aclshmemx_pmix_group_t g_not_me = {1, not_me}, g_twice = {2, twice}, g_pair = {2, pair};
    aclshmemx_init_attr_t attr = group_attr(9, &g_not_me);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_INVALID_PARAM);
    attr = group_attr(9, &g_twice);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_INVALID_PARAM);
    attr = group_attr(9, &g_pair);
    attr.my_pe = 1; /* the group says 0 */
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_INVALID_PARAM);
    aclshmemx_pmix_group_t g_empty = {0, pair};
    attr = group_attr(9, &g_empty);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_INVALID_PARAM);

    /* Two instances at once over disjoint groups: {0,1} and {3,2}. */
    int low[] = {0, 1}, high[] = {3, 2};
    aclshmemx_pmix_group_t g_low = {2, low}, g_high = {2, high};
    uint64_t id = rank < 2 ? 3 : 4;
    attr = group_attr(id, rank < 2 ? &g_low : &g_high);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_SUCCESS);
    exercise(id, rank < 2 ? rank : 3 - rank, 2);

    /* Instance 3 again, over {1,2}: rank 1 made it before, rank 2 did not. */
    int middle[] = {1, 2};
    aclshmemx_pmix_group_t g_middle = {2, middle};
    if (rank == 1 || rank == 2) {
        attr = group_attr(3, &g_middle);
        CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_SUCCESS);
        exercise(3, rank - 1, 2);
    }

    /* The whole job, twice in a row under one id. */
    for (int round = 0; round < 2; round++) {
        attr = group_attr(5, NULL);
        attr.my_pe = rank; /* agrees */
        CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_PMIX, &attr), ACLSHMEM_SUCCESS);
        exercise(5, rank, 4);
    }

    /* The world is untouched. */
    static long world_word;
    shmem_long_atomic_add(&world_word, rank + 1, 0);
    shmem_barrier_all();
    if (rank == 0)
        CHECK(world_word == 10, "world counter %ld", world_word);
    shmem_barrier_all();
    if (rank == 0)
        printf("PMIx groups: disjoint instances, an id over another group, the whole job, the rules: ok\n");
    shmem_finalize();
    return 0;
}
