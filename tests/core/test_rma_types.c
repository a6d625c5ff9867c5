/* put/get/p/g (and _nbi) of every standard RMA type between all PE pairs,
 * with values that encode type, source and target so that a wrong width,
 * offset or PE fails. */
#include <shmem.h>
#include <string.h>

#include "test_util.h"
#include "util/type_lists.h"

#define NELEMS 17

/* A value distinct per (element, source PE, target PE), exact in every type. */
#define VALUE(i, from, to) ((i) * 7 + (from) * 3 + (to) + 1)

#define TEST_TYPE(T, N)                                                                      \
    static void test_##N(int me, int npes)                                                   \
    {                                                                                        \
        T *inbox = shmem_malloc(sizeof(T) * NELEMS * (size_t)npes);                          \
        T *single = shmem_malloc(sizeof(T) * (size_t)npes);                                  \
        T *source = shmem_malloc(sizeof(T) * NELEMS);                                        \
        CHECK(inbox && single && source, "shmem_malloc failed for " #T);                     \
        for (int to = 0; to < npes; to++) {                                                  \
            T local[NELEMS];                                                                 \
            for (int i = 0; i < NELEMS; i++)                                                 \
                local[i] = (T)VALUE(i, me, to);                                              \
            if (to % 2)                                                                      \
                shmem_##N##_put(inbox + (size_t)me * NELEMS, local, NELEMS, to);             \
            else                                                                             \
                shmem_##N##_put_nbi(inbox + (size_t)me * NELEMS, local, NELEMS, to);         \
            shmem_##N##_p(single + me, (T)VALUE(5, me, to), to);                             \
        }                                                                                    \
        for (int i = 0; i < NELEMS; i++)                                                     \
            source[i] = (T)VALUE(i, me, me + 100);                                           \
        shmem_quiet();                                                                       \
        shmem_barrier_all();                                                                 \
        for (int from = 0; from < npes; from++) {                                            \
            for (int i = 0; i < NELEMS; i++)                                                 \
                CHECK(inbox[from * NELEMS + i] == (T)VALUE(i, from, me),                     \
                      #T " put from PE %d elem %d wrong on PE %d", from, i, me);             \
            CHECK(single[from] == (T)VALUE(5, from, me), #T " p from PE %d wrong", from);    \
            T fetched[NELEMS];                                                               \
            memset(fetched, 0, sizeof fetched);                                              \
            if (from % 2)                                                                    \
                shmem_##N##_get(fetched, source, NELEMS, from);                              \
            else                                                                             \
                shmem_##N##_get_nbi(fetched, source, NELEMS, from);                          \
            shmem_quiet();                                                                   \
            for (int i = 0; i < NELEMS; i++)                                                 \
                CHECK(fetched[i] == (T)VALUE(i, from, from + 100), #T " get from PE %d", from); \
            CHECK(shmem_##N##_g(source + 3, from) == (T)VALUE(3, from, from + 100),          \
                  #T " g from PE %d", from);                                                 \
        }                                                                                    \
        shmem_barrier_all();                                                                 \
        shmem_free(source);                                                                  \
        shmem_free(single);                                                                  \
        shmem_free(inbox);                                                                   \
    }
MISHMEM_RMA_TYPES(TEST_TYPE)

/* aclshmem face: the same traffic through its typed calls and return codes. */
static void test_acl_face(int me, int npes)
{
    long *box = aclshmem_malloc(sizeof(long) * (size_t)npes);
    CHECK(box != NULL, "aclshmem_malloc");
    for (int to = 0; to < npes; to++)
        CHECK_RC(aclshmem_long_p(box + me, 1000L * me + to, to), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    for (int from = 0; from < npes; from++) {
        CHECK(box[from] == 1000L * from + me, "aclshmem_long_p from %d", from);
        CHECK(aclshmem_long_g(box + from, from) == 1000L * from + from, "aclshmem_long_g");
    }
    char bytes[64];
    memset(bytes, me + 1, sizeof bytes);
    char *area = aclshmem_calloc(64, (size_t)npes);
    CHECK(area != NULL, "aclshmem_calloc");
    CHECK_RC(aclshmem_putmem(area + 64 * me, bytes, 64, (me + 1) % npes), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    int from = (me + npes - 1) % npes;
    for (int i = 0; i < 64; i++)
        CHECK(area[64 * from + i] == from + 1, "aclshmem_putmem byte %d", i);
    aclshmem_free(area);
    aclshmem_free(box);
}

/* Sized forms move exactly B bits per element. */
static void test_sized(int me, int npes)
{
    uint64_t *area = shmem_calloc(8, sizeof(uint64_t) * 2);
    uint64_t pattern[2] = {0x0102030405060708ull, 0x1112131415161718ull};
    int to = (me + 1) % npes;
    shmem_put8(area, pattern, 3, to);          /* 3 bytes */
    shmem_put16((char *)area + 16, pattern, 3, to); /* 6 bytes */
    shmem_put32((char *)area + 32, pattern, 3, to); /* 12 bytes */
    shmem_put64((char *)area + 48, pattern, 2, to); /* 16 bytes */
    shmem_put128((char *)area + 64, pattern, 1, to); /* 16 bytes */
    shmem_barrier_all();
    const unsigned char *bytes = (const unsigned char *)area;
    const unsigned char *expect = (const unsigned char *)pattern;
    for (int i = 0; i < 16; i++) {
        CHECK(bytes[i] == (i < 3 ? expect[i] : 0), "put8 byte %d", i);
        CHECK(bytes[16 + i] == (i < 6 ? expect[i] : 0), "put16 byte %d", i);
        CHECK(bytes[32 + i] == (i < 12 ? expect[i] : 0), "put32 byte %d", i);
        CHECK(bytes[48 + i] == expect[i], "put64 byte %d", i);
        CHECK(bytes[64 + i] == expect[i], "put128 byte %d", i);
    }
    shmem_barrier_all();
    shmem_free(area);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
#define RUN_TYPE(T, N) test_##N(me, npes);
    MISHMEM_RMA_TYPES(RUN_TYPE)
    test_acl_face(me, npes);
    test_sized(me, npes);
    shmem_barrier_all();
    if (me == 0)
        printf("rma_types: %d PEs, all types verified\n", npes);
    shmem_finalize();
    return 0;
}
