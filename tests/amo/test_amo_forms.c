/* The other ways into the atomics: the C11 generic forms (with and without
 * a context), the deprecated OpenSHMEM 1.3 names, and a context created in
 * the world instance used while a second instance is current, beside the
 * plain calls and SHMEM_CTX_DEFAULT, which act on the current one. */
#include "instance/instance_util.h"

static int me, npes;

/* Generic forms pick the typed call from the target's type: results that
 * only the right width and sign produce. */
static void generic_forms(void)
{
    long long *ll = shmem_calloc(1, sizeof *ll);
    unsigned int *u = shmem_calloc(1, sizeof *u);
    int *i = shmem_calloc(1, sizeof *i);
    double *d = shmem_calloc(1, sizeof *d);
    float *f = shmem_calloc(1, sizeof *f);
    int64_t *bits = shmem_calloc(1, sizeof *bits);
    CHECK(ll && u && i && d && f && bits, "calloc");
    int to = (me + 1) % npes;
    shmem_atomic_set(ll, -0x123456789LL, to);
    CHECK(shmem_atomic_fetch_add(ll, -1LL, to) == -0x123456789LL, "generic fetch_add on long long");
    shmem_atomic_add(ll, 2LL, to);
    shmem_atomic_inc(ll, to);
    CHECK(shmem_atomic_fetch_inc(ll, to) == -0x123456789LL + 2, "generic inc on long long");
    CHECK(shmem_atomic_compare_swap(ll, -0x123456789LL + 3, 7LL, to) == -0x123456789LL + 3, "generic cswap");
    const long long *read_only = ll;
    CHECK(shmem_atomic_fetch(read_only, to) == 7, "generic fetch through a const pointer");
    shmem_atomic_set(u, 0xFFFFFFF0u, to);
    CHECK(shmem_atomic_fetch_add(u, 0x20u, to) == 0xFFFFFFF0u, "generic fetch_add on unsigned int");
    CHECK(shmem_atomic_fetch(u, to) == 0x10u, "unsigned int wraps at 32 bits");
    shmem_atomic_set(i, -5, to);
    CHECK(shmem_atomic_swap(i, 9, to) == -5, "generic swap on int");
    CHECK(shmem_atomic_fetch_and(i, 1, to) == 9, "generic fetch_and on int (int32_t)");
    shmem_atomic_set(d, -2.5e300, to);
    CHECK(shmem_atomic_swap(d, 0.125, to) == -2.5e300, "generic swap on double");
    shmem_atomic_set(f, 1.75f, to);
    CHECK(shmem_atomic_fetch(f, to) == 1.75f, "generic fetch on float");
    shmem_atomic_set(bits, INT64_MIN, to);
    shmem_atomic_or(bits, 6, to);
    shmem_atomic_xor(bits, 2, to);
    shmem_atomic_and(bits, INT64_MIN | 4, to);
    CHECK(shmem_atomic_fetch_or(bits, 1, to) == (INT64_MIN | 4), "generic or/xor/and on int64_t");
    CHECK(shmem_atomic_fetch_xor(bits, 1, to) == (INT64_MIN | 5), "generic fetch_xor");

    /* Non-blocking and context forms. */
    long long got = 0;
    shmem_atomic_fetch_add_nbi(&got, ll, 10LL, to);
    shmem_quiet();
    CHECK(got == 7, "generic fetch_add_nbi");
    shmem_atomic_fetch_nbi(&got, ll, to);
    shmem_atomic_swap_nbi(&got, ll, 1LL, to);
    shmem_atomic_compare_swap_nbi(&got, ll, 1LL, 2LL, to);
    shmem_atomic_fetch_inc_nbi(&got, ll, to);
    shmem_quiet();
    CHECK(got == 2, "generic fetch_inc_nbi");
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    CHECK(shmem_atomic_fetch_add(ctx, ll, 5LL, to) == 3, "generic fetch_add with a context");
    shmem_atomic_add(SHMEM_CTX_DEFAULT, ll, 1LL, to);
    CHECK(shmem_atomic_fetch(ctx, read_only, to) == 9, "generic fetch with a context");
    int64_t old_bits = 0;
    shmem_atomic_fetch_xor_nbi(ctx, &old_bits, bits, 0, to);
    shmem_ctx_quiet(ctx);
    CHECK(old_bits == (INT64_MIN | 4), "generic fetch_xor_nbi with a context");
    unsigned int old_u = 0;
    shmem_atomic_fetch_or_nbi(SHMEM_CTX_DEFAULT, &old_u, u, 0x100u, to);
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    CHECK(old_u == 0x10u && shmem_atomic_fetch(ctx, u, to) == 0x110u, "generic fetch_or_nbi with a context");
    shmem_barrier_all();
    CHECK(*ll == 9 && *u == 0x110u && *i == 1 && *d == 0.125 && *f == 1.75f, "PE %d's words on PE %d",
          (me + npes - 1) % npes, me);
    shmem_barrier_all();
    shmem_free(bits);
    shmem_free(f);
    shmem_free(d);
    shmem_free(i);
    shmem_free(u);
    shmem_free(ll);
}

/* OpenSHMEM 1.3 names, typed and generic. */
static void deprecated_names(void)
{
    long *l = shmem_calloc(1, sizeof *l);
    int *i = shmem_calloc(1, sizeof *i);
    long long *ll = shmem_calloc(1, sizeof *ll);
    float *f = shmem_calloc(1, sizeof *f);
    double *d = shmem_calloc(1, sizeof *d);
    CHECK(l && i && ll && f && d, "calloc");
    int to = (me + 1) % npes;
    shmem_long_set(l, -0x100000000L, to);
    CHECK(shmem_long_fadd(l, 3, to) == -0x100000000L, "shmem_long_fadd");
    CHECK(shmem_long_finc(l, to) == -0x100000000L + 3, "shmem_long_finc");
    shmem_long_inc(l, to);
    shmem_long_add(l, 5, to);
    CHECK(shmem_long_fetch(l, to) == -0x100000000L + 10, "shmem_long_fetch");
    CHECK(shmem_long_cswap(l, -0x100000000L + 10, 42, to) == -0x100000000L + 10, "shmem_long_cswap");
    CHECK(shmem_long_swap(l, 43, to) == 42, "shmem_long_swap");
    CHECK((shmem_swap)(l, 44, to) == 43, "untyped shmem_swap on long");
    CHECK(shmem_swap(l, 45L, to) == 44, "generic shmem_swap");
    shmem_int_set(i, -7, to);
    shmem_int_add(i, -1, to);
    shmem_int_inc(i, to);
    CHECK(shmem_int_fadd(i, 0, to) == -7 && shmem_int_finc(i, to) == -7, "shmem_int_* adds");
    CHECK(shmem_int_cswap(i, -6, 100, to) == -6 && shmem_int_swap(i, 101, to) == 100, "shmem_int_cswap/swap");
    CHECK(shmem_int_fetch(i, to) == 101, "shmem_int_fetch");
    shmem_longlong_set(ll, 1LL << 40, to);
    shmem_longlong_inc(ll, to);
    shmem_longlong_add(ll, 1LL << 41, to);
    CHECK(shmem_longlong_fadd(ll, 0, to) == (1LL << 40) + 1 + (1LL << 41), "shmem_longlong_add");
    CHECK(shmem_longlong_finc(ll, to) == (3LL << 40) + 1, "shmem_longlong_finc");
    CHECK(shmem_longlong_cswap(ll, (3LL << 40) + 2, 9, to) == (3LL << 40) + 2, "shmem_longlong_cswap");
    CHECK(shmem_longlong_swap(ll, 10, to) == 9 && shmem_longlong_fetch(ll, to) == 10, "shmem_longlong_swap");
    shmem_float_set(f, -0.5f, to);
    CHECK(shmem_float_swap(f, 8.5f, to) == -0.5f && shmem_float_fetch(f, to) == 8.5f, "shmem_float_*");
    shmem_double_set(d, 1e-300, to);
    CHECK(shmem_double_swap(d, 3e300, to) == 1e-300 && shmem_double_fetch(d, to) == 3e300, "shmem_double_*");
    /* The 1.3 C11 generic names. */
    shmem_set(l, 1L, to);
    shmem_add(l, 2L, to);
    shmem_inc(l, to);
    CHECK(shmem_fadd(l, 10L, to) == 4 && shmem_finc(l, to) == 14, "generic shmem_fadd/finc");
    CHECK(shmem_cswap(l, 15L, 16L, to) == 15 && shmem_fetch(l, to) == 16, "generic shmem_cswap/fetch");
    shmem_set(d, 0.25, to);
    CHECK(shmem_swap(d, 0.5, to) == 0.25 && shmem_fetch(d, to) == 0.5, "generic shmem_swap on double");
    shmem_barrier_all();
    CHECK(*l == 16 && *i == 101 && *ll == 10 && *f == 8.5f && *d == 0.5, "deprecated names: words on PE %d", me);
    shmem_barrier_all();
    shmem_free(d);
    shmem_free(f);
    shmem_free(ll);
    shmem_free(i);
    shmem_free(l);
}

/* A context made in the world keeps acting on the world while a second
 * instance is current; plain calls and SHMEM_CTX_DEFAULT act on that one.
 * The two heaps do not overlap, so an AMO sent to the wrong instance would
 * be refused as out of its heap. */
static void context_of_another_instance(void)
{
    uint64_t world_id = aclshmemx_instance_ctx_get()->id;
    uint64_t other_id = world_id == 1 ? 2 : 1;
    test_choose_port_range(4);
    int *all = malloc(sizeof(int) * (size_t)npes);
    for (int pe = 0; pe < npes; pe++)
        all[pe] = pe;
    CHECK_RC(test_create(other_id, all, npes, 1 << 20), ACLSHMEM_SUCCESS);
    long *in_world = shmem_calloc((size_t)npes, sizeof(long));
    CHECK(in_world != NULL, "calloc in the world");
    shmem_ctx_t world_ctx;
    CHECK_RC(shmem_ctx_create(0, &world_ctx), 0);

    CHECK_RC(aclshmemx_instance_ctx_set(other_id), ACLSHMEM_SUCCESS);
    long *in_other = shmem_calloc((size_t)npes, sizeof(long));
    CHECK(in_other != NULL && in_other != in_world, "calloc in instance %llu", (unsigned long long)other_id);
    for (int pe = 0; pe < npes; pe++) {
        shmem_ctx_long_atomic_add(world_ctx, &in_world[me], 10 + me, pe);
        CHECK(shmem_ctx_long_atomic_fetch_inc(world_ctx, &in_world[me], pe) == 10 + me, "ctx fetch_inc");
        CHECK(shmem_atomic_fetch_add(world_ctx, &in_world[me], 100L, pe) == 11 + me, "generic ctx fetch_add");
        shmem_long_atomic_add(&in_other[me], 1000 + me, pe);
        shmem_ctx_long_atomic_inc(SHMEM_CTX_DEFAULT, &in_other[me], pe);
        CHECK(aclshmem_long_atomic_fetch_add(&in_other[me], 0, pe) == 1001 + me, "aclshmem on the current");
    }
    shmem_ctx_quiet(world_ctx);
    shmem_barrier_all(); /* in the other instance: same PEs, so every AMO is done */
    for (int pe = 0; pe < npes; pe++) {
        CHECK(in_world[pe] == 111 + pe, "world word of PE %d: %ld, expected %d", pe, in_world[pe], 111 + pe);
        CHECK(in_other[pe] == 1001 + pe, "instance %llu word of PE %d: %ld, expected %d",
              (unsigned long long)other_id, pe, in_other[pe], 1001 + pe);
    }
    shmem_barrier_all();
    shmem_free(in_other);
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    shmem_ctx_destroy(world_ctx);
    CHECK_RC(aclshmemx_finalize(other_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    shmem_free(in_world);
    free(all);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    generic_forms();
    deprecated_names();
    context_of_another_instance();
    shmem_barrier_all();
    if (me == 0)
        printf("amo_forms: %d PEs: generic, deprecated and cross-instance context forms verified\n", npes);
    shmem_finalize();
    return 0;
}
