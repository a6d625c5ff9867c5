/* Misuse that used to end in a wrong result, a hang or a bare SIGSEGV
 * (issue 15, items 10-14), one case per run (argv[1]); misuse.sh runs each
 * through the launcher and checks the exit status and the message. The
 * cases whose name ends in _ok are legal and must exit 0. */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <shmem.h>

#include "instance/instance_util.h"

/* Far from any heap, global data or stack, and never mapped: the last
 * page below 2^46 (a canonical user address on every 64-bit Linux). */
#define FAR_ADDRESS ((long *)(uintptr_t)((1ull << 46) - 4096))

/* Item 10: a context of a destroyed team must not act on the team that
 * reuses its slot. T1 = world {1, 2, 3}, T2 = world {0, 1, 2}: team PE 1
 * of T1 is world PE 2, of T2 world PE 1. Needs 4 PEs. */
static void team_ctx_reuse(int destroy_ctx_after)
{
    int me = shmem_my_pe();
    long *cell = shmem_calloc(1, sizeof *cell);
    shmem_team_t t1, t2;
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, 3, NULL, 0, &t1) == 0, "split T1");
    if (t1 != SHMEM_TEAM_INVALID)
        CHECK(shmem_team_create_ctx(t1, 0, &ctx) == 0, "ctx on T1");
    shmem_barrier_all();
    if (t1 != SHMEM_TEAM_INVALID)
        shmem_team_destroy(t1);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 3, NULL, 0, &t2) == 0, "split T2");
    shmem_barrier_all();
    if (destroy_ctx_after) {
        if (me == 1)
            shmem_ctx_destroy(ctx); /* team_destroy destroyed it already */
    } else if (me == 1) {
        shmem_ctx_long_p(ctx, cell, 42, 1); /* meant for world PE 2 */
        shmem_ctx_quiet(ctx);
    }
    shmem_barrier_all();
    if (*cell == 42)
        fprintf(stderr, "PE %d: the put meant for world PE 2 landed on world PE %d\n", me, me);
    shmem_barrier_all();
}

/* Item 10, for instances: a context of a finalized instance must not act
 * on a new instance made with the same id (whose struct may sit at the
 * same address). */
static void ctx_instance_reuse(void)
{
    static const int all[] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t id = aclshmemx_instance_ctx_get()->id == 3 ? 4 : 3;
    int n = shmem_n_pes();
    test_choose_port_range(4);
    CHECK_RC(test_create(id, all, n, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx");
    long *cell = shmem_calloc(1, sizeof *cell);
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    shmem_barrier_all(); /* the world is current again */
    CHECK_RC(test_create(id, all, n, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    long *again = shmem_calloc(1, sizeof *again);
    if (shmem_my_pe() == 0)
        shmem_ctx_long_p(ctx, again, 42, 1); /* the old instance is gone */
    shmem_barrier_all();
    if (*again == 42)
        fprintf(stderr, "PE %d: a context of the finalized instance %llu wrote into the new one\n",
                shmem_my_pe(), (unsigned long long)id);
    (void)cell;
    shmem_barrier_all();
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
}

/* Item 13: shmem_query_thread reports the level shmem_init_thread granted. */
static int thread_level(int requested)
{
    int provided = -1, queried = -1;
    CHECK(shmem_init_thread(requested, &provided) == 0, "shmem_init_thread(%d)", requested);
    shmem_query_thread(&queried);
    CHECK(provided == requested, "requested %d, provided %d", requested, provided);
    CHECK(queried == provided, "provided %d, shmem_query_thread says %d", provided, queried);
    shmem_finalize();
    return 0;
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: test_misuse CASE");
    const char *mode = argv[1];
    if (!strcmp(mode, "thread_single_ok"))
        return thread_level(SHMEM_THREAD_SINGLE);
    if (!strcmp(mode, "thread_funneled_ok"))
        return thread_level(SHMEM_THREAD_FUNNELED);
    if (!strcmp(mode, "thread_serialized_ok"))
        return thread_level(SHMEM_THREAD_SERIALIZED);
    if (!strcmp(mode, "thread_multiple_ok"))
        return thread_level(SHMEM_THREAD_MULTIPLE);

    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *block = shmem_calloc(16, sizeof(long));
    long on_stack = 0, local[16] = {0};
    shmem_barrier_all();
    if (!strcmp(mode, "team_ctx_reuse") || !strcmp(mode, "team_ctx_destroy_after")) {
        CHECK(npes == 4, "needs 4 PEs");
        team_ctx_reuse(!strcmp(mode, "team_ctx_destroy_after"));
    } else if (!strcmp(mode, "ctx_instance_reuse")) {
        ctx_instance_reuse();
    } else if (!strcmp(mode, "team_ctx_ok")) {
        /* The legal order: contexts destroyed before their team; a context
         * made after the slot is reused works. */
        shmem_team_t t1, t2;
        shmem_ctx_t c1 = SHMEM_CTX_INVALID, c2 = SHMEM_CTX_INVALID;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t1) == 0, "split");
        CHECK(shmem_team_create_ctx(t1, 0, &c1) == 0, "ctx");
        shmem_ctx_long_p(c1, &block[0], 1, (me + 1) % npes);
        shmem_ctx_destroy(c1);
        shmem_team_destroy(t1);
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t2) == 0, "split again");
        CHECK(shmem_team_create_ctx(t2, 0, &c2) == 0, "ctx again");
        shmem_ctx_long_p(c2, &block[0], 2, (me + 1) % npes);
        shmem_ctx_quiet(c2);
        shmem_team_destroy(t2); /* destroys c2 too */
        shmem_barrier_all();
        CHECK(block[0] == 2, "PE %d holds %ld", me, block[0]);
    } else if (me == 0) {
        if (!strcmp(mode, "wait_stack"))
            shmem_long_wait_until(&on_stack, SHMEM_CMP_EQ, 1);
        else if (!strcmp(mode, "wait_all_stack"))
            shmem_long_wait_until_all(local, 4, NULL, SHMEM_CMP_EQ, 1);
        else if (!strcmp(mode, "signal_wait_stack"))
            shmem_signal_wait_until((uint64_t *)&on_stack, SHMEM_CMP_EQ, 1);
        else if (!strcmp(mode, "test_stack")) {
            while (!shmem_long_test(&on_stack, SHMEM_CMP_EQ, 1))
                usleep(1000);
        } else if (!strcmp(mode, "test_far"))
            fprintf(stderr, "test says %d\n", shmem_long_test(FAR_ADDRESS, SHMEM_CMP_EQ, 1));
        else if (!strcmp(mode, "wait_far"))
            shmem_long_wait_until(FAR_ADDRESS, SHMEM_CMP_EQ, 1);
        else if (!strcmp(mode, "signal_fetch_far"))
            fprintf(stderr, "fetched %llu\n", (unsigned long long)shmem_signal_fetch((uint64_t *)FAR_ADDRESS));
        else if (!strcmp(mode, "put_far_local"))
            shmem_putmem(block, FAR_ADDRESS, 8, 1);
        else if (!strcmp(mode, "acl_g_bad_pe") || !strcmp(mode, "acl_g_bad_pe_ok")) {
            block[0] = 7;
            long value = aclshmem_long_g(block, 99);
            CHECK(value == 0, "aclshmem_long_g(pe 99) returned %ld", value);
        } else if (!strcmp(mode, "wait_ok")) {
            /* Waits and tests on symmetric words (heap and globals) still work. */
            static long global_flag = 1;
            block[1] = 1;
            shmem_long_wait_until(&block[1], SHMEM_CMP_EQ, 1);
            shmem_long_wait_until(&global_flag, SHMEM_CMP_EQ, 1);
            CHECK(shmem_long_test(&block[1], SHMEM_CMP_EQ, 1) == 1, "test");
            CHECK(shmem_long_test_all(block, 0, NULL, SHMEM_CMP_EQ, 1) == 1, "empty test_all");
        }
    }
    if (!strcmp(mode, "read_after_finalize")) {
        shmem_barrier_all();
        shmem_finalize();
        fprintf(stderr, "read %ld\n", block[0]); /* the heap is gone */
        return 0;
    }
    (void)local;
    shmem_barrier_all();
    shmem_free(block);
    shmem_finalize();
    return 0;
}
