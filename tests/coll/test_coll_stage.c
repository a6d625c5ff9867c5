/* Staged collectives (small teams, core/coll/stage.h): a member may run
 * two ops ahead of a reader, never three, and never overwrites staged
 * data not yet read.
 * 1. PE 0 broadcasts 6 times back to back while the last PE sleeps 40 ms
 *    before each of its calls: every value arrives, and the root's 6 calls
 *    take at least 3 of the sleeper's delays (ops 3..6 wait for the reads
 *    of ops 1..4).
 * 2. reduce, fcollect and alltoall back to back with a different PE
 *    sleeping before each call, values depending on the iteration.
 *    alltoall has a dest of its own: the standard wants every member's
 *    dest ready before anyone calls it (members write into each other's
 *    dest at once), and the next reduce keeps a member from writing the
 *    next round's blocks before the others have checked theirs.
 * 3. The sizes on both sides of the stage limits (1 KiB with a core per
 *    PE, 64 KiB when PEs outnumber cores; alltoall posts on the stage
 *    without staging data), a
 *    team in a slot without a stage (the pull path), and a reused slot,
 *    checked the same way.
 * Run: test_coll_stage */
#include <stdint.h>
#include <time.h>

#include "coll/coll_util.h"

#define ROOT_CALLS 6
#define SLEEP_MS 40
#define ROUNDS 40
#define LARGE (256 << 10)

static void sleep_ms(int ms)
{
    struct timespec pause = {.tv_sec = 0, .tv_nsec = (long)ms * 1000000L};
    nanosleep(&pause, NULL);
}

static void root_runs_ahead(long *dest, long *source)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    double start = test_now_s();
    for (int call = 0; call < ROOT_CALLS; call++) {
        if (me == n - 1)
            sleep_ms(SLEEP_MS);
        for (int i = 0; i < 4; i++)
            source[i] = me == 0 ? 1000L * call + i : -1;
        CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, dest, source, 4, 0) == 0, "broadcast %d", call);
        for (int i = 0; i < 4; i++)
            CHECK(dest[i] == 1000L * call + i, "call %d: dest[%d] = %ld", call, i, dest[i]);
    }
    double elapsed = test_now_s() - start;
    if (me == 0) {
        /* Ops 3..6 each wait for the sleeper's read of op - 2. */
        double floor_s = (ROOT_CALLS - 3) * SLEEP_MS * 1e-3;
        CHECK(elapsed >= floor_s, "the root ran %d broadcasts in %.3f s: it did not wait for the reader "
              "(at least %.3f s expected)", ROOT_CALLS, elapsed, floor_s);
        printf("root: %d broadcasts in %.3f s against a reader %d ms late each time\n", ROOT_CALLS, elapsed,
               SLEEP_MS);
    }
    shmem_barrier_all();
}

static void rotating_sleeper(long *dest, long *exchanged, long *source)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    for (long round = 1; round <= ROUNDS; round++) {
        if (me == round % n)
            sleep_ms(2);
        source[0] = round * 10 + me;
        CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &dest[0], &source[0], 1) == 0, "reduce");
        CHECK(dest[0] == round * 10 * n + (long)n * (n - 1) / 2, "round %ld: sum %ld", round, dest[0]);
        CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dest, source, 1) == 0, "fcollect");
        for (int pe = 0; pe < n; pe++)
            CHECK(dest[pe] == round * 10 + pe, "round %ld: fcollect[%d] = %ld", round, pe, dest[pe]);
        for (int pe = 0; pe < n; pe++)
            source[pe] = round * 100 + me * 10 + pe;
        CHECK(shmem_long_alltoall(SHMEM_TEAM_WORLD, exchanged, source, 1) == 0, "alltoall");
        for (int pe = 0; pe < n; pe++)
            CHECK(exchanged[pe] == round * 100 + pe * 10 + me, "round %ld: alltoall[%d] = %ld", round, pe,
                  exchanged[pe]);
    }
}

static unsigned char byte_of(int pe, size_t i, int salt) { return (unsigned char)(pe * 31 + i * 7 + (size_t)salt); }

/* Every collective at `bytes` per member on `team`. */
static void sizes_on(shmem_team_t team, size_t bytes, unsigned char *source, unsigned char *dest,
                     unsigned char *exchanged, int salt)
{
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    for (size_t i = 0; i < bytes * (size_t)n; i++)
        source[i] = byte_of(me, i, salt);
    int root = salt % n;
    CHECK(shmem_broadcastmem(team, dest, source, bytes, root) == 0, "broadcast %zu", bytes);
    for (size_t i = 0; i < bytes; i++)
        CHECK(dest[i] == byte_of(root, i, salt), "broadcast %zu B: byte %zu", bytes, i);
    CHECK(shmem_fcollectmem(team, dest, source, bytes) == 0, "fcollect %zu", bytes);
    for (int pe = 0; pe < n; pe++)
        for (size_t i = 0; i < bytes; i++)
            CHECK(dest[(size_t)pe * bytes + i] == byte_of(pe, i, salt), "fcollect %zu B: from %d byte %zu", bytes,
                  pe, i);
    CHECK(shmem_alltoallmem(team, exchanged, source, bytes) == 0, "alltoall %zu", bytes);
    for (int pe = 0; pe < n; pe++)
        for (size_t i = 0; i < bytes; i++)
            CHECK(exchanged[(size_t)pe * bytes + i] == byte_of(pe, (size_t)me * bytes + i, salt),
                  "alltoall %zu B: from %d byte %zu", bytes, pe, i);
    size_t count = bytes / sizeof(int64_t);
    int64_t *values = (int64_t *)source, *sums = (int64_t *)dest;
    for (size_t i = 0; i < count; i++)
        values[i] = (int64_t)(me + 1) * (int64_t)(i + (size_t)salt);
    CHECK(shmem_int64_sum_reduce(team, sums, values, count) == 0, "reduce %zu", bytes);
    for (size_t i = 0; i < count; i++)
        CHECK(sums[i] == (int64_t)n * (n + 1) / 2 * (int64_t)(i + (size_t)salt), "reduce %zu B: [%zu] = %lld",
              bytes, i, (long long)sums[i]);
}

int main(void)
{
    shmem_init();
    int n = shmem_n_pes();
    long *small_dest = shmem_malloc(64 * sizeof(long)), *small_source = shmem_malloc(64 * sizeof(long));
    long *small_exchanged = shmem_malloc(64 * sizeof(long));
    size_t big = (LARGE + 64) * (size_t)n;
    unsigned char *source = shmem_malloc(big), *dest = shmem_malloc(big), *exchanged = shmem_malloc(big);
    CHECK(small_dest && small_source && small_exchanged && source && dest && exchanged, "shmem_malloc");

    root_runs_ahead(small_dest, small_source);
    rotating_sleeper(small_dest, small_exchanged, small_source);

    const size_t small = mishmem_coll_tuning.stage_small_bytes; /* the limit with a core per PE */
    const size_t max = mishmem_coll_tuning.stage_max_bytes;     /* ... and when PEs outnumber cores */
    const size_t per = max / (size_t)n / 8 * 8; /* n blocks of it fill the limit */
    const size_t sizes[] = {8,       48,  56,      small - 8, small,     small + 8, 4096,     4104,
                            per - 8, per, per + 8, max - 8,   max,       max + 8,   LARGE};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        sizes_on(SHMEM_TEAM_WORLD, sizes[k], source, dest, exchanged, (int)k);
    /* Teams beyond the slots with a stage pull, whatever the size. */
    enum { MANY = 40 };
    shmem_team_t teams[MANY];
    for (int t = 0; t < MANY; t++)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &teams[t]) == 0, "split %d", t);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        sizes_on(teams[MANY - 1], sizes[k], source, dest, exchanged, (int)k + 3);
    for (int t = 0; t < MANY; t++)
        shmem_team_destroy(teams[t]);
    /* A new team in a reused slot, after the old ones ran staged ops. */
    shmem_team_t again;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &again) == 0, "split again");
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        sizes_on(again, sizes[k], source, dest, exchanged, (int)k + 5);
    shmem_team_destroy(again);

    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        printf("staged collectives: %d PEs, flow control, sizes around the limits, pull and reused slots checked\n",
               n);
    shmem_finalize();
    return 0;
}
