/* Distributed locks: mutual exclusion (a non-atomic get-increment-put of
 * a counter on PE 0, done under the lock by every PE, sums exactly),
 * shmem_test_lock semantics, and locks in two instances held at once. */
#include <sched.h>

#include "instance/instance_util.h"

#define ROUNDS 400

static uint64_t world_id;
static uint64_t id_for(int n) { return (uint64_t)n >= world_id ? (uint64_t)n + 1 : (uint64_t)n; }

/* Every PE adds 1 to *counter on PE 0, ROUNDS times, under lock. The read
 * and the write are separate RMA calls with a yield between them, so
 * without mutual exclusion updates would be lost. */
static void mutual_exclusion(long *lock, long *counter, const char *where)
{
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_barrier_all();
    for (int round = 0; round < ROUNDS; round++) {
        if (round % 3 == 2) {
            while (shmem_test_lock(lock) != 0)
                sched_yield();
        } else {
            shmem_set_lock(lock);
        }
        long seen = shmem_long_g(counter, 0);
        if (round % 8 == me % 8)
            sched_yield(); /* widen the window a broken lock would lose updates in */
        shmem_long_p(counter, seen + 1, 0);
        shmem_clear_lock(lock);
    }
    shmem_barrier_all();
    long total = shmem_long_g(counter, 0);
    CHECK(total == (long)ROUNDS * npes, "%s: counter %ld, expected %ld (lost updates)", where, total,
          (long)ROUNDS * npes);
}

/* test_lock: 1 while another PE holds the lock, 0 (and held) once free. */
static void test_lock_semantics(long *lock)
{
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (me == 0) {
        CHECK(shmem_test_lock(lock) == 0, "free lock not acquired by test_lock");
        CHECK(shmem_test_lock(lock) == 1, "held lock acquired again by its holder's test_lock");
    }
    shmem_barrier_all();
    if (me != 0)
        CHECK(shmem_test_lock(lock) == 1, "PE %d acquired a lock held by PE 0", me);
    shmem_barrier_all();
    if (me == 0)
        shmem_clear_lock(lock);
    shmem_barrier_all();
    /* One PE at a time gets it with test_lock; the others see it held. */
    for (int turn = 0; turn < npes; turn++) {
        if (me == turn)
            CHECK(shmem_test_lock(lock) == 0, "PE %d: free lock refused", me);
        shmem_barrier_all();
        if (me != turn)
            CHECK(shmem_test_lock(lock) == 1, "PE %d got the lock PE %d holds", me, turn);
        shmem_barrier_all();
        if (me == turn)
            shmem_clear_lock(lock);
        shmem_barrier_all();
    }
}

/* Instance A's lock is held by its PE 0 for the whole phase; the same PEs
 * still take and release instance B's lock, and A's lock stays held. */
static void two_instances(void)
{
    static const int forward[] = {0, 1, 2, 3, 4, 5, 6, 7}, reversed[] = {7, 6, 5, 4, 3, 2, 1, 0};
    int npes = shmem_n_pes();
    uint64_t a_id = id_for(1), b_id = id_for(2);
    CHECK_RC(test_create(a_id, forward, npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(test_create(b_id, reversed + (8 - npes), npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(a_id), ACLSHMEM_SUCCESS);
    long *a_lock = shmem_calloc(2, sizeof(long)), *a_counter = a_lock + 1;
    CHECK_RC(aclshmemx_instance_ctx_set(b_id), ACLSHMEM_SUCCESS);
    long *b_lock = shmem_calloc(2, sizeof(long)), *b_counter = b_lock + 1;

    CHECK_RC(aclshmemx_instance_ctx_set(a_id), ACLSHMEM_SUCCESS);
    if (shmem_my_pe() == 0)
        shmem_set_lock(a_lock);
    shmem_barrier_all(); /* A */
    CHECK_RC(aclshmemx_instance_ctx_set(b_id), ACLSHMEM_SUCCESS);
    mutual_exclusion(b_lock, b_counter, "instance B while A's lock is held");
    CHECK_RC(aclshmemx_instance_ctx_set(a_id), ACLSHMEM_SUCCESS);
    CHECK(shmem_my_pe() == 0 || shmem_test_lock(a_lock) == 1, "A's lock was released by B's traffic");
    shmem_barrier_all(); /* A */
    if (shmem_my_pe() == 0)
        shmem_clear_lock(a_lock);
    mutual_exclusion(a_lock, a_counter, "instance A");
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(b_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(a_id), ACLSHMEM_SUCCESS);
}

static long static_lock; /* a global is symmetric in the shmem_init world */

int main(int argc, char **argv)
{
    shmem_init();
    world_id = aclshmemx_instance_ctx_get()->id;
    int me = shmem_my_pe(), npes = shmem_n_pes();
    CHECK(npes <= 8, "at most 8 PEs");
    int with_instances = argc > 1 && strcmp(argv[1], "--instances") == 0;
    if (with_instances)
        test_choose_port_range(8);
    long *lock = shmem_calloc(2, sizeof(long)), *counter = lock + 1;
    double start = test_now_s();
    mutual_exclusion(lock, counter, "heap lock");
    test_lock_semantics(lock);
    long *counter2 = shmem_calloc(1, sizeof(long));
    mutual_exclusion(&static_lock, counter2, "global lock");
    if (with_instances)
        two_instances();
    shmem_barrier_all();
    if (me == 0)
        printf("locks: %d PEs in instance %llu, %d rounds each%s, %.2f s\n", npes,
               (unsigned long long)world_id, ROUNDS, with_instances ? ", two instances at once" : "",
               test_now_s() - start);
    shmem_free(counter2);
    shmem_free(lock);
    shmem_finalize();
    return 0;
}
