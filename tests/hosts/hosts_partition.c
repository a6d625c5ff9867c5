/* The program of the three-host partition test (partition.sh, issue 27
 * item 3). A job over hosts a, b and c (K PEs each: 0..K-1 on a, K..2K-1
 * on b, 2K..3K-1 on c); every process makes, besides the launcher's world,
 * with aclshmemx_init_attr:
 *   SPAN (id 2) over all 3K PEs, so over the cut that partition.sh makes;
 *   AB   (id 1) over the 2K PEs of hosts a and b only (not on c).
 * Both rendezvous on host a's address (argv[1]), port 0 (the range the
 * launcher plans). Each loop turn runs a checked round in SPAN (while it
 * lives) and, on a and b, one in AB: a ring of puts checked by the
 * receiver after a barrier, and sums checked by everyone.
 * When partition.sh cuts host c off, SPAN must fail (ACLSHMEMX_PEER_FAILED,
 * the library's message naming the peer); this PE then finalizes it and
 * goes on in AB, whose every round must still pass, until each PE of AB
 * has done AFTER_ROUNDS rounds and AFTER_SECONDS seconds since its SPAN
 * failed. The world is left alone meanwhile: it spans c, and a failure in
 * the shmem_init world ends the process (the standard's abort). Once
 * RESUME_FILE exists (partition.sh makes it after healing the cut), every
 * PE finalizes the world.
 *   hosts_partition HOST_A_ADDRESS RESUME_FILE
 * Prints "PE k running" after the first turn, "PE k: instance 2 failed
 * after R rounds", on a and b "PE k: ab ok N rounds after cut (S s)", and
 * "partition ok" on PE 0 at the end. */
#include <shmem.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "test_instance_attr.h"
#include "test_util.h"

#define SPAN 2
#define AB 1
#define HOSTS 3
#define WORDS 512
#define AFTER_ROUNDS 50
#define AFTER_SECONDS 2.0
#define SUMS_PER_ROUND 10

/* One instance's symmetric buffers, allocated once after its init. */
struct buffers {
    long *in, *out, *sum_in, *sum_out;
};

static int me, per_host;

static struct buffers create(uint64_t id, int n, const char *ip_port)
{
    aclshmemx_init_attr_t attr = test_instance_attr(id, me, n, 1 << 20, ip_port);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    struct buffers b = {aclshmem_malloc(WORDS * sizeof(long)), aclshmem_malloc(WORDS * sizeof(long)),
                        aclshmem_malloc(2 * sizeof(long)), aclshmem_malloc(2 * sizeof(long))};
    CHECK(b.in && b.out && b.sum_in && b.sum_out, "aclshmem_malloc in instance %llu", (unsigned long long)id);
    /* Same host <=> load/store: the launcher put PEs by blocks of K. */
    for (int p = 0; p < n; p++)
        CHECK((aclshmem_ptr(b.in, p) != NULL) == (p / per_host == me / per_host),
              "instance %llu: PE %d reaches PE %d by load/store: %s", (unsigned long long)id, me, p,
              aclshmem_ptr(b.in, p) ? "yes" : "no");
    return b;
}

/* One checked round in instance id (made current): a ring of puts and a
 * sum of (PE + 1 + round) and of `done`. Returns ACLSHMEM_SUCCESS with
 * *all_done the number of PEs done, or the first failure's code (results
 * are checked only when the calls succeeded). */
static int round_in(uint64_t id, const struct buffers *b, long round, long done, long *all_done)
{
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    int n = shmem_n_pes(), next = (me + 1) % n, prev = (me + n - 1) % n;
    for (int i = 0; i < WORDS; i++) {
        b->out[i] = 100000L * round + 1000L * me + i;
        b->in[i] = -1;
    }
    int rc = aclshmem_barrier_all();
    if (rc == ACLSHMEM_SUCCESS)
        rc = aclshmem_long_put(b->in, b->out, WORDS, next);
    if (rc == ACLSHMEM_SUCCESS)
        rc = aclshmem_barrier_all();
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    for (int i = 0; i < WORDS; i++)
        CHECK(b->in[i] == 100000L * round + 1000L * prev + i, "instance %llu round %ld: [%d] = %ld from PE %d",
              (unsigned long long)id, round, i, b->in[i], prev);
    /* Several sums a round, so that the cut often lands in one: a
     * reduction whose instance fails while it runs must say so (not 0 with
     * a partial sum) and must not end the process (the hierarchical
     * family's data movement once did, core/coll/hier.c). */
    for (int k = 0; k < SUMS_PER_ROUND; k++) {
        b->sum_in[0] = me + 1 + round + k;
        b->sum_in[1] = done;
        rc = shmem_long_sum_reduce(SHMEM_TEAM_WORLD, b->sum_out, b->sum_in, 2);
        if (rc != 0) {
            /* The OpenSHMEM face says only -1; the aclshmem face says why
             * (a failed instance's calls fail at once). */
            int why = aclshmem_barrier_all();
            return why != ACLSHMEM_SUCCESS ? why : rc;
        }
        CHECK(b->sum_out[0] == (long)n * (n + 1) / 2 + (long)n * (round + k), "instance %llu round %ld: sum %ld",
              (unsigned long long)id, round, b->sum_out[0]);
    }
    *all_done = b->sum_out[1];
    return ACLSHMEM_SUCCESS;
}

/* A line on stdout at once: partition.sh watches for it. */
__attribute__((format(printf, 1, 2))) static void say(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    CHECK(argc == 3, "usage: hosts_partition HOST_A_ADDRESS RESUME_FILE");
    shmem_init();
    me = shmem_my_pe();
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    int npes = shmem_n_pes();
    CHECK(npes % HOSTS == 0 && npes >= 2 * HOSTS, "run with K PEs on each of 3 hosts, K >= 2 (not %d PEs)", npes);
    per_host = npes / HOSTS;
    int on_c = me / per_host == 2;
    char at_a[64];
    snprintf(at_a, sizeof at_a, "tcp://%s:0", argv[1]);

    struct buffers span = create(SPAN, npes, at_a), ab = {0};
    if (!on_c)
        ab = create(AB, 2 * per_host, at_a);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all(); /* the world's last call until the resume file */

    int span_live = 1;
    long round = 0, after = 0, all_done = 0, ignored;
    double failed_at = 0;
    for (;; round++) {
        if (span_live) {
            int rc = round_in(SPAN, &span, round, 0, &ignored);
            if (rc != ACLSHMEM_SUCCESS) {
                CHECK(rc == ACLSHMEMX_PEER_FAILED, "instance 2 round %ld: %d, not ACLSHMEMX_PEER_FAILED", round, rc);
                span_live = 0;
                failed_at = test_now_s();
                say("PE %d: instance 2 failed after %ld rounds\n", me, round);
                CHECK_RC(aclshmemx_finalize(SPAN), ACLSHMEM_SUCCESS);
            }
        }
        if (on_c) {
            if (!span_live)
                break;
        } else {
            /* AB's rounds must all pass, during the cut and after. */
            long done = !span_live && after >= AFTER_ROUNDS && test_now_s() - failed_at >= AFTER_SECONDS;
            CHECK_RC(round_in(AB, &ab, round, done, &all_done), ACLSHMEM_SUCCESS);
            if (!span_live)
                after++;
            if (all_done == 2 * per_host)
                break;
        }
        if (round == 0)
            say("PE %d running\n", me);
        nanosleep(&(struct timespec){.tv_nsec = 5000000}, NULL); /* a paced loop: 2 cores are shared */
    }
    if (!on_c) {
        say("PE %d: ab ok %ld rounds after cut (%.1f s)\n", me, after, test_now_s() - failed_at);
        CHECK_RC(aclshmemx_finalize(AB), ACLSHMEM_SUCCESS);
    }

    while (access(argv[2], F_OK) != 0)
        nanosleep(&(struct timespec){.tv_nsec = 50000000}, NULL);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (me == 0)
        printf("partition ok\n");
    shmem_finalize();
    return 0;
}
