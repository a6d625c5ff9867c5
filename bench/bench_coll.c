/* Collective latency over all PEs, standard OpenSHMEM 1.5 API only:
 *
 *   barrier        shmem_barrier_all
 *   broadcast_8    shmem_broadcastmem(SHMEM_TEAM_WORLD, 8 bytes, root 0)
 *   broadcast_1M   shmem_broadcastmem(SHMEM_TEAM_WORLD, 1 MiB, root 0)
 *   sum_reduce_8   shmem_long_sum_reduce(SHMEM_TEAM_WORLD, 1 long)
 *   fcollect_8     shmem_fcollectmem(SHMEM_TEAM_WORLD, 8 bytes per PE)
 *
 * Calls follow each other with no barrier between them; a sample's value
 * is the slowest PE's time per call, the figure the median of the samples.
 * Run: mishmemrun -n N bench_coll [--quick] [--samples S] [--max-iters I] */
#define _GNU_SOURCE
#include <shmem.h>

#include "bench_util.h"

#define BIG BENCH_MIB

static struct bench_options options;
static char *source, *dest;
static long *reduce_in, *reduce_out;
static double *elapsed, *slowest;

static void run(int figure)
{
    switch (figure) {
    case 0: shmem_barrier_all(); break;
    case 1: shmem_broadcastmem(SHMEM_TEAM_WORLD, dest, source, 8, 0); break;
    case 2: shmem_broadcastmem(SHMEM_TEAM_WORLD, dest, source, BIG, 0); break;
    case 3: shmem_long_sum_reduce(SHMEM_TEAM_WORLD, reduce_out, reduce_in, 1); break;
    default: shmem_fcollectmem(SHMEM_TEAM_WORLD, dest, source, 8); break;
    }
}

static void figure(const char *name, int figure, size_t size, long full_iters)
{
    if (!bench_wanted(&options, name))
        return;
    long iters = options.quick ? 20 : full_iters;
    if (iters > options.max_iters)
        iters = options.max_iters;
    double samples[BENCH_MAX_SAMPLES];
    for (long i = 0; i < iters / 4 + 1; i++) /* warm up: page faults, first touches */
        run(figure);
    for (int s = 0; s < options.samples; s++) {
        shmem_barrier_all();
        double start = bench_now();
        for (long i = 0; i < iters; i++)
            run(figure);
        *elapsed = (bench_now() - start) / (double)iters * 1e9;
        shmem_double_max_reduce(SHMEM_TEAM_WORLD, slowest, elapsed, 1);
        samples[s] = *slowest;
    }
    if (shmem_my_pe() == 0)
        bench_report("mishmem", "coll", name, size, shmem_n_pes(), "ns", samples, options.samples, iters, NULL);
}

int main(int argc, char **argv)
{
    bench_parse(argc, argv, &options, BIG, 2, "collective latency over all PEs (standard API)");
    shmem_init();
    source = shmem_malloc(BIG);
    dest = shmem_malloc(BIG);
    reduce_in = shmem_malloc(sizeof(long));
    reduce_out = shmem_malloc(sizeof(long));
    elapsed = shmem_malloc(sizeof(double));
    slowest = shmem_malloc(sizeof(double));
    memset(source, shmem_my_pe() + 1, BIG);
    *reduce_in = shmem_my_pe();
    figure("barrier", 0, 0, 20000);
    figure("broadcast_8", 1, 8, 20000);
    figure("broadcast_1M", 2, BIG, 200);
    figure("sum_reduce_8", 3, 8, 20000);
    figure("fcollect_8", 4, 8, 20000);
    if (*reduce_out != (long)shmem_n_pes() * (shmem_n_pes() - 1) / 2 || dest[0] != 1)
        fprintf(stderr, "bench_coll: PE %d saw a wrong result\n", shmem_my_pe());
    shmem_free(slowest);
    shmem_free(elapsed);
    shmem_free(reduce_out);
    shmem_free(reduce_in);
    shmem_free(dest);
    shmem_free(source);
    shmem_finalize();
    return 0;
}
