/* The deprecated active-set collectives: every shmem_<T>_<op>_to_all of
 * the 1.4 type lists, broadcast/collect/fcollect/alltoall/alltoalls 32 and
 * 64, shmem_barrier and the 4-argument shmem_sync, on several active sets
 * (stride 1, 2 and 4, every size), one pSync reused back to back. PEs
 * outside a set run their own set's collectives at the same time. */
#include <complex.h>

#include "coll/coll_util.h"
#include "util/type_lists.h"

static long psync[SHMEM_REDUCE_SYNC_SIZE];
static char *src_buf, *dst_buf, *work_buf;
static long checked;

struct set {
    int start, log_stride, size, me; /* me: -1 when not a member */
};

#define BITS(T, who, i) ((T)(((((who) + 1) * 37 + (size_t)(i) * 11) & 0x7f) | (1u << (((who) + (i)) % 7))))
#define FACTOR(T, who, i) ((T)(1 + ((who) + (i)) % 2))
#define CVALUE(T, who, i) ((T)TEST_VALUE(double, who, i) + (T)((who) % 3) * I)
#define CFACTOR(T, who, i) ((T)1 + (T)(((who) + (i)) % 2) * I)

#define DEFINE_TO_ALL_TEST(T, N, W, OP, GEN, COMBINE)                                                  \
    static void to_all_##N##_##OP(const struct set *s, int count)                                      \
    {                                                                                                  \
        T *src = (T *)src_buf, *dst = (T *)dst_buf;                                                    \
        for (int i = 0; i < count; i++) {                                                              \
            src[i] = GEN(T, s->me, i);                                                                 \
            dst[i] = TEST_POISON(T);                                                                   \
        }                                                                                              \
        shmem_##N##_##OP##_to_all(dst, src, count, s->start, s->log_stride, s->size, (T *)work_buf, psync); \
        for (int i = 0; i < count; i++) {                                                              \
            T a = GEN(T, 0, i);                                                                        \
            for (int pe = 1; pe < s->size; pe++) {                                                     \
                T b = GEN(T, pe, i);                                                                   \
                a = COMBINE;                                                                           \
            }                                                                                          \
            CHECK(dst[i] == a, #N "_" #OP "_to_all[%d] over %d PEs: %Lg, expected %Lg", i, s->size,    \
                  (long double)creall(dst[i]), (long double)creall(a));                                \
        }                                                                                              \
        checked++;                                                                                     \
    }
#define TO_ALL_AND(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, and, BITS, (T)(a & b))
#define TO_ALL_OR(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, or, BITS, (T)(a | b))
#define TO_ALL_XOR(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, xor, BITS, (T)(a ^ b))
#define TO_ALL_MAX(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, max, TEST_VALUE, b > a ? b : a)
#define TO_ALL_MIN(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, min, TEST_VALUE, b < a ? b : a)
#define TO_ALL_SUM(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, sum, TEST_VALUE, (T)((W)a + (W)b))
#define TO_ALL_PROD(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, prod, FACTOR, (T)((W)a * (W)b))
#define TO_ALL_CSUM(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, sum, CVALUE, a + b)
#define TO_ALL_CPROD(T, N, W) DEFINE_TO_ALL_TEST(T, N, W, prod, CFACTOR, a * b)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_AND)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_OR)
MISHMEM_TO_ALL_BITWISE_TYPES(TO_ALL_XOR)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_MAX)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_MIN)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_SUM)
MISHMEM_TO_ALL_MINMAX_TYPES(TO_ALL_PROD)
MISHMEM_REDUCE_COMPLEX_TYPES(TO_ALL_CSUM)
MISHMEM_REDUCE_COMPLEX_TYPES(TO_ALL_CPROD)

/* Data movement in 32- and 64-bit elements. */
#define DEFINE_MOVE_TEST(B, T)                                                                         \
    static void move##B(const struct set *s, size_t count, int root)                                   \
    {                                                                                                  \
        T *src = (T *)src_buf, *dst = (T *)dst_buf;                                                    \
        int n = s->size, me = s->me;                                                                   \
        for (size_t i = 0; i < 3 * count * (size_t)n; i++) {                                           \
            src[i] = TEST_VALUE(T, me, i);                                                             \
            dst[i] = TEST_POISON(T);                                                                   \
        }                                                                                              \
        shmem_broadcast##B(dst, src, count, root, s->start, s->log_stride, n, psync);                  \
        for (size_t i = 0; i < count; i++) /* the root's dest stays as it was */                       \
            CHECK(dst[i] == (me == root ? TEST_POISON(T) : TEST_VALUE(T, root, i)), "broadcast" #B);   \
        shmem_fcollect##B(dst, src, count, s->start, s->log_stride, n, psync);                         \
        for (size_t i = 0; i < count * (size_t)n; i++)                                                 \
            CHECK(dst[i] == TEST_VALUE(T, (int)(i / count), i % count), "fcollect" #B "[%zu]", i);     \
        shmem_collect##B(dst, src, (size_t)me + 1, s->start, s->log_stride, n, psync);                 \
        for (size_t at = 0, pe = 0; pe < (size_t)n; pe++)                                              \
            for (size_t i = 0; i <= pe; i++, at++)                                                     \
                CHECK(dst[at] == TEST_VALUE(T, pe, i), "collect" #B " from %zu", pe);                  \
        shmem_alltoall##B(dst, src, count, s->start, s->log_stride, n, psync);                         \
        for (size_t i = 0; i < count * (size_t)n; i++)                                                 \
            CHECK(dst[i] == TEST_VALUE(T, (int)(i / count), me * count + i % count), "alltoall" #B);   \
        shmem_alltoalls##B(dst, src, 1, 3, count, s->start, s->log_stride, n, psync);                  \
        for (size_t i = 0; i < count * (size_t)n; i++)                                                 \
            CHECK(dst[i] == TEST_VALUE(T, (int)(i / count), 3 * (me * count + i % count)), "alltoalls" #B); \
        shmem_barrier(s->start, s->log_stride, n, psync);                                              \
        shmem_sync(s->start, s->log_stride, n, psync);                                                 \
        checked += 7;                                                                                  \
    }
DEFINE_MOVE_TEST(32, int32_t)
DEFINE_MOVE_TEST(64, int64_t)

static void run_set(const struct set *s)
{
    for (int c = 0; c < 2; c++) {
        int count = c ? 1500 : 3;
        move32(s, (size_t)count, c % s->size);
        move64(s, (size_t)count, (c + 1) % s->size);
#define CALL_BITWISE(T, N, W) to_all_##N##_and(s, count); to_all_##N##_or(s, count); to_all_##N##_xor(s, count);
#define CALL_MINMAX(T, N, W) to_all_##N##_max(s, count); to_all_##N##_min(s, count);
#define CALL_ARITH(T, N, W) to_all_##N##_sum(s, count); to_all_##N##_prod(s, count);
        MISHMEM_TO_ALL_BITWISE_TYPES(CALL_BITWISE)
        MISHMEM_TO_ALL_MINMAX_TYPES(CALL_MINMAX)
        MISHMEM_TO_ALL_ARITH_TYPES(CALL_ARITH)
    }
}

/* The set (start, log_stride, size) as this PE sees it. */
static struct set make_set(int start, int log_stride, int size)
{
    struct set s = {start, log_stride, size, -1};
    int offset = shmem_my_pe() - start;
    if (offset >= 0 && offset % (1 << log_stride) == 0 && (offset >> log_stride) < size)
        s.me = offset >> log_stride;
    return s;
}

int main(int argc, char **argv)
{
    const char *algorithms = test_choose_algorithms(argc, argv);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    src_buf = shmem_malloc(1 << 20);
    dst_buf = shmem_malloc(1 << 20);
    work_buf = shmem_malloc(1 << 20);
    double start = test_now_s();
    /* The whole world, then each PE in one of several disjoint sets that
     * run at once: evens and odds (stride 2), then blocks of every size. */
    struct set world = make_set(0, 0, n);
    run_set(&world);
    struct set evens = make_set(0, 1, (n + 1) / 2), odds = make_set(1, 1, n / 2);
    run_set(me % 2 ? &odds : &evens);
    for (int size = 1; size < n; size++) {
        struct set block = make_set(me / size * size, 0, me / size * size + size <= n ? size : n % size);
        run_set(&block);
    }
    if (n >= 5) { /* stride 4: PEs 0, 4, 8, ...; the others sync on their own */
        struct set fours = make_set(0, 2, (n + 3) / 4);
        if (fours.me >= 0)
            run_set(&fours);
    }
    shmem_barrier_all();
    printf("PE %d: %ld active-set collectives checked (%s barriers) in %.2f s\n", me, checked, algorithms,
           test_now_s() - start);
    shmem_free(work_buf);
    shmem_free(dst_buf);
    shmem_free(src_buf);
    shmem_finalize();
    return 0;
}
