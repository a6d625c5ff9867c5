/* Fault injection: one PE of an instance dies or leaves while the others
 * wait, and the failure must stay inside that instance.
 *
 *   fault_peer SCENARIO [RANK NPES]
 *
 * RANK and NPES come from the command line (processes started by hand,
 * with SHMEM_BOOTSTRAP_SECRET) or from the launcher (MISHMEM_PE,
 * MISHMEM_NPES). Instances other than the shmem_init world listen on
 * FAULT_PORT_A and FAULT_PORT_B (chosen free by fault.sh).
 *
 * Scenarios (the last PE is the one that fails):
 *   acl      A = all PEs, B = all but the last; the last is killed; the
 *            others' next aclshmem call on A returns ACLSHMEMX_PEER_FAILED
 *            at once, and B works on.
 *   threads  same instances; in each survivor one thread waits in A's
 *            shmem_barrier_all while another works in B: the B thread
 *            finishes, the A thread's call returns.
 *   left     the shmem_init world; the last PE finalizes while the
 *            others are in shmem_barrier_all: they end with a message
 *            naming it (the world aborts).
 *   left_coll as left, the others in a broadcast rooted at PE 0, then a
 *            reduction (staged for small teams, trees for large ones).
 *   left_acl instance A; the last PE finalizes A while the others wait in
 *            aclshmem_barrier_all: they get ACLSHMEMX_PEER_FAILED.
 *   early    the last PE exits 0 before shmem_init: the others' init fails
 *            at once (the launcher tells them), not after the init timeout.
 *   keep     under mishmemrun --keep-going: the last PE exits 3 right
 *            after creating A; the others finish their work in B. */
#include <pthread.h>
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_instance_attr.h"
#include "test_util.h"

#define ID_A 11
#define ID_B 12
#define ROUNDS 200

static int rank, npes;

static void create(uint64_t id, int n, const char *port_var)
{
    const char *port = getenv(port_var);
    CHECK(port != NULL, "%s is not set", port_var);
    char address[64];
    snprintf(address, sizeof address, "tcp://127.0.0.1:%s", port);
    aclshmemx_init_attr_t attr = test_instance_attr(id, rank, n, 1 << 20, address);
    attr.option_attr.shm_init_timeout = 30;
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
}

/* ROUNDS puts and barriers in B, checked: B must not notice A's failure. */
static void *work_in_b(void *unused)
{
    (void)unused;
    CHECK_RC(aclshmemx_instance_thread_set(ID_B), ACLSHMEM_SUCCESS);
    long *x = shmem_malloc(sizeof *x);
    CHECK(x != NULL, "shmem_malloc in B");
    int n = npes - 1, next = (rank + 1) % n;
    for (long round = 1; round <= ROUNDS; round++) {
        shmem_long_p(x, round * 100 + rank, next);
        shmem_barrier_all();
        CHECK(*x == round * 100 + (rank + n - 1) % n, "B round %ld: got %ld", round, *x);
        shmem_barrier_all();
        usleep(2000);
    }
    shmem_free(x);
    aclshmemx_instance_thread_clear();
    return NULL;
}

static void die_after_a(void)
{
    aclshmemx_instance_thread_set(ID_A);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    usleep(300 * 1000);
    raise(SIGKILL);
}

static void scenario_acl(void)
{
    create(ID_A, npes, "FAULT_PORT_A");
    if (rank == npes - 1)
        die_after_a();
    create(ID_B, npes - 1, "FAULT_PORT_B");
    CHECK_RC(aclshmemx_instance_thread_set(ID_A), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    double start = test_now_s();
    int rc = aclshmem_barrier_all();
    double first = test_now_s() - start;
    printf("PE %d: aclshmem_barrier_all on A returned %d after %.0f ms\n", rank, rc, first * 1e3);
    CHECK(rc == ACLSHMEMX_PEER_FAILED, "barrier on A returned %d, not ACLSHMEMX_PEER_FAILED", rc);
    /* At once on one host; across hosts once the fabric has not reached the
     * peer for MISHMEM_PEER_TIMEOUT_MS (30 s by default). A hang is the
     * watchdog's; this only says the failure did not wait on something else. */
    const char *timeout_ms = getenv("MISHMEM_PEER_TIMEOUT_MS");
    double peer_timeout = timeout_ms ? atof(timeout_ms) / 1e3 : 30.0;
    double bound = peer_timeout + 30.0;
    CHECK(first < bound, "the failure took %.1f s to show (bound %.0f s)", first, bound);
    start = test_now_s();
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEMX_PEER_FAILED);
    CHECK(aclshmem_malloc(64) == NULL, "malloc on a failed instance");
    long local = 0;
    CHECK_RC(aclshmem_long_wait_until(&local, ACLSHMEM_CMP_EQ, 1), ACLSHMEMX_PEER_FAILED);
    double later = test_now_s() - start;
    /* They must not wait for the dead peer again: under the peer timeout
     * (a tighter bound would catch a loaded machine, not a defect). */
    CHECK(later < peer_timeout, "later calls on the failed instance took %.2f s", later);
    work_in_b(NULL);
    start = test_now_s();
    CHECK_RC(aclshmemx_finalize(ID_A), ACLSHMEM_SUCCESS);
    CHECK(test_now_s() - start < peer_timeout, "finalize of the failed instance took %.1f s", test_now_s() - start);
    CHECK_RC(aclshmemx_finalize(ID_B), ACLSHMEM_SUCCESS);
    printf("PE %d: B finished its %d rounds after A failed\n", rank, ROUNDS);
}

static void *wait_in_a(void *result)
{
    aclshmemx_instance_thread_set(ID_A);
    shmem_barrier_all(); /* the last PE dies meanwhile */
    *(int *)result = 1;
    return NULL;
}

static void scenario_threads(void)
{
    create(ID_A, npes, "FAULT_PORT_A");
    if (rank == npes - 1)
        die_after_a();
    create(ID_B, npes - 1, "FAULT_PORT_B");
    aclshmemx_instance_thread_set(ID_A);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    aclshmemx_instance_thread_clear();
    int returned = 0;
    pthread_t a, b;
    CHECK(pthread_create(&a, NULL, wait_in_a, &returned) == 0, "pthread_create");
    CHECK(pthread_create(&b, NULL, work_in_b, NULL) == 0, "pthread_create");
    pthread_join(b, NULL);
    pthread_join(a, NULL);
    CHECK(returned, "the A thread did not return");
    CHECK_RC(aclshmemx_finalize(ID_A), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(ID_B), ACLSHMEM_SUCCESS);
    printf("PE %d: B finished its %d rounds while A failed under another thread\n", rank, ROUNDS);
}

static void scenario_left(void)
{
    shmem_init();
    shmem_barrier_all();
    if (shmem_my_pe() == shmem_n_pes() - 1) {
        shmem_finalize(); /* while the others are in a barrier: a bug in the program */
        exit(0);
    }
    shmem_barrier_all();
    shmem_barrier_all();
    fprintf(stderr, "PE %d: the barriers completed without PE %d\n", shmem_my_pe(), shmem_n_pes() - 1);
    exit(5);
}

/* As left, with the survivors in a broadcast rooted at PE 0 (so the
 * root waits for its readers to be done) and then in a reduction. */
static void scenario_left_coll(void)
{
    shmem_init();
    long *x = shmem_calloc(4, sizeof *x);
    shmem_barrier_all();
    if (shmem_my_pe() == shmem_n_pes() - 1) {
        shmem_finalize();
        exit(0);
    }
    shmem_broadcastmem(SHMEM_TEAM_WORLD, x, x + 1, sizeof *x, 0);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, x + 2, x + 3, 1);
    fprintf(stderr, "PE %d: the collectives completed without PE %d\n", shmem_my_pe(), shmem_n_pes() - 1);
    exit(5);
}

static void scenario_left_acl(void)
{
    create(ID_A, npes, "FAULT_PORT_A");
    aclshmemx_instance_thread_set(ID_A);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    if (rank == npes - 1) {
        aclshmemx_finalize(ID_A);
        exit(0);
    }
    double start = test_now_s();
    int rc = aclshmem_barrier_all();
    if (rc == ACLSHMEM_SUCCESS)
        rc = aclshmem_barrier_all();
    double took = test_now_s() - start;
    printf("PE %d: aclshmem_barrier_all on A returned %d after %.0f ms\n", rank, rc, took * 1e3);
    CHECK(rc == ACLSHMEMX_PEER_FAILED, "got %d", rc);
    CHECK(took < 45, "took %.1f s", took); /* a hang, not a slow machine */
    CHECK_RC(aclshmemx_finalize(ID_A), ACLSHMEM_SUCCESS);
}

static void scenario_early(void)
{
    if (rank == npes - 1)
        exit(0); /* never connects */
    double start = test_now_s();
    shmem_init(); /* must end the process with a message naming the PE */
    fprintf(stderr, "PE %d: shmem_init completed without PE %d after %.1f s\n", rank, npes - 1,
            test_now_s() - start);
    exit(5);
}

static void scenario_keep(void)
{
    create(ID_A, npes, "FAULT_PORT_A");
    if (rank == npes - 1)
        exit(3);
    create(ID_B, npes - 1, "FAULT_PORT_B");
    work_in_b(NULL);
    aclshmemx_instance_thread_set(ID_A);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEMX_PEER_FAILED);
    aclshmemx_instance_thread_clear();
    CHECK_RC(aclshmemx_finalize(ID_A), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(ID_B), ACLSHMEM_SUCCESS);
    printf("PE %d: finished in B after PE %d failed\n", rank, npes - 1);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2 || argc == 4, "usage: fault_peer SCENARIO [RANK NPES]");
    const char *r = argc == 4 ? argv[2] : getenv("MISHMEM_PE");
    const char *n = argc == 4 ? argv[3] : getenv("MISHMEM_NPES");
    CHECK(r && n, "no rank: give RANK NPES or run under mishmemrun");
    rank = atoi(r);
    npes = atoi(n);
    CHECK(npes >= 2 && rank >= 0 && rank < npes, "rank %d of %d (2 PEs at least)", rank, npes);
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *s = argv[1];
    if (strcmp(s, "acl") == 0)
        scenario_acl();
    else if (strcmp(s, "threads") == 0)
        scenario_threads();
    else if (strcmp(s, "left") == 0)
        scenario_left();
    else if (strcmp(s, "left_coll") == 0)
        scenario_left_coll();
    else if (strcmp(s, "left_acl") == 0)
        scenario_left_acl();
    else if (strcmp(s, "early") == 0)
        scenario_early();
    else if (strcmp(s, "keep") == 0)
        scenario_keep();
    else
        CHECK(0, "unknown scenario %s", s);
    return 0;
}
