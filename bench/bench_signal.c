/* Put-with-signal ping-pong, standard OpenSHMEM API only: one way = half a
 * round trip of shmem_putmem_signal(..., SHMEM_SIGNAL_SET) answered after
 * shmem_signal_wait_until(sig, SHMEM_CMP_EQ, round).
 *
 * OpenSHMEM 1.4 libraries (Open MPI 4's OSHMEM) have no put-with-signal:
 * there the same exchange is written the 1.4 way, shmem_putmem +
 * shmem_fence + shmem_long_atomic_set of the flag, answered after
 * shmem_long_wait_until, and the RESULT lines say variant=put_fence_set.
 *
 * PE 0 with PE n/2, others idle in a barrier (--pairs all: every PE i < n/2
 * with PE i + n/2). Run: mishmemrun -n 2 bench_signal [--quick]. */
#define _GNU_SOURCE
#include "bench_shmem.h"

#define SIGNAL_MAX_SIZE (4 * BENCH_MIB)

#if BENCH_SHMEM_15
typedef uint64_t signal_t;
#define SIGNAL_VARIANT "variant=putmem_signal"
#else
typedef long signal_t;
#define SIGNAL_VARIANT "variant=put_fence_set"
#endif

struct ping {
    struct bench_pair pair;
    size_t size;
    signal_t round;
    char *data;       /* symmetric */
    signal_t *signal; /* symmetric, its own cache lines */
    char *source;     /* private */
};

static void signal_send(struct ping *ping, signal_t round)
{
#if BENCH_SHMEM_15
    shmem_putmem_signal(ping->data, ping->source, ping->size, ping->signal, round, SHMEM_SIGNAL_SET,
                        ping->pair.peer);
#else
    shmem_putmem(ping->data, ping->source, ping->size, ping->pair.peer);
    shmem_fence();
    shmem_long_atomic_set(ping->signal, round, ping->pair.peer);
#endif
}

static void signal_await(struct ping *ping, signal_t round)
{
#if BENCH_SHMEM_15
    shmem_signal_wait_until(ping->signal, SHMEM_CMP_EQ, round);
#else
    shmem_long_wait_until(ping->signal, SHMEM_CMP_EQ, round);
#endif
}

static void pingpong(void *state, long iters)
{
    struct ping *ping = state;
    if (!ping->pair.active)
        return;
    for (long i = 0; i < iters; i++) {
        signal_t round = ++ping->round;
        if (!ping->pair.initiator)
            signal_await(ping, round);
        signal_send(ping, round);
        if (ping->pair.initiator)
            signal_await(ping, round);
    }
}

static void signal_main(struct bench *bench, int argc, char **argv)
{
    if (!bench_select(bench, argc, argv, "signal", SIGNAL_MAX_SIZE, 2, 2))
        return;
    const struct bench_options *options = &bench->options;
    size_t largest = bench_largest_size(options, 64);
    struct ping ping = { .pair = bench_pairing(bench) };
    ping.data = shmem_align(4096, largest);
    ping.signal = shmem_align(4096, 64 * sizeof(signal_t));
    ping.source = malloc(largest);
    if (!ping.data || !ping.signal || !ping.source) {
        fprintf(stderr, "bench_signal: out of memory for %zu-byte buffers\n", largest);
        shmem_global_exit(1);
    }
    memset(ping.data, 0, largest);
    memset(ping.signal, 0, 64 * sizeof(signal_t));
    shmem_barrier_all();

    for (int i = 0; i < options->nsizes && bench_wanted(options, "put_signal_latency"); i++) {
        size_t size = options->sizes[i];
        ping.size = size;
        memset(ping.source, (unsigned char)(bench->me + i + 1), size);
        double seconds[BENCH_MAX_SAMPLES];
        long iters = bench_measure(bench, pingpong, &ping, seconds);
        char extra[96];
        snprintf(extra, sizeof extra, "%s %s", bench_pairs_field(bench), SIGNAL_VARIANT);
        bench_emit(bench, "put_signal_latency", size, "ns", 0.5, seconds, iters, extra);
        /* The last message each side got is the partner's bytes. */
        int failed = 0;
        if (ping.pair.active)
            failed = (unsigned char)ping.data[0] != (unsigned char)(ping.pair.peer + i + 1) ||
                     (unsigned char)ping.data[size - 1] != (unsigned char)(ping.pair.peer + i + 1);
        if (bench_any_failed(bench, failed)) {
            if (bench->me == 0)
                fprintf(stderr, "bench_signal: data check failed at size %zu\n", size);
            shmem_global_exit(1);
        }
    }

    free(ping.source);
    shmem_free(ping.signal);
    shmem_free(ping.data);
}

BENCH_MAIN(signal_main, "put-with-signal ping-pong")
