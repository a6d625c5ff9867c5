/* Multi-instance costs: aclshmemx_instance_ctx_set, creating and finalizing
 * an instance over all PEs, and memory and descriptors per live instance.
 * Run: mishmemrun -n 2 bench_instance [--quick] */
#include <dirent.h>
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

#include "bench_util.h"

#define SAMPLES 11
#define LIVE_INSTANCES 50

static int count_fds(void)
{
    DIR *dir = opendir("/proc/self/fd");
    int count = 0;
    for (struct dirent *entry; dir && (entry = readdir(dir));)
        count += entry->d_name[0] != '.';
    if (dir)
        closedir(dir);
    return count;
}

static long rss_kib(void)
{
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long rss = -1;
    while (file && fgets(line, sizeof line, file))
        if (sscanf(line, "VmRSS: %ld", &rss) == 1)
            break;
    if (file)
        fclose(file);
    return rss;
}

static int create(uint64_t id)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = shmem_my_pe();
    attr.n_pes = shmem_n_pes();
    attr.local_mem_size = 1 << 20;
    attr.ip_port = "tcp://127.0.0.1:0";
    attr.instance_id = id;
    return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
}

static double ctx_set_ns(uint64_t a, uint64_t b, int quick)
{
    int rounds = quick ? 10000 : 20000000;
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        double start = bench_now();
        for (int i = 0; i < rounds; i += 2) {
            aclshmemx_instance_ctx_set(a);
            aclshmemx_instance_ctx_set(b);
        }
        samples[s] = (bench_now() - start) * 1e9 / rounds;
    }
    return bench_median(samples, SAMPLES);
}

int main(int argc, char **argv)
{
    int quick = bench_quick(argc, argv);
    if (!getenv("SHMEM_INSTANCE_PORT_RANGE"))
        setenv("SHMEM_INSTANCE_PORT_RANGE", "31000:31254", 1);
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    uint64_t first = world == 1 ? 2 : 1;

    /* Create + finalize, timed on PE 0 between world barriers. */
    int rounds = quick ? 3 : 50;
    double create_ms[64], finalize_ms[64];
    for (int r = 0; r < rounds; r++) {
        shmem_barrier_all();
        double t0 = bench_now();
        if (create(first) != ACLSHMEM_SUCCESS)
            return 1;
        double t1 = bench_now();
        aclshmemx_finalize(first);
        double t2 = bench_now();
        create_ms[r] = (t1 - t0) * 1e3;
        finalize_ms[r] = (t2 - t1) * 1e3;
    }

    /* ctx_set between two live instances. */
    if (create(first) != ACLSHMEM_SUCCESS)
        return 1;
    double switch_ns = ctx_set_ns(first, world, quick);
    aclshmemx_instance_ctx_set(world);
    aclshmemx_finalize(first);

    /* Memory and descriptors per live instance. */
    shmem_barrier_all();
    int fds_before = count_fds();
    long rss_before = rss_kib();
    int live = 0;
    for (uint64_t id = 1; live < (quick ? 4 : LIVE_INSTANCES); id++) {
        if (id == world)
            continue;
        if (create(id) != ACLSHMEM_SUCCESS)
            return 1;
        live++;
    }
    int fds_per = (count_fds() - fds_before) / live;
    double rss_per = (double)(rss_kib() - rss_before) / live;
    for (uint64_t id = 1, done = 0; done < (uint64_t)live; id++)
        if (id != world) {
            aclshmemx_finalize(id);
            done++;
        }
    shmem_barrier_all();
    if (me == 0) {
        printf("instances over %d PEs (world is instance %llu)\n", npes, (unsigned long long)world);
        printf("aclshmemx_instance_ctx_set:       %8.2f ns\n", switch_ns);
        printf("create one instance (median):     %8.3f ms\n", bench_median(create_ms, rounds));
        printf("finalize one instance (median):   %8.3f ms\n", bench_median(finalize_ms, rounds));
        printf("descriptors per live instance:    %8d  (PE 0, the rendezvous server)\n", fds_per);
        printf("resident memory per live instance: %7.1f KiB (1 MiB heap, untouched)\n", rss_per);
    }
    shmem_finalize();
    return 0;
}
