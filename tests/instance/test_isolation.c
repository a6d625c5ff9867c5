/* Two instances with overlapping PEs and different n_pes, created by two
 * threads whose rendezvous run at the same time, then driven at once by
 * those threads through their thread overrides: puts, signal adds (atomic)
 * and barriers. Every value must land in the right instance. */
#include <pthread.h>

#include "instance/instance_util.h"

#define ITERATIONS 300

struct lane {
    uint64_t id;
    const int *members;
    int count;
    long tag;
    int created_rc;
};

static int world_pe;
static pthread_barrier_t both_created;

static void *drive(void *arg)
{
    struct lane *lane = arg;
    int rank = test_rank_in(lane->members, lane->count, world_pe);
    lane->created_rc = test_create(lane->id, lane->members, lane->count, 1 << 20);
    pthread_barrier_wait(&both_created);
    if (lane->created_rc != ACLSHMEM_SUCCESS || rank < 0)
        return NULL;
    CHECK_RC(aclshmemx_instance_thread_set(lane->id), ACLSHMEM_SUCCESS);
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    CHECK(ctx && ctx->id == lane->id, "thread override not in effect");
    int me = aclshmem_my_pe(), n = aclshmem_n_pes();
    CHECK(me == rank && n == lane->count, "instance %llu: PE %d of %d, expected %d of %d",
          (unsigned long long)lane->id, me, n, rank, lane->count);
    long *ring = aclshmem_calloc((size_t)ITERATIONS, sizeof(long));
    uint64_t *hits = aclshmem_calloc(1, sizeof(uint64_t));
    CHECK(ring && hits, "calloc");
    for (int i = 0; i < ITERATIONS; i++) {
        long value = lane->tag + i * 16 + me;
        CHECK_RC(aclshmem_long_p(&ring[i], value, (me + 1) % n), ACLSHMEM_SUCCESS);
        for (int pe = 0; pe < n; pe++)
            CHECK_RC(aclshmemx_signal_op(hits, 1, ACLSHMEM_SIGNAL_ADD, pe), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
        long expected = lane->tag + i * 16 + (me + n - 1) % n;
        CHECK(ring[i] == expected, "instance %llu iteration %d: %ld, expected %ld",
              (unsigned long long)lane->id, i, ring[i], expected);
    }
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    uint64_t total = __atomic_load_n(hits, __ATOMIC_ACQUIRE);
    CHECK(total == (uint64_t)ITERATIONS * (uint64_t)n, "instance %llu counted %llu signals, expected %llu",
          (unsigned long long)lane->id, (unsigned long long)total,
          (unsigned long long)ITERATIONS * (unsigned long long)n);
    aclshmem_free(hits);
    aclshmem_free(ring);
    CHECK_RC(aclshmemx_instance_thread_clear(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(lane->id), ACLSHMEM_SUCCESS);
    return NULL;
}

int main(void)
{
    shmem_init();
    world_pe = shmem_my_pe();
    CHECK(shmem_n_pes() == 4, "run with 4 PEs");
    uint64_t world_id = aclshmemx_instance_ctx_get()->id;
    test_choose_port_range(16);
    static const int all[] = {0, 1, 2, 3}, pair[] = {2, 1}; /* pair: world PE 2 is rank 0 */
    struct lane lanes[2] = {
        {world_id == 7 ? 9 : 7, all, 4, 1000000, -1},
        {world_id == 8 ? 10 : 8, pair, 2, 2000000, -1},
    };
    pthread_barrier_init(&both_created, NULL, 2);
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&threads[i], NULL, drive, &lanes[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(threads[i], NULL);
    for (int i = 0; i < 2; i++)
        CHECK_RC(lanes[i].created_rc, ACLSHMEM_SUCCESS);
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    CHECK(ctx && ctx->id == world_id, "the main thread's current instance changed");
    shmem_barrier_all();
    if (world_pe == 0)
        printf("isolation: 2 instances created concurrently, %d iterations each in 2 threads: ok\n",
               ITERATIONS);
    shmem_finalize();
    return 0;
}
