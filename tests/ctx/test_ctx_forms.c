/* Every RMA form that takes a context, for every type and size, through
 * a created context (with options) and through SHMEM_CTX_DEFAULT, plus
 * the C11 generic forms with a context first. Each PE writes to the next
 * PE and reads from it; values encode type, form and sender. Then context
 * churn: thousands of create/destroy cycles and many live at once. */
#include <shmem.h>
#include <string.h>

#include "test_util.h"
#include "util/type_lists.h"

#define NELEMS 6
#define STRIDE_DST 3
#define STRIDE_SRC 2
/* Exact in every type (< 127): element i of form f from PE `from`. */
#define VALUE(i, f, from) ((i) + (f) * 7 + (from) + 1)

enum { F_PUT, F_PUT_NBI, F_P, F_IPUT, F_PUT_SIGNAL, F_PUT_SIGNAL_NBI, F_GENERIC_PUT, F_GENERIC_P,
       F_GENERIC_IPUT, F_GENERIC_SIGNAL, PUT_FORMS };
#define SLOT (NELEMS * STRIDE_DST) /* elements reserved per form */

#define TEST_TYPE(T, N)                                                                                 \
    static void test_##N(shmem_ctx_t ctx, int me, int npes)                                             \
    {                                                                                                   \
        T *inbox = shmem_calloc((size_t)PUT_FORMS * SLOT, sizeof(T));                                   \
        T *outbox = shmem_malloc(sizeof(T) * NELEMS * STRIDE_SRC);                                      \
        uint64_t *signals = shmem_calloc(2, sizeof(uint64_t));                                          \
        CHECK(inbox && outbox && signals, "shmem_malloc for " #T);                                      \
        for (int k = 0; k < NELEMS * STRIDE_SRC; k++)                                                   \
            outbox[k] = (T)(k + 3 * me + 1);                                                            \
        shmem_barrier_all();                                                                            \
        int to = (me + 1) % npes, from = (me + npes - 1) % npes;                                        \
        T source[PUT_FORMS][NELEMS * STRIDE_SRC];                                                       \
        for (int f = 0; f < PUT_FORMS; f++)                                                             \
            for (int k = 0; k < NELEMS * STRIDE_SRC; k++)                                               \
                source[f][k] = (T)VALUE(k, f, me);                                                      \
        shmem_ctx_##N##_put(ctx, inbox + F_PUT * SLOT, source[F_PUT], NELEMS, to);                      \
        shmem_ctx_##N##_put_nbi(ctx, inbox + F_PUT_NBI * SLOT, source[F_PUT_NBI], NELEMS, to);          \
        for (int i = 0; i < NELEMS; i++) {                                                              \
            shmem_ctx_##N##_p(ctx, inbox + F_P * SLOT + i, source[F_P][i], to);                         \
            shmem_p(ctx, inbox + F_GENERIC_P * SLOT + i, source[F_GENERIC_P][i], to);                   \
        }                                                                                               \
        shmem_ctx_##N##_iput(ctx, inbox + F_IPUT * SLOT, source[F_IPUT], STRIDE_DST, STRIDE_SRC,        \
                             NELEMS, to);                                                               \
        shmem_ctx_##N##_put_signal(ctx, inbox + F_PUT_SIGNAL * SLOT, source[F_PUT_SIGNAL], NELEMS,      \
                                   &signals[0], 1, SHMEM_SIGNAL_ADD, to);                               \
        shmem_ctx_##N##_put_signal_nbi(ctx, inbox + F_PUT_SIGNAL_NBI * SLOT,                            \
                                       source[F_PUT_SIGNAL_NBI], NELEMS, &signals[1], 1,                \
                                       SHMEM_SIGNAL_ADD, to);                                           \
        shmem_put(ctx, inbox + F_GENERIC_PUT * SLOT, source[F_GENERIC_PUT], NELEMS, to);                \
        shmem_iput(ctx, inbox + F_GENERIC_IPUT * SLOT, source[F_GENERIC_IPUT], STRIDE_DST,              \
                   STRIDE_SRC, NELEMS, to);                                                             \
        shmem_put_signal(ctx, inbox + F_GENERIC_SIGNAL * SLOT, source[F_GENERIC_SIGNAL], NELEMS,        \
                         &signals[0], 1, SHMEM_SIGNAL_ADD, to);                                         \
        shmem_ctx_quiet(ctx);                                                                           \
        shmem_barrier_all();                                                                            \
        CHECK(signals[0] == 2 && signals[1] == 1, #T ": signals %llu %llu",                             \
              (unsigned long long)signals[0], (unsigned long long)signals[1]);                          \
        for (int f = 0; f < PUT_FORMS; f++) {                                                           \
            int strided = f == F_IPUT || f == F_GENERIC_IPUT;                                           \
            for (int k = 0; k < SLOT; k++) {                                                            \
                T expected = 0;                                                                         \
                if (strided && k % STRIDE_DST == 0)                                                     \
                    expected = (T)VALUE(k / STRIDE_DST * STRIDE_SRC, f, from);                          \
                else if (!strided && k < NELEMS)                                                        \
                    expected = (T)VALUE(k, f, from);                                                    \
                CHECK(inbox[f * SLOT + k] == expected, #T " form %d slot %d wrong on PE %d", f, k, me); \
            }                                                                                           \
        }                                                                                               \
        /* Reads from the next PE: get, get_nbi, g, iget and their generics. */                         \
        T got[5][NELEMS * STRIDE_DST];                                                                  \
        memset(got, 0, sizeof got);                                                                     \
        shmem_ctx_##N##_get(ctx, got[0], outbox, NELEMS, to);                                           \
        shmem_ctx_##N##_get_nbi(ctx, got[1], outbox, NELEMS, to);                                       \
        shmem_get(ctx, got[2], outbox, NELEMS, to);                                                     \
        shmem_get_nbi(ctx, got[3], outbox, NELEMS, to);                                                 \
        shmem_ctx_quiet(ctx);                                                                           \
        for (int r = 0; r < 4; r++)                                                                     \
            for (int i = 0; i < NELEMS; i++)                                                            \
                CHECK(got[r][i] == (T)(i + 3 * to + 1), #T " get form %d element %d", r, i);            \
        for (int i = 0; i < NELEMS; i++) {                                                              \
            CHECK(shmem_ctx_##N##_g(ctx, outbox + i, to) == (T)(i + 3 * to + 1), #T " ctx g %d", i);    \
            const T *read_only = outbox + i;                                                            \
            CHECK(shmem_g(ctx, read_only, to) == (T)(i + 3 * to + 1), #T " generic ctx g %d", i);       \
        }                                                                                               \
        memset(got, 0, sizeof got);                                                                     \
        shmem_ctx_##N##_iget(ctx, got[0], outbox, STRIDE_DST, STRIDE_SRC, NELEMS, to);                  \
        shmem_iget(ctx, got[1], outbox, STRIDE_DST, STRIDE_SRC, NELEMS, to);                            \
        for (int r = 0; r < 2; r++)                                                                     \
            for (int k = 0; k < NELEMS * STRIDE_DST; k++) {                                             \
                T expected = (T)(k % STRIDE_DST ? 0 : k / STRIDE_DST * STRIDE_SRC + 3 * to + 1);        \
                CHECK(got[r][k] == expected, #T " iget form %d slot %d", r, k);                         \
            }                                                                                           \
        shmem_barrier_all();                                                                            \
        shmem_free(signals);                                                                            \
        shmem_free(outbox);                                                                             \
        shmem_free(inbox);                                                                              \
    }
MISHMEM_RMA_TYPES(TEST_TYPE)

/* Untyped and sized forms: each moves 48 bytes (or a strided pattern) to
 * its own slot of the next PE. */
static void test_untyped(shmem_ctx_t ctx, int me, int npes)
{
    enum { BYTES = 48, FORMS = 30 };
    unsigned char *inbox = shmem_calloc(FORMS, BYTES);
    unsigned char *outbox = shmem_malloc(BYTES * 2);
    uint64_t *signals = shmem_calloc(1, sizeof(uint64_t));
    for (int k = 0; k < BYTES * 2; k++)
        outbox[k] = (unsigned char)(k + me + 1);
    shmem_barrier_all();
    int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    unsigned char source[BYTES];
    for (int k = 0; k < BYTES; k++)
        source[k] = (unsigned char)(k * 5 + me + 1);
    int form = 0;
    shmem_ctx_putmem(ctx, inbox + BYTES * form++, source, BYTES, to);
    shmem_ctx_putmem_nbi(ctx, inbox + BYTES * form++, source, BYTES, to);
    shmem_ctx_putmem_signal(ctx, inbox + BYTES * form++, source, BYTES, signals, 1, SHMEM_SIGNAL_ADD, to);
    shmem_ctx_putmem_signal_nbi(ctx, inbox + BYTES * form++, source, BYTES, signals, 1, SHMEM_SIGNAL_ADD,
                                to);
#define SIZED_PUTS(B)                                                                                 \
    shmem_ctx_put##B(ctx, inbox + BYTES * form++, source, BYTES / (B / 8), to);                       \
    shmem_ctx_put##B##_nbi(ctx, inbox + BYTES * form++, source, BYTES / (B / 8), to);                 \
    shmem_ctx_put##B##_signal(ctx, inbox + BYTES * form++, source, BYTES / (B / 8), signals, 1,       \
                              SHMEM_SIGNAL_ADD, to);                                                  \
    shmem_ctx_put##B##_signal_nbi(ctx, inbox + BYTES * form++, source, BYTES / (B / 8), signals, 1,   \
                                  SHMEM_SIGNAL_ADD, to);                                              \
    shmem_ctx_iput##B(ctx, inbox + BYTES * form++, source, 1, 1, BYTES / (B / 8), to);
    MISHMEM_SIZED_RMA(SIZED_PUTS)
    CHECK(form == 29, "form count %d", form);
    shmem_ctx_fence(ctx);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    CHECK(*signals == 2 + 2 * 5, "untyped signals: %llu", (unsigned long long)*signals);
    for (int f = 0; f < form; f++)
        for (int k = 0; k < BYTES; k++)
            CHECK(inbox[f * BYTES + k] == (unsigned char)(k * 5 + from + 1), "untyped form %d byte %d", f, k);
    unsigned char got[BYTES];
/* got[k] must be byte k of the next PE's outbox. */
#define CHECK_GOT(what)                                                                               \
    for (int k = 0; k < BYTES; k++)                                                                   \
        CHECK(got[k] == (unsigned char)(k + to + 1), "%s byte %d", what, k);
#define SIZED_GETS(B)                                                                                     \
    memset(got, 0, sizeof got);                                                                           \
    shmem_ctx_get##B(ctx, got, outbox, BYTES / (B / 8), to);                                              \
    CHECK_GOT("get" #B);                                                                                  \
    memset(got, 0, sizeof got);                                                                           \
    shmem_ctx_get##B##_nbi(ctx, got, outbox, BYTES / (B / 8), to);                                        \
    shmem_ctx_quiet(ctx);                                                                                 \
    CHECK_GOT("get" #B "_nbi");                                                                           \
    memset(got, 0, sizeof got);                                                                           \
    shmem_ctx_iget##B(ctx, got, outbox, 1, 2, BYTES / (B / 8) / 2, to);                                   \
    for (int k = 0; k < BYTES / (B / 8) / 2 * (B / 8); k++) {                                             \
        int element = k / (B / 8), byte = k % (B / 8);                                                    \
        CHECK(got[k] == (unsigned char)(element * 2 * (B / 8) + byte + to + 1), "iget" #B " byte %d", k); \
    }
    MISHMEM_SIZED_RMA(SIZED_GETS)
    memset(got, 0, sizeof got);
    shmem_ctx_getmem(ctx, got, outbox, BYTES, to);
    CHECK_GOT("getmem");
    memset(got, 0, sizeof got);
    shmem_ctx_getmem_nbi(ctx, got, outbox, BYTES, to);
    shmem_ctx_quiet(ctx);
    CHECK_GOT("getmem_nbi");
    shmem_barrier_all();
    shmem_free(signals);
    shmem_free(outbox);
    shmem_free(inbox);
}

/* Create/destroy churn: contexts are cheap, never leak, and each new one
 * works; bad options fail cleanly; SHMEM_CTX_INVALID is a no-op for
 * quiet, fence and destroy. */
static void test_churn(int me, int npes)
{
    long *cell = shmem_calloc(1, sizeof(long));
    int to = (me + 1) % npes;
    for (int round = 0; round < 3000; round++) {
        shmem_ctx_t ctx;
        long options = round % 4 == 0 ? 0 : round % 4 == 1 ? SHMEM_CTX_PRIVATE
                     : round % 4 == 2 ? SHMEM_CTX_SERIALIZED : SHMEM_CTX_NOSTORE | SHMEM_CTX_PRIVATE;
        CHECK(shmem_ctx_create(options, &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "create round %d", round);
        shmem_ctx_long_p(ctx, cell, round, to);
        shmem_ctx_destroy(ctx);
    }
    enum { LIVE = 200 };
    static shmem_ctx_t live[LIVE];
    for (int i = 0; i < LIVE; i++)
        CHECK(shmem_ctx_create(0, &live[i]) == 0, "live create %d", i);
    for (int i = 0; i < LIVE; i++)
        for (int j = 0; j < i; j++)
            CHECK(live[i] != live[j], "two live contexts share a handle");
    for (int i = LIVE - 1; i >= 0; i--)
        shmem_ctx_destroy(live[i]);
    shmem_ctx_t bad = SHMEM_CTX_DEFAULT;
    CHECK(shmem_ctx_create(1L << 20, &bad) != 0, "unknown option accepted");
    CHECK(bad == SHMEM_CTX_INVALID, "failed create must set SHMEM_CTX_INVALID");
    shmem_ctx_quiet(SHMEM_CTX_INVALID);
    shmem_ctx_fence(SHMEM_CTX_INVALID);
    shmem_ctx_destroy(SHMEM_CTX_INVALID);
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    shmem_ctx_fence(SHMEM_CTX_DEFAULT);
    shmem_barrier_all();
    CHECK(*cell == 2999, "last churn put: %ld", *cell);
    shmem_barrier_all();
    shmem_free(cell);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_ctx_t made;
    CHECK(shmem_ctx_create(SHMEM_CTX_SERIALIZED, &made) == 0, "shmem_ctx_create");
    shmem_ctx_t contexts[2] = {made, SHMEM_CTX_DEFAULT};
    for (int c = 0; c < 2; c++) {
#define RUN_TYPE(T, N) test_##N(contexts[c], me, npes);
        MISHMEM_RMA_TYPES(RUN_TYPE)
        test_untyped(contexts[c], me, npes);
    }
    shmem_ctx_destroy(made);
    test_churn(me, npes);
    shmem_barrier_all();
    if (me == 0)
        printf("ctx forms: %d PEs in instance %llu, every form through a created and the default context\n",
               npes, (unsigned long long)aclshmemx_instance_ctx_get()->id);
    shmem_finalize();
    return 0;
}
