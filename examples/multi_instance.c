/* The seed's multi-instance scenario on 4 PEs (run: mishmemrun -n 4 multi_instance).
 *
 *   instance 1 on PEs {0,1,2,3}: allgather, finalize
 *   instance 2 on {0,3}: create and keep
 *   instance 3 on {1,3}: create and finalize
 *   instances 4 on {2,3} and 5 on {1,2}: create
 *   instances 2, 4, 5: allgather while all three are live (PE 3 holds 2 and 4)
 *   finalize 2, 4, 5
 *
 * Instances are created exactly as the seed's quick start does: ip_port with
 * port 0 and SHMEM_INSTANCE_PORT_RANGE (chosen here when unset). An
 * instance's rendezvous is served by its first PE, on that PE's
 * MULTI_INSTANCE_HOST (a name or IPv4 address the other PEs reach it by;
 * default 127.0.0.1, all PEs on one host), so the PEs may also span nodes:
 *   srun --mpi=pmix -N 2 -n 4 sh -c 'MULTI_INSTANCE_HOST=$(hostname) exec ./multi_instance'
 * The world from shmem_init (instance 0) only orders the steps and carries
 * each PE's host. Exits 0 only when every check passed. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define NUM_INSTANCES 6 /* ids 1..5 are used */
#define HOST_LEN 64

static char (*hosts)[HOST_LEN]; /* world PE -> the host its rendezvous listen on */

static int world_pe;
static uint64_t world_id; /* 0, unless SHMEM_WORLD_INSTANCE_ID moved the world */
static int failures;

static void step(const char *text)
{
    shmem_barrier_all(); /* world: every PE has finished the previous step */
    if (world_pe == 0) {
        printf("%s\n", text);
        fflush(stdout);
    }
}

/* Rank of this PE in `members`, or -1. */
static int rank_in(const int *members, int count)
{
    for (int i = 0; i < count; i++)
        if (members[i] == world_pe)
            return i;
    return -1;
}

static int create_instance(uint64_t id, const int *members, int count)
{
    int rank = rank_in(members, count);
    if (rank < 0)
        return 0;
    char ip_port[HOST_LEN + 16];
    snprintf(ip_port, sizeof ip_port, "tcp://%s:0", hosts[members[0]]); /* the first PE serves */
    aclshmemx_init_attr_t attr;
    attr.my_pe = rank;
    attr.n_pes = count;
    attr.local_mem_size = 64UL * 1024UL * 1024UL;
    attr.ip_port = ip_port;             /* port = range start + instance_id */
    attr.comm_args = nullptr;           /* default mode */
    attr.instance_id = id;
    int ret = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
    if (ret != ACLSHMEM_SUCCESS) {
        printf("  PE %d: creating instance %llu failed (%d)\n", world_pe, (unsigned long long)id, ret);
        failures++;
        return 0;
    }
    return 1;
}

/* Allgather of one value per PE, written with put + signal + wait. */
static void verified_allgather(uint64_t id, const int *members, int count)
{
    if (rank_in(members, count) < 0)
        return;
    aclshmemx_instance_ctx_set(id);
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    int me = aclshmem_my_pe(), n = aclshmem_n_pes();
    if (ctx == nullptr || ctx->id != id || n != count) {
        printf("  PE %d: instance %llu is not current or has %d PEs\n", world_pe, (unsigned long long)id, n);
        failures++;
        aclshmemx_instance_ctx_set(world_id);
        return;
    }
    long *slots = aclshmem_calloc((size_t)n, sizeof(long));
    uint64_t *arrived = aclshmem_calloc(1, sizeof(uint64_t));
    long mine = (long)id * 1000 + world_pe;
    for (int pe = 0; pe < n; pe++)
        aclshmemx_putmem_signal(&slots[me], &mine, sizeof mine, arrived, 1, ACLSHMEM_SIGNAL_ADD, pe);
    aclshmem_signal_wait_until(arrived, ACLSHMEM_CMP_EQ, (uint64_t)n);
    char line[160];
    int len = snprintf(line, sizeof line, "  instance %llu PE %d (world PE %d) gathered:",
                       (unsigned long long)id, me, world_pe);
    for (int pe = 0; pe < n; pe++) {
        long expected = (long)id * 1000 + members[pe];
        if (slots[pe] != expected) {
            printf("  PE %d: instance %llu slot %d holds %ld, expected %ld\n", world_pe,
                   (unsigned long long)id, pe, slots[pe], expected);
            failures++;
        }
        len += snprintf(line + len, sizeof line - (size_t)len, " %ld", slots[pe]);
    }
    printf("%s\n", line);
    fflush(stdout);
    aclshmem_free(arrived);
    aclshmem_free(slots);
    aclshmemx_instance_ctx_set(world_id);
}

static void finalize_instance(uint64_t id, const int *members, int count)
{
    if (rank_in(members, count) < 0)
        return;
    int ret = aclshmemx_finalize(id);
    if (ret != ACLSHMEM_SUCCESS) {
        printf("  PE %d: finalizing instance %llu failed (%d)\n", world_pe, (unsigned long long)id, ret);
        failures++;
    }
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    if (ctx == nullptr || ctx->id != world_id) {
        printf("  PE %d: finalizing instance %llu disturbed the current instance\n", world_pe,
               (unsigned long long)id);
        failures++;
    }
}

static int ports_free(int base)
{
    for (int id = 1; id < NUM_INSTANCES; id++) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)(base + id))};
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int ok = fd >= 0 && bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0;
        if (fd >= 0)
            close(fd);
        if (!ok)
            return 0;
    }
    return 1;
}

/* PE 0 picks a base whose ports are free now and tells everyone. */
static void choose_port_range(void)
{
    if (getenv("SHMEM_INSTANCE_PORT_RANGE"))
        return;
    long *base = shmem_malloc(sizeof *base);
    if (world_pe == 0) {
        srand((unsigned)time(NULL) ^ (unsigned)getpid());
        long candidate = 0;
        for (int attempt = 0; attempt < 100 && candidate == 0; attempt++) {
            long trial = 10000 + rand() % 22000; /* below the ephemeral ports */
            if (ports_free((int)trial))
                candidate = trial;
        }
        for (int pe = 0; pe < shmem_n_pes(); pe++)
            shmem_long_p(base, candidate, pe);
    }
    shmem_barrier_all();
    char range[32];
    snprintf(range, sizeof range, "%ld:%ld", *base, *base + 254);
    setenv("SHMEM_INSTANCE_PORT_RANGE", range, 1);
    shmem_free(base);
}

/* Every PE learns every PE's MULTI_INSTANCE_HOST through the world. */
static void share_hosts(void)
{
    char mine[HOST_LEN] = "127.0.0.1";
    const char *set = getenv("MULTI_INSTANCE_HOST");
    if (set != nullptr && set[0] != '\0')
        snprintf(mine, sizeof mine, "%s", set);
    hosts = shmem_malloc((size_t)shmem_n_pes() * HOST_LEN);
    for (int pe = 0; pe < shmem_n_pes(); pe++)
        shmem_putmem(hosts[world_pe], mine, HOST_LEN, pe);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    world_pe = shmem_my_pe();
    world_id = aclshmemx_instance_ctx_get()->id;
    if (shmem_n_pes() != 4 || (world_id >= 1 && world_id < NUM_INSTANCES)) {
        if (world_pe == 0)
            fprintf(stderr, "run with 4 PEs (mishmemrun -n 4 multi_instance), with the world outside "
                            "instances 1..5\n");
        shmem_finalize();
        return 2;
    }
    choose_port_range();
    share_hosts();
    static const int all[] = {0, 1, 2, 3}, i2[] = {0, 3}, i3[] = {1, 3}, i4[] = {2, 3}, i5[] = {1, 2};

    step("step 1: instance 1 on PEs {0,1,2,3}: create, allgather, finalize");
    create_instance(1, all, 4);
    verified_allgather(1, all, 4);
    finalize_instance(1, all, 4);

    step("step 2: instance 2 on PEs {0,3}: create and keep");
    create_instance(2, i2, 2);

    step("step 3: instance 3 on PEs {1,3}: create and finalize");
    create_instance(3, i3, 2);
    finalize_instance(3, i3, 2);

    step("step 4: instances 4 on PEs {2,3} and 5 on PEs {1,2}: create");
    create_instance(4, i4, 2);
    create_instance(5, i5, 2);

    step("step 5: allgather in instances 2, 4 and 5 while all three are live");
    verified_allgather(2, i2, 2);
    verified_allgather(4, i4, 2);
    verified_allgather(5, i5, 2);

    step("step 6: finalize instances 2, 4 and 5");
    finalize_instance(2, i2, 2);
    finalize_instance(4, i4, 2);
    finalize_instance(5, i5, 2);

    /* Everyone reports its failures to PE 0. */
    int *failed = shmem_calloc(1, sizeof *failed);
    if (failures)
        shmem_int_p(failed, 1, 0); /* races are fine: any 1 means failure */
    shmem_barrier_all();
    int ok = *failed == 0;
    if (world_pe == 0)
        printf("%s\n", ok ? "multi_instance: all checks passed" : "multi_instance: FAILED");
    shmem_free(failed);
    shmem_free(hosts);
    shmem_finalize();
    return failures ? 1 : 0;
}
