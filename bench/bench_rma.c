/* RMA: put and get latency, put and get bandwidth, 8-byte message rate.
 * Standard OpenSHMEM API only (builds with mishmemcc and with oshcc).
 *
 *   put_latency  ping-pong, one way = half a round trip. 8 bytes: the
 *                message is the flag (shmem_long_p, the peer waits with
 *                shmem_long_wait_until); larger: shmem_putmem of the data,
 *                shmem_fence, shmem_long_p of the flag.
 *   get_latency  blocking shmem_getmem from the peer's heap.
 *   put_bw       windows of 64 shmem_putmem_nbi then shmem_quiet.
 *   get_bw       windows of 64 shmem_getmem_nbi then shmem_quiet.
 *   msg_rate     windows of 128 shmem_long_p (8-byte puts) then shmem_quiet.
 *   line_latency the same pair's bare cache-line ping-pong, no library
 *                call in the loop: C11 atomics through shmem_ptr, spinning
 *                with the pause hint (skipped where shmem_ptr gives NULL).
 *                Measured just before put_latency, on the same processes
 *                and CPUs, it is the floor that figure is judged against.
 *
 * Partners: PE 0 with PE n/2 (others idle in a barrier), or with
 * --pairs all every PE i < n/2 with PE i + n/2 at once.
 * Run: mishmemrun -n 2 bench_rma [--quick] (see --help). */
#define _GNU_SOURCE
#include <stdatomic.h>

#include "bench_shmem.h"

#define BW_WINDOW 64
#define RATE_WINDOW 128
#define RMA_MAX_SIZE (4 * BENCH_MIB)

struct rma {
    struct bench *bench;
    struct bench_pair pair;
    size_t size;
    long sequence;   /* ping-pong round, the same on both partners */
    char *data;      /* symmetric, max_size: the peer's puts land here */
    long *flag;      /* symmetric, its own cache lines */
    char *source;    /* private, max_size */
    char *target;    /* private, max_size: gets land here */
};

static void put_pingpong(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active)
        return;
    int peer = rma->pair.peer;
    for (long i = 0; i < iters; i++) {
        long sequence = ++rma->sequence;
        if (!rma->pair.initiator)
            shmem_long_wait_until(rma->flag, SHMEM_CMP_EQ, sequence);
        if (rma->size > sizeof(long)) {
            shmem_putmem(rma->data, rma->source, rma->size, peer);
            shmem_fence();
        }
        shmem_long_p(rma->flag, sequence, peer);
        if (rma->pair.initiator)
            shmem_long_wait_until(rma->flag, SHMEM_CMP_EQ, sequence);
    }
}

/* Each partner's word, its own cache line pair, 128 bytes into flag[]. */
#define LINE_WORD 16

static void line_pingpong(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active)
        return;
    _Atomic long *mine = (_Atomic long *)&rma->flag[LINE_WORD];
    _Atomic long *theirs = shmem_ptr(&rma->flag[LINE_WORD], rma->pair.peer);
    for (long i = 0; i < iters; i++) {
        long sequence = ++rma->sequence;
        if (!rma->pair.initiator)
            while (atomic_load_explicit(mine, memory_order_acquire) != sequence)
                bench_cpu_relax();
        atomic_store_explicit(theirs, sequence, memory_order_release);
        if (rma->pair.initiator)
            while (atomic_load_explicit(mine, memory_order_acquire) != sequence)
                bench_cpu_relax();
    }
}

static void get_blocking(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active || !rma->pair.initiator)
        return;
    for (long i = 0; i < iters; i++)
        shmem_getmem(rma->target, rma->data, rma->size, rma->pair.peer);
}

static void put_stream(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active || !rma->pair.initiator)
        return;
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < BW_WINDOW; w++)
            shmem_putmem_nbi(rma->data, rma->source, rma->size, rma->pair.peer);
        shmem_quiet();
    }
}

static void get_stream(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active || !rma->pair.initiator)
        return;
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < BW_WINDOW; w++)
            shmem_getmem_nbi(rma->target, rma->data, rma->size, rma->pair.peer);
        shmem_quiet();
    }
}

static void put_rate(void *state, long iters)
{
    struct rma *rma = state;
    if (!rma->pair.active || !rma->pair.initiator)
        return;
    long *words = (long *)rma->data;
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < RATE_WINDOW; w++)
            shmem_long_p(&words[w & 63], w, rma->pair.peer);
        shmem_quiet();
    }
}

static unsigned char rma_pattern(int pe, size_t size, size_t at)
{
    return (unsigned char)(pe * 31 + size * 7 + at * 13 + 1);
}

/* Checks once per size that put, put_nbi and get move the right bytes. */
static void rma_verify(struct rma *rma, size_t size)
{
    struct bench *bench = rma->bench;
    int failed = 0, me = bench->me;
    struct bench_pair pair = rma->pair;
    for (size_t at = 0; at < size; at++)
        rma->source[at] = (char)rma_pattern(me, size, at);
    shmem_barrier_all();
    if (pair.active && pair.initiator)
        shmem_putmem(rma->data, rma->source, size, pair.peer);
    shmem_barrier_all();
    if (pair.active && !pair.initiator)
        for (size_t at = 0; at < size && !failed; at++)
            failed = (unsigned char)rma->data[at] != rma_pattern(pair.peer, size, at);
    shmem_barrier_all();
    if (pair.active && !pair.initiator) { /* now the responder's bytes, by put_nbi */
        shmem_putmem_nbi(rma->data, rma->source, size, pair.peer);
        shmem_quiet();
    }
    shmem_barrier_all();
    if (pair.active && pair.initiator) {
        for (size_t at = 0; at < size && !failed; at++)
            failed = (unsigned char)rma->data[at] != rma_pattern(pair.peer, size, at);
        memset(rma->target, 0, size);
        shmem_getmem(rma->target, rma->data, size, pair.peer); /* the initiator's own bytes */
        for (size_t at = 0; at < size && !failed; at++)
            failed = (unsigned char)rma->target[at] != rma_pattern(me, size, at);
    }
    if (bench_any_failed(bench, failed)) {
        if (me == 0)
            fprintf(stderr, "bench_rma: data check failed at size %zu\n", size);
        shmem_global_exit(1);
    }
}

static void rma_run(struct rma *rma, const char *name, bench_kernel kernel, size_t size, const char *unit,
                double scale)
{
    struct bench *bench = rma->bench;
    if (!bench_wanted(&bench->options, name))
        return;
    double seconds[BENCH_MAX_SAMPLES];
    rma->size = size;
    long iters = bench_measure(bench, kernel, rma, seconds);
    char extra[64];
    snprintf(extra, sizeof extra, "%s", bench_pairs_field(bench));
    bench_emit(bench, name, size, unit, scale, seconds, iters, extra);
}

static void rma_main(struct bench *bench, int argc, char **argv)
{
    if (!bench_select(bench, argc, argv, "rma", RMA_MAX_SIZE, 2, 2))
        return;
    const struct bench_options *options = &bench->options;
    size_t largest = bench_largest_size(options, 64);

    struct rma rma = { .bench = bench, .pair = bench_pairing(bench) };
    rma.data = shmem_align(4096, largest);
    rma.flag = shmem_align(4096, 64 * sizeof(long));
    rma.source = aligned_alloc(4096, (largest + 4095) / 4096 * 4096);
    rma.target = aligned_alloc(4096, (largest + 4095) / 4096 * 4096);
    if (!rma.data || !rma.flag || !rma.source || !rma.target) {
        fprintf(stderr, "bench_rma: out of memory for %zu-byte buffers\n", largest);
        shmem_global_exit(1);
    }
    memset(rma.data, 0, largest);
    memset(rma.flag, 0, 64 * sizeof(long));
    memset(rma.target, 0, largest);
    memset(rma.source, 1, largest);
    shmem_barrier_all();

    for (int i = 0; i < options->nsizes; i++)
        rma_verify(&rma, options->sizes[i]);
    /* Every PE agrees whether the partners can map each other. */
    int unmapped = rma.pair.active && !shmem_ptr(&rma.flag[LINE_WORD], rma.pair.peer);
    if (bench_any_failed(bench, unmapped)) {
        if (bench->me == 0 && bench_wanted(&bench->options, "line_latency"))
            printf("# line_latency skipped: shmem_ptr gives no direct pointer to the partner\n");
    } else {
        rma_run(&rma, "line_latency", line_pingpong, 64, "ns", 0.5);
    }
    for (int i = 0; i < options->nsizes; i++)
        rma_run(&rma, "put_latency", put_pingpong, options->sizes[i], "ns", 0.5);
    for (int i = 0; i < options->nsizes; i++)
        rma_run(&rma, "get_latency", get_blocking, options->sizes[i], "ns", 1.0);
    for (int i = 0; i < options->nsizes; i++)
        rma_run(&rma, "put_bw", put_stream, options->sizes[i], "GB/s",
            (double)options->sizes[i] * BW_WINDOW);
    for (int i = 0; i < options->nsizes; i++)
        rma_run(&rma, "get_bw", get_stream, options->sizes[i], "GB/s",
            (double)options->sizes[i] * BW_WINDOW);
    rma_run(&rma, "msg_rate", put_rate, 8, "Mops/s", RATE_WINDOW);

    shmem_barrier_all();
    free(rma.target);
    free(rma.source);
    shmem_free(rma.flag);
    shmem_free(rma.data);
}

BENCH_MAIN(rma_main, "put/get latency and bandwidth, 8-byte put rate")
