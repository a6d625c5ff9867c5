/* Collectives on two instances at the same time, one per thread (thread
 * overrides), while the main thread's instance stays untouched: each
 * thread splits teams in its own instance and runs broadcasts, reductions
 * and fcollects on them and on its world, and the main thread runs
 * reductions on the world instance meanwhile. Instance A spans all PEs, B
 * the odd PEs in reverse order; every value names its instance. */
#include <pthread.h>

#include "instance/instance_util.h"

#define ITERATIONS 300

struct lane {
    uint64_t id;
    int members[64];
    int count;
    long tag;
    int created_rc;
};

static int world_pe;
static pthread_barrier_t both_created;

static void run(struct lane *lane)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n == lane->count && me == test_rank_in(lane->members, lane->count, world_pe), "numbering");
    long *src = shmem_malloc(8 * sizeof(long)), *dst = shmem_malloc(8 * (size_t)n * sizeof(long));
    shmem_team_t half;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, (n + 1) / 2, NULL, 0, &half) == 0, "split");
    for (long it = 0; it < ITERATIONS; it++) {
        long base = lane->tag + it * 1000;
        int root = (int)(it % n);
        src[0] = base + me;
        CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 1, root) == 0 && dst[0] == base + root,
              "instance %llu it %ld: broadcast %ld", (unsigned long long)lane->id, it, dst[0]);
        CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 1) == 0 &&
              dst[0] == base * n + (long)n * (n - 1) / 2, "instance %llu it %ld: sum %ld",
              (unsigned long long)lane->id, it, dst[0]);
        CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, 1) == 0, "fcollect");
        for (int pe = 0; pe < n; pe++)
            CHECK(dst[pe] == base + pe, "instance %llu it %ld: fcollect", (unsigned long long)lane->id, it);
        if (half != SHMEM_TEAM_INVALID) {
            int h = shmem_team_n_pes(half);
            CHECK(shmem_long_max_reduce(half, dst, src, 1) == 0 && dst[0] == base + h - 1, "half max");
            CHECK(shmem_team_sync(half) == 0, "half sync");
        }
    }
    shmem_team_destroy(half);
    shmem_free(dst);
    shmem_free(src);
}

static void *drive(void *arg)
{
    struct lane *lane = arg;
    int member = test_rank_in(lane->members, lane->count, world_pe) >= 0;
    lane->created_rc = test_create(lane->id, lane->members, lane->count, 1 << 20);
    pthread_barrier_wait(&both_created);
    if (lane->created_rc != ACLSHMEM_SUCCESS || !member)
        return NULL;
    CHECK_RC(aclshmemx_instance_thread_set(lane->id), ACLSHMEM_SUCCESS);
    run(lane);
    CHECK_RC(aclshmemx_instance_thread_clear(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(lane->id), ACLSHMEM_SUCCESS);
    return NULL;
}

int main(void)
{
    shmem_init();
    world_pe = shmem_my_pe();
    int n = shmem_n_pes();
    CHECK(n >= 2 && n <= 64, "run with 2..64 PEs");
    uint64_t world_id = aclshmemx_instance_ctx_get()->id;
    test_choose_port_range(16);
    struct lane lanes[2] = {{.id = world_id == 7 ? 9 : 7, .tag = 1000000000},
                            {.id = world_id == 8 ? 10 : 8, .tag = 2000000000}};
    for (int pe = 0; pe < n; pe++)
        lanes[0].members[lanes[0].count++] = pe;
    for (int pe = n - 1; pe >= 0; pe--)
        if (pe % 2)
            lanes[1].members[lanes[1].count++] = pe;
    /* The main thread's world runs its own collectives meanwhile. */
    long *mine = shmem_malloc(sizeof(long)), *sum = shmem_malloc(sizeof(long));
    pthread_barrier_init(&both_created, NULL, 2);
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&threads[i], NULL, drive, &lanes[i]);
    for (long it = 0; it < ITERATIONS; it++) {
        *mine = world_pe + it;
        CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, sum, mine, 1) == 0 &&
              *sum == (long)n * (n - 1) / 2 + it * n, "world it %ld: sum %ld", it, *sum);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    for (int i = 0; i < 2; i++)
        CHECK_RC(lanes[i].created_rc, ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == world_id, "the main thread's current instance changed");
    shmem_free(sum);
    shmem_free(mine);
    if (world_pe == 0)
        printf("threads: collectives on 2 instances in 2 threads at once, %d iterations each: ok\n", ITERATIONS);
    shmem_finalize();
    return 0;
}
