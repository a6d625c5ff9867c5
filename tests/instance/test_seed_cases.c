/* The seed library's own multi-instance cases, on 4 PEs. The world
 * (shmem_init) orders the steps; it is instance 0 or SHMEM_WORLD_INSTANCE_ID. */
#include "instance/instance_util.h"

static int world_pe;
static uint64_t world_id;

/* Ids for the test's instances that never collide with the world's. */
static uint64_t id_for(int n) { return (uint64_t)n >= world_id ? (uint64_t)n + 1 : (uint64_t)n; }

/* After the current instance is finalized: the default instance, i.e. 0,
 * or the world when SHMEM_WORLD_INSTANCE_ID moved it. */
static void expect_fallback(const char *when)
{
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    CHECK(ctx != NULL && ctx->id == world_id, "%s: current instance should be the default (%llu)", when,
          (unsigned long long)world_id);
}

static void expect_current(uint64_t id, const char *when)
{
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    CHECK(ctx != NULL && ctx->id == id, "%s: current instance is %lld, expected %llu", when,
          ctx ? (long long)ctx->id : -1LL, (unsigned long long)id);
}

/* Ring exchange inside the current instance: every PE puts its rank + tag to
 * the next one and reads it back from the previous one. */
static void ring_exchange(long tag)
{
    int me = aclshmem_my_pe(), n = aclshmem_n_pes();
    long *slot = aclshmem_malloc(sizeof *slot);
    CHECK(slot != NULL, "malloc in the current instance");
    CHECK_RC(aclshmem_long_p(slot, tag + me, (me + 1) % n), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    long expected = tag + (me + n - 1) % n;
    CHECK(*slot == expected, "ring: PE %d got %ld, expected %ld", me, *slot, expected);
    CHECK(aclshmem_long_g(slot, (me + 1) % n) == tag + me, "ring: g from the next PE");
    aclshmem_free(slot);
}

static void single_instance(void)
{
    static const int all[] = {0, 1, 2, 3};
    uint64_t id = id_for(1);
    CHECK_RC(test_create(id, all, 4, 1 << 20), ACLSHMEM_SUCCESS);
    expect_current(world_id, "creating another instance must not switch");
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    expect_current(id, "after ctx_set");
    CHECK(aclshmem_my_pe() == world_pe && aclshmem_n_pes() == 4, "PE numbering of instance %llu",
          (unsigned long long)id);
    ring_exchange(100);
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    expect_fallback("finalizing the current instance");
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (world_pe == 0)
        printf("single instance: ok\n");
}

static void subset_malloc(void)
{
    static const int members[] = {1, 2};
    uint64_t id = id_for(2);
    CHECK_RC(test_create(id, members, 2, 1 << 20), ACLSHMEM_SUCCESS);
    if (test_rank_in(members, 2, world_pe) >= 0) {
        CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
        CHECK(aclshmem_n_pes() == 2 && aclshmem_my_pe() == world_pe - 1, "subset numbering");
        int *big = aclshmem_malloc(512 * 1024);
        CHECK(big != NULL, "malloc in a 2-PE instance");
        CHECK(aclshmem_malloc(2 << 20) == NULL, "a malloc beyond local_mem_size must fail");
        aclshmem_free(big);
        ring_exchange(200);
        CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    } else {
        CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_INVALID_PARAM);
    }
    expect_current(world_id, "subset instance finalized");
    shmem_barrier_all();
    if (world_pe == 0)
        printf("malloc in an instance on a subset: ok\n");
}

static void overlapping_instances(void)
{
    static const int first[] = {0, 1, 2}, second[] = {1, 2, 3};
    uint64_t a = id_for(3), b = id_for(4);
    CHECK_RC(test_create(a, first, 3, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(test_create(b, second, 3, 2 << 20), ACLSHMEM_SUCCESS);
    /* PEs 1 and 2 switch between the two instances. */
    for (int round = 0; round < 3; round++) {
        if (test_rank_in(first, 3, world_pe) >= 0) {
            CHECK_RC(aclshmemx_instance_ctx_set(a), ACLSHMEM_SUCCESS);
            CHECK(aclshmem_my_pe() == world_pe, "rank in instance a");
            ring_exchange(1000 * round);
        }
        if (test_rank_in(second, 3, world_pe) >= 0) {
            CHECK_RC(aclshmemx_instance_ctx_set(b), ACLSHMEM_SUCCESS);
            CHECK(aclshmem_my_pe() == world_pe - 1, "rank in instance b");
            ring_exchange(5000 + 1000 * round);
        }
        CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
        shmem_barrier_all();
    }
    if (world_pe == 0)
        printf("overlapping instances with ctx_set between them: ok\n");

    /* Finalize the active instance with aclshmem_finalize(). */
    if (test_rank_in(first, 3, world_pe) >= 0) {
        CHECK_RC(aclshmemx_instance_ctx_set(a), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_finalize(), ACLSHMEM_SUCCESS);
        expect_fallback("aclshmem_finalize of the active instance");
        CHECK_RC(aclshmemx_instance_ctx_set(a), ACLSHMEM_INVALID_PARAM);
        CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    }
    shmem_barrier_all();
    if (world_pe == 0)
        printf("finalize the active instance: ok\n");

    /* Finalize a non-active instance and keep using the active one. */
    static const int third[] = {1, 3};
    uint64_t c = id_for(5);
    CHECK_RC(test_create(c, third, 2, 1 << 20), ACLSHMEM_SUCCESS);
    if (test_rank_in(second, 3, world_pe) >= 0) {
        CHECK_RC(aclshmemx_instance_ctx_set(b), ACLSHMEM_SUCCESS);
        if (test_rank_in(third, 2, world_pe) >= 0) {
            CHECK_RC(aclshmemx_finalize(c), ACLSHMEM_SUCCESS);
            expect_current(b, "finalizing a non-active instance must not switch");
        }
        ring_exchange(9000);
        CHECK_RC(aclshmemx_finalize(b), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    }
    shmem_barrier_all();
    if (world_pe == 0)
        printf("finalize a non-active instance, keep using the active one: ok\n");
}

static void invalid_ids(void)
{
    static const int all[] = {0, 1, 2, 3};
    CHECK_RC(test_create(255, all, 4, 1 << 20), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(test_create(1000, all, 4, 1 << 20), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_instance_ctx_set(id_for(200)), ACLSHMEM_INVALID_PARAM);
    expect_current(world_id, "ctx_set of an unknown id must not switch");
    CHECK(aclshmemx_finalize(id_for(201)) != ACLSHMEM_SUCCESS, "finalize of a non-existent id");
    CHECK(aclshmemx_finalize(999) != ACLSHMEM_SUCCESS, "finalize of an out-of-range id");
    expect_current(world_id, "finalize of an unknown id must not touch the active instance");
    shmem_barrier_all(); /* the world still works */
    if (world_pe == 0)
        printf("invalid and non-existent ids: ok\n");
}

int main(void)
{
    shmem_init();
    world_pe = shmem_my_pe();
    world_id = aclshmemx_instance_ctx_get()->id;
    CHECK(shmem_n_pes() == 4, "run with 4 PEs");
    test_choose_port_range(256);
    single_instance();
    subset_malloc();
    overlapping_instances();
    invalid_ids();
    shmem_finalize();
    if (world_pe == 0)
        printf("seed_cases: all checks passed\n");
    return 0;
}
