/* The rest of the OpenSHMEM 1.6 point-to-point additions, checked on the
 * values the peers see: shmem_ibput / shmem_ibget (every RMA type, sized
 * 8..128, context and C11 generic forms), shmem_signal_add / _set (and
 * their context forms, generic with a context first), shmem_pe_quiet /
 * shmem_ctx_pe_quiet, shmem_team_ptr and communication sessions.
 * Run: test_rma16 [MISUSE] (every misuse must stop the job with a message). */
#include <shmem.h>
#include <string.h>

#include "test_util.h"
#include "util/type_lists.h"

#define NBLOCKS 5
#define BSIZE 3
#define SST 4 /* source blocks start every 4 elements */
#define DST 7 /* dest blocks every 7 */
#define SPAN (DST * NBLOCKS)

static unsigned char *sym; /* SPAN elements of the widest type, twice */
static long checked;

/* Element e (e < BSIZE) of block b from PE p. */
#define VALUE(T, p, b, e) ((T)(1 + (p) * 7 + (b) * BSIZE + (e)))

#define DEFINE_BLOCK_TEST(T, N)                                                                           \
    static void blocks_##N(int me, int n, shmem_ctx_t ctx)                                                \
    {                                                                                                     \
        int right = (me + 1) % n, left = (me + n - 1) % n;                                                \
        T *dest = (T *)sym, *remote_src = (T *)sym + SPAN;                                                \
        T local[SPAN];                                                                                    \
        for (int i = 0; i < SPAN; i++) {                                                                  \
            dest[i] = (T)0;                                                                               \
            local[i] = (T)0;                                                                              \
            remote_src[i] = (T)0;                                                                         \
        }                                                                                                 \
        for (int b = 0; b < NBLOCKS; b++)                                                                 \
            for (int e = 0; e < BSIZE; e++) {                                                             \
                local[b * SST + e] = VALUE(T, me, b, e);                                                  \
                remote_src[b * SST + e] = VALUE(T, me, b, e);                                             \
            }                                                                                             \
        shmem_barrier_all();                                                                              \
        if (ctx == SHMEM_CTX_INVALID)                                                                     \
            shmem_##N##_ibput(dest, local, DST, SST, BSIZE, NBLOCKS, right);                              \
        else                                                                                              \
            shmem_ctx_##N##_ibput(ctx, dest, local, DST, SST, BSIZE, NBLOCKS, right);                     \
        shmem_barrier_all();                                                                              \
        for (int i = 0; i < SPAN; i++) {                                                                  \
            int b = i / DST, e = i % DST;                                                                 \
            T want = e < BSIZE ? VALUE(T, left, b, e) : (T)0;                                             \
            CHECK(dest[i] == want, #N "_ibput: dest[%d] from PE %d wrong", i, left);                      \
        }                                                                                                 \
        T got[SPAN];                                                                                      \
        memset(got, 0, sizeof got);                                                                       \
        if (ctx == SHMEM_CTX_INVALID)                                                                     \
            shmem_##N##_ibget(got, remote_src, DST, SST, BSIZE, NBLOCKS, right);                          \
        else                                                                                              \
            shmem_ctx_##N##_ibget(ctx, got, remote_src, DST, SST, BSIZE, NBLOCKS, right);                 \
        for (int i = 0; i < SPAN; i++) {                                                                  \
            int b = i / DST, e = i % DST;                                                                 \
            T want = e < BSIZE ? VALUE(T, right, b, e) : (T)0;                                            \
            CHECK(got[i] == want, #N "_ibget: got[%d] from PE %d wrong", i, right);                       \
        }                                                                                                 \
        shmem_barrier_all();                                                                              \
        checked += 2;                                                                                     \
    }
MISHMEM_RMA_TYPES(DEFINE_BLOCK_TEST)
#define RUN_BLOCKS(T, N) blocks_##N(me, n, ctx);

/* Sized forms: B-bit elements as bytes, element k of block b = pattern. */
static void sized_blocks(int me, int n, int bits, int with_ctx)
{
    size_t elem = (size_t)bits / 8;
    int right = (me + 1) % n, left = (me + n - 1) % n;
    unsigned char local[SPAN * 16], got[SPAN * 16];
    memset(sym, 0, SPAN * elem);
    memset(local, 0, sizeof local);
    for (int b = 0; b < NBLOCKS; b++)
        for (size_t k = 0; k < BSIZE * elem; k++)
            local[b * SST * elem + k] = (unsigned char)(me * 31 + b * 5 + (int)k + 1);
    memcpy(sym + SPAN * 16, local, sizeof local);
    shmem_barrier_all();
    switch (bits) {
#define CASE(B)                                                                               \
    case B:                                                                                   \
        if (with_ctx)                                                                         \
            shmem_ctx_ibput##B(SHMEM_CTX_DEFAULT, sym, local, DST, SST, BSIZE, NBLOCKS, right); \
        else                                                                                  \
            shmem_ibput##B(sym, local, DST, SST, BSIZE, NBLOCKS, right);                      \
        shmem_barrier_all();                                                                  \
        memset(got, 0, sizeof got);                                                           \
        if (with_ctx)                                                                         \
            shmem_ctx_ibget##B(SHMEM_CTX_DEFAULT, got, sym + SPAN * 16, DST, SST, BSIZE, NBLOCKS, right); \
        else                                                                                  \
            shmem_ibget##B(got, sym + SPAN * 16, DST, SST, BSIZE, NBLOCKS, right);            \
        break;
        CASE(8) CASE(16) CASE(32) CASE(64) CASE(128)
#undef CASE
    }
    for (int b = 0; b < NBLOCKS; b++)
        for (size_t k = 0; k < BSIZE * elem; k++) {
            CHECK(sym[b * DST * elem + k] == (unsigned char)(left * 31 + b * 5 + (int)k + 1),
                  "ibput%d block %d byte %zu", bits, b, k);
            CHECK(got[b * DST * elem + k] == (unsigned char)(right * 31 + b * 5 + (int)k + 1),
                  "ibget%d block %d byte %zu", bits, b, k);
        }
    shmem_barrier_all();
    checked += 2;
}

static void generic_blocks(int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    long *dest = (long *)sym, local[SPAN];
    for (int i = 0; i < SPAN; i++)
        local[i] = me * 100 + i;
    memset(dest, 0, SPAN * sizeof(long));
    shmem_barrier_all();
    shmem_ibput(dest, local, 2, 1, 2, 3, right);                    /* blocks at 0, 2, 4 from 0, 1, 2 */
    shmem_ibput(SHMEM_CTX_DEFAULT, dest + 10, local, 1, 3, 1, 2, right); /* 2 blocks of 1 from 0, 3 */
    shmem_barrier_all();
    CHECK(dest[0] == left * 100 + 0 && dest[1] == left * 100 + 1, "generic ibput block 0");
    CHECK(dest[2] == left * 100 + 1 && dest[3] == left * 100 + 2, "generic ibput block 1");
    CHECK(dest[4] == left * 100 + 2 && dest[5] == left * 100 + 3, "generic ibput block 2");
    CHECK(dest[10] == left * 100 + 0 && dest[11] == left * 100 + 3, "generic ctx ibput");
    long got[4] = {0};
    shmem_ibget(got, dest, 2, 2, 1, 2, right); /* elements 0 and 2 of the right's dest */
    CHECK(got[0] == me * 100 + 0 && got[2] == me * 100 + 1, "generic ibget");
    shmem_barrier_all();
    checked += 3;
}

static void signals(int me, int n)
{
    uint64_t *sig = (uint64_t *)sym;
    *sig = 0;
    shmem_barrier_all();
    for (int pe = 0; pe < n; pe++) /* everybody adds me + 1 on everybody */
        shmem_signal_add(sig, (uint64_t)me + 1, pe);
    shmem_barrier_all();
    uint64_t want = (uint64_t)n * (uint64_t)(n + 1) / 2;
    CHECK(shmem_signal_fetch(sig) == want, "signal_add: %llu, expected %llu",
          (unsigned long long)shmem_signal_fetch(sig), (unsigned long long)want);
    shmem_barrier_all();
    shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, sig, 5, (me + 1) % n);
    shmem_signal_add(SHMEM_CTX_DEFAULT, sig, 2, (me + 1) % n); /* C11: ctx first */
    shmem_barrier_all();
    CHECK(*sig == want + 7, "ctx signal_add: %llu", (unsigned long long)*sig);
    shmem_barrier_all();
    /* set: the left neighbour sets my word to its number + 1000, I wait. */
    shmem_signal_set(sig, 1000 + (uint64_t)me, (me + 1) % n);
    shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 1000 + (uint64_t)((me + n - 1) % n));
    shmem_barrier_all();
    shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, sig, 77, me);
    shmem_signal_set(SHMEM_CTX_DEFAULT, sig, 78 + (uint64_t)me, me);
    CHECK(*sig == 78 + (uint64_t)me, "ctx signal_set on myself: %llu", (unsigned long long)*sig);
    shmem_barrier_all();
    checked += 4;
}

/* pe_quiet: a put then pe_quiet, then a flag the target waits on. */
static void pe_quiet(int me, int n, shmem_ctx_t ctx)
{
    long *data = (long *)sym, *flag = data + 8;
    *flag = 0;
    data[0] = -1;
    shmem_barrier_all();
    int right = (me + 1) % n;
    shmem_ctx_long_put_nbi(ctx, data, (long[]){me * 3L}, 1, right);
    int targets[2] = {right, me};
    shmem_ctx_pe_quiet(ctx, targets, 2);
    shmem_pe_quiet(targets, 1);
    shmem_pe_quiet(NULL, 0);
    shmem_ctx_pe_quiet(SHMEM_CTX_INVALID, targets, 2); /* no-op */
    shmem_ctx_long_atomic_set(ctx, flag, 1, right);
    shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
    CHECK(data[0] == ((me + n - 1) % n) * 3L, "pe_quiet: data %ld", data[0]);
    shmem_barrier_all();
    checked++;
}

static void team_ptr(int me, int n)
{
    long *x = (long *)sym;
    *x = me;
    shmem_barrier_all();
    CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, x, 0) == NULL, "team_ptr of SHMEM_TEAM_INVALID");
    for (int pe = 0; pe < n; pe++) {
        long *p = shmem_team_ptr(SHMEM_TEAM_WORLD, x, pe);
        CHECK(p == shmem_ptr(x, pe), "team_ptr(world, %d) differs from shmem_ptr", pe);
        if (p)
            CHECK(*p == pe, "team_ptr(world, %d) reads %ld", pe, *p);
    }
    if (n >= 2) { /* the odd PEs: team PE i is world PE 2i + 1 */
        shmem_team_t odd;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0, "split");
        if (odd != SHMEM_TEAM_INVALID)
            for (int i = 0; i < n / 2; i++) {
                long *p = shmem_team_ptr(odd, x, i);
                CHECK(p == shmem_ptr(x, 2 * i + 1), "team_ptr(odd, %d)", i);
                if (p)
                    CHECK(*p == 2 * i + 1, "team_ptr(odd, %d) reads %ld", i, *p);
            }
        shmem_team_destroy(odd);
    }
    shmem_barrier_all();
    checked++;
}

static void sessions(void)
{
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    shmem_ctx_session_config_t config = {.total_ops = 10};
    shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, &config, SHMEM_CTX_SESSION_TOTAL_OPS);
    shmem_ctx_session_start(ctx, 0, NULL, 0); /* combines: nothing new */
    int me = shmem_my_pe(), n = shmem_n_pes();
    pe_quiet(me, n, ctx); /* the session changes no result */
    shmem_ctx_session_stop(ctx);
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, SHMEM_CTX_SESSION_BATCH, NULL, 0);
    shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
    shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, &config, 0); /* no-op */
    shmem_ctx_session_stop(SHMEM_CTX_INVALID);
    shmem_ctx_destroy(ctx);
    checked++;
}

static int misuse(const char *mode)
{
    long local[4] = {0};
    if (!strcmp(mode, "ibput-stride"))
        shmem_long_ibput((long *)sym, local, 0, 1, 1, 2, 0);
    else if (!strcmp(mode, "ibget-heap"))
        shmem_long_ibget(local, local, 1, 1, 1, 2, 0); /* source not symmetric */
    else if (!strcmp(mode, "signal-pe"))
        shmem_signal_add((uint64_t *)sym, 1, shmem_n_pes());
    else if (!strcmp(mode, "pe-quiet"))
        shmem_pe_quiet((int[]){shmem_n_pes()}, 1);
    else if (!strcmp(mode, "ctx-pe-quiet")) {
        shmem_ctx_t ctx;
        CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
        shmem_ctx_pe_quiet(ctx, (int[]){0, -3}, 2);
    } else if (!strcmp(mode, "team-ptr"))
        shmem_team_ptr(SHMEM_TEAM_WORLD, sym, -1);
    else if (!strcmp(mode, "session-args")) { /* reported, ignored: the job goes on */
        shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 6, NULL, 0);
        shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, NULL, SHMEM_CTX_SESSION_TOTAL_OPS);
        shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
        fflush(stderr);
        shmem_barrier_all();
        printf("sessions: arguments reported\n");
        shmem_finalize();
        return 0;
    } else
        return 2;
    printf("UNREACHABLE\n");
    return 0;
}

int main(int argc, char **argv)
{
    shmem_init();
    sym = shmem_calloc(SPAN * 2, 16);
    CHECK(sym, "shmem_calloc");
    if (argc > 1)
        return misuse(argv[1]);
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_ctx_t team_ctx;
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_WORLD, 0, &team_ctx) == 0, "team ctx");
    shmem_ctx_t contexts[] = {SHMEM_CTX_INVALID /* the forms without ctx */, SHMEM_CTX_DEFAULT, team_ctx};
    for (int c = 0; c < 3; c++) {
        shmem_ctx_t ctx = contexts[c];
        MISHMEM_RMA_TYPES(RUN_BLOCKS)
    }
    for (int bits = 8; bits <= 128; bits *= 2) {
        sized_blocks(me, n, bits, 0);
        sized_blocks(me, n, bits, 1);
    }
    generic_blocks(me, n);
    signals(me, n);
    pe_quiet(me, n, SHMEM_CTX_DEFAULT);
    pe_quiet(me, n, team_ctx);
    team_ptr(me, n);
    sessions();
    shmem_ctx_destroy(team_ctx);
    shmem_free(sym);
    printf("PE %d: %ld checks\n", me, checked);
    shmem_finalize();
    return 0;
}
