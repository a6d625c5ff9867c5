/* AMOs on one word from local and remote writers at once: every PE adds
 * to, and takes tickets from, words on PE 0 while PEs share hosts in
 * pairs (amo_path.sh sets MISHMEM_HOST_ID). Whichever AMO path is in force
 * (CPU atomics for local PEs, or the fabric for all), the sums are exact
 * and every ticket is taken once. */
#include <shmem.h>
#include <stdint.h>

#include "test_util.h"

#define ADDS 2000
#define TICKETS 500

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    uint64_t *sum = shmem_calloc(1, sizeof *sum);
    uint32_t *counter = shmem_calloc(1, sizeof *counter);
    long *tickets = shmem_calloc(TICKETS * (size_t)npes, sizeof *tickets);
    unsigned int *bits = shmem_calloc(1, sizeof *bits);
    shmem_barrier_all();
    for (int i = 0; i < ADDS; i++) {
        shmem_uint64_atomic_add(sum, (uint64_t)me + 1, 0);
        if (i % 4 == 0)
            shmem_uint_atomic_or(bits, 1u << me, 0);
    }
    /* A ticket is a fetch-add's old value: taken by exactly one PE. */
    for (int i = 0; i < TICKETS; i++) {
        uint32_t ticket = shmem_uint32_atomic_fetch_inc(counter, 0);
        CHECK(ticket < (uint32_t)(TICKETS * npes), "PE %d drew ticket %u of %d", me, ticket, TICKETS * npes);
        shmem_long_atomic_add(&tickets[ticket], 1, 0); /* counted where it was drawn */
    }
    /* Compare-and-swap from everyone on one word: exactly npes winners of 0 -> 1 -> ... */
    uint64_t *turn = shmem_calloc(1, sizeof *turn);
    shmem_barrier_all();
    for (;;) {
        uint64_t seen = shmem_uint64_atomic_fetch(turn, 0);
        if (seen >= (uint64_t)npes * 10)
            break;
        (void)shmem_uint64_atomic_compare_swap(turn, seen, seen + 1, 0);
    }
    shmem_barrier_all();
    if (me == 0) {
        uint64_t expected = (uint64_t)ADDS * (uint64_t)npes * (uint64_t)(npes + 1) / 2;
        CHECK(*sum == expected, "sum %llu, expected %llu", (unsigned long long)*sum, (unsigned long long)expected);
        CHECK(*counter == (uint32_t)(TICKETS * npes), "counter %u, expected %d", *counter, TICKETS * npes);
        for (int t = 0; t < TICKETS * npes; t++)
            CHECK(tickets[t] == 1, "ticket %d taken %ld times", t, tickets[t]);
        CHECK(*bits == (1u << npes) - 1, "or-bits 0x%x", *bits);
        CHECK(*turn == (uint64_t)npes * 10, "turn %llu", (unsigned long long)*turn);
        printf("amo_mixed ok: %d PEs\n", npes);
    }
    shmem_barrier_all();
    shmem_free(turn);
    shmem_free(bits);
    shmem_free(tickets);
    shmem_free(counter);
    shmem_free(sum);
    shmem_finalize();
    return 0;
}
