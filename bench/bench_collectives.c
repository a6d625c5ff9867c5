/* Collectives latency over all PEs, standard OpenSHMEM API only.
 *
 *   barrier       shmem_barrier_all
 *   sync_all      shmem_sync_all
 *   broadcast     shmem_broadcastmem(SHMEM_TEAM_WORLD, ..., root 0); size = bytes
 *   reduce_sum    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, ...); size = bytes (8 per long)
 *   fcollect      shmem_fcollectmem(SHMEM_TEAM_WORLD, ...); size = bytes per PE
 *   alltoall      shmem_alltoallmem(SHMEM_TEAM_WORLD, ...); size = bytes per PE pair
 *   broadcast_cycle  broadcast and the barrier after it, both timed (up
 *                 to 4 KiB): where PEs outnumber cores, which of the two
 *                 calls a PE's wait falls into depends on the order the
 *                 barrier releases the PEs in, so the pair is the fair
 *                 figure (see the top of bench/compare's report)
 *
 * These are the OpenSHMEM 1.5 team forms. OpenSHMEM 1.4 libraries (Open
 * MPI 4's OSHMEM) have no teams: there the active-set forms over all PEs
 * are timed instead (shmem_broadcast64, shmem_long_sum_to_all,
 * shmem_fcollect64, shmem_alltoall64, with two pSync arrays used in turn)
 * and the RESULT lines say variant=active_set.
 *
 * barrier and sync_all are timed back to back. The data collectives are
 * timed one call at a time, each call followed by an untimed
 * shmem_barrier_all (as OSU's benchmarks do), so that a library whose
 * collective returns before the data has arrived everywhere (a broadcast
 * root, say) gains nothing from overlapping consecutive calls. A figure's
 * value is the slowest PE's mean time per call. fcollect and alltoall
 * sizes stop where npes * size passes --max-size. After the timed calls,
 * one more call with fresh data is checked on every PE.
 * Run: mishmemrun -n 4 bench_collectives [--quick] (see --help). */
#define _GNU_SOURCE
#include "bench_shmem.h"

#define COLL_MAX_SIZE BENCH_MIB

#if BENCH_SHMEM_15
#define COLL_VARIANT "variant=team"
#else
#define COLL_VARIANT "variant=active_set"
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define PSYNC_LONGS                                                                               \
    MAX2(MAX2(SHMEM_BCAST_SYNC_SIZE, SHMEM_REDUCE_SYNC_SIZE),                                     \
         MAX2(SHMEM_COLLECT_SYNC_SIZE, SHMEM_ALLTOALL_SYNC_SIZE))
#endif

struct coll {
    struct bench *bench;
    size_t size;
    char *source; /* symmetric, max_size */
    char *dest;   /* symmetric, max_size */
#if !BENCH_SHMEM_15
    long *psync[2]; /* symmetric */
    long *work;     /* symmetric pWrk */
    long turn;
#endif
    int cycle; /* time the barrier after each call too */
};

#if !BENCH_SHMEM_15
static long *next_psync(struct coll *coll)
{
    return coll->psync[coll->turn++ & 1];
}
#endif

static void barrier(void *state, long iters)
{
    (void)state;
    for (long i = 0; i < iters; i++)
        shmem_barrier_all();
}

static void sync_all(void *state, long iters)
{
    (void)state;
    for (long i = 0; i < iters; i++)
        shmem_sync_all();
}

/* After one call of a data collective that began at `start`: count its
 * time, then the untimed barrier (see the top of the file); the _cycle
 * figures count the barrier too. */
static void call_done(struct coll *coll, double start)
{
    if (!coll->cycle)
        coll->bench->kernel_seconds += bench_now() - start;
    shmem_barrier_all();
    if (coll->cycle)
        coll->bench->kernel_seconds += bench_now() - start;
}

static void broadcast(void *state, long iters)
{
    struct coll *coll = state;
    for (long i = 0; i < iters; i++) {
        double start = bench_now();
#if BENCH_SHMEM_15
        shmem_broadcastmem(SHMEM_TEAM_WORLD, coll->dest, coll->source, coll->size, 0);
#else
        shmem_broadcast64(coll->dest, coll->source, coll->size / 8, 0, 0, 0, coll->bench->npes,
                          next_psync(coll));
#endif
        call_done(coll, start);
    }
}

static void reduce_sum(void *state, long iters)
{
    struct coll *coll = state;
    size_t count = coll->size / sizeof(long);
    for (long i = 0; i < iters; i++) {
        double start = bench_now();
#if BENCH_SHMEM_15
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, (long *)coll->dest, (const long *)coll->source, count);
#else
        shmem_long_sum_to_all((long *)coll->dest, (long *)coll->source, (int)count, 0, 0,
                              coll->bench->npes, coll->work, next_psync(coll));
#endif
        call_done(coll, start);
    }
}

static void fcollect(void *state, long iters)
{
    struct coll *coll = state;
    for (long i = 0; i < iters; i++) {
        double start = bench_now();
#if BENCH_SHMEM_15
        shmem_fcollectmem(SHMEM_TEAM_WORLD, coll->dest, coll->source, coll->size);
#else
        shmem_fcollect64(coll->dest, coll->source, coll->size / 8, 0, 0, coll->bench->npes,
                         next_psync(coll));
#endif
        call_done(coll, start);
    }
}

static void alltoall(void *state, long iters)
{
    struct coll *coll = state;
    for (long i = 0; i < iters; i++) {
        double start = bench_now();
#if BENCH_SHMEM_15
        shmem_alltoallmem(SHMEM_TEAM_WORLD, coll->dest, coll->source, coll->size);
#else
        shmem_alltoall64(coll->dest, coll->source, coll->size / 8, 0, 0, coll->bench->npes,
                         next_psync(coll));
#endif
        call_done(coll, start);
    }
}

static unsigned char byte_of(long a, long b, long c)
{
    return (unsigned char)(a * 131 + b * 31 + c * 7 + 3);
}

/* One more call of the figure's kernel with fresh data; 1 when this PE's
 * result is wrong. */
static int coll_check(struct coll *coll, const char *name)
{
    struct bench *bench = coll->bench;
    size_t size = coll->size;
    long me = bench->me, npes = bench->npes;
    int failed = 0;
    if (strncmp(name, "broadcast", 9) == 0) {
        for (size_t at = 0; at < size; at++) {
            coll->source[at] = (char)byte_of(me, (long)size, (long)at);
            coll->dest[at] = 0;
        }
        shmem_barrier_all();
        broadcast(coll, 1);
        shmem_barrier_all();
        for (size_t at = 0; me != 0 && at < size && !failed; at++)
            failed = (unsigned char)coll->dest[at] != byte_of(0, (long)size, (long)at);
    } else if (strcmp(name, "reduce_sum") == 0) {
        long *source = (long *)coll->source, *dest = (long *)coll->dest;
        size_t count = size / sizeof(long);
        for (size_t at = 0; at < count; at++) {
            source[at] = me + (long)at;
            dest[at] = -1;
        }
        shmem_barrier_all();
        reduce_sum(coll, 1);
        shmem_barrier_all();
        for (size_t at = 0; at < count && !failed; at++)
            failed = dest[at] != npes * (long)at + npes * (npes - 1) / 2;
    } else if (strcmp(name, "fcollect") == 0) {
        for (size_t at = 0; at < size; at++)
            coll->source[at] = (char)byte_of(me, (long)size, (long)at);
        memset(coll->dest, 0, size * (size_t)npes);
        shmem_barrier_all();
        fcollect(coll, 1);
        shmem_barrier_all();
        for (long pe = 0; pe < npes && !failed; pe++)
            for (size_t at = 0; at < size && !failed; at++)
                failed = (unsigned char)coll->dest[(size_t)pe * size + at] !=
                         byte_of(pe, (long)size, (long)at);
    } else if (strcmp(name, "alltoall") == 0) {
        for (long pe = 0; pe < npes; pe++)
            for (size_t at = 0; at < size; at++)
                coll->source[(size_t)pe * size + at] = (char)byte_of(me, pe, (long)at);
        memset(coll->dest, 0, size * (size_t)npes);
        shmem_barrier_all();
        alltoall(coll, 1);
        shmem_barrier_all();
        for (long pe = 0; pe < npes && !failed; pe++)
            for (size_t at = 0; at < size && !failed; at++)
                failed = (unsigned char)coll->dest[(size_t)pe * size + at] != byte_of(pe, me, (long)at);
    }
    return failed;
}

static void coll_run(struct coll *coll, const char *name, bench_kernel kernel, size_t size)
{
    struct bench *bench = coll->bench;
    if (!bench_wanted(&bench->options, name))
        return;
    double seconds[BENCH_MAX_SAMPLES];
    coll->size = size;
    bench->self_timed = size > 0; /* the data collectives, see the top */
    long iters = bench_measure(bench, kernel, coll, seconds);
    bench->self_timed = 0;
    bench_emit(bench, name, size, "ns", 1.0, seconds, iters, COLL_VARIANT);
    if (bench_any_failed(bench, coll_check(coll, name))) {
        if (bench->me == 0)
            fprintf(stderr, "bench_collectives: %s: wrong result at size %zu\n", name, size);
        shmem_global_exit(1);
    }
}

static void coll_main(struct bench *bench, int argc, char **argv)
{
    if (!bench_select(bench, argc, argv, "collectives", COLL_MAX_SIZE, 4, 1))
        return;
    const struct bench_options *options = &bench->options;
    size_t room = 64, npes = (size_t)bench->npes;
    for (int i = 0; i < options->nsizes; i++) {
        size_t need = options->sizes[i];
        /* fcollect and alltoall take npes * size, up to --max-size. */
        if (need * npes <= options->max_size)
            need *= npes;
        if (need > room)
            room = need;
    }

    struct coll coll = { .bench = bench };
    coll.source = shmem_align(4096, room);
    coll.dest = shmem_align(4096, room);
#if !BENCH_SHMEM_15
    size_t work = room / sizeof(long) / 2 + 1;
    if (work < SHMEM_REDUCE_MIN_WRKDATA_SIZE)
        work = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    coll.work = shmem_malloc(work * sizeof(long));
    for (int k = 0; k < 2; k++) {
        coll.psync[k] = shmem_malloc(PSYNC_LONGS * sizeof(long));
        if (coll.psync[k])
            for (int j = 0; j < PSYNC_LONGS; j++)
                coll.psync[k][j] = SHMEM_SYNC_VALUE;
    }
    if (!coll.work || !coll.psync[0] || !coll.psync[1])
        coll.source = NULL;
#endif
    if (!coll.source || !coll.dest) {
        fprintf(stderr, "bench_collectives: out of memory for %zu-byte buffers\n", room);
        shmem_global_exit(1);
    }
    memset(coll.source, 1, room);
    memset(coll.dest, 0, room);
    shmem_barrier_all();

    coll_run(&coll, "barrier", barrier, 0);
    coll_run(&coll, "sync_all", sync_all, 0);
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] % 8 == 0)
            coll_run(&coll, "broadcast", broadcast, options->sizes[i]);
    coll.cycle = 1;
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] % 8 == 0 && options->sizes[i] <= 4096)
            coll_run(&coll, "broadcast_cycle", broadcast, options->sizes[i]);
    coll.cycle = 0;
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] % 8 == 0)
            coll_run(&coll, "reduce_sum", reduce_sum, options->sizes[i]);
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] % 8 == 0 && options->sizes[i] * npes <= room)
            coll_run(&coll, "fcollect", fcollect, options->sizes[i]);
    for (int i = 0; i < options->nsizes; i++)
        if (options->sizes[i] % 8 == 0 && options->sizes[i] * npes <= room)
            coll_run(&coll, "alltoall", alltoall, options->sizes[i]);

    shmem_barrier_all();
#if !BENCH_SHMEM_15
    shmem_free(coll.psync[1]);
    shmem_free(coll.psync[0]);
    shmem_free(coll.work);
#endif
    shmem_free(coll.dest);
    shmem_free(coll.source);
}

BENCH_MAIN(coll_main, "barrier, sync_all, broadcast, long sum reduction, fcollect, alltoall")
