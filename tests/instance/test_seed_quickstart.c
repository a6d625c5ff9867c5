/* The seed's quick start, compiled as C with -DMULTI_INSTANCE: create
 * instance 2, switch to it, allocate, read the current id, finalize by id,
 * then the aclshmem_finalize() variant. Only the rank source and the checks
 * are added; the API lines are the seed's own. */
#include "shmem.h"

#include "test_util.h"

static void quick_start(int pe_id, int pe_size)
{
    // 1. 创建实例
    aclshmemx_init_attr_t attr;
    attr.my_pe = pe_id;
    attr.n_pes = pe_size;
    attr.local_mem_size = 1024UL * 1024UL * 1024UL;
    attr.ip_port = "tcp://127.0.0.1:0";      // 预先置为0,后续会分配
    attr.comm_args = nullptr;                // default mode
    attr.instance_id = 2;

    int ret = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
    CHECK(ret == ACLSHMEM_SUCCESS, "init_attr returned %d", ret);

    // 2. 切换到目标实例 Context
    aclshmemx_instance_ctx_set(2);

    // 后续 SHMEM API 均作用于实例 2
    void *ptr = aclshmem_malloc(1024);
    CHECK(ptr != nullptr, "malloc in instance 2");
    CHECK(aclshmem_n_pes() == pe_size && aclshmem_my_pe() == pe_id, "instance 2 numbering");
    aclshmem_free(ptr);

    // 3. 获取当前实例
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    // 当前主要用于读取 id，其他能力见上一节
    uint64_t cur_id = (ctx == nullptr) ? 0 : ctx->id;
    CHECK(cur_id == 2, "current id %llu", (unsigned long long)cur_id);

    // 4. 释放实例
    ret = aclshmemx_finalize(2);
    CHECK(ret == ACLSHMEM_SUCCESS, "finalize(2) returned %d", ret);

    // the aclshmem_finalize() variant: set, then finalize the active instance
    ret = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
    CHECK(ret == ACLSHMEM_SUCCESS, "second init_attr returned %d", ret);
    aclshmemx_instance_ctx_set(2);
    aclshmem_finalize();   // 释放当前活动实例 2
    CHECK(aclshmemx_instance_ctx_set(2) != ACLSHMEM_SUCCESS, "instance 2 must be gone");
}

int main(void)
{
#ifndef MULTI_INSTANCE
#error "this test is built with the seed's MULTI_INSTANCE definition"
#endif
    shmem_init(); /* only to learn pe_id and pe_size from the launcher */
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    CHECK(world != 2, "run the quick start with the world outside instance 2");
    quick_start(shmem_my_pe(), shmem_n_pes());
    aclshmemx_instance_ctx_set(world);
    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        printf("seed quick start: ok\n");
    shmem_finalize();
    return 0;
}
