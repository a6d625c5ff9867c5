/* Point-to-point synchronization over arrays of ivars, every type, both
 * faces: test/test_all/any/some (+_vector) return values with status
 * masks, sign-sensitive comparisons and empty sets; then waits where every
 * PE writes its element on every PE and each PE consumes the elements
 * with wait_until_all/any/some (+_vector), masking what it has consumed
 * and one element that is never written. */
#include <shmem.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"
#include "util/type_lists.h"

#define IS_SIGNED(T) ((T)-1 < (T)1) /* not "< 0": -Wtype-limits */
/* Negative for signed types, above the signed range for unsigned ones:
 * a comparison done with the wrong signedness or width fails. */
#define VAL(T, p) (IS_SIGNED(T) ? (T)(-(long long)(p)-2) : (T)((T)~(T)0 - (T)(p)))

#define MAX_ELEMS 65 /* npes + 1 */

static int me, npes;

/* The typed call through face F. */
#define P2P(F, N, op, ...) F##_##N##_##op(__VA_ARGS__)
/* wait_until_all: void on the OpenSHMEM face, a code on the aclshmem one. */
#define WAIT_ALL_shmem(expr) expr
#define WAIT_ALL_aclshmem(expr) CHECK_RC(expr, ACLSHMEM_SUCCESS)
#define WAIT_ALL(F, expr) WAIT_ALL_##F(expr)

/* Tests on local values only. */
#define TEST_TESTS(F, T, N)                                                                            \
    static void F##_tests_##N(T *ivars, size_t k)                                                      \
    {                                                                                                  \
        int status[MAX_ELEMS] = {0};                                                                   \
        size_t idx[MAX_ELEMS];                                                                         \
        T expect[MAX_ELEMS];                                                                           \
        memset(ivars, 0, k * sizeof(T));                                                               \
        CHECK(P2P(F, N, test_all, ivars, k, NULL, SHMEM_CMP_EQ, 0) == 1, #F " " #T " test_all zeros"); \
        CHECK(P2P(F, N, test_any, ivars, k, NULL, SHMEM_CMP_NE, 0) == SIZE_MAX,                        \
              #F " " #T " test_any none");                                                             \
        CHECK(P2P(F, N, test_some, ivars, k, idx, NULL, SHMEM_CMP_NE, 0) == 0,                         \
              #F " " #T " test_some none");                                                            \
        size_t a = 1 % k, b = k - 1;                                                                   \
        ivars[a] = VAL(T, 1);                                                                          \
        ivars[b] = VAL(T, 2);                                                                          \
        T v = ivars[a];                                                                                \
        CHECK(P2P(F, N, test, &ivars[a], SHMEM_CMP_EQ, v) == 1 &&                                      \
                  P2P(F, N, test, &ivars[a], SHMEM_CMP_NE, v) == 0,                                    \
              #F " " #T " test EQ/NE");                                                                \
        CHECK(P2P(F, N, test, &ivars[a], SHMEM_CMP_GT, (T)(v - 1)) == 1 &&                             \
                  P2P(F, N, test, &ivars[a], SHMEM_CMP_GE, v) == 1 &&                                  \
                  P2P(F, N, test, &ivars[a], SHMEM_CMP_LE, (T)(v - 1)) == 0 &&                         \
                  P2P(F, N, test, &ivars[a], SHMEM_CMP_LT, v) == 0,                                    \
              #F " " #T " test GT/GE/LE/LT");                                                          \
        /* Negative, or above the signed range: only the right signedness gets these. */               \
        CHECK(P2P(F, N, test, &ivars[a], SHMEM_CMP_GT, (T)1) == !IS_SIGNED(T) &&                       \
                  P2P(F, N, test, &ivars[a], SHMEM_CMP_LT, (T)1) == IS_SIGNED(T),                      \
              #F " " #T " signedness of the comparison");                                              \
        if (a != b) {                                                                                  \
            size_t first = P2P(F, N, test_any, ivars, k, NULL, SHMEM_CMP_NE, 0);                       \
            size_t second = P2P(F, N, test_any, ivars, k, NULL, SHMEM_CMP_NE, 0);                      \
            CHECK((first == a && second == b) || (first == b && second == a),                          \
                  #F " " #T " test_any must not starve an element: %zu then %zu", first, second);      \
            CHECK(P2P(F, N, test_some, ivars, k, idx, NULL, SHMEM_CMP_NE, 0) == 2 && idx[0] == a &&    \
                      idx[1] == b,                                                                     \
                  #F " " #T " test_some both");                                                        \
            CHECK(P2P(F, N, test_all, ivars, k, NULL, SHMEM_CMP_NE, 0) == 0,                           \
                  #F " " #T " test_all with zeros left");                                              \
        }                                                                                              \
        for (size_t i = 0; i < k; i++)                                                                 \
            status[i] = i != b;                                                                        \
        CHECK(P2P(F, N, test_all, ivars, k, status, SHMEM_CMP_EQ, VAL(T, 2)) == 1,                     \
              #F " " #T " test_all of the one unmasked element");                                      \
        CHECK(P2P(F, N, test_any, ivars, k, status, SHMEM_CMP_NE, 0) == b &&                           \
                  P2P(F, N, test_any, ivars, k, status, SHMEM_CMP_NE, 0) == b,                         \
              #F " " #T " test_any skips masked elements");                                            \
        status[b] = 1;                                                                                 \
        CHECK(P2P(F, N, test_any, ivars, k, status, SHMEM_CMP_NE, 0) == SIZE_MAX &&                    \
                  P2P(F, N, test_some, ivars, k, idx, status, SHMEM_CMP_NE, 0) == 0 &&                 \
                  P2P(F, N, test_all, ivars, k, status, SHMEM_CMP_EQ, 5) == 1,                         \
              #F " " #T " everything masked: an empty set");                                           \
        CHECK(P2P(F, N, test_all, ivars, 0, NULL, SHMEM_CMP_EQ, 5) == 1 &&                             \
                  P2P(F, N, test_any, ivars, 0, NULL, SHMEM_CMP_EQ, 0) == SIZE_MAX &&                  \
                  P2P(F, N, test_some, NULL, 0, NULL, NULL, SHMEM_CMP_EQ, 0) == 0,                     \
              #F " " #T " nelems 0: an empty set");                                                    \
        /* Vector forms: one comparison value per element. */                                          \
        for (size_t i = 0; i < k; i++)                                                                 \
            expect[i] = ivars[i];                                                                      \
        CHECK(P2P(F, N, test_all_vector, ivars, k, NULL, SHMEM_CMP_EQ, expect) == 1,                   \
              #F " " #T " test_all_vector");                                                           \
        expect[0] = (T)(expect[0] + 1);                                                                \
        CHECK(P2P(F, N, test_all_vector, ivars, k, NULL, SHMEM_CMP_EQ, expect) == 0 &&                 \
                  P2P(F, N, test_any_vector, ivars, k, NULL, SHMEM_CMP_NE, expect) == 0 &&             \
                  P2P(F, N, test_some_vector, ivars, k, idx, NULL, SHMEM_CMP_NE, expect) == 1 &&       \
                  idx[0] == 0,                                                                         \
              #F " " #T " vector forms see the one changed value");                                    \
        memset(status, 0, sizeof status);                                                              \
        status[0] = 1;                                                                                 \
        CHECK(P2P(F, N, test_all_vector, ivars, k, status, SHMEM_CMP_EQ, expect) == 1 &&               \
                  P2P(F, N, test_any_vector, ivars, k, status, SHMEM_CMP_NE, expect) == SIZE_MAX &&    \
                  P2P(F, N, test_some_vector, ivars, k, idx, status, SHMEM_CMP_NE, expect) == 0,       \
              #F " " #T " vector forms with the changed value masked");                                \
        memset(ivars, 0, k * sizeof(T));                                                               \
    }

/* Every PE writes VAL(p) into element p on every PE, a little later the
 * higher its number, so that readers really wait. */
#define WRITE_ALL(T, N, ivars)                                          \
    do {                                                                \
        usleep((useconds_t)(300 * me));                                 \
        for (int pe_ = 0; pe_ < npes; pe_++)                            \
            shmem_##N##_p(&(ivars)[me], VAL(T, me), (me + pe_) % npes); \
    } while (0)

#define RESET(T, ivars, k)                 \
    do {                                   \
        shmem_barrier_all();               \
        memset(ivars, 0, (k) * sizeof(T)); \
        shmem_barrier_all();               \
    } while (0)

/* Waits; element k - 1 is never written and is masked where it must be. */
#define TEST_WAITS(F, T, N)                                                                              \
    static void F##_waits_##N(T *ivars, size_t k)                                                        \
    {                                                                                                    \
        int status[MAX_ELEMS] = {0};                                                                     \
        size_t idx[MAX_ELEMS];                                                                           \
        T expect[MAX_ELEMS];                                                                             \
        for (size_t i = 0; i < k; i++)                                                                   \
            expect[i] = i + 1 < k ? VAL(T, i) : (T)7;                                                    \
        status[k - 1] = 1;                                                                               \
        /* all: element k - 1 stays 0, so the wait returns only because it is masked. */                 \
        RESET(T, ivars, k);                                                                              \
        WRITE_ALL(T, N, ivars);                                                                          \
        WAIT_ALL(F, P2P(F, N, wait_until_all, ivars, k, status, SHMEM_CMP_NE, 0));                       \
        WAIT_ALL(F, P2P(F, N, wait_until_all_vector, ivars, k - 1, NULL, SHMEM_CMP_EQ, expect));         \
        for (size_t i = 0; i + 1 < k; i++)                                                               \
            CHECK(ivars[i] == expect[i], #F " " #T " wait_until_all: element %zu", i);                   \
        /* any: consume one element per call, masking it afterwards. */                                  \
        RESET(T, ivars, k);                                                                              \
        WRITE_ALL(T, N, ivars);                                                                          \
        for (int round = 0; round < npes; round++) {                                                     \
            size_t i = round % 2 ? P2P(F, N, wait_until_any, ivars, k, status, SHMEM_CMP_NE, 0)          \
                                 : P2P(F, N, wait_until_any_vector, ivars, k, status, SHMEM_CMP_EQ,      \
                                       expect);                                                          \
            CHECK(i + 1 < k && status[i] == 0 && ivars[i] == expect[i],                                  \
                  #F " " #T " wait_until_any returned %zu in round %d", i, round);                       \
            status[i] = 1;                                                                               \
        }                                                                                                \
        CHECK(P2P(F, N, wait_until_any, ivars, k, status, SHMEM_CMP_NE, 0) == SIZE_MAX,                  \
              #F " " #T " wait_until_any on an empty set");                                              \
        /* some: consume what is there, until every element was seen once. */                            \
        memset(status, 0, sizeof status);                                                                \
        status[k - 1] = 1;                                                                               \
        RESET(T, ivars, k);                                                                              \
        WRITE_ALL(T, N, ivars);                                                                          \
        for (int seen = 0, call = 0; seen < npes; call++) {                                              \
            size_t got = call % 2                                                                        \
                             ? P2P(F, N, wait_until_some, ivars, k, idx, status, SHMEM_CMP_NE, 0)        \
                             : P2P(F, N, wait_until_some_vector, ivars, k, idx, status,                  \
                                   SHMEM_CMP_EQ, expect);                                                \
            CHECK(got >= 1 && got <= (size_t)(npes - seen), #F " " #T " wait_until_some gave %zu", got); \
            for (size_t j = 0; j < got; j++) {                                                           \
                CHECK(idx[j] + 1 < k && status[idx[j]] == 0 && ivars[idx[j]] == expect[idx[j]],          \
                      #F " " #T " wait_until_some index %zu", idx[j]);                                   \
                status[idx[j]] = 1;                                                                      \
            }                                                                                            \
            seen += (int)got;                                                                            \
        }                                                                                                \
        CHECK(P2P(F, N, wait_until_some, ivars, k, idx, status, SHMEM_CMP_NE, 0) == 0,                   \
              #F " " #T " wait_until_some on an empty set");                                             \
        shmem_barrier_all();                                                                             \
    }

#define TEST_TYPE(T, N)                                                    \
    TEST_TESTS(shmem, T, N)                                                \
    TEST_TESTS(aclshmem, T, N)                                             \
    TEST_WAITS(shmem, T, N)                                                \
    TEST_WAITS(aclshmem, T, N)                                             \
    static void test_##N(void)                                             \
    {                                                                      \
        size_t k = (size_t)npes + 1;                                       \
        T *ivars = shmem_calloc(k, sizeof(T));                             \
        CHECK(ivars != NULL, "calloc");                                    \
        shmem_tests_##N(ivars, k);                                         \
        aclshmem_tests_##N(ivars, k);                                      \
        shmem_waits_##N(ivars, k);                                         \
        aclshmem_waits_##N(ivars, k);                                      \
        /* Deprecated shmem_<T>_wait: until the element differs from 0. */ \
        RESET(T, ivars, k);                                                \
        WRITE_ALL(T, N, ivars);                                            \
        for (int pe = 0; pe < npes; pe++) {                                \
            shmem_##N##_wait(&ivars[pe], 0);                               \
            CHECK(ivars[pe] == VAL(T, pe), #T " shmem_" #N "_wait");       \
        }                                                                  \
        shmem_barrier_all();                                               \
        shmem_free(ivars);                                                 \
    }
MISHMEM_P2P_SYNC_TYPES(TEST_TYPE)

/* aclshmem face: misuse is logged and answered, never a crash or a hang. */
static void acl_errors(void)
{
    int ivars[2] = {0, 0}, values[2] = {0, 0};
    size_t idx[2];
    CHECK_RC(aclshmem_int_test(NULL, ACLSHMEM_CMP_EQ, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_int_test(ivars, 42, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_int_test_all(NULL, 2, NULL, ACLSHMEM_CMP_EQ, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_int_test_all_vector(ivars, 2, NULL, ACLSHMEM_CMP_EQ, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_int_test_any(NULL, 2, NULL, ACLSHMEM_CMP_EQ, 0) == SIZE_MAX, "test_any NULL");
    CHECK(aclshmem_int_test_any_vector(ivars, 2, NULL, -1, values) == SIZE_MAX, "test_any_vector bad cmp");
    CHECK(aclshmem_int_test_some(ivars, 2, NULL, NULL, ACLSHMEM_CMP_EQ, 0) == 0, "test_some NULL indices");
    CHECK(aclshmem_int_test_some_vector(ivars, 2, idx, NULL, ACLSHMEM_CMP_EQ, NULL) == 0, "test_some_vector");
    CHECK_RC(aclshmem_long_wait_until_all(NULL, 3, NULL, ACLSHMEM_CMP_EQ, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_int_wait_until_all_vector(ivars, 2, NULL, 6, values), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_int_wait_until_any(ivars, 2, NULL, 77, 0) == SIZE_MAX, "wait_until_any bad cmp");
    CHECK(aclshmem_int_wait_until_any_vector(NULL, 2, NULL, ACLSHMEM_CMP_EQ, values) == SIZE_MAX,
          "wait_until_any_vector NULL");
    CHECK(aclshmem_int_wait_until_some(ivars, 2, NULL, NULL, ACLSHMEM_CMP_EQ, 0) == 0, "wait_until_some");
    CHECK(aclshmem_int_wait_until_some_vector(ivars, 2, idx, NULL, ACLSHMEM_CMP_EQ, NULL) == 0,
          "wait_until_some_vector NULL values");
    /* NULL arrays are fine when there is nothing to look at. */
    CHECK(aclshmem_int_test_all(NULL, 0, NULL, ACLSHMEM_CMP_EQ, 0) == 1, "test_all of nothing");
    CHECK_RC(aclshmem_int_wait_until_all_vector(NULL, 0, NULL, ACLSHMEM_CMP_EQ, NULL), ACLSHMEM_SUCCESS);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes + 1 <= MAX_ELEMS, "at most %d PEs", MAX_ELEMS - 1);
    double start = test_now_s();
#define RUN_TYPE(T, N) test_##N();
    MISHMEM_P2P_SYNC_TYPES(RUN_TYPE)
    acl_errors();
    shmem_barrier_all();
    if (me == 0)
        printf("p2p_sets: %d PEs in instance %llu, every type on both faces (%.2f s)\n", npes,
               (unsigned long long)aclshmemx_instance_ctx_get()->id, test_now_s() - start);
    shmem_finalize();
    return 0;
}
