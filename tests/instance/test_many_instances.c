/* 255 live instances on 2 PEs at once (the world plus 254 more), each with
 * its own heap holding its own data; then id 255 is refused. */
#include "instance/instance_util.h"

#define HEAP_BYTES (256 * 1024)

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");
    uint64_t world_id = aclshmemx_instance_ctx_get()->id;
    test_choose_port_range(255);
    static const int both[] = {0, 1};
    long *boxes[ACLSHMEM_MAX_INSTANCES] = {0};
    double start = test_now_s();
    for (uint64_t id = 0; id <= ACLSHMEM_MAX_INSTANCE_ID; id++) {
        if (id == world_id)
            continue;
        CHECK_RC(test_create(id, both, 2, HEAP_BYTES), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
        boxes[id] = aclshmem_malloc(2 * sizeof(long));
        CHECK(boxes[id] != NULL, "malloc in instance %llu", (unsigned long long)id);
        /* Each instance's heap gets a value only that instance writes. */
        CHECK_RC(aclshmem_long_p(&boxes[id][me], (long)id * 10 + me, 1 - me), ACLSHMEM_SUCCESS);
    }
    double created = test_now_s() - start;
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    CHECK_RC(test_create(255, both, 2, HEAP_BYTES), ACLSHMEM_INVALID_VALUE);
    shmem_barrier_all();
    /* All 255 are live at once: verify every heap, then finalize them all. */
    for (uint64_t id = 0; id <= ACLSHMEM_MAX_INSTANCE_ID; id++) {
        if (id == world_id)
            continue;
        CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
        long expected = (long)id * 10 + (1 - me);
        CHECK(boxes[id][1 - me] == expected, "instance %llu holds %ld, expected %ld",
              (unsigned long long)id, boxes[id][1 - me], expected);
        CHECK(aclshmem_long_g(&boxes[id][me], 1 - me) == (long)id * 10 + me, "g in instance %llu",
              (unsigned long long)id);
    }
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    for (uint64_t id = 0; id <= ACLSHMEM_MAX_INSTANCE_ID; id++)
        if (id != world_id)
            CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == world_id, "world still current");
    shmem_barrier_all();
    if (me == 0)
        printf("many_instances: 255 live instances verified (created in %.2f s)\n", created);
    shmem_finalize();
    return 0;
}
