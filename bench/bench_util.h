/* Shared helpers for the benchmarks that need no SHMEM library: the clock,
 * order statistics, the command line, CPU pinning and the RESULT lines.
 *
 * Every figure is printed as one machine-readable line:
 *
 *   RESULT impl=mishmem bench=rma name=put_latency size=8 npes=2 unit=ns
 *          median=412.3 p10=401.0 p90=433.9 min=398.2 max=450.1 samples=9
 *          iters=20000 pairs=one
 *
 * (one line; wrapped here; fields after iters= vary by benchmark). `unit`
 * says how to read the numbers: ns (lower is better), GB/s or Mops/s
 * (higher is better), KiB or count (plain quantities). median, p10, p90,
 * min and max are over `samples` repeated samples, each the mean over
 * `iters` operations. bench/compare reads these lines; everything else a
 * program prints (lines starting with #) is for people. */
#ifndef MISHMEM_BENCH_UTIL_H
#define MISHMEM_BENCH_UTIL_H

#ifndef _GNU_SOURCE
#error "define _GNU_SOURCE before any include (sched_setaffinity needs it)"
#endif

#include <dirent.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_KIB ((size_t)1 << 10)
#define BENCH_MIB ((size_t)1 << 20)
#define BENCH_MAX_SAMPLES 101
#define BENCH_MAX_SIZES 64

static inline double bench_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* The spin-wait hint SHMEM waits use too (pause, yield), for loops that
 * poll memory; in bench_hw it measured a little faster than plain spinning. */
static inline void bench_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static int bench_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile (0..1) of sorted values, linearly interpolated. */
static inline double bench_quantile(const double *sorted, int count, double q)
{
    if (count <= 0)
        return 0;
    double position = q * (count - 1);
    int below = (int)position;
    if (below >= count - 1)
        return sorted[count - 1];
    double fraction = position - below;
    return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

/* Sorts samples in place; returns the median. */
static inline double bench_median(double *samples, int count)
{
    qsort(samples, (size_t)count, sizeof *samples, bench_compare_doubles);
    return bench_quantile(samples, count, 0.5);
}

/* Command line shared by every benchmark. */
struct bench_options {
    int quick;             /* --quick: few samples, short samples, small sizes */
    int samples;           /* --samples N: samples per figure */
    double sample_s;       /* --sample-ms X: target duration of one sample */
    long max_iters;        /* --max-iters N: cap on operations per sample */
    size_t min_size;       /* --min-size B */
    size_t max_size;       /* --max-size B (suffixes K, M) */
    int step;              /* --step F: sizes grow by this factor */
    size_t sizes[BENCH_MAX_SIZES]; /* --sizes a,b,c overrides the sweep */
    int nsizes;
    int pin;               /* --pin: PE i on the i-th allowed CPU (when there are enough) */
    int all_pairs;         /* --pairs all: every PE below n/2 pairs with PE + n/2 */
    const char *only;      /* --only a,b: run only these figures (names as printed) */
    const char *benches;   /* --benches a,b: bench_suite runs only these benchmarks */
};

/* The largest of the sizes to run, and at least `least`: the size of the
 * buffers that serve every size. */
static inline size_t bench_largest_size(const struct bench_options *options, size_t least)
{
    size_t largest = least;
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] > largest)
            largest = options->sizes[i];
    return largest;
}

static inline size_t bench_parse_size(const char *text)
{
    char *end;
    double value = strtod(text, &end);
    size_t scale = 1;
    if (*end == 'k' || *end == 'K')
        scale = BENCH_KIB;
    else if (*end == 'm' || *end == 'M')
        scale = BENCH_MIB;
    else if (*end == 'g' || *end == 'G')
        scale = BENCH_MIB * 1024;
    if (value < 0 || end == text) {
        fprintf(stderr, "bench: bad size '%s'\n", text);
        exit(2);
    }
    return (size_t)(value * (double)scale);
}

static inline void bench_usage(const char *prog, const char *about)
{
    fprintf(stderr,
            "%s: %s\n"
            "options:\n"
            "  --quick             few short samples, small sizes (smoke runs, bench/compare --quick)\n"
            "  --samples N         samples per figure (default 9, quick 3)\n"
            "  --sample-ms X       target length of one sample in ms (default 20, quick 2)\n"
            "  --max-iters N       at most N operations per sample\n"
            "  --min-size B        smallest message (default 8)\n"
            "  --max-size B        largest message, K/M suffixes (default per benchmark)\n"
            "  --step F            sizes grow by factor F (default per benchmark)\n"
            "  --sizes a,b,...     explicit sizes instead of the sweep\n"
            "  --pin               pin PE i to the i-th allowed CPU when npes <= CPUs\n"
            "  --pairs one|all     ping-pongs: only PE 0 <-> PE n/2 (default), or every\n"
            "                      PE i < n/2 with PE i + n/2 at once\n"
            "  --only a,b,...      only these figures (the name= of the RESULT lines)\n"
            "  --benches a,b,...   bench_suite: only these of rma,amo,signal,collectives\n",
            prog, about);
}

/* default_max is the largest size of the sweep for a full run, default_step
 * its growth factor. */
static inline void bench_parse(int argc, char **argv, struct bench_options *options,
                               size_t default_max, int default_step, const char *about)
{
    memset(options, 0, sizeof *options);
    options->samples = -1;
    options->sample_s = -1;
    options->min_size = 8;
    options->step = default_step;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
#define BENCH_NEEDS_VALUE()                                              \
    do {                                                                 \
        if (!value) {                                                    \
            fprintf(stderr, "%s: %s needs a value\n", argv[0], arg);     \
            exit(2);                                                     \
        }                                                                \
        i++;                                                             \
    } while (0)
        if (strcmp(arg, "--quick") == 0) {
            options->quick = 1;
        } else if (strcmp(arg, "--pin") == 0) {
            options->pin = 1;
        } else if (strcmp(arg, "--samples") == 0) {
            BENCH_NEEDS_VALUE();
            options->samples = atoi(value);
        } else if (strcmp(arg, "--sample-ms") == 0) {
            BENCH_NEEDS_VALUE();
            options->sample_s = atof(value) * 1e-3;
        } else if (strcmp(arg, "--max-iters") == 0) {
            BENCH_NEEDS_VALUE();
            options->max_iters = atol(value);
        } else if (strcmp(arg, "--min-size") == 0) {
            BENCH_NEEDS_VALUE();
            options->min_size = bench_parse_size(value);
        } else if (strcmp(arg, "--max-size") == 0) {
            BENCH_NEEDS_VALUE();
            options->max_size = bench_parse_size(value);
        } else if (strcmp(arg, "--step") == 0) {
            BENCH_NEEDS_VALUE();
            options->step = atoi(value);
        } else if (strcmp(arg, "--sizes") == 0) {
            BENCH_NEEDS_VALUE();
            char *copy = strdup(value), *save = NULL;
            for (char *item = strtok_r(copy, ",", &save); item && options->nsizes < BENCH_MAX_SIZES;
                 item = strtok_r(NULL, ",", &save))
                options->sizes[options->nsizes++] = bench_parse_size(item);
            free(copy);
        } else if (strcmp(arg, "--pairs") == 0) {
            BENCH_NEEDS_VALUE();
            options->all_pairs = strcmp(value, "all") == 0;
        } else if (strcmp(arg, "--only") == 0) {
            BENCH_NEEDS_VALUE();
            options->only = value;
        } else if (strcmp(arg, "--benches") == 0) {
            BENCH_NEEDS_VALUE();
            options->benches = value;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            bench_usage(argv[0], about);
            exit(0);
        } else {
            fprintf(stderr, "%s: unknown option '%s'\n", argv[0], arg);
            bench_usage(argv[0], about);
            exit(2);
        }
#undef BENCH_NEEDS_VALUE
    }
    if (options->samples <= 0)
        options->samples = options->quick ? 3 : 9;
    if (options->samples > BENCH_MAX_SAMPLES)
        options->samples = BENCH_MAX_SAMPLES;
    if (options->sample_s <= 0)
        options->sample_s = options->quick ? 2e-3 : 20e-3;
    if (options->max_iters <= 0)
        options->max_iters = options->quick ? 100000 : 100000000;
    if (options->max_size == 0)
        options->max_size = options->quick && default_max > 64 * BENCH_KIB ? 64 * BENCH_KIB
                                                                             : default_max;
    if (options->min_size == 0)
        options->min_size = 1;
    if (options->step < 2)
        options->step = 2;
    if (options->nsizes == 0)
        for (size_t size = options->min_size;
             size <= options->max_size && options->nsizes < BENCH_MAX_SIZES;
             size *= (size_t)options->step)
            options->sizes[options->nsizes++] = size;
}

/* Warm-up rule shared by every benchmark: after a run of `iters`
 * operations that took `elapsed` seconds, whether to run 4 times as many
 * before sampling. Goes on until a run lasts a quarter of a sample, and
 * in any case until 16 operations ran unless the next run would last more
 * than max(2 samples, 20 ms), and never stops after the first run alone
 * unless it took a quarter of a second: a slow first run (page faults, a
 * partner or thread not yet scheduled) must not decide the count. */
static inline int bench_warm_more(const struct bench_options *options, long iters, double elapsed)
{
    if (iters >= options->max_iters)
        return 0;
    if (elapsed < options->sample_s / 4)
        return 1;
    double cap = 2 * options->sample_s > 20e-3 ? 2 * options->sample_s : 20e-3;
    if (iters < 16 && 4 * elapsed < cap)
        return 1;
    return iters == 1 && elapsed < 0.25;
}

/* Operations per sample after warming up with `iters` in `elapsed` s. */
static inline long bench_fill(const struct bench_options *options, long iters, double elapsed)
{
    if (elapsed <= 0)
        return iters;
    double fill = options->sample_s / elapsed * (double)iters;
    return fill < 1 ? 1 : fill > (double)options->max_iters ? options->max_iters : (long)fill;
}

/* Whether `name` is in the comma-separated `list` (a NULL list has all). */
static inline int bench_in_list(const char *list, const char *name)
{
    if (!list)
        return 1;
    size_t length = strlen(name);
    for (const char *at = list; at && *at;) {
        const char *comma = strchr(at, ',');
        size_t item = comma ? (size_t)(comma - at) : strlen(at);
        if (item == length && strncmp(at, name, length) == 0)
            return 1;
        at = comma ? comma + 1 : NULL;
    }
    return 0;
}

/* Whether --only lets figure `name` run. */
static inline int bench_wanted(const struct bench_options *options, const char *name)
{
    return bench_in_list(options->only, name);
}

/* The index-th CPU of this thread's affinity mask, or -1. */
static inline int bench_allowed_cpu(int index, int *count)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    int seen = 0, found = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &set)) {
            if (seen == index)
                found = cpu;
            seen++;
        }
    if (count)
        *count = seen;
    return found;
}

static inline int bench_pin_to(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

/* Prints one RESULT line. values are sorted in place. */
static inline void bench_report(const char *impl, const char *bench, const char *name, size_t size,
                                int npes, const char *unit, double *values, int count, long iters,
                                const char *extra)
{
    qsort(values, (size_t)count, sizeof *values, bench_compare_doubles);
    printf("RESULT impl=%s bench=%s name=%s size=%zu npes=%d unit=%s median=%.6g p10=%.6g "
           "p90=%.6g min=%.6g max=%.6g samples=%d iters=%ld%s%s\n",
           impl, bench, name, size, npes, unit, bench_quantile(values, count, 0.5),
           bench_quantile(values, count, 0.1), bench_quantile(values, count, 0.9), values[0],
           values[count - 1], count, iters, extra && *extra ? " " : "", extra ? extra : "");
    fflush(stdout);
}

/* Entries of a /proc folder (/proc/self/fd: descriptors; /proc/self/task:
 * threads). */
static inline int bench_count_entries(const char *path)
{
    DIR *dir = opendir(path);
    int count = 0;
    for (struct dirent *entry; dir && (entry = readdir(dir));)
        count += entry->d_name[0] != '.';
    if (dir)
        closedir(dir);
    return count;
}

/* The process's resident memory (VmRSS), -1 when unknown. */
static inline long bench_rss_kib(void)
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

#endif
