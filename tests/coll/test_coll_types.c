/* Every team collective for every type and operation, on teams of every
 * size from 1 to n (plus strided, reversed and 2D teams), checked against
 * a reference computed locally. Collectives follow each other with no
 * barrier in between, in place and not, small and large (the chunked
 * reduction). Run: test_coll_types [tree] [sample] */
#include <complex.h>

#include "coll/coll_util.h"
#include "util/type_lists.h"

#define BUFFER_BYTES (2 << 20)
static const size_t counts[] = {1, 3000};

static char *src_buf, *dst_buf;
static long checked;

/* Data movement, typed forms. */
#define DEFINE_MOVE_TEST(T, N)                                                                         \
    static void move_##N(shmem_team_t team, size_t count, int root)                                    \
    {                                                                                                  \
        int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);                                   \
        T *src = (T *)src_buf, *dst = (T *)dst_buf;                                                    \
        for (size_t i = 0; i < count; i++) {                                                           \
            src[i] = TEST_VALUE(T, me, i);                                                             \
            dst[i] = TEST_POISON(T);                                                                   \
        }                                                                                              \
        CHECK(shmem_##N##_broadcast(team, dst, src, count, root) == 0, "broadcast");                   \
        for (size_t i = 0; i < count; i++)                                                             \
            CHECK(dst[i] == TEST_VALUE(T, root, i), #N " broadcast[%zu] from %d: %Lg", i, root,        \
                  (long double)dst[i]);                                                                \
        /* fcollect: count from each; collect: count + me % 3 from each. */                            \
        CHECK(shmem_##N##_fcollect(team, dst, src, count) == 0, "fcollect");                           \
        for (int pe = 0; pe < n; pe++)                                                                 \
            for (size_t i = 0; i < count; i++)                                                         \
                CHECK(dst[pe * count + i] == TEST_VALUE(T, pe, i), #N " fcollect from %d[%zu]", pe, i); \
        for (size_t i = 0; i < count + 2; i++)                                                         \
            src[i] = TEST_VALUE(T, me, i);                                                             \
        CHECK(shmem_##N##_collect(team, dst, src, count + (size_t)(me % 3)) == 0, "collect");          \
        for (size_t at = 0, pe = 0; pe < (size_t)n; pe++)                                              \
            for (size_t i = 0; i < count + pe % 3; i++, at++)                                          \
                CHECK(dst[at] == TEST_VALUE(T, pe, i), #N " collect from %zu[%zu]", pe, i);            \
        /* alltoall: block b of PE p holds values of (p * n + b). */                                   \
        for (int b = 0; b < n; b++)                                                                    \
            for (size_t i = 0; i < count; i++)                                                         \
                src[b * count + i] = TEST_VALUE(T, me * n + b, i);                                     \
        /* Every member's dst ready (checked above) before anyone calls alltoall. */                  \
        CHECK(shmem_team_sync(team) == 0, "sync");                                                     \
        CHECK(shmem_##N##_alltoall(team, dst, src, count) == 0, "alltoall");                           \
        for (int pe = 0; pe < n; pe++)                                                                 \
            for (size_t i = 0; i < count; i++)                                                         \
                CHECK(dst[pe * count + i] == TEST_VALUE(T, pe * n + me, i), #N " alltoall from %d", pe); \
        /* alltoalls: element k of block b at source[3 * (b * count + k)], dest stride 2. */           \
        for (int b = 0; b < n; b++)                                                                    \
            for (size_t i = 0; i < count; i++)                                                         \
                src[3 * (b * count + i)] = TEST_VALUE(T, me * n + b, i);                               \
        for (size_t i = 0; i < 2 * count * (size_t)n; i++)                                             \
            dst[i] = TEST_POISON(T);                                                                   \
        CHECK(shmem_##N##_alltoalls(team, dst, src, 2, 3, count) == 0, "alltoalls");                   \
        for (int pe = 0; pe < n; pe++)                                                                 \
            for (size_t i = 0; i < count; i++) {                                                       \
                CHECK(dst[2 * (pe * count + i)] == TEST_VALUE(T, pe * n + me, i), #N " alltoalls");    \
                CHECK(dst[2 * (pe * count + i) + 1] == TEST_POISON(T), #N " alltoalls wrote a gap");   \
            }                                                                                          \
        checked += 5;                                                                                  \
    }
MISHMEM_RMA_TYPES(DEFINE_MOVE_TEST)

/* The mem forms, bytes. */
static void move_mem(shmem_team_t team, size_t count, int root)
{
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    unsigned char *src = (unsigned char *)src_buf, *dst = (unsigned char *)dst_buf;
    for (size_t i = 0; i < count * (size_t)n * 3; i++)
        src[i] = TEST_VALUE(unsigned char, me, i);
    CHECK(shmem_broadcastmem(team, dst, src, count, root) == 0, "broadcastmem");
    for (size_t i = 0; i < count; i++)
        CHECK(dst[i] == TEST_VALUE(unsigned char, root, i), "broadcastmem[%zu]", i);
    CHECK(shmem_fcollectmem(team, dst, src, count) == 0, "fcollectmem");
    for (size_t i = 0; i < count * (size_t)n; i++)
        CHECK(dst[i] == TEST_VALUE(unsigned char, (int)(i / count), i % count), "fcollectmem[%zu]", i);
    CHECK(shmem_collectmem(team, dst, src, (size_t)me + 1) == 0, "collectmem");
    for (size_t at = 0, pe = 0; pe < (size_t)n; pe++)
        for (size_t i = 0; i <= pe; i++, at++)
            CHECK(dst[at] == TEST_VALUE(unsigned char, pe, i), "collectmem from %zu", pe);
    /* alltoall writes into the other members' dst at once: theirs must be
     * done with the collect above (the standard's precondition). */
    CHECK(shmem_team_sync(team) == 0, "sync");
    CHECK(shmem_alltoallmem(team, dst, src, count) == 0, "alltoallmem");
    for (size_t i = 0; i < count * (size_t)n; i++)
        CHECK(dst[i] == TEST_VALUE(unsigned char, (int)(i / count), me * count + i % count), "alltoallmem[%zu]", i);
    CHECK(shmem_alltoallsmem(team, dst, src, 1, 2, count) == 0, "alltoallsmem");
    for (size_t i = 0; i < count * (size_t)n; i++) {
        size_t pe = i / count, k = i % count;
        CHECK(dst[i] == TEST_VALUE(unsigned char, pe, 2 * (me * count + k)), "alltoallsmem[%zu]", i);
    }
    checked += 5;
}

/* Reductions: the reference folds the same values in member order with
 * the same arithmetic (integer sums and products wrap through W). */
#define BITS(T, who, i) ((T)(((((who) + 1) * 37 + (size_t)(i) * 11) & 0x7f) | (1u << (((who) + (i)) % 7))))
#define FACTOR(T, who, i) ((T)(1 + ((who) + (i)) % 2))
#define CVALUE(T, who, i) ((T)TEST_VALUE(double, who, i) + (T)((who) % 3) * I)
#define CFACTOR(T, who, i) ((T)1 + (T)(((who) + (i)) % 2) * I)

#define DEFINE_REDUCE_TEST(T, N, W, OP, GEN, COMBINE)                                                  \
    static void reduce_##N##_##OP(shmem_team_t team, size_t count, int in_place)                       \
    {                                                                                                  \
        int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);                                   \
        T *src = (T *)src_buf, *dst = in_place ? src : (T *)dst_buf;                                   \
        for (size_t i = 0; i < count; i++) {                                                           \
            src[i] = GEN(T, me, i);                                                                    \
            if (!in_place)                                                                             \
                dst[i] = TEST_POISON(T);                                                               \
        }                                                                                              \
        CHECK(shmem_##N##_##OP##_reduce(team, dst, src, count) == 0, #N "_" #OP "_reduce");            \
        for (size_t i = 0; i < count; i++) {                                                           \
            T a = GEN(T, 0, i);                                                                        \
            for (int pe = 1; pe < n; pe++) {                                                           \
                T b = GEN(T, pe, i);                                                                   \
                a = COMBINE;                                                                           \
            }                                                                                          \
            CHECK(dst[i] == a, #N "_" #OP "_reduce[%zu] of %zu over %d PEs%s: %Lg, expected %Lg", i,   \
                  count, n, in_place ? " in place" : "", (long double)creall(dst[i]),                  \
                  (long double)creall(a));                                                             \
        }                                                                                              \
        checked++;                                                                                     \
    }
#define REDUCE_AND(T, N, W) DEFINE_REDUCE_TEST(T, N, W, and, BITS, (T)(a & b))
#define REDUCE_OR(T, N, W) DEFINE_REDUCE_TEST(T, N, W, or, BITS, (T)(a | b))
#define REDUCE_XOR(T, N, W) DEFINE_REDUCE_TEST(T, N, W, xor, BITS, (T)(a ^ b))
#define REDUCE_MAX(T, N, W) DEFINE_REDUCE_TEST(T, N, W, max, TEST_VALUE, b > a ? b : a)
#define REDUCE_MIN(T, N, W) DEFINE_REDUCE_TEST(T, N, W, min, TEST_VALUE, b < a ? b : a)
#define REDUCE_SUM(T, N, W) DEFINE_REDUCE_TEST(T, N, W, sum, TEST_VALUE, (T)((W)a + (W)b))
#define REDUCE_PROD(T, N, W) DEFINE_REDUCE_TEST(T, N, W, prod, FACTOR, (T)((W)a * (W)b))
#define REDUCE_CSUM(T, N, W) DEFINE_REDUCE_TEST(T, N, W, sum, CVALUE, a + b)
#define REDUCE_CPROD(T, N, W) DEFINE_REDUCE_TEST(T, N, W, prod, CFACTOR, a * b)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_AND)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_OR)
MISHMEM_REDUCE_BITWISE_TYPES(REDUCE_XOR)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_MAX)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_MIN)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_SUM)
MISHMEM_REDUCE_MINMAX_TYPES(REDUCE_PROD)
MISHMEM_REDUCE_COMPLEX_TYPES(REDUCE_CSUM)
MISHMEM_REDUCE_COMPLEX_TYPES(REDUCE_CPROD)

/* Every type and operation (full), or one of each family (teams of every
 * size). Small counts fold flat or over the tree; 3000 elements of 8 bytes
 * and more run the chunked reduction. */
static void run_team(shmem_team_t team, int full)
{
    int n = shmem_team_n_pes(team), root = 0;
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        size_t count = counts[c];
        int in_place = (int)c % 2;
        move_mem(team, count, root++ % n);
        if (!full) {
            move_long(team, count, root++ % n);
            reduce_long_sum(team, count, in_place);
            reduce_long_max(team, count, !in_place);
            reduce_uint64_xor(team, count, in_place);
            reduce_double_prod(team, count, !in_place);
            reduce_complexd_sum(team, count, in_place);
            continue;
        }
#define CALL_MOVE(T, N) move_##N(team, count, root++ % n);
#define CALL_BITWISE(T, N, W) reduce_##N##_and(team, count, in_place); reduce_##N##_or(team, count, !in_place); \
                              reduce_##N##_xor(team, count, in_place);
#define CALL_MINMAX(T, N, W) reduce_##N##_max(team, count, in_place); reduce_##N##_min(team, count, !in_place);
#define CALL_ARITH(T, N, W) reduce_##N##_sum(team, count, in_place); reduce_##N##_prod(team, count, !in_place);
        MISHMEM_RMA_TYPES(CALL_MOVE)
        MISHMEM_REDUCE_BITWISE_TYPES(CALL_BITWISE)
        MISHMEM_REDUCE_MINMAX_TYPES(CALL_MINMAX)
        MISHMEM_REDUCE_ARITH_TYPES(CALL_ARITH)
    }
}

int main(int argc, char **argv)
{
    const char *algorithms = test_choose_algorithms(argc, argv);
    int sample = argc > 1 && strcmp(argv[argc - 1], "sample") == 0; /* many PEs: all types on the world only */
    shmem_init();
    src_buf = shmem_malloc(BUFFER_BYTES);
    dst_buf = shmem_malloc(BUFFER_BYTES);
    CHECK(src_buf && dst_buf, "shmem_malloc");
    struct test_teams teams;
    test_teams_make(&teams);
    double start = test_now_s();
    for (int t = 0; t < teams.count; t++)
        if (teams.team[t] != SHMEM_TEAM_INVALID)
            run_team(teams.team[t], teams.full[t] && (t == 0 || !sample));
    double elapsed = test_now_s() - start;
    test_teams_destroy(&teams);
    shmem_barrier_all();
    printf("PE %d: %ld collectives checked on %d teams (%s algorithms) in %.2f s\n", shmem_my_pe(), checked,
           teams.count, algorithms, elapsed);
    shmem_free(dst_buf);
    shmem_free(src_buf);
    shmem_finalize();
    return 0;
}
