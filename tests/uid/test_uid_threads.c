/* Unique-id instances over overlapping subsets of 4 PEs, all created at
 * the same time: each PE runs one thread per instance it belongs to, and
 * every thread initializes, exchanges data through its own thread
 * override and finalizes its instance while the others do the same. */
#include "uid_util.h"

#define N_INSTANCES 6
#define ROUNDS 20

/* members[0] makes the unique id, so it is PE 0 of the instance. */
static const struct {
    uint64_t id;
    int count;
    int members[4]; /* world PEs, in instance PE order */
} plan[N_INSTANCES] = {
    {11, 4, {0, 1, 2, 3}}, {12, 2, {0, 1}}, {13, 3, {1, 2, 3}},
    {14, 2, {3, 2}},       {15, 3, {2, 0, 3}}, {16, 2, {1, 3}},
};

struct job {
    int index;
    int my_pe;
    aclshmemx_uniqueid_t uid;
    pthread_t thread;
};

static void *run(void *arg)
{
    struct job *job = arg;
    uint64_t id = plan[job->index].id;
    int n = plan[job->index].count;
    CHECK_RC(uid_join(id, &job->uid, job->my_pe, n), ACLSHMEM_SUCCESS);
    uid_check_exchange(id, job->my_pe, n, ROUNDS);
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    return NULL;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    uint64_t world = aclshmemx_instance_ctx_get()->id; /* 0, or SHMEM_WORLD_INSTANCE_ID */
    CHECK(shmem_n_pes() == 4, "run with 4 PEs");
    int fds_before = count_open_fds();

    /* Every creator makes its unique ids first; then all are shared. */
    aclshmemx_uniqueid_t uids[N_INSTANCES];
    for (int i = 0; i < N_INSTANCES; i++) {
        uids[i] = (aclshmemx_uniqueid_t)ACLSHMEM_UNIQUEID_INITIALIZER;
        if (plan[i].members[0] == me)
            CHECK_RC(aclshmemx_get_uniqueid(&uids[i]), ACLSHMEM_SUCCESS);
        uid_share(plan[i].members[0], &uids[i]);
    }

    struct job jobs[N_INSTANCES];
    int started = 0;
    double start = test_now_s();
    for (int i = 0; i < N_INSTANCES; i++) {
        int rank = test_rank_in(plan[i].members, plan[i].count, me);
        if (rank < 0)
            continue;
        jobs[started] = (struct job){.index = i, .my_pe = rank, .uid = uids[i]};
        CHECK(pthread_create(&jobs[started].thread, NULL, run, &jobs[started]) == 0, "pthread_create");
        started++;
    }
    for (int i = 0; i < started; i++)
        pthread_join(jobs[i].thread, NULL);
    printf("PE %d: %d unique-id instances created, used and finalized concurrently in %.2f s\n", me,
           started, test_now_s() - start);

    shmem_barrier_all();
    CHECK(aclshmemx_instance_ctx_get()->id == world, "the world is no longer current");
    CHECK(count_open_fds() == fds_before, "%d descriptors open, %d before", count_open_fds(), fds_before);
    shmem_finalize();
    return 0;
}
