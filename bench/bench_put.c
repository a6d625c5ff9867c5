/* Put latency and bandwidth between PE 0 and PE 1, against the hardware:
 * a local memcpy of the same size, and a cache-line ping-pong probe.
 * Standard OpenSHMEM API only. Run: mishmemrun -n 2 bench_put [--quick] */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_util.h"

#define SAMPLES 15
#define MIB (1 << 20)

static int quick;

/* One-way latency of an 8-byte put observed by the peer: half a round trip
 * of put + wait_until ping-pong. */
static double pingpong_ns(long *ping, long *pong, int me)
{
    int rounds = quick ? 100 : 20000;
    double samples[SAMPLES];
    long sequence = 0;
    for (int s = 0; s < SAMPLES; s++) {
        shmem_barrier_all();
        double start = bench_now();
        for (int i = 0; i < rounds; i++) {
            sequence++;
            if (me == 0) {
                shmem_long_p(ping, sequence, 1);
                shmem_long_wait_until(pong, SHMEM_CMP_EQ, sequence);
            } else {
                shmem_long_wait_until(ping, SHMEM_CMP_EQ, sequence);
                shmem_long_p(pong, sequence, 0);
            }
        }
        samples[s] = (bench_now() - start) * 1e9 / rounds / 2;
    }
    return bench_median(samples, SAMPLES);
}

/* Issue cost of an 8-byte put followed by quiet. */
static double put_issue_ns(long *target)
{
    int rounds = quick ? 1000 : 1000000;
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        double start = bench_now();
        for (int i = 0; i < rounds; i++) {
            shmem_long_p(target, i, 1);
            shmem_quiet();
        }
        samples[s] = (bench_now() - start) * 1e9 / rounds;
    }
    return bench_median(samples, SAMPLES);
}

static double bandwidth_gbs(void *dest, const void *source, int use_put)
{
    int rounds = quick ? 4 : 400;
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        double start = bench_now();
        for (int i = 0; i < rounds; i++) {
            if (use_put)
                shmem_putmem(dest, source, MIB, 1);
            else
                memcpy(dest, source, MIB);
        }
        shmem_quiet();
        samples[s] = (double)rounds * MIB / (bench_now() - start) / 1e9;
    }
    return bench_median(samples, SAMPLES);
}

int main(int argc, char **argv)
{
    quick = bench_quick(argc, argv);
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "run with 2 PEs\n");
        shmem_finalize();
        return 2;
    }
    long *ping = shmem_calloc(8, sizeof(long)), *pong = shmem_calloc(8, sizeof(long));
    char *remote = shmem_malloc(MIB);
    char *local = malloc(MIB), *local2 = malloc(MIB);
    memset(local, 1, MIB);
    memset(local2, 2, MIB);
    memset(remote, 3, MIB);
    double latency = pingpong_ns(ping, pong, me);
    shmem_barrier_all();
    double issue = 0, put_bw = 0, copy_bw = 0;
    if (me == 0) {
        issue = put_issue_ns(ping + 4);
        put_bw = bandwidth_gbs(remote, local, 1);
        copy_bw = bandwidth_gbs(local2, local, 0);
    }
    shmem_barrier_all();
    if (me == 0) {
        printf("8-byte put+wait ping-pong, one way: %8.1f ns\n", latency);
        printf("8-byte put + quiet, issue cost:     %8.1f ns\n", issue);
        printf("1 MiB put bandwidth:                %8.2f GB/s\n", put_bw);
        printf("1 MiB local memcpy bandwidth:       %8.2f GB/s  (put/memcpy = %.2f)\n", copy_bw,
               put_bw / copy_bw);
    }
    free(local);
    free(local2);
    shmem_free(remote);
    shmem_free(pong);
    shmem_free(ping);
    shmem_finalize();
    return 0;
}
