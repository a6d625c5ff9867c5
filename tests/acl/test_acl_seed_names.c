/* The aclshmem names of the seed's library that OpenSHMEM has no twin for
 * on this face, all in instance 9 (created here with aclshmemx_init_attr
 * over the launcher's PEs; the world stays current elsewhere):
 * - typed point-to-point sync for every type of MISHMEM_ACL_P2P_SYNC_TYPES
 *   (the seed's char, float, int8, ... and table 7): wait_until, test, the
 *   _all/_any/_some and _vector forms, deprecated _wait for the seed's
 *   types, each against a value the left neighbour puts;
 * - sized strided aclshmem_iputB / aclshmem_igetB;
 * - sized put-with-signal aclshmem_putB_signal (SET) / _signal_nbi (ADD);
 * - aclshmemx_malloc/calloc/align/free with HOST_SIDE, DEVICE_SIDE and the
 *   C default, aclshmemx_get_heap_base. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "test_instance_attr.h"
#include "test_util.h"
#include "util/type_lists.h"

#define INSTANCE 9

static int me, npes, right, left;

/* ---- typed point-to-point sync ----------------------------------------- */

/* ivars = {0, 0, 3, 0} once the left neighbour's put of 3 into [2] arrived. */
#define TEST_P2P(T, N)                                                                               \
    static void test_p2p_##N(void)                                                                   \
    {                                                                                                \
        T *ivars = aclshmem_calloc(4, sizeof(T));                                                    \
        CHECK(ivars, "calloc for " #N);                                                              \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        CHECK_RC(aclshmem_##N##_p(&ivars[2], (T)3, right), ACLSHMEM_SUCCESS);                        \
        CHECK_RC(aclshmem_##N##_wait_until(&ivars[2], ACLSHMEM_CMP_EQ, (T)3), ACLSHMEM_SUCCESS);     \
        CHECK(ivars[2] == (T)3 && ivars[0] == (T)0, #N ": the put arrived");                         \
        CHECK(aclshmem_##N##_test(&ivars[2], ACLSHMEM_CMP_EQ, (T)3) == 1, #N "_test");               \
        CHECK(aclshmem_##N##_test(&ivars[1], ACLSHMEM_CMP_GT, (T)0) == 0, #N "_test false");         \
        size_t idx[4] = { 9, 9, 9, 9 };                                                              \
        int mask[4] = { 0, 0, 1, 0 };                                                                \
        CHECK(aclshmem_##N##_wait_until_any(ivars, 4, NULL, ACLSHMEM_CMP_EQ, (T)3) == 2, #N "_any"); \
        CHECK(aclshmem_##N##_wait_until_some(ivars, 4, idx, NULL, ACLSHMEM_CMP_NE, (T)0) == 1 &&     \
                  idx[0] == 2, #N "_wait_until_some");                                               \
        CHECK_RC(aclshmem_##N##_wait_until_all(ivars, 4, mask, ACLSHMEM_CMP_EQ, (T)0),               \
                 ACLSHMEM_SUCCESS);                                                                  \
        CHECK(aclshmem_##N##_test_all(ivars, 4, NULL, ACLSHMEM_CMP_EQ, (T)0) == 0, #N "_test_all");  \
        CHECK(aclshmem_##N##_test_all(ivars, 4, mask, ACLSHMEM_CMP_LT, (T)1) == 1, #N "_test_all"); \
        CHECK(aclshmem_##N##_test_any(ivars, 4, NULL, ACLSHMEM_CMP_GT, (T)2) == 2, #N "_test_any");  \
        CHECK(aclshmem_##N##_test_any(ivars, 4, mask, ACLSHMEM_CMP_GT, (T)2) == SIZE_MAX,            \
              #N "_test_any masked");                                                                \
        CHECK(aclshmem_##N##_test_some(ivars, 4, idx, NULL, ACLSHMEM_CMP_EQ, (T)0) == 3 &&           \
                  idx[0] == 0 && idx[1] == 1 && idx[2] == 3, #N "_test_some");                       \
        T want[4] = { (T)0, (T)0, (T)3, (T)0 }, other[4] = { (T)7, (T)7, (T)3, (T)7 };               \
        CHECK_RC(aclshmem_##N##_wait_until_all_vector(ivars, 4, NULL, ACLSHMEM_CMP_EQ, want),        \
                 ACLSHMEM_SUCCESS);                                                                  \
        CHECK(aclshmem_##N##_wait_until_any_vector(ivars, 4, NULL, ACLSHMEM_CMP_EQ, other) == 2,     \
              #N "_wait_until_any_vector");                                                          \
        CHECK(aclshmem_##N##_wait_until_some_vector(ivars, 4, idx, NULL, ACLSHMEM_CMP_EQ, other) ==  \
                  1 && idx[0] == 2, #N "_wait_until_some_vector");                                   \
        CHECK(aclshmem_##N##_test_all_vector(ivars, 4, NULL, ACLSHMEM_CMP_EQ, want) == 1,            \
              #N "_test_all_vector");                                                                \
        CHECK(aclshmem_##N##_test_any_vector(ivars, 4, mask, ACLSHMEM_CMP_EQ, other) == SIZE_MAX,    \
              #N "_test_any_vector");                                                                \
        CHECK(aclshmem_##N##_test_some_vector(ivars, 4, idx, NULL, ACLSHMEM_CMP_LE, want) == 4,      \
              #N "_test_some_vector");                                                               \
        /* Misuse is an error code, not an abort. */                                                 \
        CHECK_RC(aclshmem_##N##_wait_until(NULL, ACLSHMEM_CMP_EQ, (T)0), ACLSHMEM_INVALID_PARAM);    \
        CHECK_RC(aclshmem_##N##_wait_until(ivars, 42, (T)0), ACLSHMEM_INVALID_PARAM);                \
        CHECK(aclshmem_##N##_test_any(ivars, 4, NULL, 42, (T)0) == SIZE_MAX, #N " bad cmp");         \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        aclshmem_free(ivars);                                                                        \
    }
MISHMEM_ACL_P2P_SYNC_TYPES(TEST_P2P)

/* Deprecated _wait: returns once *ivar differs from the value given. */
#define TEST_WAIT_NE(T, N)                                                                           \
    static void test_wait_##N(void)                                                                  \
    {                                                                                                \
        T *ivar = aclshmem_calloc(1, sizeof(T));                                                     \
        CHECK(ivar, "calloc for " #N);                                                               \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        CHECK_RC(aclshmem_##N##_p(ivar, (T)5, right), ACLSHMEM_SUCCESS);                             \
        CHECK_RC(aclshmem_##N##_wait(ivar, (T)0), ACLSHMEM_SUCCESS);                                 \
        CHECK(*ivar == (T)5, #N "_wait returned before the put");                                    \
        CHECK_RC(aclshmem_##N##_wait(NULL, (T)0), ACLSHMEM_INVALID_PARAM);                           \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        aclshmem_free(ivar);                                                                         \
    }
MISHMEM_ACL_WAIT_TYPES(TEST_WAIT_NE)

/* ---- sized strided and put-with-signal --------------------------------- */

#define ELEMS 8
/* Byte k of element i written by PE p; never 0. */
static unsigned char pattern(int p, size_t i, size_t k, int salt)
{
    return (unsigned char)(1 + (p * 37 + (int)i * 11 + (int)k * 3 + salt * 5) % 251);
}

static void fill(unsigned char *buf, int p, size_t elems, size_t width, int salt)
{
    for (size_t i = 0; i < elems; i++)
        for (size_t k = 0; k < width; k++)
            buf[i * width + k] = pattern(p, i, k, salt);
}

/* Element i of buf (width bytes) is PE p's element j. */
static void expect_elem(const char *what, const unsigned char *buf, size_t i, int p, size_t j, size_t width,
                        int salt)
{
    for (size_t k = 0; k < width; k++)
        CHECK(buf[i * width + k] == pattern(p, j, k, salt), "%s: element %zu byte %zu is %u, expected %u", what,
              i, k, buf[i * width + k], pattern(p, j, k, salt));
}

/* iputB: my ELEMS elements into every 2nd slot of the right neighbour's
 * dest; igetB: every 2nd element of the right neighbour's source. */
#define TEST_SIZED(B)                                                                                \
    static void test_sized_##B(void)                                                                 \
    {                                                                                                \
        const size_t w = (B) / 8;                                                                    \
        unsigned char *src = aclshmem_malloc(2 * ELEMS * w), *dst = aclshmem_calloc(2 * ELEMS, w);   \
        unsigned char *sdst = aclshmem_calloc(ELEMS, w), local[2 * ELEMS * 16];                      \
        uint64_t *sig = aclshmem_calloc(2, sizeof(uint64_t));                                        \
        CHECK(src && dst && sdst && sig, "allocations for %d bits", B);                              \
        fill(src, me, 2 * ELEMS, w, B);                                                              \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        CHECK_RC(aclshmem_iput##B(dst, src, 2, 1, ELEMS, right), ACLSHMEM_SUCCESS);                  \
        memset(local, 0, sizeof local);                                                              \
        CHECK_RC(aclshmem_iget##B(local, src, 1, 2, ELEMS, right), ACLSHMEM_SUCCESS);                \
        for (size_t i = 0; i < ELEMS; i++)                                                           \
            expect_elem("aclshmem_iget" #B, local, i, right, 2 * i, w, B);                           \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        for (size_t i = 0; i < ELEMS; i++) {                                                         \
            expect_elem("aclshmem_iput" #B, dst, 2 * i, left, i, w, B);                              \
            for (size_t k = 0; k < w; k++)                                                           \
                CHECK(dst[(2 * i + 1) * w + k] == 0, "aclshmem_iput" #B " wrote a gap");             \
        }                                                                                            \
        /* Signal SET: the right neighbour waits for the value, then reads. */                       \
        uint64_t value = (uint64_t)(B) * 1000 + (uint64_t)me + 1;                                    \
        CHECK_RC(aclshmem_put##B##_signal(sdst, src, ELEMS, &sig[0], value, ACLSHMEM_SIGNAL_SET,     \
                                          right), ACLSHMEM_SUCCESS);                                 \
        uint64_t from_left = (uint64_t)(B) * 1000 + (uint64_t)left + 1;                              \
        CHECK(aclshmem_signal_wait_until(&sig[0], ACLSHMEM_CMP_EQ, from_left) == from_left,          \
              "aclshmem_put" #B "_signal");                                                          \
        for (size_t i = 0; i < ELEMS; i++)                                                           \
            expect_elem("aclshmem_put" #B "_signal", sdst, i, left, i, w, B);                        \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        /* Signal ADD, non-blocking: my elements ELEMS.. into the same place. */                     \
        CHECK_RC(aclshmem_put##B##_signal_nbi(sdst, src + ELEMS * w, ELEMS, &sig[1], 2,              \
                                              ACLSHMEM_SIGNAL_ADD, right), ACLSHMEM_SUCCESS);        \
        CHECK_RC(aclshmem_put##B##_signal_nbi(sdst, src + ELEMS * w, 0, &sig[1], 3,                  \
                                              ACLSHMEM_SIGNAL_ADD, right), ACLSHMEM_SUCCESS);        \
        CHECK_RC(aclshmem_quiet(), ACLSHMEM_SUCCESS);                                                \
        CHECK(aclshmem_signal_wait_until(&sig[1], ACLSHMEM_CMP_EQ, 5) == 5,                          \
              "aclshmem_put" #B "_signal_nbi");                                                      \
        for (size_t i = 0; i < ELEMS; i++)                                                           \
            expect_elem("aclshmem_put" #B "_signal_nbi", sdst, i, left, ELEMS + i, w, B);            \
        CHECK_RC(aclshmem_put##B##_signal(sdst, src, ELEMS, &sig[0], 1, 7, right),                   \
                 ACLSHMEM_INVALID_PARAM);                                                            \
        CHECK_RC(aclshmem_iput##B(dst, src, 1, 1, ELEMS, npes), ACLSHMEM_INVALID_PARAM);             \
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);                                          \
        aclshmem_free(sig);                                                                          \
        aclshmem_free(sdst);                                                                         \
        aclshmem_free(dst);                                                                          \
        aclshmem_free(src);                                                                          \
    }
MISHMEM_SIZED_RMA(TEST_SIZED)

/* ---- heap calls with a memory side -------------------------------------- */

static void test_heap(void *world_base)
{
    char *base = aclshmemx_get_heap_base(DEVICE_SIDE);
    CHECK(base && base == aclshmemx_get_heap_base(HOST_SIDE), "one heap base for both sides");
    CHECK(base != world_base, "instance %d has its own heap", INSTANCE);
    char *d = aclshmemx_malloc(100);            /* C default: DEVICE_SIDE */
    char *h = aclshmemx_malloc(100, HOST_SIDE);
    long *z = aclshmemx_calloc(16, sizeof(long), DEVICE_SIDE);
    char *a = aclshmemx_align(4096, 10);
    char *a2 = aclshmemx_align(256, 10, HOST_SIDE);
    CHECK(d && h && z && a && a2, "aclshmemx allocations");
    for (int i = 0; i < 16; i++)
        CHECK(z[i] == 0, "aclshmemx_calloc zeroes");
    CHECK(((uintptr_t)a & 4095) == 0 && ((uintptr_t)a2 & 255) == 0, "aclshmemx_align");
    CHECK(d >= base && h >= base && (char *)z >= base && a >= base, "in the instance's heap");
    /* Symmetric: a put through the one heap reaches the peer's block. */
    memset(h, me, 100);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_putmem(d, h, 100, right), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    for (int i = 0; i < 100; i++)
        CHECK(d[i] == (char)left, "aclshmemx_malloc block is symmetric");
    CHECK(aclshmemx_malloc(8, (aclshmem_mem_type_t)7) == NULL, "an unknown side is refused");
    CHECK(aclshmemx_get_heap_base((aclshmem_mem_type_t)-1) == NULL, "an unknown side is refused");
    aclshmemx_free(a2, HOST_SIDE);
    aclshmemx_free(a);
    aclshmemx_free(z, DEVICE_SIDE);
    aclshmemx_free(h, HOST_SIDE);
    aclshmemx_free(d);
    /* The blocks are back: the same sequence gives the same addresses. */
    char *again = aclshmemx_malloc(100);
    CHECK(again == d, "aclshmemx_free released the block");
    aclshmemx_free(again);
}

int main(void)
{
    shmem_init(); /* the launcher's world: PE numbers and count */
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    CHECK(world != INSTANCE, "run with the world outside instance %d", INSTANCE);
    void *world_base = aclshmemx_get_heap_base(DEVICE_SIDE);
    CHECK(world_base != NULL, "the world's heap base");

    /* port 0: the start of SHMEM_INSTANCE_PORT_RANGE + 9 */
    aclshmemx_init_attr_t attr = test_instance_attr(INSTANCE, me, npes, 8u << 20, "tcp://127.0.0.1:0");
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(INSTANCE), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == INSTANCE, "instance %d is current", INSTANCE);

#define RUN_P2P(T, N) test_p2p_##N();
    MISHMEM_ACL_P2P_SYNC_TYPES(RUN_P2P)
#define RUN_WAIT(T, N) test_wait_##N();
    MISHMEM_ACL_WAIT_TYPES(RUN_WAIT)
#define RUN_SIZED(B) test_sized_##B();
    MISHMEM_SIZED_RMA(RUN_SIZED)
    test_heap(world_base);

    CHECK_RC(aclshmemx_finalize(INSTANCE), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (me == 0)
        printf("aclshmem seed names in instance %d on %d PEs: ok\n", INSTANCE, npes);
    shmem_finalize();
    return 0;
}
