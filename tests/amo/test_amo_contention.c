/* AMOs from every PE at once on the same words: fetch_add tickets are
 * unique and sum exactly, compare_swap elects exactly one winner per
 * round, inc counts every increment, and each PE's own bit set with or
 * (and cleared with and, toggled with xor) survives the others'. Both a
 * 4-byte and an 8-byte type, on both faces. */
#include <shmem.h>

#include "test_util.h"

#define TICKETS test_reps(100000)
#define ROUNDS_MAX 400
#define ROUNDS ((int)test_reps(ROUNDS_MAX))
#define INCS test_reps(50000)

static int me, npes;

/* Every PE draws TICKETS tickets from one counter on PE 0 (fetch_inc and
 * fetch_add by 1, alternating). Tickets a PE sees only grow, and all
 * tickets sum to 0 + 1 + ... + (total - 1): no ticket was handed out twice. */
#define TICKET_TEST(T, N)                                                                          \
    static void tickets_##N(void)                                                                  \
    {                                                                                              \
        T *counter = shmem_calloc(1, sizeof(T));                                                   \
        long long *sum = shmem_calloc(1, sizeof(long long));                                       \
        CHECK(counter && sum, "calloc");                                                           \
        long long my_sum = 0;                                                                      \
        T last = 0;                                                                                \
        for (int i = 0; i < TICKETS; i++) {                                                        \
            T ticket = i % 2 ? shmem_##N##_atomic_fetch_inc(counter, 0)                            \
                             : aclshmem_##N##_atomic_fetch_add(counter, 1, 0);                     \
            CHECK(i == 0 || ticket > last, #T " ticket %lld after %lld", (long long)ticket,        \
                  (long long)last);                                                                \
            last = ticket;                                                                         \
            my_sum += (long long)ticket;                                                           \
        }                                                                                          \
        shmem_longlong_atomic_add(sum, my_sum, 0);                                                 \
        shmem_barrier_all();                                                                       \
        long long total = (long long)TICKETS * npes;                                               \
        if (me == 0) {                                                                             \
            CHECK((long long)*counter == total, #T " counter %lld, expected %lld",                 \
                  (long long)*counter, total);                                                     \
            CHECK(*sum == total * (total - 1) / 2, #T " tickets sum to %lld, expected %lld", *sum, \
                  total * (total - 1) / 2);                                                        \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
        shmem_free(sum);                                                                           \
        shmem_free(counter);                                                                       \
    }
TICKET_TEST(int, int)
TICKET_TEST(unsigned long, ulong)

/* Round r's word lives on PE r % npes and starts at 0; every PE tries to
 * swap in its number + 1. Exactly one may see 0 come back. */
static void elections(void)
{
    long *words = shmem_calloc(ROUNDS, sizeof(long));
    int *won = shmem_calloc(1, sizeof(int));
    CHECK(words && won, "calloc");
    static int mine[ROUNDS_MAX];
    int my_wins = 0;
    for (int r = 0; r < ROUNDS; r++) {
        int host = (r * 7) % npes;
        /* Half of the PEs use each face in every round: they race each other. */
        long old = (r + me) % 2 ? shmem_long_atomic_compare_swap(&words[r], 0, me + 1, host)
                                : aclshmem_long_atomic_compare_swap(&words[r], 0, me + 1, host);
        CHECK(old >= 0 && old <= npes, "round %d: compare_swap returned %ld", r, old);
        mine[r] = old == 0 ? host + 1 : 0;
        my_wins += old == 0;
    }
    shmem_int_atomic_add(won, my_wins, 0);
    shmem_barrier_all();
    if (me == 0)
        CHECK(*won == ROUNDS, "%d winners in %d rounds", *won, ROUNDS);
    for (int r = 0; r < ROUNDS; r++)
        if (mine[r])
            CHECK(shmem_long_atomic_fetch(&words[r], mine[r] - 1) == me + 1, "round %d won by PE %d but holds "
                  "another claim", r, me);
    shmem_barrier_all();
    shmem_free(won);
    shmem_free(words);
}

/* Every PE increments every PE's counters INCS times. */
static void increments(void)
{
    int *narrow = shmem_calloc(1, sizeof(int));
    long long *wide = shmem_calloc(1, sizeof(long long));
    CHECK(narrow && wide, "calloc");
    for (int i = 0; i < INCS; i++) {
        int pe = (me + i) % npes;
        shmem_int_atomic_inc(narrow, pe);
        CHECK_RC(aclshmem_longlong_atomic_inc(wide, pe), ACLSHMEM_SUCCESS);
    }
    shmem_barrier_all();
    CHECK(*narrow == INCS && *wide == INCS, "PE %d counted %d and %lld increments, expected %d", me, *narrow,
          *wide, (int)INCS);
    shmem_barrier_all();
    shmem_free(wide);
    shmem_free(narrow);
}

/* Each PE sets its own bit in every PE's 64-bit and 32-bit masks at once,
 * then toggles it twice with xor, then clears it with and. */
static void own_bits(void)
{
    uint64_t *mask64 = shmem_calloc(1, sizeof(uint64_t));
    uint32_t *mask32 = shmem_calloc(1, sizeof(uint32_t));
    CHECK(mask64 && mask32, "calloc");
    uint64_t bit64 = 1ull << (63 - me % 64); /* top bits first: a 32-bit op would lose them */
    uint32_t bit32 = 1u << (31 - me % 32);
    for (int pe = 0; pe < npes; pe++) {
        shmem_uint64_atomic_or(mask64, bit64, pe);
        CHECK_RC(aclshmem_uint32_atomic_or(mask32, bit32, pe), ACLSHMEM_SUCCESS);
    }
    shmem_barrier_all();
    uint64_t all64 = 0;
    uint32_t all32 = 0;
    for (int pe = 0; pe < npes; pe++) {
        all64 |= 1ull << (63 - pe % 64);
        all32 |= 1u << (31 - pe % 32);
    }
    CHECK(*mask64 == all64 && *mask32 == all32, "or: masks %#llx %#x, expected %#llx %#x",
          (unsigned long long)*mask64, *mask32, (unsigned long long)all64, all32);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        uint64_t before = shmem_uint64_atomic_fetch_xor(mask64, bit64, pe);
        CHECK(before & bit64, "xor: my bit was not set on PE %d", pe);
        shmem_uint64_atomic_xor(mask64, bit64, pe);
        uint32_t before32 = aclshmem_uint32_atomic_fetch_and(mask32, ~bit32, pe);
        CHECK(before32 & bit32, "and: my bit was not set on PE %d", pe);
        shmem_uint64_atomic_and(mask64, ~bit64, pe);
    }
    shmem_barrier_all();
    CHECK(*mask64 == 0 && *mask32 == 0, "and: masks %#llx %#x left after every PE cleared its bit",
          (unsigned long long)*mask64, *mask32);
    shmem_barrier_all();
    shmem_free(mask32);
    shmem_free(mask64);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= 32, "run with at most 32 PEs (one bit each)");
    double start = test_now_s();
    tickets_int();
    tickets_ulong();
    elections();
    increments();
    own_bits();
    shmem_barrier_all();
    if (me == 0)
        printf("amo_contention: %d PEs, %d tickets, %d elections, %d incs each: exact (%.2f s)\n", npes,
               (int)TICKETS, ROUNDS, (int)INCS, test_now_s() - start);
    shmem_finalize();
    return 0;
}
