/* OpenSHMEM 1.6 scans: shmem_<T>_sum_inscan / _exscan for every SUM type,
 * the C11 generic forms, in place and not, counts from 1 to past the
 * staging limits, on every team of tests/coll/coll_util.h (sizes 1..n,
 * strided, reversed, 2D rows and columns) back to back. PE i of a team
 * checks the sums of the values of team PEs 0..i (0..i-1): values its
 * peers wrote. Run: test_scan [bad-team | overlap] (misuse: must abort). */
#include <complex.h>

#include "coll/coll_util.h"
#include "util/type_lists.h"

static const size_t counts[] = {1, 7, 3000};
#define MAX_COUNT 3000

static char *src_buf, *dst_buf;
static long checked;

/* Team PE k contributes (k + 1) + j % 2 at element j: small integers, so
 * every type (signed char on 8 PEs too) holds every partial sum exactly. */
static long long expected(int me, size_t j, int exclusive)
{
    long long p = exclusive ? me : me + 1; /* contributors 0..p-1 */
    return p * (p + 1) / 2 + p * (long long)(j % 2);
}

#define DEFINE_SCAN_TEST(T, N, W)                                                                       \
    static void scan_##N(shmem_team_t team, size_t count, int in_place)                                 \
    {                                                                                                   \
        int me = shmem_team_my_pe(team);                                                                \
        T *src = (T *)src_buf, *dst = in_place ? src : (T *)dst_buf;                                    \
        for (int exclusive = 0; exclusive < 2; exclusive++) {                                           \
            for (size_t j = 0; j < count; j++) {                                                        \
                src[j] = (T)((me + 1) + (int)(j % 2));                                                  \
                if (!in_place)                                                                          \
                    dst[j] = (T)99;                                                                     \
            }                                                                                           \
            int rc = exclusive ? shmem_##N##_sum_exscan(team, dst, src, count)                          \
                               : shmem_##N##_sum_inscan(team, dst, src, count);                         \
            CHECK(rc == 0, #N " scan returned %d", rc);                                                 \
            for (size_t j = 0; j < count; j++)                                                          \
                CHECK((long double)dst[j] == (long double)expected(me, j, exclusive),                   \
                      #N " %s (count %zu, in place %d) on team PE %d [%zu]: %Lg, expected %lld",        \
                      exclusive ? "exscan" : "inscan", count, in_place, me, j, (long double)dst[j],     \
                      expected(me, j, exclusive));                                                      \
            checked++;                                                                                  \
        }                                                                                               \
    }
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_SCAN_TEST)

#define RUN_SCAN(T, N, W) scan_##N(team, count, in_place);

/* The generic forms pick the typed function from dest's type. */
static void generic_forms(shmem_team_t team)
{
    int me = shmem_team_my_pe(team);
    long *ls = (long *)src_buf, *ld = (long *)dst_buf;
    ls[0] = me + 1;
    CHECK(shmem_sum_inscan(team, ld, ls, 1) == 0, "generic inscan");
    CHECK(ld[0] == expected(me, 0, 0), "generic long inscan: %ld", ld[0]);
    double *ds = (double *)src_buf, *dd = (double *)dst_buf;
    ds[0] = me + 1;
    CHECK(shmem_sum_exscan(team, dd, ds, 1) == 0, "generic exscan");
    CHECK(dd[0] == (double)expected(me, 0, 1), "generic double exscan: %g", dd[0]);
    double _Complex *cs = (double _Complex *)src_buf, *cd = (double _Complex *)dst_buf;
    cs[0] = (me + 1) + (me + 1) * I;
    CHECK(shmem_sum_inscan(team, cd, cs, 1) == 0, "generic complex inscan");
    CHECK(creal(cd[0]) == (double)expected(me, 0, 0) && cimag(cd[0]) == (double)expected(me, 0, 0),
          "generic complex inscan: %g%+gi", creal(cd[0]), cimag(cd[0]));
    checked += 3;
}

/* Scans and reductions back to back with no barrier between, so that a
 * fast PE starts the next call while others still read this one. */
static void back_to_back(shmem_team_t team, int rounds)
{
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    long *v = (long *)src_buf, *in = v + 8, *ex = v + 16, *sum = v + 24;
    for (int r = 0; r < rounds; r++) {
        v[0] = me + 1 + r;
        CHECK(shmem_long_sum_inscan(team, in, v, 1) == 0, "inscan");
        CHECK(shmem_long_sum_reduce(team, sum, v, 1) == 0, "reduce");
        CHECK(shmem_long_sum_exscan(team, ex, v, 1) == 0, "exscan");
        long p = me + 1;
        CHECK(in[0] == p * (p + 1) / 2 + p * r, "round %d inscan %ld", r, in[0]);
        CHECK(ex[0] == (p - 1) * p / 2 + (p - 1) * r, "round %d exscan %ld", r, ex[0]);
        CHECK(sum[0] == (long)n * (n + 1) / 2 + (long)n * r, "round %d reduce %ld", r, sum[0]);
        checked += 2;
    }
}

int main(int argc, char **argv)
{
    shmem_init();
    src_buf = shmem_malloc(MAX_COUNT * sizeof(long double _Complex));
    dst_buf = shmem_malloc(MAX_COUNT * sizeof(long double _Complex));
    CHECK(src_buf && dst_buf, "shmem_malloc");
    if (argc > 1) {
        /* Misuse: both must stop the job with a message, never hang. */
        if (!strcmp(argv[1], "bad-team"))
            shmem_int_sum_inscan(SHMEM_TEAM_INVALID, (int *)dst_buf, (int *)src_buf, 1);
        else if (!strcmp(argv[1], "overlap"))
            shmem_int_sum_exscan(SHMEM_TEAM_WORLD, (int *)src_buf + 1, (int *)src_buf, 4);
        printf("UNREACHABLE\n");
        return 0;
    }
    struct test_teams teams;
    test_teams_make(&teams);
    for (int t = 0; t < teams.count; t++) {
        shmem_team_t team = teams.team[t];
        if (team == SHMEM_TEAM_INVALID)
            continue;
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            size_t count = counts[c];
            if (!teams.full[t] && count > 7)
                continue;
            for (int in_place = 0; in_place < 2; in_place++) {
                MISHMEM_REDUCE_ARITH_TYPES(RUN_SCAN)
            }
        }
        generic_forms(team);
        /* Zero elements: a no-op that returns 0. */
        CHECK(shmem_int_sum_inscan(team, NULL, NULL, 0) == 0, "zero-length scan");
    }
    back_to_back(SHMEM_TEAM_WORLD, 300);
    test_teams_destroy(&teams);
    shmem_free(dst_buf);
    shmem_free(src_buf);
    printf("PE %d: %ld scans checked\n", shmem_my_pe(), checked);
    shmem_finalize();
    return 0;
}
