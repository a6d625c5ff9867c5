/* Helpers for the SHMEM benchmarks, written against the standard OpenSHMEM
 * API only, so that every benchmark builds with mishmemcc and with any other
 * OpenSHMEM's compiler wrapper (Open MPI's oshcc: OpenSHMEM 1.4).
 *
 * Measuring: bench_measure() runs a kernel on every PE (each PE plays its
 * own part: initiator, responder or idle), first with 1, 4, 16, ...
 * operations as bench_warm_more() says (the warm-up), then `samples` times with the operation count that fills one
 * sample. A sample's value is the slowest PE's elapsed time divided by the
 * operation count; PEs that have nothing to do return at once and wait in
 * the barrier that collects the times. PE 0 decides every count and tells
 * the others with shmem_long_p + shmem_barrier_all, so every PE runs the
 * same number of operations. */
#ifndef MISHMEM_BENCH_SHMEM_H
#define MISHMEM_BENCH_SHMEM_H

#include <shmem.h>

#include "bench_util.h"

/* OpenSHMEM 1.5 (teams, signals) or an older library (Open MPI 4's OSHMEM
 * implements 1.4): the benchmarks fall back on the 1.4 forms. */
#if SHMEM_MAJOR_VERSION > 1 || (SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION >= 5)
#define BENCH_SHMEM_15 1
#else
#define BENCH_SHMEM_15 0
#endif

struct bench {
    struct bench_options options;
    const char *name; /* the bench= field */
    char impl[64];    /* the impl= field: mishmem, oshmem, or the vendor's name */
    int me, npes;
    long *agree;      /* symmetric: PE 0's decisions */
    double *times;    /* symmetric: every PE's elapsed time, gathered on PE 0 */
    /* A kernel that times its operations itself (leaving out what it does
     * between them) sets self_timed and adds its time to kernel_seconds,
     * which bench_measure() zeroes before each run. */
    int self_timed;
    double kernel_seconds;
};

/* The vendor string, shortened to one word for the impl= field. */
static inline void bench_impl_name(char *out, size_t size)
{
    char vendor[SHMEM_MAX_NAME_LEN + 1];
    memset(vendor, 0, sizeof vendor);
    shmem_info_get_name(vendor);
    if (strstr(vendor, "mishmem"))
        snprintf(out, size, "mishmem");
    else if (strstr(vendor, "open-mpi") || strstr(vendor, "Open MPI") || strstr(vendor, "OSHMEM"))
        snprintf(out, size, "oshmem");
    else {
        size_t length = 0;
        for (const char *at = vendor; *at && length + 1 < size; at++)
            if ((*at >= 'a' && *at <= 'z') || (*at >= 'A' && *at <= 'Z') || (*at >= '0' && *at <= '9'))
                out[length++] = *at;
        out[length] = '\0';
        if (length == 0)
            snprintf(out, size, "unknown");
    }
}

/* Parses the options, starts SHMEM (with SHMEM_THREAD_MULTIPLE where the
 * program defines BENCH_THREAD_MULTIPLE), pins the PE when asked. */
static inline void bench_start(struct bench *bench, int argc, char **argv, const char *about)
{
    memset(bench, 0, sizeof *bench);
    bench_parse(argc, argv, &bench->options, 4 * BENCH_MIB, 2, about);
#ifdef BENCH_THREAD_MULTIPLE
    int provided = -1;
    if (shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) != 0 ||
        provided != SHMEM_THREAD_MULTIPLE) {
        fprintf(stderr, "%s: SHMEM_THREAD_MULTIPLE is not available\n", argv[0]);
        exit(1);
    }
#else
    shmem_init();
#endif
    bench->me = shmem_my_pe();
    bench->npes = shmem_n_pes();
    bench_impl_name(bench->impl, sizeof bench->impl);
    bench->agree = shmem_calloc(1, sizeof(long));
    bench->times = shmem_calloc((size_t)bench->npes, sizeof(double));
    if (!bench->agree || !bench->times) {
        fprintf(stderr, "%s: shmem_calloc failed\n", argv[0]);
        shmem_global_exit(1);
    }
    if (bench->options.pin) {
        int cpus = 0, cpu = bench_allowed_cpu(bench->me, &cpus);
        if (bench->npes <= cpus && cpu >= 0 && bench_pin_to(cpu) != 0)
            fprintf(stderr, "%s: PE %d: could not pin to CPU %d\n", argv[0], bench->me, cpu);
    }
    shmem_barrier_all();
}

/* Starts benchmark `name`: the options again with its own default sizes,
 * and a header line. Returns 0 (after saying so) when it needs more PEs. */
static inline int bench_select(struct bench *bench, int argc, char **argv, const char *name,
                               size_t default_max, int default_step, int min_pes)
{
    bench_parse(argc, argv, &bench->options, default_max, default_step, "");
    bench->name = name;
    if (bench->npes < min_pes) {
        if (bench->me == 0)
            printf("# %s skipped: needs at least %d PEs (has %d)\n", name, min_pes, bench->npes);
        return 0;
    }
    if (bench->me == 0) {
        printf("# %s: impl=%s npes=%d samples=%d sample_ms=%g%s%s\n", name, bench->impl, bench->npes,
               bench->options.samples, bench->options.sample_s * 1e3,
               bench->options.quick ? " quick" : "", bench->options.pin ? " pinned" : "");
        fflush(stdout);
    }
    shmem_barrier_all();
    return 1;
}

static inline void bench_stop(struct bench *bench)
{
    shmem_barrier_all();
    shmem_free(bench->times);
    shmem_free(bench->agree);
    shmem_finalize();
}

/* BENCH_MAIN(run, about): the main() of a standard-API benchmark built on
 * its own, run(&bench, argc, argv) between bench_start and bench_stop.
 * bench_suite.c includes those sources with BENCH_SUITE defined and has a
 * main() of its own that runs several of them, so there it is empty. */
#ifdef BENCH_SUITE
#define BENCH_MAIN(run, about)
#else
#define BENCH_MAIN(run, about)                                                                     \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        struct bench bench;                                                                        \
        bench_start(&bench, argc, argv, about);                                                    \
        run(&bench, argc, argv);                                                                   \
        bench_stop(&bench);                                                                        \
        return 0;                                                                                  \
    }
#endif

/* PE 0's value, on every PE. Collective. */
static inline long bench_agree(struct bench *bench, long value)
{
    shmem_barrier_all();
    if (bench->me == 0)
        for (int pe = 0; pe < bench->npes; pe++)
            shmem_long_p(bench->agree, value, pe);
    shmem_barrier_all();
    return *bench->agree;
}

/* The largest of every PE's value, on PE 0 (others get their own). Collective. */
static inline double bench_max_on_0(struct bench *bench, double value)
{
    shmem_double_p(&bench->times[bench->me], value, 0);
    shmem_barrier_all();
    if (bench->me != 0)
        return value;
    double largest = bench->times[0];
    for (int pe = 1; pe < bench->npes; pe++)
        if (bench->times[pe] > largest)
            largest = bench->times[pe];
    return largest;
}

/* Any PE's failure, on every PE. Collective. */
static inline int bench_any_failed(struct bench *bench, int failed)
{
    double worst = bench_max_on_0(bench, failed ? 1.0 : 0.0);
    return bench_agree(bench, bench->me == 0 && worst > 0.5) != 0;
}

/* Runs `iters` operations of the figure on this PE. */
typedef void (*bench_kernel)(void *state, long iters);

/* Warm-up, then options.samples samples; fills seconds[] (seconds per
 * operation, meaningful on PE 0) and returns the operation count of a
 * sample. Collective. */
static inline long bench_measure(struct bench *bench, bench_kernel kernel, void *state,
                                 double *seconds)
{
    const struct bench_options *options = &bench->options;
    long iters = 1;
    double elapsed;
    for (;;) {
        shmem_barrier_all();
        bench->kernel_seconds = 0;
        double start = bench_now();
        kernel(state, iters);
        double took = bench->self_timed ? bench->kernel_seconds : bench_now() - start;
        elapsed = bench_max_on_0(bench, took);
        long more = bench->me == 0 && bench_warm_more(options, iters, elapsed);
        if (!bench_agree(bench, more))
            break;
        iters = iters * 4 < options->max_iters ? iters * 4 : options->max_iters;
    }
    long wanted = bench->me == 0 ? bench_fill(options, iters, elapsed) : iters;
    iters = bench_agree(bench, wanted);
    for (int s = 0; s < options->samples; s++) {
        shmem_barrier_all();
        bench->kernel_seconds = 0;
        double start = bench_now();
        kernel(state, iters);
        double took = bench->self_timed ? bench->kernel_seconds : bench_now() - start;
        seconds[s] = bench_max_on_0(bench, took) / (double)iters;
    }
    return iters;
}

/* Converts seconds per operation into the unit and prints the RESULT line
 * (PE 0 only). unit "ns": scale is the fraction of an operation that
 * counts (0.5: one way of a round trip); "GB/s": scale is the bytes of one
 * operation; "Mops/s": scale is the messages of one operation. */
static inline void bench_emit(struct bench *bench, const char *name, size_t size, const char *unit,
                              double scale, double *seconds, long iters, const char *extra)
{
    if (bench->me != 0)
        return;
    double values[BENCH_MAX_SAMPLES];
    int count = bench->options.samples;
    for (int s = 0; s < count; s++) {
        if (strcmp(unit, "ns") == 0)
            values[s] = seconds[s] * 1e9 * scale;
        else if (strcmp(unit, "GB/s") == 0)
            values[s] = seconds[s] > 0 ? scale / seconds[s] / 1e9 : 0;
        else
            values[s] = seconds[s] > 0 ? scale / seconds[s] / 1e6 : 0;
    }
    bench_report(bench->impl, bench->name, name, size, bench->npes, unit, values, count, iters, extra);
}

/* Ping-pong partners: PE i < n/2 initiates with PE i + n/2. With --pairs
 * one (the default) only PE 0 and PE n/2 take part; everyone else idles in
 * the barrier that ends each sample. With an odd count the last PE idles. */
struct bench_pair {
    int active;    /* takes part in the figure */
    int initiator; /* PE i < n/2 */
    int peer;
};

static inline struct bench_pair bench_pairing(const struct bench *bench)
{
    struct bench_pair pair = { 0, 0, -1 };
    int half = bench->npes / 2, me = bench->me;
    if (half == 0 || me >= 2 * half)
        return pair;
    pair.initiator = me < half;
    pair.peer = pair.initiator ? me + half : me - half;
    pair.active = bench->options.all_pairs || me == 0 || me == half;
    return pair;
}

static inline const char *bench_pairs_field(const struct bench *bench)
{
    return bench->options.all_pairs ? "pairs=all" : "pairs=one";
}

#endif
