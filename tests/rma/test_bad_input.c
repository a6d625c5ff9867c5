/* Misuse of the OpenSHMEM face, one case per run (argv[1]): PE 0 makes the
 * bad call, which must end the job with a message naming the call, the PE
 * and the address (bad_input.sh checks the text). "zero_ok" and "debug_ok"
 * are the legal counterparts and must exit 0. */
#include <limits.h>
#include <stdint.h>

#include "instance/instance_util.h"

static uint64_t world_id;
static uint64_t id_for(int n) { return (uint64_t)n >= world_id ? (uint64_t)n + 1 : (uint64_t)n; }

/* Another instance over the same PEs; returns an address in its heap and
 * leaves the world current. */
static long *other_instance_block(uint64_t *id_out)
{
    static const int all[] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t id = id_for(1);
    test_choose_port_range(4);
    CHECK_RC(test_create(id, all, shmem_n_pes(), 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    long *block = shmem_calloc(16, sizeof(long));
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    if (id_out)
        *id_out = id;
    return block;
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: test_bad_input CASE");
    const char *mode = argv[1];
    shmem_init();
    world_id = aclshmemx_instance_ctx_get()->id;
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *block = shmem_calloc(16, sizeof(long));
    long local[16] = {0}, on_stack = 0;
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    long *elsewhere = NULL;
    uint64_t other_id = 0;
    if (!strncmp(mode, "other_instance", 14) || !strcmp(mode, "ctx_finalized"))
        elsewhere = other_instance_block(&other_id);
    shmem_team_t even = SHMEM_TEAM_INVALID; /* world PEs 0, 2, 4, ... */
    if (!strcmp(mode, "ctx_team_pe"))
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &even) == 0, "split");
    shmem_barrier_all();
    if (me == 0) {
        if (!strcmp(mode, "bad_pe"))
            shmem_long_p(block, 1, npes);
        else if (!strcmp(mode, "bad_pe_strided"))
            shmem_int_iget((int *)local, (int *)block, 1, 1, 4, -1);
        else if (!strcmp(mode, "bad_pe_ctx"))
            shmem_ctx_double_put(ctx, (double *)block, (double *)local, 2, npes + 3);
        else if (!strcmp(mode, "bad_pe_signal"))
            shmem_put64_signal(block, local, 1, (uint64_t *)block + 8, 1, SHMEM_SIGNAL_SET, npes);
        else if (!strcmp(mode, "out_of_heap"))
            shmem_putmem(&on_stack, local, sizeof on_stack, 1);
        else if (!strcmp(mode, "past_heap_end"))
            shmem_getmem(local, block, (size_t)1 << 40, 1);
        else if (!strcmp(mode, "other_instance"))
            shmem_long_put(elsewhere, local, 4, 1);
        else if (!strcmp(mode, "other_instance_ctx"))
            shmem_ctx_long_g(ctx, elsewhere, 1);
        else if (!strcmp(mode, "other_instance_strided"))
            shmem_long_iput(elsewhere, local, 2, 1, 4, 1);
        else if (!strcmp(mode, "count_overflow"))
            shmem_long_get(local, block, SIZE_MAX / 4 + 2, 1); /* the byte count would wrap to 8 */
        else if (!strcmp(mode, "null_local"))
            shmem_getmem(NULL, block, 8, 1);
        else if (!strcmp(mode, "null_remote"))
            shmem_long_put(NULL, local, 2, 1);
        else if (!strcmp(mode, "null_signal"))
            shmem_long_put_signal(block, local, 1, NULL, 1, SHMEM_SIGNAL_ADD, 1);
        else if (!strcmp(mode, "strided_extent"))
            shmem_long_iput(block, local, (ptrdiff_t)1 << 36, 1, 3, 1);
        else if (!strcmp(mode, "strided_overflow"))
            shmem_iget32(local, block, 1, PTRDIFF_MAX / 2, 3, 1);
        else if (!strcmp(mode, "ctx_destroyed")) {
            shmem_ctx_destroy(ctx);
            shmem_ctx_long_p(ctx, block, 1, 1);
        } else if (!strcmp(mode, "ctx_double_destroy")) {
            shmem_ctx_destroy(ctx);
            shmem_ctx_destroy(ctx);
        } else if (!strcmp(mode, "ctx_invalid"))
            shmem_ctx_putmem(SHMEM_CTX_INVALID, block, local, 8, 1);
        else if (!strcmp(mode, "ctx_destroy_default"))
            shmem_ctx_destroy(SHMEM_CTX_DEFAULT);
        else if (!strcmp(mode, "ctx_team_pe")) {
            /* Team PEs are 0 .. size-1: "size" is one past the team. */
            shmem_ctx_t team_ctx;
            CHECK(shmem_team_create_ctx(even, 0, &team_ctx) == 0, "team ctx");
            shmem_ctx_long_p(team_ctx, block, 1, (npes + 1) / 2);
        } else if (!strcmp(mode, "lock_not_held"))
            shmem_clear_lock(block);
        else if (!strcmp(mode, "lock_out_of_heap"))
            shmem_set_lock(&on_stack);
        else if (!strcmp(mode, "debug_overlap"))
            shmem_putmem(block, (char *)block + 8, 64, 0);
    }
    if (!strcmp(mode, "ctx_finalized")) {
        /* A context made in the other instance outlives it. */
        shmem_ctx_t bound;
        CHECK_RC(aclshmemx_instance_ctx_set(other_id), ACLSHMEM_SUCCESS);
        CHECK(shmem_ctx_create(0, &bound) == 0, "ctx_create in the other instance");
        CHECK_RC(aclshmemx_finalize(other_id), ACLSHMEM_SUCCESS);
        if (me == 0)
            shmem_ctx_long_p(bound, elsewhere, 1, 1);
    }
    if (!strcmp(mode, "zero_ok")) {
        /* Zero elements: any pointer, any PE, any stride, any context. */
        shmem_putmem(NULL, NULL, 0, npes + 9);
        shmem_long_get(NULL, NULL, 0, -4);
        shmem_int_iput((int *)&on_stack, NULL, 0, 99, 0, npes);
        shmem_ctx_getmem_nbi(ctx, NULL, &on_stack, 0, -1);
        shmem_put128_nbi(&on_stack, &on_stack, 0, npes);
        shmem_iget8(NULL, NULL, PTRDIFF_MAX, PTRDIFF_MAX, 0, npes);
        CHECK_RC(aclshmem_getmem(NULL, NULL, 0, -7), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_double_iget(NULL, NULL, 1, 1, 0, npes), ACLSHMEM_SUCCESS);
    }
    if (!strcmp(mode, "debug_ok")) {
        /* SHMEM_DEBUG=1: legal traffic passes the deeper checks. */
        for (int i = 0; i < 16; i++)
            local[i] = 100 * me + i;
        shmem_long_put(block, local, 16, (me + 1) % npes);
        shmem_long_iput(block, local, 1, 1, 8, (me + 1) % npes);
        shmem_barrier_all();
        for (int i = 0; i < 16; i++)
            CHECK(block[i] == 100 * ((me + npes - 1) % npes) + i, "debug_ok element %d", i);
        shmem_long_get(local, block, 16, me); /* own PE, distinct buffers */
    }
    shmem_barrier_all();
    if (me == 0)
        printf("%s: completed\n", mode);
    shmem_ctx_destroy(ctx == SHMEM_CTX_INVALID ? SHMEM_CTX_INVALID : ctx);
    shmem_finalize();
    return 0;
}
