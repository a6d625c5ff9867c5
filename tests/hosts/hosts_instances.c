/* Two aclshmemx_init_attr instances at once in every process
 * (hosts_instances): instance 2 over the 4 PEs of both hosts (PE 0's
 * rendezvous on host a's address, argv[1]) and instance 1 over PEs 0 and 1
 * only, local to host a (rendezvous on 127.0.0.1). Both with port 0 and
 * SHMEM_INSTANCE_PORT_RANGE. The launcher's world only orders the steps.
 *   1. both instances used in turn: a ring of puts and a sum in each;
 *   2. PEs 0 and 1 finalize instance 1; instance 2 still passes data
 *      across the hosts;
 *   3. PEs 0 and 1 create instance 1 again; every PE finalizes instance 2;
 *      instance 1 still passes data on host a.
 * Each step prints a line per PE; PE 0 prints "instances ok" at the end. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#include "test_instance_attr.h"
#include "test_util.h"

#define SPAN 2
#define LOCAL 1
#define WORDS 512

static int me, npes;

static void create(uint64_t id, int pe, int n, const char *ip_port)
{
    aclshmemx_init_attr_t attr = test_instance_attr(id, pe, n, 1 << 20, ip_port);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
}

/* In instance id: a ring of WORDS longs to the next PE and a sum over the
 * instance's world, both checked; `round` makes every use's values new. */
static void use(uint64_t id, int round, const char *when)
{
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    int pe = shmem_my_pe(), n = shmem_n_pes(), next = (pe + 1) % n, prev = (pe + n - 1) % n;
    long *in = shmem_malloc(WORDS * sizeof *in), *out = shmem_malloc(WORDS * sizeof *out);
    long *one = shmem_malloc(sizeof *one), *sum = shmem_malloc(sizeof *sum);
    CHECK(in && out && one && sum, "shmem_malloc in instance %llu", (unsigned long long)id);
    /* instance 2 reaches the other host over the fabric only, instance 1 is all on host a */
    for (int p = 0; p < n; p++)
        CHECK((shmem_ptr(in, p) != NULL) == (id == LOCAL || p / 2 == pe / 2),
              "instance %llu: PE %d reaches PE %d by load/store: %s", (unsigned long long)id, pe, p,
              shmem_ptr(in, p) ? "yes" : "no");
    for (int i = 0; i < WORDS; i++) {
        out[i] = 100000L * round + 1000L * pe + i;
        in[i] = -1;
    }
    shmem_barrier_all();
    shmem_long_put(in, out, WORDS, next);
    shmem_barrier_all();
    for (int i = 0; i < WORDS; i++)
        CHECK(in[i] == 100000L * round + 1000L * prev + i, "instance %llu %s: [%d] = %ld from PE %d",
              (unsigned long long)id, when, i, in[i], prev);
    *one = pe + 1 + round;
    CHECK_RC(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, sum, one, 1), 0);
    CHECK(*sum == (long)n * (n + 1) / 2 + (long)n * round, "instance %llu %s: sum %ld", (unsigned long long)id,
          when, *sum);
    shmem_free(sum);
    shmem_free(one);
    shmem_free(out);
    shmem_free(in);
    printf("PE %d: instance %llu (PE %d of %d) %s: ok\n", me, (unsigned long long)id, pe, n, when);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: hosts_instances HOST_A_ADDRESS");
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes == 4, "run with 4 PEs (2 per host), not %d", npes);
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    CHECK(world != SPAN && world != LOCAL, "the world must be neither instance");
    char span_port[64];
    snprintf(span_port, sizeof span_port, "tcp://%s:0", argv[1]);
    int on_a = me < 2;

    create(SPAN, me, npes, span_port);
    if (on_a)
        create(LOCAL, me, 2, "tcp://127.0.0.1:0");
    for (int round = 0; round < 2; round++) {
        use(SPAN, round, "beside the other");
        if (on_a)
            use(LOCAL, round, "beside the other");
    }

    if (on_a)
        CHECK_RC(aclshmemx_finalize(LOCAL), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    use(SPAN, 2, "after instance 1 was finalized");

    if (on_a)
        create(LOCAL, me, 2, "tcp://127.0.0.1:0");
    CHECK_RC(aclshmemx_finalize(SPAN), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_set(SPAN) != ACLSHMEM_SUCCESS, "instance 2 must be gone");
    if (on_a) {
        use(LOCAL, 3, "after instance 2 was finalized");
        CHECK_RC(aclshmemx_finalize(LOCAL), ACLSHMEM_SUCCESS);
    }
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (me == 0)
        printf("instances ok\n");
    shmem_finalize();
    return 0;
}
