/* Strided RMA: iput/iget of every standard type with odd strides (target
 * stride 3, source stride 5) through the typed call, the aclshmem face and
 * the C11 generic, checking that the gaps between elements stay untouched;
 * then the sized forms, stride 1, and zero-length no-ops. */
#include <shmem.h>
#include <string.h>

#include "test_util.h"
#include "util/type_lists.h"

#define NELEMS 7
#define DST 3
#define SST 5
#define SENTINEL 111
#define REGION (DST * NELEMS) /* elements one sender owns in a target array */

/* Exact in every type (< 127): element i sent by PE `from` through variant v. */
#define PUT_VALUE(i, from, v) ((i) * 5 + (from) + 1 + (v) * 30)
/* Element k of PE pe's iget source array. */
#define ORIGIN_VALUE(k, pe) (((k) * 9 + (pe)) % 109 + 1)

enum { VIA_TYPED, VIA_ACL, VIA_GENERIC, VARIANTS };

#define TEST_TYPE(T, N)                                                                                 \
    static void test_##N(int me, int npes)                                                              \
    {                                                                                                   \
        size_t slots = (size_t)REGION * (size_t)npes * VARIANTS;                                        \
        T *target = shmem_malloc(sizeof(T) * slots);                                                    \
        T *origin = shmem_malloc(sizeof(T) * SST * NELEMS);                                             \
        CHECK(target && origin, "shmem_malloc for " #T);                                                \
        for (size_t k = 0; k < slots; k++)                                                              \
            target[k] = (T)SENTINEL;                                                                    \
        for (int k = 0; k < SST * NELEMS; k++)                                                          \
            origin[k] = (T)ORIGIN_VALUE(k, me);                                                         \
        shmem_barrier_all();                                                                            \
        int to = (me + 1) % npes, from = (me + npes - 1) % npes;                                        \
        for (int v = 0; v < VARIANTS; v++) {                                                            \
            T source[SST * NELEMS];                                                                     \
            for (int k = 0; k < SST * NELEMS; k++)                                                      \
                source[k] = (T)(k % SST ? 0 : PUT_VALUE(k / SST, me, v));                               \
            T *dest = target + ((size_t)v * npes + (size_t)me) * REGION;                                \
            if (v == VIA_TYPED)                                                                         \
                shmem_##N##_iput(dest, source, DST, SST, NELEMS, to);                                   \
            else if (v == VIA_ACL)                                                                      \
                CHECK_RC(aclshmem_##N##_iput(dest, source, DST, SST, NELEMS, to), ACLSHMEM_SUCCESS);    \
            else                                                                                        \
                shmem_iput(dest, source, DST, SST, NELEMS, to);                                         \
        }                                                                                               \
        shmem_barrier_all();                                                                            \
        for (int v = 0; v < VARIANTS; v++)                                                              \
            for (int sender = 0; sender < npes; sender++) {                                             \
                const T *region = target + ((size_t)v * npes + (size_t)sender) * REGION;                \
                for (int k = 0; k < REGION; k++) {                                                      \
                    T expected = (T)SENTINEL;                                                           \
                    if (sender == from && k % DST == 0)                                                 \
                        expected = (T)PUT_VALUE(k / DST, from, v);                                      \
                    CHECK(region[k] == expected, #T " iput variant %d from PE %d: slot %d wrong "       \
                          "on PE %d", v, sender, k, me);                                                \
                }                                                                                       \
            }                                                                                           \
        for (int v = 0; v < VARIANTS; v++) {                                                            \
            T fetched[DST * NELEMS];                                                                    \
            for (int k = 0; k < DST * NELEMS; k++)                                                      \
                fetched[k] = (T)SENTINEL;                                                               \
            if (v == VIA_TYPED)                                                                         \
                shmem_##N##_iget(fetched, origin, DST, SST, NELEMS, to);                                \
            else if (v == VIA_ACL)                                                                      \
                CHECK_RC(aclshmem_##N##_iget(fetched, origin, DST, SST, NELEMS, to), ACLSHMEM_SUCCESS); \
            else                                                                                        \
                shmem_iget(fetched, origin, DST, SST, NELEMS, to);                                      \
            for (int k = 0; k < DST * NELEMS; k++) {                                                    \
                T expected = (T)(k % DST ? SENTINEL : ORIGIN_VALUE(k / DST * SST, to));                 \
                CHECK(fetched[k] == expected, #T " iget variant %d from PE %d: slot %d wrong",          \
                      v, to, k);                                                                        \
            }                                                                                           \
        }                                                                                               \
        shmem_barrier_all();                                                                            \
        shmem_free(origin);                                                                             \
        shmem_free(target);                                                                             \
    }
MISHMEM_RMA_TYPES(TEST_TYPE)

#define SIZED_COUNT 4
#define SIZED_DST 3
#define SIZED_SST 2
#define BYTE_SENTINEL 0xEE

/* Sized forms move B/8-byte elements: element i of the source (stride 2)
 * lands at element 3*i of the target; everything else keeps its sentinel. */
static void test_sized(int me, int npes)
{
    enum { MAX_BYTES = 16, SPAN = SIZED_DST * SIZED_COUNT * MAX_BYTES };
    unsigned char *target = shmem_malloc(SPAN * 5);
    unsigned char *origin = shmem_malloc(SPAN);
    CHECK(target && origin, "shmem_malloc");
    memset(target, BYTE_SENTINEL, SPAN * 5);
    for (int k = 0; k < SPAN; k++)
        origin[k] = (unsigned char)(k * 7 + me);
    shmem_barrier_all();
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    unsigned char source[SPAN];
    for (int k = 0; k < SPAN; k++)
        source[k] = (unsigned char)(k * 3 + me * 11 + 1);
    shmem_iput8(target + 0 * SPAN, source, SIZED_DST, SIZED_SST, SIZED_COUNT, to);
    shmem_iput16(target + 1 * SPAN, source, SIZED_DST, SIZED_SST, SIZED_COUNT, to);
    shmem_iput32(target + 2 * SPAN, source, SIZED_DST, SIZED_SST, SIZED_COUNT, to);
    shmem_iput64(target + 3 * SPAN, source, SIZED_DST, SIZED_SST, SIZED_COUNT, to);
    shmem_iput128(target + 4 * SPAN, source, SIZED_DST, SIZED_SST, SIZED_COUNT, to);
    shmem_barrier_all();
    for (int form = 0; form < 5; form++) {
        int bytes = 1 << form;
        for (int k = 0; k < SPAN; k++) {
            int element = k / bytes, byte = k % bytes;
            int expected = BYTE_SENTINEL;
            if (element % SIZED_DST == 0 && element / SIZED_DST < SIZED_COUNT)
                expected = (unsigned char)(((element / SIZED_DST) * SIZED_SST * bytes + byte) * 3 +
                                           from * 11 + 1);
            CHECK(target[form * SPAN + k] == expected, "iput%d byte %d: %d, expected %d", bytes * 8, k,
                  target[form * SPAN + k], expected);
        }
        unsigned char fetched[SPAN];
        memset(fetched, BYTE_SENTINEL, sizeof fetched);
        switch (form) {
        case 0: shmem_iget8(fetched, origin, SIZED_DST, SIZED_SST, SIZED_COUNT, to); break;
        case 1: shmem_iget16(fetched, origin, SIZED_DST, SIZED_SST, SIZED_COUNT, to); break;
        case 2: shmem_iget32(fetched, origin, SIZED_DST, SIZED_SST, SIZED_COUNT, to); break;
        case 3: shmem_iget64(fetched, origin, SIZED_DST, SIZED_SST, SIZED_COUNT, to); break;
        default: shmem_iget128(fetched, origin, SIZED_DST, SIZED_SST, SIZED_COUNT, to); break;
        }
        for (int k = 0; k < SPAN; k++) {
            int element = k / bytes, byte = k % bytes;
            int expected = BYTE_SENTINEL;
            if (element % SIZED_DST == 0 && element / SIZED_DST < SIZED_COUNT)
                expected = (unsigned char)(((element / SIZED_DST) * SIZED_SST * bytes + byte) * 7 + to);
            CHECK(fetched[k] == expected, "iget%d byte %d: %d, expected %d", bytes * 8, k, fetched[k],
                  expected);
        }
    }
    shmem_barrier_all();
    shmem_free(origin);
    shmem_free(target);
}

/* Stride 1 on both sides is one contiguous copy; zero elements touch
 * nothing, whatever the pointers and PE. */
static void test_contiguous_and_empty(int me, int npes)
{
    long *box = shmem_calloc(64, sizeof(long));
    long values[64];
    for (int i = 0; i < 64; i++)
        values[i] = 1000L * me + i;
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    shmem_long_iput(box, values, 1, 1, 64, to);
    shmem_long_iput(NULL, NULL, 3, 5, 0, npes + 7);
    shmem_long_iget(NULL, NULL, 3, 5, 0, -1);
    shmem_iput64(NULL, NULL, 0, 0, 0, npes);
    CHECK_RC(aclshmem_long_iput(NULL, NULL, 2, 2, 0, npes + 1), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    for (int i = 0; i < 64; i++)
        CHECK(box[i] == 1000L * from + i, "contiguous iput element %d", i);
    long fetched[64];
    shmem_long_iget(fetched, box, 1, 1, 64, to);
    for (int i = 0; i < 64; i++)
        CHECK(fetched[i] == 1000L * me + i, "contiguous iget element %d", i);
    shmem_barrier_all();
    shmem_free(box);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
#define RUN_TYPE(T, N) test_##N(me, npes);
    MISHMEM_RMA_TYPES(RUN_TYPE)
    test_sized(me, npes);
    test_contiguous_and_empty(me, npes);
    shmem_barrier_all();
    if (me == 0)
        printf("strided: %d PEs in instance %llu, every type and size verified\n", npes,
               (unsigned long long)aclshmemx_instance_ctx_get()->id);
    shmem_finalize();
    return 0;
}
