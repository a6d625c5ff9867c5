/* Put-with-signal: every PE sends every type to every PE (itself too)
 * with SHMEM_SIGNAL_ADD, through six forms (typed, typed nbi, aclshmem,
 * aclshmem nbi, C11 generic, generic nbi). A receiver waits only on the
 * signal, which must count exactly the sum of the senders' adds, and then
 * finds every sender's data. The sized forms use SHMEM_SIGNAL_SET. */
#include <shmem.h>
#include <string.h>

#include "test_util.h"
#include "util/type_lists.h"

#define NELEMS 9
#define VALUE(i, from, v) ((i) * 3 + (from) * 2 + (v) * 11 + 1) /* < 127 for 8 PEs */

enum { FORMS = 6 };

static uint64_t add_total(int npes) { return (uint64_t)npes * (uint64_t)(npes + 1) / 2; }

#define TEST_TYPE(T, N)                                                                                  \
    static void test_##N(int me, int npes)                                                               \
    {                                                                                                    \
        T *inbox = shmem_calloc((size_t)FORMS * (size_t)npes * NELEMS, sizeof(T));                       \
        uint64_t *signals = shmem_calloc(FORMS, sizeof(uint64_t));                                       \
        CHECK(inbox && signals, "shmem_calloc for " #T);                                                 \
        for (int v = 0; v < FORMS; v++) {                                                                \
            T source[NELEMS];                                                                            \
            for (int i = 0; i < NELEMS; i++)                                                             \
                source[i] = (T)VALUE(i, me, v);                                                          \
            T *dest = inbox + ((size_t)v * npes + (size_t)me) * NELEMS;                                  \
            uint64_t *sig = &signals[v], add = (uint64_t)me + 1;                                         \
            for (int k = 0; k < npes; k++) {                                                             \
                int to = (me + k) % npes;                                                                \
                switch (v) {                                                                             \
                case 0:                                                                                  \
                    shmem_##N##_put_signal(dest, source, NELEMS, sig, add, SHMEM_SIGNAL_ADD, to);        \
                    break;                                                                               \
                case 1:                                                                                  \
                    shmem_##N##_put_signal_nbi(dest, source, NELEMS, sig, add, SHMEM_SIGNAL_ADD, to);    \
                    break;                                                                               \
                case 2:                                                                                  \
                    CHECK_RC(aclshmem_##N##_put_signal(dest, source, NELEMS, sig, add,                   \
                                                       ACLSHMEM_SIGNAL_ADD, to), ACLSHMEM_SUCCESS);      \
                    break;                                                                               \
                case 3:                                                                                  \
                    CHECK_RC(aclshmem_##N##_put_signal_nbi(dest, source, NELEMS, sig, add,               \
                                                           ACLSHMEM_SIGNAL_ADD, to), ACLSHMEM_SUCCESS);  \
                    break;                                                                               \
                case 4:                                                                                  \
                    shmem_put_signal(dest, source, NELEMS, sig, add, SHMEM_SIGNAL_ADD, to);              \
                    break;                                                                               \
                default:                                                                                 \
                    shmem_put_signal_nbi(dest, source, NELEMS, sig, add, SHMEM_SIGNAL_ADD, to);          \
                    break;                                                                               \
                }                                                                                        \
            }                                                                                            \
        }                                                                                                \
        shmem_quiet();                                                                                   \
        for (int v = 0; v < FORMS; v++) {                                                                \
            uint64_t seen = shmem_signal_wait_until(&signals[v], SHMEM_CMP_GE, add_total(npes));         \
            CHECK(seen == add_total(npes), #T " form %d: signal %llu, expected %llu", v,                 \
                  (unsigned long long)seen, (unsigned long long)add_total(npes));                        \
            for (int from = 0; from < npes; from++)                                                      \
                for (int i = 0; i < NELEMS; i++)                                                         \
                    CHECK(inbox[((size_t)v * npes + (size_t)from) * NELEMS + i] == (T)VALUE(i, from, v), \
                          #T " form %d: element %d from PE %d wrong on PE %d", v, i, from, me);          \
        }                                                                                                \
        shmem_barrier_all();                                                                             \
        shmem_free(signals);                                                                             \
        shmem_free(inbox);                                                                               \
    }
MISHMEM_RMA_TYPES(TEST_TYPE)

/* Sized forms with SHMEM_SIGNAL_SET: the signal carries the sender. */
static void test_sized(int me, int npes)
{
    enum { BYTES = 64 };
    unsigned char *inbox = shmem_calloc(10, BYTES);
    uint64_t *signals = shmem_calloc(10, sizeof(uint64_t));
    unsigned char source[BYTES];
    for (int k = 0; k < BYTES; k++)
        source[k] = (unsigned char)(k + me * 13 + 1);
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    uint64_t mark = 0x5157000000000000ull | (uint64_t)me << 8;
    shmem_put8_signal(inbox + 0 * BYTES, source, 40, &signals[0], mark | 8, SHMEM_SIGNAL_SET, to);
    shmem_put16_signal(inbox + 1 * BYTES, source, 20, &signals[1], mark | 16, SHMEM_SIGNAL_SET, to);
    shmem_put32_signal(inbox + 2 * BYTES, source, 10, &signals[2], mark | 32, SHMEM_SIGNAL_SET, to);
    shmem_put64_signal(inbox + 3 * BYTES, source, 5, &signals[3], mark | 64, SHMEM_SIGNAL_SET, to);
    shmem_put128_signal(inbox + 4 * BYTES, source, 2, &signals[4], mark | 128, SHMEM_SIGNAL_SET, to);
    shmem_put8_signal_nbi(inbox + 5 * BYTES, source, 40, &signals[5], mark | 9, SHMEM_SIGNAL_SET, to);
    shmem_put16_signal_nbi(inbox + 6 * BYTES, source, 20, &signals[6], mark | 17, SHMEM_SIGNAL_SET, to);
    shmem_put32_signal_nbi(inbox + 7 * BYTES, source, 10, &signals[7], mark | 33, SHMEM_SIGNAL_SET, to);
    shmem_put64_signal_nbi(inbox + 8 * BYTES, source, 5, &signals[8], mark | 65, SHMEM_SIGNAL_SET, to);
    shmem_put128_signal_nbi(inbox + 9 * BYTES, source, 2, &signals[9], mark | 129, SHMEM_SIGNAL_SET, to);
    shmem_quiet();
    static const int tags[10] = {8, 16, 32, 64, 128, 9, 17, 33, 65, 129};
    uint64_t from_mark = 0x5157000000000000ull | (uint64_t)from << 8;
    for (int form = 0; form < 10; form++) {
        uint64_t expected = from_mark | (uint64_t)tags[form];
        shmem_signal_wait_until(&signals[form], SHMEM_CMP_EQ, expected);
        int moved = form % 5 == 4 ? 32 : 40; /* 128-bit: 2 elements; the others 40 bytes */
        for (int k = 0; k < BYTES; k++) {
            int want = k < moved ? (unsigned char)(k + from * 13 + 1) : 0;
            CHECK(inbox[form * BYTES + k] == want, "sized form %d byte %d: %d, expected %d", form, k,
                  inbox[form * BYTES + k], want);
        }
    }
    shmem_barrier_all();
    shmem_free(signals);
    shmem_free(inbox);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
#define RUN_TYPE(T, N) test_##N(me, npes);
    MISHMEM_RMA_TYPES(RUN_TYPE)
    test_sized(me, npes);
    shmem_barrier_all();
    if (me == 0)
        printf("put_signal: %d PEs in instance %llu, every type and size verified\n", npes,
               (unsigned long long)aclshmemx_instance_ctx_get()->id);
    shmem_finalize();
    return 0;
}
