/* Checked rounds per second of mixed cross-host traffic: the figure that
 * bench/compare --cross-host --loss measures while a share of the packets
 * is dropped. A round, on every PE, as tests/hosts/hosts_faults.c:
 *   put --ring-bytes (default 64 KiB, a pattern of round and sender) to the
 *   right neighbour, barrier, check what the left one put; get my block
 *   back from the right neighbour, check it; fetch_add on a counter of PE
 *   (round % n); sum reduction of (PE + round), checked; a broadcast from
 *   PE 0 of whether to go on (PE 0 alone watches the clock, so every PE
 *   runs the same rounds).
 * The clock starts after npes warm-up rounds (every connection made; their
 * time is the RESULT line's warmup_s=). At the end each PE checks its counter against every increment. A wrong
 * value ends the job (shmem_global_exit(1)), so a run that prints a RESULT
 * line moved correct data.
 *
 *   bench_loss [--seconds S] [--ring-bytes B] [--quick]
 *
 * --quick: 0.3 s and a 4 KiB ring (smoke runs). Standard API only (builds
 * with oshcc; OpenSHMEM 1.4 collectives where 1.5 is missing). Prints one
 * RESULT line (unit rounds/s, higher is better) and, for people, where PE
 * 0's time went per round:
 *
 *   RESULT impl=mishmem bench=loss name=loss_rounds size=65536 npes=4 unit=rounds/s median=...
 *   # loss_rounds phases on PE 0 (ms per round): put+barrier=... get=... */
#define _GNU_SOURCE
#include "bench_shmem.h"

enum phase { PHASE_PUT, PHASE_GET, PHASE_AMO, PHASE_REDUCE, PHASE_BARRIER, PHASE_BCAST, PHASES };
static const char *const phase_names[PHASES] = { "put+barrier", "get", "fetch_add", "reduce", "barrier",
                                                 "bcast" };

static long counter;           /* fetch_add target: PE (round % n) gets every PE's me + 1 */
static long sum_in, sum_out;   /* the reduction's */
static long go, go_source;     /* PE 0's verdict: another round or not */
#if !BENCH_SHMEM_15
static long reduce_sync[SHMEM_REDUCE_SYNC_SIZE];
static long bcast_sync[SHMEM_BCAST_SYNC_SIZE];
static long reduce_work[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
#endif

static int me, npes;

#define CHECK(ok, ...)                                                                             \
    do {                                                                                           \
        if (!(ok)) {                                                                               \
            fprintf(stderr, "bench_loss: PE %d: ", me);                                            \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            shmem_global_exit(1);                                                                  \
        }                                                                                          \
    } while (0)

static unsigned char pattern(long round, int pe, size_t k)
{
    return (unsigned char)(round * 31 + pe * 7 + (long)k);
}

static void check_block(const unsigned char *block, size_t bytes, long round, int pe, const char *what)
{
    for (size_t k = 0; k < bytes; k++)
        CHECK(block[k] == pattern(round, pe, k), "round %ld: %s byte %zu is %u, expected %u", round, what, k,
              block[k], pattern(round, pe, k));
}

static void sum_reduce(void)
{
#if BENCH_SHMEM_15
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_out, &sum_in, 1) == 0, "shmem_long_sum_reduce failed");
#else
    shmem_long_sum_to_all(&sum_out, &sum_in, 1, 0, 0, npes, reduce_work, reduce_sync);
#endif
}

/* PE 0's go_source into every PE's go (PE 0 included: 1.4's broadcast
 * leaves the root's destination alone). */
static void broadcast_go(void)
{
#if BENCH_SHMEM_15
    CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, &go, &go_source, 1, 0) == 0, "shmem_long_broadcast failed");
#else
    shmem_broadcast64(&go, &go_source, 1, 0, 0, 0, npes, bcast_sync);
    if (me == 0)
        go = go_source;
#endif
}

/* One checked round; adds each phase's time to spent[]. */
static void one_round(long round, unsigned char *ring, unsigned char *mine, unsigned char *fetched, size_t bytes,
                      double *spent)
{
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    for (size_t k = 0; k < bytes; k++)
        mine[k] = pattern(round, me, k);
    double t0 = bench_now();
    shmem_putmem(ring, mine, bytes, right);
    shmem_barrier_all();
    double t1 = bench_now();
    check_block(ring, bytes, round, left, "the put from the left neighbour:");
    double t2 = bench_now();
    shmem_getmem(fetched, ring, bytes, right); /* right holds my block */
    double t3 = bench_now();
    check_block(fetched, bytes, round, me, "the get of my block on the right neighbour:");
    double t4 = bench_now();
    long before = shmem_long_atomic_fetch_add(&counter, me + 1, (int)(round % npes));
    double t5 = bench_now();
    CHECK(before >= 0, "round %ld: fetch_add fetched %ld", round, before);
    sum_in = me + round;
    double t6 = bench_now();
    sum_reduce();
    double t7 = bench_now();
    CHECK(sum_out == (long)npes * (npes - 1) / 2 + (long)npes * round, "round %ld: sum %ld", round, sum_out);
    shmem_barrier_all(); /* the ring is free for the next round */
    double t8 = bench_now();
    spent[PHASE_PUT] += t1 - t0;
    spent[PHASE_GET] += t3 - t2;
    spent[PHASE_AMO] += t5 - t4;
    spent[PHASE_REDUCE] += t7 - t6;
    spent[PHASE_BARRIER] += t8 - t7;
}

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [--seconds S] [--ring-bytes B] [--quick]\n", prog);
}

int main(int argc, char **argv)
{
    double seconds = 10;
    size_t bytes = 64 * BENCH_KIB;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--quick") == 0) {
            seconds = 0.3;
            bytes = 4 * BENCH_KIB;
        } else if (strcmp(arg, "--seconds") == 0 && value) {
            seconds = atof(value);
            i++;
        } else if (strcmp(arg, "--ring-bytes") == 0 && value) {
            bytes = bench_parse_size(value);
            i++;
        } else if ((strcmp(arg, "--samples") == 0 || strcmp(arg, "--max-iters") == 0 ||
                    strcmp(arg, "--sample-ms") == 0) && value) {
            i++; /* the other benchmarks' smoke options: nothing to sample here */
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    char impl[64];
    bench_impl_name(impl, sizeof impl);
    CHECK(npes >= 2, "needs 2 PEs or more (has %d)", npes);
    CHECK(bytes > 0, "--ring-bytes must be above 0");
#if !BENCH_SHMEM_15
    for (int k = 0; k < SHMEM_REDUCE_SYNC_SIZE; k++)
        reduce_sync[k] = SHMEM_SYNC_VALUE;
    for (int k = 0; k < SHMEM_BCAST_SYNC_SIZE; k++)
        bcast_sync[k] = SHMEM_SYNC_VALUE;
#endif
    unsigned char *ring = shmem_malloc(bytes);
    unsigned char *mine = malloc(bytes), *fetched = malloc(bytes);
    CHECK(ring && mine && fetched, "cannot allocate %zu bytes", bytes);
    shmem_barrier_all();

    /* Warm-up: npes rounds, so that every connection a round uses (the
     * ring, each fetch_add target, the collectives') is made before the
     * clock starts. Under loss a lost SYN costs a second or more, a cost
     * of its own: warmup_s= on the RESULT line. */
    double spent[PHASES] = { 0 }, warm_start = bench_now();
    long rounds = 0;
    for (; rounds < npes; rounds++) {
        one_round(rounds, ring, mine, fetched, bytes, spent);
        go_source = 1;
        broadcast_go();
    }
    shmem_barrier_all();
    double warmup = bench_now() - warm_start;
    memset(spent, 0, sizeof spent);
    long timed = 0;
    double start = bench_now();
    do {
        one_round(rounds, ring, mine, fetched, bytes, spent);
        rounds++;
        timed++;
        if (me == 0)
            go_source = bench_now() - start < seconds;
        double t0 = bench_now();
        broadcast_go();
        spent[PHASE_BCAST] += bench_now() - t0;
    } while (go);
    double elapsed = bench_now() - start;
    shmem_barrier_all();
    /* Every PE added (me + 1) to PE (round % n)'s counter in each round. */
    long expected = 0;
    for (long r = 0; r < rounds; r++)
        if (r % npes == me)
            expected += (long)npes * (npes + 1) / 2;
    CHECK(counter == expected, "the counter holds %ld, expected %ld after %ld rounds", counter, expected, rounds);
    if (me == 0) {
        double rate = (double)timed / elapsed;
        printf("RESULT impl=%s bench=loss name=loss_rounds size=%zu npes=%d unit=rounds/s median=%.6g p10=%.6g "
               "p90=%.6g min=%.6g max=%.6g samples=1 iters=%ld seconds=%.3f warmup_s=%.3f\n",
               impl, bytes, npes, rate, rate, rate, rate, rate, timed, elapsed, warmup);
        printf("# loss_rounds phases on PE 0 (ms per round):");
        for (int p = 0; p < PHASES; p++)
            printf(" %s=%.3f", phase_names[p], spent[p] * 1e3 / (double)timed);
        printf("\n");
        fflush(stdout);
    }
    free(fetched);
    free(mine);
    shmem_free(ring);
    shmem_finalize();
    return 0;
}
