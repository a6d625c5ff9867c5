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
 *   switch_latency  one hand-off between two processes on the same CPU:
 *                 each yields until the shared turn word is its own, then
 *                 passes the turn. The floor of any wait when PEs
 *                 outnumber cores: a PE that must run before the waiter
 *                 can go on costs at least one of these.
 *   yield_barrier  the least a barrier costs when PEs outnumber cores:
 *                 2 and 4 processes per allowed CPU (npes= 2x and 4x the
 *                 CPUs, at most 64), each pinned, in a counter barrier in
 *                 shared memory whose waits are a load and sched_yield.
 *                 Besides the k - 1 switches per CPU it pays for what a
 *                 switch does not: the arrivals crossing between the CPUs,
 *                 and CPUs whose turns do not line up.
 *
 * Output: RESULT lines with impl=hw. Run: bench_hw [--quick] (see --help). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"

#define COPY_WINDOW 64
#define DEFAULT_MAX_SIZE (4 * BENCH_MIB)

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
            bench_cpu_relax();
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
            bench_cpu_relax();
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

/* The shared turn word of the switch probe: odd is the partner's turn. */
struct switcher {
    _Atomic long *turn;
    long round;
};

static void await_turn(_Atomic long *turn, long value)
{
    while (atomic_load_explicit(turn, memory_order_acquire) != value)
        sched_yield();
}

static double switch_op(void *state, long iters)
{
    struct switcher *sw = state;
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        long odd = 2 * ++sw->round - 1;
        atomic_store_explicit(sw->turn, odd, memory_order_release);
        await_turn(sw->turn, odd + 1);
    }
    return (bench_now() - start) / 2; /* two hand-offs per round */
}

/* Forks the partner, pinned with this process to `cpu`; it answers every
 * odd turn with the next even one until killed. */
static pid_t start_partner(struct switcher *sw, int cpu)
{
    sw->turn = mmap(NULL, sizeof *sw->turn, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sw->turn == MAP_FAILED)
        return -1;
    atomic_store(sw->turn, 0);
    sw->round = 0;
    bench_pin_to(cpu);
    pid_t pid = fork();
    if (pid == 0) {
        for (long odd = 1;; odd += 2) {
            await_turn(sw->turn, odd);
            atomic_store_explicit(sw->turn, odd + 1, memory_order_release);
        }
    }
    return pid;
}

/* The yield barrier's shared words; the parent is process 0 and tells
 * the others how many barriers to run (go: a new batch; -1: exit). */
struct yield_barrier {
    _Alignas(128) atomic_long count;
    _Alignas(128) atomic_long generation;
    _Alignas(128) atomic_long go;
    _Alignas(128) atomic_long batch;
    int nprocs;
};

static void yield_barrier_once(struct yield_barrier *yb)
{
    long generation = atomic_load_explicit(&yb->generation, memory_order_acquire);
    if (atomic_fetch_add_explicit(&yb->count, 1, memory_order_acq_rel) == yb->nprocs - 1) {
        atomic_store_explicit(&yb->count, 0, memory_order_relaxed);
        atomic_store_explicit(&yb->generation, generation + 1, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&yb->generation, memory_order_acquire) == generation)
        sched_yield();
}

static double yield_barrier_op(void *state, long iters)
{
    struct yield_barrier *yb = state;
    atomic_store_explicit(&yb->batch, iters, memory_order_relaxed);
    atomic_fetch_add_explicit(&yb->go, 1, memory_order_release);
    yield_barrier_once(yb); /* everyone has seen the batch */
    double start = bench_now();
    for (long i = 0; i < iters; i++)
        yield_barrier_once(yb);
    return bench_now() - start;
}

/* Forks nprocs - 1 partners; process p runs on allowed CPU p * cpus / nprocs. */
static int yield_barrier_start(struct yield_barrier *yb, int nprocs, int cpus, pid_t *partners)
{
    memset(yb, 0, sizeof *yb);
    yb->nprocs = nprocs;
    for (int p = 1; p < nprocs; p++) {
        partners[p] = fork();
        if (partners[p] < 0)
            return -1;
        if (partners[p] == 0) {
            bench_pin_to(bench_allowed_cpu(p * cpus / nprocs, NULL));
            for (long seen = 0;;) {
                long go;
                while ((go = atomic_load_explicit(&yb->go, memory_order_acquire)) == seen)
                    sched_yield();
                if (go < 0)
                    _exit(0);
                seen = go;
                long batch = atomic_load_explicit(&yb->batch, memory_order_relaxed);
                for (long i = 0; i <= batch; i++)
                    yield_barrier_once(yb);
            }
        }
    }
    bench_pin_to(bench_allowed_cpu(0, NULL));
    return 0;
}

static void yield_barrier_stop(struct yield_barrier *yb, pid_t *partners)
{
    atomic_store_explicit(&yb->go, -1, memory_order_release);
    for (int p = 1; p < yb->nprocs; p++)
        if (partners[p] > 0)
            waitpid(partners[p], NULL, 0);
}

int main(int argc, char **argv)
{
    struct bench_options options;
    bench_parse(argc, argv, &options, DEFAULT_MAX_SIZE, 2,
                "hardware probes: single-core memcpy bandwidth, core-to-core cache-line latency, "
                "same-core process switch, yield barrier");
    int cpus = 0, first = bench_allowed_cpu(0, &cpus), second = bench_allowed_cpu(1, NULL);
    printf("# hw: cpus=%d samples=%d sample_ms=%g%s\n", cpus, options.samples, options.sample_s * 1e3,
           options.quick ? " quick" : "");
    fflush(stdout);
    double seconds[BENCH_MAX_SAMPLES], values[BENCH_MAX_SAMPLES];

    if (bench_wanted(&options, "memcpy_bw")) {
        size_t largest = bench_largest_size(&options, 64);
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

    if (bench_wanted(&options, "switch_latency") && first >= 0) {
        struct switcher sw;
        pid_t partner = start_partner(&sw, first);
        if (partner < 0) {
            fprintf(stderr, "bench_hw: cannot start the switch partner\n");
            return 1;
        }
        long iters = measure(&options, switch_op, &sw, seconds);
        kill(partner, SIGKILL);
        waitpid(partner, NULL, 0);
        for (int s = 0; s < options.samples; s++)
            values[s] = seconds[s] * 1e9;
        char extra[64];
        snprintf(extra, sizeof extra, "cpu=%d", first);
        bench_report("hw", "hw", "switch_latency", 0, 2, "ns", values, options.samples, iters, extra);
    }

    if (bench_wanted(&options, "yield_barrier") && first >= 0) {
        struct yield_barrier *yb = mmap(NULL, sizeof *yb, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                                        -1, 0);
        for (int per_cpu = 2; yb != MAP_FAILED && per_cpu <= 4; per_cpu *= 2) {
            int nprocs = per_cpu * cpus;
            pid_t partners[64] = { 0 };
            if (nprocs > 64)
                break;
            if (yield_barrier_start(yb, nprocs, cpus, partners) != 0) {
                fprintf(stderr, "bench_hw: fork failed\n");
                yield_barrier_stop(yb, partners);
                return 1;
            }
            long iters = measure(&options, yield_barrier_op, yb, seconds);
            yield_barrier_stop(yb, partners);
            for (int s = 0; s < options.samples; s++)
                values[s] = seconds[s] * 1e9;
            char extra[64];
            snprintf(extra, sizeof extra, "per_cpu=%d", per_cpu);
            bench_report("hw", "hw", "yield_barrier", 0, nprocs, "ns", values, options.samples, iters, extra);
        }
        if (yb != MAP_FAILED)
            munmap(yb, sizeof *yb);
    }
    return 0;
}
