/* Every AMO for every type through three doors: the OpenSHMEM typed calls,
 * their context forms (on a context created in the world instance), and
 * the aclshmem face. Each PE works on its own word on the next PE, checks
 * every fetched value, and the target then checks that the final value
 * landed in its heap. Values catch a wrong width or sign. Ends with the
 * aclshmem face's error codes for bad targets and PEs. */
#include <shmem.h>
#include <string.h>

#include "amo/amo_values.h"
#include "test_util.h"
#include "util/type_lists.h"

static int me, npes;
static shmem_ctx_t world_ctx;

/* AMO(F, N, op, args...): the typed call through door F. */
#define AMO_shmem(N, op, ...) shmem_##N##_##op(__VA_ARGS__)
#define AMO_ctx(N, op, ...) shmem_ctx_##N##_##op(world_ctx, __VA_ARGS__)
#define AMO_aclshmem(N, op, ...) aclshmem_##N##_##op(__VA_ARGS__)
#define AMO(F, N, op, ...) AMO_##F(N, op, __VA_ARGS__)

/* Non-fetching calls: void on the OpenSHMEM face, a code on the aclshmem one. */
#define RUN_shmem(expr) expr
#define RUN_ctx(expr) expr
#define RUN_aclshmem(expr) CHECK_RC(expr, ACLSHMEM_SUCCESS)
#define RUN(F, expr) RUN_##F(expr)

#define QUIET_shmem() shmem_quiet()
#define QUIET_ctx() shmem_ctx_quiet(world_ctx)
#define QUIET_aclshmem() CHECK_RC(aclshmem_quiet(), ACLSHMEM_SUCCESS)
#define QUIET(F) QUIET_##F()

/* The value a PE leaves in its word after the standard sequence below. */
#define STANDARD_FINAL(T, pe) ((T)((T)(WIDE(T, (pe) + 100) + (T)1) + DELTA(T, pe)))

/* set, swap, compare_swap, fetch_inc, inc, fetch_add, add, fetch, and the
 * _nbi fetching forms, on word w[me] of the next PE. */
#define TEST_STANDARD(F, T, N)                                                                          \
    static void F##_standard_##N(void)                                                                  \
    {                                                                                                   \
        T *w = shmem_calloc((size_t)npes, sizeof(T));                                                   \
        CHECK(w != NULL, "calloc");                                                                     \
        int to = (me + 1) % npes;                                                                       \
        T *mine = w + me;                                                                               \
        T a = WIDE(T, me), b = WIDE(T, me + 100), c = WIDE(T, me + 200), d = DELTA(T, me), got;         \
        RUN(F, AMO(F, N, atomic_set, mine, a, to));                                                     \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == a, #F " " #T " set/fetch");                          \
        CHECK(AMO(F, N, atomic_swap, mine, b, to) == a, #F " " #T " swap old");                         \
        CHECK(AMO(F, N, atomic_compare_swap, mine, a, c, to) == b, #F " " #T " failed cswap old");      \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == b, #F " " #T " failed cswap changed the word");      \
        CHECK(AMO(F, N, atomic_compare_swap, mine, b, c, to) == b, #F " " #T " cswap old");             \
        CHECK(AMO(F, N, atomic_fetch_inc, mine, to) == c, #F " " #T " fetch_inc old");                  \
        RUN(F, AMO(F, N, atomic_inc, mine, to));                                                        \
        T c2 = (T)(c + (T)2);                                                                           \
        CHECK(AMO(F, N, atomic_fetch_add, mine, d, to) == c2, #F " " #T " fetch_add old");              \
        RUN(F, AMO(F, N, atomic_add, mine, d, to));                                                     \
        T sum = (T)((T)(c2 + d) + d);                                                                   \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == sum, #F " " #T " after adds");                       \
        /* The non-blocking fetching forms, completed by quiet. */                                      \
        RUN(F, AMO(F, N, atomic_fetch_nbi, &got, mine, to));                                            \
        QUIET(F);                                                                                       \
        CHECK(got == sum, #F " " #T " fetch_nbi");                                                      \
        RUN(F, AMO(F, N, atomic_swap_nbi, &got, mine, a, to));                                          \
        QUIET(F);                                                                                       \
        CHECK(got == sum, #F " " #T " swap_nbi old");                                                   \
        RUN(F, AMO(F, N, atomic_compare_swap_nbi, &got, mine, a, b, to));                               \
        QUIET(F);                                                                                       \
        CHECK(got == a, #F " " #T " compare_swap_nbi old");                                             \
        RUN(F, AMO(F, N, atomic_fetch_inc_nbi, &got, mine, to));                                        \
        QUIET(F);                                                                                       \
        CHECK(got == b, #F " " #T " fetch_inc_nbi old");                                                \
        RUN(F, AMO(F, N, atomic_fetch_add_nbi, &got, mine, d, to));                                     \
        QUIET(F);                                                                                       \
        CHECK(got == (T)(b + (T)1), #F " " #T " fetch_add_nbi old");                                    \
        shmem_barrier_all();                                                                            \
        int from = (me + npes - 1) % npes;                                                              \
        CHECK(w[from] == STANDARD_FINAL(T, from), #F " " #T ": PE %d's word wrong on PE %d", from, me); \
        for (int pe = 0; pe < npes; pe++)                                                               \
            CHECK(pe == from || w[pe] == 0, #F " " #T ": word of PE %d touched on PE %d", pe, me);      \
        shmem_barrier_all();                                                                            \
        shmem_free(w);                                                                                  \
    }

/* fetch, set, swap (and their _nbi forms) on float and double: bit-exact. */
#define TEST_EXTENDED(F, T, N)                                                                           \
    static void F##_extended_##N(void)                                                                   \
    {                                                                                                    \
        T *w = shmem_calloc((size_t)npes, sizeof(T));                                                    \
        CHECK(w != NULL, "calloc");                                                                      \
        int to = (me + 1) % npes;                                                                        \
        T *mine = w + me;                                                                                \
        T a = (T)(-1.5e30 * (me + 1)), b = (T)(1.0 + 1.0 / 1048576 * (me + 1)), c = (T)(3.25 + me), got; \
        RUN(F, AMO(F, N, atomic_set, mine, a, to));                                                      \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == a, #F " " #T " set/fetch");                           \
        CHECK(AMO(F, N, atomic_swap, mine, b, to) == a, #F " " #T " swap old");                          \
        RUN(F, AMO(F, N, atomic_swap_nbi, &got, mine, c, to));                                           \
        QUIET(F);                                                                                        \
        CHECK(got == b, #F " " #T " swap_nbi old");                                                      \
        RUN(F, AMO(F, N, atomic_fetch_nbi, &got, mine, to));                                             \
        QUIET(F);                                                                                        \
        CHECK(got == c, #F " " #T " fetch_nbi");                                                         \
        shmem_barrier_all();                                                                             \
        int from = (me + npes - 1) % npes;                                                               \
        CHECK(w[from] == (T)(3.25 + from), #F " " #T ": PE %d's word wrong on PE %d", from, me);         \
        shmem_barrier_all();                                                                             \
        shmem_free(w);                                                                                   \
    }

/* and, or, xor, fetching and not, and the fetching _nbi forms. */
#define TEST_BITWISE(F, T, N)                                                                     \
    static void F##_bitwise_##N(void)                                                             \
    {                                                                                             \
        T *w = shmem_calloc((size_t)npes, sizeof(T));                                             \
        CHECK(w != NULL, "calloc");                                                               \
        int to = (me + 1) % npes;                                                                 \
        T *mine = w + me;                                                                         \
        T p = PATTERN(T, me), and1 = (T)(TOP_BIT(T) | 0xFF00FF00FF00FF00ull | 0xFF);              \
        T and2 = (T)~(T)0x10, or1 = (T)0x0300000000000003ull, xor1 = (T)(TOP_BIT(T) | 0x55), got; \
        RUN(F, AMO(F, N, atomic_set, mine, p, to));                                               \
        T v = p;                                                                                  \
        CHECK(AMO(F, N, atomic_fetch_and, mine, and1, to) == v, #F " " #T " fetch_and old");      \
        v = (T)(v & and1);                                                                        \
        RUN(F, AMO(F, N, atomic_and, mine, and2, to));                                            \
        v = (T)(v & and2);                                                                        \
        CHECK(AMO(F, N, atomic_fetch_or, mine, or1, to) == v, #F " " #T " fetch_or old");         \
        v = (T)(v | or1);                                                                         \
        RUN(F, AMO(F, N, atomic_or, mine, (T)0x40, to));                                          \
        v = (T)(v | (T)0x40);                                                                     \
        CHECK(AMO(F, N, atomic_fetch_xor, mine, xor1, to) == v, #F " " #T " fetch_xor old");      \
        v = (T)(v ^ xor1);                                                                        \
        RUN(F, AMO(F, N, atomic_xor, mine, (T)0x81, to));                                         \
        v = (T)(v ^ (T)0x81);                                                                     \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == v, #F " " #T " after and/or/xor");             \
        RUN(F, AMO(F, N, atomic_fetch_and_nbi, &got, mine, and1, to));                            \
        QUIET(F);                                                                                 \
        CHECK(got == v, #F " " #T " fetch_and_nbi old");                                          \
        v = (T)(v & and1);                                                                        \
        RUN(F, AMO(F, N, atomic_fetch_or_nbi, &got, mine, or1, to));                              \
        QUIET(F);                                                                                 \
        CHECK(got == v, #F " " #T " fetch_or_nbi old");                                           \
        v = (T)(v | or1);                                                                         \
        RUN(F, AMO(F, N, atomic_fetch_xor_nbi, &got, mine, xor1, to));                            \
        QUIET(F);                                                                                 \
        CHECK(got == v, #F " " #T " fetch_xor_nbi old");                                          \
        v = (T)(v ^ xor1);                                                                        \
        shmem_barrier_all();                                                                      \
        CHECK(AMO(F, N, atomic_fetch, mine, to) == v, #F " " #T " final");                        \
        shmem_barrier_all();                                                                      \
        shmem_free(w);                                                                            \
    }

#define TEST_STANDARD_ALL(T, N) \
    TEST_STANDARD(shmem, T, N) TEST_STANDARD(ctx, T, N) TEST_STANDARD(aclshmem, T, N)
#define TEST_EXTENDED_ALL(T, N) \
    TEST_EXTENDED(shmem, T, N) TEST_EXTENDED(ctx, T, N) TEST_EXTENDED(aclshmem, T, N)
#define TEST_BITWISE_ALL(T, N) \
    TEST_BITWISE(shmem, T, N) TEST_BITWISE(ctx, T, N) TEST_BITWISE(aclshmem, T, N)
MISHMEM_AMO_STANDARD_TYPES(TEST_STANDARD_ALL)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(TEST_EXTENDED_ALL)
MISHMEM_AMO_BITWISE_TYPES(TEST_BITWISE_ALL)

/* aclshmem face: misuse is logged and answered with a code (or 0 for the
 * fetching calls); nothing is written. */
static void acl_errors(void)
{
    long *w = aclshmem_calloc(2, sizeof(long));
    int *i32 = aclshmem_calloc(2, sizeof(int));
    CHECK(w && i32, "calloc");
    w[0] = 77;
    i32[0] = 55;
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    long stack_word = 5, fetched = -1;
    long *misaligned = (long *)((char *)w + 4);
    CHECK_RC(aclshmem_long_atomic_add(misaligned, 1, 0), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_long_atomic_fetch_add(misaligned, 1, 0) == 0, "misaligned fetch_add returns 0");
    CHECK_RC(aclshmem_int_atomic_inc((int *)((char *)i32 + 2), 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_atomic_set(&stack_word, 1, 0), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_long_atomic_swap(&stack_word, 1, 0) == 0 && stack_word == 5, "out-of-heap swap");
    CHECK_RC(aclshmem_long_atomic_add(NULL, 1, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_atomic_add(w, 1, npes), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_atomic_add(w, 1, -1), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_long_atomic_fetch(w, npes + 3) == 0, "bad PE fetch returns 0");
    CHECK_RC(aclshmem_long_atomic_fetch_add_nbi(NULL, w, 1, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_atomic_fetch_nbi(&fetched, &stack_word, 0), ACLSHMEM_INVALID_PARAM);
    CHECK(fetched == -1, "a failed nbi fetch must not write");
    CHECK_RC(aclshmem_double_atomic_set((double *)((char *)w + 2), 1.0, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    CHECK(w[0] == 77 && w[1] == 0 && i32[0] == 55 && i32[1] == 0, "a refused AMO changed memory: %ld %ld %d",
          w[0], w[1], i32[0]);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    aclshmem_free(i32);
    aclshmem_free(w);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK_RC(shmem_ctx_create(SHMEM_CTX_PRIVATE, &world_ctx), 0);
#define RUN_STANDARD(T, N) shmem_standard_##N(); ctx_standard_##N(); aclshmem_standard_##N();
#define RUN_EXTENDED(T, N) shmem_extended_##N(); ctx_extended_##N(); aclshmem_extended_##N();
#define RUN_BITWISE(T, N) shmem_bitwise_##N(); ctx_bitwise_##N(); aclshmem_bitwise_##N();
    MISHMEM_AMO_STANDARD_TYPES(RUN_STANDARD)
    MISHMEM_AMO_EXTENDED_ONLY_TYPES(RUN_EXTENDED)
    MISHMEM_AMO_BITWISE_TYPES(RUN_BITWISE)
    acl_errors();
    shmem_ctx_destroy(world_ctx);
    shmem_barrier_all();
    if (me == 0)
        printf("amo_types: %d PEs in instance %llu, every AMO of every type on all three doors verified\n", npes,
               (unsigned long long)aclshmemx_instance_ctx_get()->id);
    shmem_finalize();
    return 0;
}
