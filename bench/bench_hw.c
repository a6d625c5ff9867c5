/* Physical probes, no SHMEM: what the hardware allows, so that every SHMEM
 * figure can be read as a fraction of it.
 *
 *   memcpy_bw     one core (the first allowed CPU) copying `size` bytes
 *                 between two private buffers, windows of 64 memcpy per
 *                 operation, like the put_bw stream (same sizes, same
 *                 warm caches).
 *   c2c_latency   one-way core-to-core latency of a cache line: two
 *                 threads pinned to the first two allowed CPUs play
 *                 ping-pong, each writing a line the other spins on (as
 *                 a put + wait_until ping-pong does, with the pause
 *                 hint); half a round trip. Many short samples (10 times
 *                 --samples, a tenth of --sample-ms each), so that the
 *                 best ones (min=, what bench/compare uses as the limit)
 *                 escape other work on a shared machine. Skipped when
 *                 fewer than two CPUs are allowed.
 *
 * Output: RESULT lines with impl=hw. Run: bench_hw [--quick] (see --help). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>

#include "bench_util.h"

#define COPY_WINDOW 64
#define DEFAULT_MAX_SIZE (4 * BENCH_MIB)

/* The spin-wait hint SHMEM waits use too; it measured a little faster
 * than plain spinning here. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Two lines, each on its own pair of cache lines (adjacent-line prefetch). */
struct lines {
    _Alignas(128) atomic_long ping;
    _Alignas(128) atomic_long pong;
    _Alignas(128) atomic_int stop;
    int pong_cpu;
};

static void *ponger(void *arg)
{
    struct lines *lines = arg;
    if (lines->pong_cpu >= 0)
        bench_pin_to(lines->pong_cpu);
    long seen = 0;
    while (!atomic_load_explicit(&lines->stop, memory_order_relaxed)) {
        long value = atomic_load_explicit(&lines->ping, memory_order_acquire);
        if (value != seen) {
            seen = value;
            atomic_store_explicit(&lines->pong, value, memory_order_release);
        } else {
            cpu_relax();
        }
    }
    return NULL;
}

/* Seconds for `rounds` round trips; the ponger must be running. */
static double round_trips(struct lines *lines, long *sequence, long rounds)
{
    double start = bench_now();
    for (long i = 0; i < rounds; i++) {
        long value = ++*sequence;
        atomic_store_explicit(&lines->ping, value, memory_order_release);
        while (atomic_load_explicit(&lines->pong, memory_order_acquire) != value)
            cpu_relax();
    }
    return bench_now() - start;
}

/* Samples of `seconds per operation` for op(state, iters), calibrated as
 * the SHMEM benchmarks are (bench_shmem.h). */
static long measure(const struct bench_options *options, double (*op)(void *, long), void *state,
                    double *seconds)
{
    long iters = 1;
    double elapsed;
    for (;;) {
        elapsed = op(state, iters);
        int more = bench_warm_more(options, iters, elapsed);
        if (!more)
            break;
        iters = iters * 4 < options->max_iters ? iters * 4 : options->max_iters;
    }
    iters = bench_fill(options, iters, elapsed);
    for (int s = 0; s < options->samples; s++)
        seconds[s] = op(state, iters) / (double)iters;
    return iters;
}

struct copy {
    char *from, *to;
    size_t size;
};

static double copy_window(void *state, long iters)
{
    struct copy *copy = state;
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < COPY_WINDOW; w++) {
            memcpy(copy->to, copy->from, copy->size);
            /* Keep the compiler from dropping or merging the copies. */
            __asm__ __volatile__("" : : "r"(copy->to) : "memory");
        }
    }
    return bench_now() - start;
}

struct pingpong {
    struct lines *lines;
    long sequence;
};

static double pingpong_op(void *state, long iters)
{
    struct pingpong *pp = state;
    return round_trips(pp->lines, &pp->sequence, iters);
}

int main(int argc, char **argv)
{
    struct bench_options options;
    bench_parse(argc, argv, &options, DEFAULT_MAX_SIZE, 2,
                "hardware probes: single-core memcpy bandwidth, core-to-core cache-line latency");
    int cpus = 0, first = bench_allowed_cpu(0, &cpus), second = bench_allowed_cpu(1, NULL);
    printf("# hw: cpus=%d samples=%d sample_ms=%g%s\n", cpus, options.samples, options.sample_s * 1e3,
           options.quick ? " quick" : "");
    fflush(stdout);
    double seconds[BENCH_MAX_SAMPLES], values[BENCH_MAX_SAMPLES];

    if (bench_wanted(&options, "memcpy_bw")) {
        size_t largest = 64;
        for (int i = 0; i < options.nsizes; i++)
            if (options.sizes[i] > largest)
                largest = options.sizes[i];
        struct copy copy = { aligned_alloc(4096, (largest + 4095) / 4096 * 4096),
                             aligned_alloc(4096, (largest + 4095) / 4096 * 4096), 0 };
        if (!copy.from || !copy.to) {
            fprintf(stderr, "bench_hw: out of memory\n");
            return 1;
        }
        memset(copy.from, 1, largest);
        memset(copy.to, 2, largest);
        if (first >= 0)
            bench_pin_to(first);
        for (int i = 0; i < options.nsizes; i++) {
            copy.size = options.sizes[i];
            long iters = measure(&options, copy_window, &copy, seconds);
            for (int s = 0; s < options.samples; s++)
                values[s] = (double)copy.size * COPY_WINDOW / seconds[s] / 1e9;
            bench_report("hw", "hw", "memcpy_bw", copy.size, 1, "GB/s", values, options.samples, iters,
                         "");
        }
        free(copy.to);
        free(copy.from);
    }

    if (bench_wanted(&options, "c2c_latency")) {
        if (second < 0) {
            printf("# c2c_latency skipped: only %d CPU allowed\n", cpus);
        } else {
            static struct lines lines;
            lines.pong_cpu = second;
            bench_pin_to(first);
            pthread_t thread;
            if (pthread_create(&thread, NULL, ponger, &lines) != 0) {
                fprintf(stderr, "bench_hw: pthread_create failed\n");
                return 1;
            }
            struct pingpong pp = { &lines, 0 };
            round_trips(&lines, &pp.sequence, 1000); /* the ponger is up and pinned */
            struct bench_options many = options;
            many.samples = options.samples * 10 > BENCH_MAX_SAMPLES ? BENCH_MAX_SAMPLES
                                                                     : options.samples * 10;
            many.sample_s = options.sample_s / 10;
            long iters = measure(&many, pingpong_op, &pp, seconds);
            atomic_store(&lines.stop, 1);
            pthread_join(thread, NULL);
            for (int s = 0; s < many.samples; s++)
                values[s] = seconds[s] * 1e9 / 2;
            char extra[64];
            snprintf(extra, sizeof extra, "cpus=%d,%d", first, second);
            bench_report("hw", "hw", "c2c_latency", 64, 2, "ns", values, many.samples, iters, extra);
        }
    }
    return 0;
}
