/* The program of the network-fault tests (faults.sh): checked cross-host
 * traffic for a given time, so that a fault made from outside (loss, a
 * cut, a heal) comes while it runs. Each round, on the world team:
 *   a put of RING_BYTES to the right neighbour (a pattern of round and
 *   sender), checked by the receiver after a barrier; a get of the left
 *   neighbour's block, checked; a fetch_add on a counter of PE round % n
 *   (its final value is checked against the sum of every increment); a
 *   sum reduction of (PE + round), checked; a broadcast from PE 0 that
 *   says whether to go on (PE 0 alone watches the clock, so every PE runs
 *   the same rounds).
 *   hosts_faults SECONDS [STOP_FILE]
 * With STOP_FILE, the rounds go on until that file exists (the script
 * makes it once its fault is over), not for SECONDS: a loaded machine
 * cannot end the run before the fault came and went.
 * Prints "PE k running" after the first round, "PE k: faults ok R rounds"
 * at the end and "faults ok" on PE 0. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_util.h"

#define RING_BYTES 16384

static unsigned char ring[RING_BYTES];
static unsigned char fetched[RING_BYTES];
static long counter;
static long go, go_source;
static long sum_in, sum_out;

static unsigned char pattern(long round, int pe, size_t k)
{
    return (unsigned char)(round * 31 + pe * 7 + (long)k);
}

static void check_block(const unsigned char *block, long round, int pe, const char *what)
{
    for (size_t k = 0; k < RING_BYTES; k++)
        CHECK(block[k] == pattern(round, pe, k), "round %ld: %s byte %zu is %u, expected %u", round, what, k,
              block[k], pattern(round, pe, k));
}

static void one_round(long round, int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    unsigned char mine[RING_BYTES];
    for (size_t k = 0; k < RING_BYTES; k++)
        mine[k] = pattern(round, me, k);
    shmem_putmem(ring, mine, RING_BYTES, right);
    shmem_barrier_all();
    check_block(ring, round, left, "the put from the left neighbour:");
    shmem_getmem(fetched, ring, RING_BYTES, right); /* right holds my block */
    check_block(fetched, round, me, "the get of my block on the right neighbour:");
    int target = (int)(round % n);
    long before = shmem_long_atomic_fetch_add(&counter, me + 1, target);
    CHECK(before >= 0, "round %ld: fetch_add fetched %ld", round, before);
    sum_in = me + round;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_out, &sum_in, 1);
    CHECK(sum_out == (long)n * (n - 1) / 2 + (long)n * round, "round %ld: sum %ld", round, sum_out);
    shmem_barrier_all(); /* ring is free for the next round */
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 5;
    const char *stop_file = argc > 2 ? argv[2] : NULL;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n >= 2, "needs 2 PEs or more");
    double start = test_now_s();
    long rounds = 0;
    do {
        one_round(rounds, me, n);
        if (rounds == 0) {
            printf("PE %d running\n", me);
            fflush(stdout);
        }
        rounds++;
        if (me == 0)
            go_source = stop_file ? access(stop_file, F_OK) != 0 : test_now_s() - start < seconds;
        shmem_long_broadcast(SHMEM_TEAM_WORLD, &go, &go_source, 1, 0);
    } while (go);
    shmem_barrier_all();
    /* Every PE added (me + 1) to PE (round % n)'s counter in each round. */
    long expected = 0;
    for (long r = 0; r < rounds; r++)
        if (r % n == me)
            expected += (long)n * (n + 1) / 2;
    CHECK(counter == expected, "the counter on PE %d holds %ld, expected %ld after %ld rounds", me, counter,
          expected, rounds);
    printf("PE %d: faults ok %ld rounds\n", me, rounds);
    if (me == 0)
        printf("faults ok\n");
    shmem_finalize();
    return 0;
}
