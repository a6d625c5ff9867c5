/* Atomics, locks and signals across hosts (hosts_amo): every PE works on
 * words of one target PE at once, so the target's own writes, those of the
 * PE beside it (load/store on one host) and those of the PEs on the other
 * host (libfabric) mix on the same word. Run twice, with the target on
 * host a (PE 1) and on host b (PE 2). Every final value is exact and is
 * read back by every PE. Prints "amo ok" on PE 0.
 *
 *   fetch_add (long and int): the tickets each PE draws only grow, and
 *       the word ends at the sum of every increment;
 *   add: the same without fetching;
 *   compare_swap loop: every PE adds 1 ROUNDS times through cswap retries;
 *   swap: what every swap fetched plus the final value equals what was
 *       written plus the initial value;
 *   fetch / set: a token passed round the PEs by polling atomic_fetch and
 *       handing on with atomic_set;
 *   shmem_set_lock / shmem_test_lock: a non-atomic get-add-put of a
 *       counter on the target under the lock sums exactly;
 *   signals: a ring of shmem_putmem_signal (SET) checked after
 *       shmem_signal_wait_until, every PE SIGNAL_ADDs into the target's
 *       signal word and the target waits until it holds the total, and a
 *       flag ring of atomic_set + shmem_long_wait_until;
 *   shmem_team_sync on teams split across the hosts, shmem_sync_all.
 * With the argument "stall" it only stalls until killed (see stall). */
#include <sched.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

#define ROUNDS 100
#define LOCK_ROUNDS 40
#define TOKEN_ROUNDS 10
#define RING_BYTES 4096
#define SYNC_ROUNDS 20

static int me, npes;

/* Symmetric (static) data. */
static long fadd_word, add_word, cswap_word, swap_word, token_word, lock_counter;
static int fadd_int;
static long lock;
static uint64_t ring_sig, sum_sig;
static long flag;
static unsigned char ring_in[RING_BYTES], ring_out[RING_BYTES];

static void check_everywhere(const char *what, long *word, int target, long expected)
{
    long seen = shmem_long_atomic_fetch(word, target);
    CHECK(seen == expected, "%s on PE %d: PE %d reads %ld, expected %ld", what, target, me, seen, expected);
}

static void atomics(int target)
{
    long increments = 0;
    for (int p = 0; p < npes; p++)
        increments += p + 1;

    /* fetch_add on a long and an int */
    long last = -1;
    int last_int = -1;
    for (int i = 0; i < ROUNDS; i++) {
        long ticket = shmem_long_atomic_fetch_add(&fadd_word, me + 1, target);
        CHECK(ticket > last, "fetch_add tickets went back: %ld after %ld", ticket, last);
        last = ticket;
        int ticket_int = shmem_int_atomic_fetch_add(&fadd_int, me + 1, target);
        CHECK(ticket_int > last_int, "int fetch_add tickets went back: %d after %d", ticket_int, last_int);
        last_int = ticket_int;
        shmem_long_atomic_add(&add_word, 1000L * (me + 1), target);
    }
    /* compare_swap loop */
    for (int i = 0; i < ROUNDS; i++) {
        long old = shmem_long_atomic_fetch(&cswap_word, target), prev;
        while ((prev = shmem_long_atomic_compare_swap(&cswap_word, old, old + 1, target)) != old)
            old = prev;
    }
    /* swap: conservation of the values written */
    long fetched_sum = 0, written_sum = 0;
    for (int i = 0; i < ROUNDS; i++) {
        long mine = 1000000L * (me + 1) + i;
        fetched_sum += shmem_long_atomic_swap(&swap_word, mine, target);
        written_sum += mine;
    }
    long *sums = shmem_malloc(2 * sizeof *sums), *totals = shmem_malloc(2 * sizeof *totals);
    CHECK(sums && totals, "shmem_malloc");
    sums[0] = fetched_sum;
    sums[1] = written_sum;
    shmem_barrier_all();
    CHECK_RC(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, totals, sums, 2), 0);
    check_everywhere("fetch_add", &fadd_word, target, ROUNDS * increments);
    int seen_int = shmem_int_atomic_fetch(&fadd_int, target);
    CHECK(seen_int == ROUNDS * increments, "int fetch_add on PE %d: %d, expected %ld", target, seen_int,
          ROUNDS * increments);
    check_everywhere("add", &add_word, target, 1000L * ROUNDS * increments);
    check_everywhere("compare_swap loop", &cswap_word, target, (long)ROUNDS * npes);
    long final_swap = shmem_long_atomic_fetch(&swap_word, target);
    CHECK(totals[0] + final_swap == totals[1] - 7, "swap: fetched %ld + final %ld != written %ld + initial -7",
          totals[0], final_swap, totals[1]);
    shmem_free(totals);
    shmem_free(sums);

    /* fetch / set: the token goes 0, 1, 2, ... and PE p moves it on when it is p mod npes */
    for (long value = me; value < (long)TOKEN_ROUNDS * npes; value += npes) {
        while (shmem_long_atomic_fetch(&token_word, target) != value)
            sched_yield();
        shmem_long_atomic_set(&token_word, value + 1, target);
    }
    shmem_barrier_all();
    check_everywhere("fetch/set token", &token_word, target, (long)TOKEN_ROUNDS * npes);
}

static void locks(int target)
{
    for (int round = 0; round < LOCK_ROUNDS; round++) {
        if (round % 3 == 2) {
            while (shmem_test_lock(&lock) != 0)
                sched_yield();
        } else {
            shmem_set_lock(&lock);
        }
        long seen = shmem_long_g(&lock_counter, target);
        if (round % 4 == me % 4)
            sched_yield(); /* widen the window a broken lock would lose updates in */
        shmem_long_p(&lock_counter, seen + 1, target);
        shmem_quiet();
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    long seen = shmem_long_g(&lock_counter, target);
    CHECK(seen == (long)LOCK_ROUNDS * npes, "lock counter on PE %d: %ld, expected %ld", target, seen,
          (long)LOCK_ROUNDS * npes);
}

static void signals(int target)
{
    int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
    for (uint64_t round = 1; round <= 3; round++) {
        for (int i = 0; i < RING_BYTES; i++)
            ring_out[i] = (unsigned char)(me * 31 + i + (int)round);
        shmem_putmem_signal(ring_in, ring_out, RING_BYTES, &ring_sig, round, SHMEM_SIGNAL_SET, next);
        CHECK(shmem_signal_wait_until(&ring_sig, SHMEM_CMP_EQ, round) == round, "ring signal");
        for (int i = 0; i < RING_BYTES; i++)
            CHECK(ring_in[i] == (unsigned char)(prev * 31 + i + (int)round),
                  "round %llu: byte %d from PE %d is %u", (unsigned long long)round, i, prev, ring_in[i]);
        shmem_barrier_all(); /* nobody overwrites ring_in before it is read */
    }
    /* every PE adds into the target's signal word; the target waits for the total */
    uint64_t total = 0;
    for (int p = 0; p < npes; p++)
        total += (uint64_t)(p + 1) * ROUNDS;
    for (int i = 0; i < ROUNDS; i++)
        shmem_putmem_signal(ring_in, ring_out, 8, &sum_sig, (uint64_t)(me + 1), SHMEM_SIGNAL_ADD, target);
    if (me == target) {
        uint64_t got = shmem_signal_wait_until(&sum_sig, SHMEM_CMP_EQ, total);
        CHECK(got == total && shmem_signal_fetch(&sum_sig) == total, "signal sum %llu, expected %llu",
              (unsigned long long)got, (unsigned long long)total);
    }
    /* a flag ring: PE 0 starts it, every PE waits for its flag and sets the next one's */
    if (me == 0)
        shmem_long_atomic_set(&flag, 1, next);
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    if (me != 0)
        shmem_long_atomic_set(&flag, 1, next);
    shmem_barrier_all();
}

/* shmem_team_sync on teams split across the hosts ({0,2} and {1,3}) and
 * shmem_sync_all: a value put and quieted before the sync is there after
 * it, and the second sync keeps the next round's put from overtaking the
 * read. */
static long pair_slot, ring_slot; /* apart: the pairs run their rounds independently */
static void syncs(void)
{
    shmem_team_t pair;
    CHECK_RC(shmem_team_split_strided(SHMEM_TEAM_WORLD, me % 2, 2, 2, NULL, 0, &pair), 0);
    CHECK(pair != SHMEM_TEAM_INVALID && shmem_team_n_pes(pair) == 2, "pair team");
    int partner = shmem_team_translate_pe(pair, 1 - shmem_team_my_pe(pair), SHMEM_TEAM_WORLD);
    CHECK(partner / 2 != me / 2, "the pair is not split across the hosts");
    for (long round = 1; round <= SYNC_ROUNDS; round++) {
        shmem_long_p(&pair_slot, 100 * round + me, partner);
        shmem_quiet();
        CHECK_RC(shmem_team_sync(pair), 0);
        CHECK(pair_slot == 100 * round + partner, "team sync round %ld: %ld", round, pair_slot);
        CHECK_RC(shmem_team_sync(pair), 0);
        int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
        shmem_long_p(&ring_slot, -100 * round - me, next);
        shmem_quiet();
        shmem_sync_all();
        CHECK(ring_slot == -100 * round - prev, "sync_all round %ld: %ld", round, ring_slot);
        shmem_sync_all();
    }
    shmem_team_destroy(pair);
}

/* "stall": the job hangs until it is killed (hosts_killed_pe_on_b kills PE 3):
 * PE 3 sleeps, PE 0 waits for a flag only PE 3 would set, PEs 1 and 2 wait
 * in a barrier. */
static int stall(void)
{
    shmem_barrier_all();
    printf("PE %d ready\n", me);
    fflush(stdout);
    if (me == 3)
        sleep(120);
    else if (me == 0)
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    else
        shmem_barrier_all();
    fprintf(stderr, "PE %d: the stall ended without a kill\n", me);
    return 3;
}

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes == 4, "run with 4 PEs (2 per host), not %d", npes);
    if (argc > 1 && strcmp(argv[1], "stall") == 0)
        return stall();
    /* The mix is real: the PE beside me by load/store, the other host's only over the fabric. */
    for (int pe = 0; pe < npes; pe++)
        CHECK((shmem_ptr(&fadd_word, pe) != NULL) == (pe / 2 == me / 2),
              "PE %d reaches PE %d by load/store: %s, expected PEs 0,1 on one host and 2,3 on the other", me, pe,
              shmem_ptr(&fadd_word, pe) ? "yes" : "no");
    for (int target = 1; target <= 2; target++) {
        fadd_word = add_word = cswap_word = token_word = lock_counter = 0;
        fadd_int = 0;
        swap_word = -7;
        sum_sig = ring_sig = 0;
        flag = 0;
        shmem_barrier_all();
        atomics(target);
        locks(target);
        signals(target);
        if (me == 0)
            printf("amo ok with the words on PE %d\n", target);
    }
    syncs();
    shmem_barrier_all();
    if (me == 0)
        printf("amo ok\n");
    shmem_finalize();
    return 0;
}
