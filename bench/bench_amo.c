/* Atomics latency on a long in the peer's heap, standard OpenSHMEM API only:
 *
 *   fetch_add     shmem_long_atomic_fetch_add (blocking, returns the old value)
 *   add           shmem_long_atomic_add followed by shmem_quiet (the add is
 *                 not observable as done before the quiet)
 *   compare_swap  shmem_long_atomic_compare_swap that succeeds every time
 *   fetch         shmem_long_atomic_fetch
 *
 * PE 0 targets PE n/2 while the others idle in a barrier (--pairs all:
 * every PE i < n/2 targets PE i + n/2 at once). Each figure ends with a
 * check that the target holds the value the operations must have left.
 * Run: mishmemrun -n 2 bench_amo [--quick] (see --help). */
#define _GNU_SOURCE
#include "bench_shmem.h"

/* Keeps the fetched values alive. */
static volatile long sink;

struct amo {
    struct bench *bench;
    struct bench_pair pair;
    long *target;   /* symmetric; the peer's copy is the one operated on */
    long expected;  /* what the initiator's operations left in the peer's copy */
};

static int initiates(const struct amo *amo)
{
    return amo->pair.active && amo->pair.initiator;
}

static void fetch_add(void *state, long iters)
{
    struct amo *amo = state;
    if (!initiates(amo))
        return;
    long sum = 0;
    for (long i = 0; i < iters; i++)
        sum += shmem_long_atomic_fetch_add(amo->target, 1, amo->pair.peer);
    amo->expected += iters;
    sink += sum;
}

static void add(void *state, long iters)
{
    struct amo *amo = state;
    if (!initiates(amo))
        return;
    for (long i = 0; i < iters; i++) {
        shmem_long_atomic_add(amo->target, 1, amo->pair.peer);
        shmem_quiet();
    }
    amo->expected += iters;
}

static void compare_swap(void *state, long iters)
{
    struct amo *amo = state;
    if (!initiates(amo))
        return;
    long value = amo->expected;
    for (long i = 0; i < iters; i++) {
        long old = shmem_long_atomic_compare_swap(amo->target, value, value + 1, amo->pair.peer);
        value = old == value ? value + 1 : old;
    }
    amo->expected = value;
}

static void fetch(void *state, long iters)
{
    struct amo *amo = state;
    if (!initiates(amo))
        return;
    long sum = 0;
    for (long i = 0; i < iters; i++)
        sum += shmem_long_atomic_fetch(amo->target, amo->pair.peer);
    sink += sum;
}

static void amo_run(struct amo *amo, const char *name, bench_kernel kernel)
{
    struct bench *bench = amo->bench;
    if (!bench_wanted(&bench->options, name))
        return;
    double seconds[BENCH_MAX_SAMPLES];
    long iters = bench_measure(bench, kernel, amo, seconds);
    bench_emit(bench, name, 8, "ns", 1.0, seconds, iters, bench_pairs_field(bench));
    int failed = 0;
    if (initiates(amo)) {
        long got = shmem_long_atomic_fetch(amo->target, amo->pair.peer);
        if (got != amo->expected) {
            fprintf(stderr, "bench_amo: %s: PE %d holds %ld, expected %ld\n", name, amo->pair.peer,
                    got, amo->expected);
            failed = 1;
        }
    }
    if (bench_any_failed(bench, failed))
        shmem_global_exit(1);
}

static void amo_main(struct bench *bench, int argc, char **argv)
{
    if (!bench_select(bench, argc, argv, "amo", 8, 2, 2))
        return;
    struct amo amo = { .bench = bench, .pair = bench_pairing(bench) };
    amo.target = shmem_align(4096, 64 * sizeof(long));
    if (!amo.target) {
        fprintf(stderr, "bench_amo: shmem_align failed\n");
        shmem_global_exit(1);
    }
    memset(amo.target, 0, 64 * sizeof(long));
    shmem_barrier_all();

    amo_run(&amo, "fetch_add", fetch_add);
    amo_run(&amo, "add", add);
    amo_run(&amo, "compare_swap", compare_swap);
    amo_run(&amo, "fetch", fetch);

    shmem_free(amo.target);
}

BENCH_MAIN(amo_main, "atomics latency (long)")
