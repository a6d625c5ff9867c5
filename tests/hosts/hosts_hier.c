/* The hierarchical collectives (core/coll/hier.c) on teams that span
 * hosts: hosts_hier ITERATIONS [RENDEZVOUS_IP]. Run as A:2,B:2 or A:3,B:1
 * (network namespaces, tests/hosts/hosts.sh) or on one machine with
 * MISHMEM_HOST_ID=h%2p / h%3p. Two instances at once: the launcher's
 * world and instance 7 over the same PEs (rendezvous on RENDEZVOUS_IP,
 * port from the job's port range), used in turn every iteration.
 * On each, the world and teams mixing the hosts ({0..n-2}, {1..n-1},
 * stride 2, and a team split from a split team), every iteration:
 *   - barrier / team sync: every member adds 1 to a counter on every
 *     member before it, and after it each member's counter holds exactly
 *     the adds of all members so far (two counters by iteration parity,
 *     so a fast member's next adds never land in the one being checked);
 *   - broadcast from every root, sizes 1, 5, 1000 and 40000 longs (above
 *     the hierarchical limit: the portable path), values new every time;
 *   - sum reductions of long (1, 7, 1000) and double (bits equal to the
 *     member-order fold), in place and not; max of int;
 *   - bursts of broadcasts and reductions with no sync between them;
 *   - in the world instance, active sets (all PEs, PEs 1..n-1): barrier
 *     counts, broadcast64 from every root, long_sum_to_all.
 * Ends non-zero at the first wrong value; prints "PE k: hier ok N checks". */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_instance_attr.h"
#include "test_util.h"

#define MAXN 40000

struct bufs {
    long *src, *dst;
    double *dsrc, *ddst;
    int *isrc, *idst;
    long *counter; /* [5][2] */
};

static long checks;

static struct bufs alloc_bufs(void)
{
    struct bufs b;
    b.src = shmem_malloc(MAXN * sizeof(long));
    b.dst = shmem_malloc(MAXN * sizeof(long));
    b.dsrc = shmem_malloc(1000 * sizeof(double));
    b.ddst = shmem_malloc(1000 * sizeof(double));
    b.isrc = shmem_malloc(1000 * sizeof(int));
    b.idst = shmem_malloc(1000 * sizeof(int));
    b.counter = shmem_calloc(14, sizeof(long)); /* [team][parity], then [active set][parity] */
    CHECK(b.src && b.dst && b.dsrc && b.ddst && b.isrc && b.idst && b.counter, "shmem_malloc");
    shmem_barrier_all();
    return b;
}

static long value(int it, int root, int i, int tag) { return ((long)it * 131 + root * 17 + tag) * 100003L + i; }
static double dvalue(int it, int member, int i) { return 1.0 / (3.0 + it + member * 7.0 + i * 0.01) * (member % 2 ? -1e9 : 1.0); }

static void check_team(shmem_team_t team, int t, const char *name, struct bufs *b, int it, uint64_t id)
{
    if (team == SHMEM_TEAM_INVALID)
        return;
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    if (me < 0)
        return;
    /* Barrier: adds before, exact count after. */
    long *counter = &b->counter[2 * t + it % 2];
    for (int m = 0; m < n; m++)
        shmem_long_atomic_add(counter, 1, shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD));
    if (team == SHMEM_TEAM_WORLD && it % 2 == 0) {
        shmem_barrier_all(); /* quiet included */
    } else {
        shmem_quiet(); /* team_sync orders nothing by itself */
        shmem_team_sync(team);
    }
    long want = (long)(it / 2 + 1) * n;
    long got = shmem_long_atomic_fetch(counter, shmem_my_pe());
    CHECK(got == want, "instance %llu %s it %d: barrier let PE %d through with counter %ld, expected %ld",
          (unsigned long long)id, name, it, shmem_my_pe(), got, want);
    checks++;
    /* The counters are only read by their owner and written before a
     * barrier: nothing more to order. */
    static const int sizes[] = {1, 5, 1000, MAXN};
    for (int s = 0; s < 4; s++) {
        int count = sizes[s];
        if (count == MAXN && it % 8 != 0)
            continue;
        for (int root = 0; root < n; root++) {
            for (int i = 0; i < count; i++) {
                b->src[i] = me == root ? value(it, root, i, s) : -7;
                b->dst[i] = -9;
            }
            CHECK_RC(shmem_long_broadcast(team, b->dst, b->src, (size_t)count, root), 0);
            for (int i = 0; i < count; i++)
                CHECK(b->dst[i] == value(it, root, i, s),
                      "instance %llu %s it %d: broadcast of %d from root %d: [%d] = %ld on member %d, expected %ld",
                      (unsigned long long)id, name, it, count, root, i, b->dst[i], me, value(it, root, i, s));
            checks++;
            /* The next round writes src and dst: all members must be done reading. */
            shmem_team_sync(team);
        }
    }
    /* Back to back, no sync between: BURST broadcasts with roots in
     * turn and BURST reductions, each on its own part of the buffers, so
     * an op that reused a flag or a staging buffer the previous op still
     * needs shows up as a wrong value. */
    enum { BURST = 8, PART = 16 };
    for (int k = 0; k < BURST * PART; k++) {
        b->src[k] = value(it, me, k, 9);
        b->dst[k] = -5;
        b->src[BURST * PART + k] = value(it, me, k, 10);
        b->dst[BURST * PART + k] = -5;
    }
    shmem_team_sync(team);
    for (int k = 0; k < BURST; k++) {
        int root = (it + k) % n;
        CHECK_RC(shmem_long_broadcast(team, b->dst + k * PART, b->src + k * PART, 1 + k % PART, root), 0);
        CHECK_RC(shmem_long_sum_reduce(team, b->dst + (BURST + k) * PART, b->src + (BURST + k) * PART, 1 + k), 0);
    }
    for (int k = 0; k < BURST; k++) {
        int root = (it + k) % n;
        for (int i = 0; i < 1 + k % PART; i++)
            CHECK(b->dst[k * PART + i] == value(it, root, k * PART + i, 9),
                  "instance %llu %s it %d: burst broadcast %d from root %d: [%d] = %ld on member %d",
                  (unsigned long long)id, name, it, k, root, i, b->dst[k * PART + i], me);
        for (int i = 0; i < 1 + k; i++) {
            long want_sum = 0;
            for (int m = 0; m < n; m++)
                want_sum += value(it, m, k * PART + i, 10);
            CHECK(b->dst[(BURST + k) * PART + i] == want_sum,
                  "instance %llu %s it %d: burst sum %d: [%d] = %ld on member %d, expected %ld",
                  (unsigned long long)id, name, it, k, i, b->dst[(BURST + k) * PART + i], me, want_sum);
        }
        checks += 2;
    }
    shmem_team_sync(team);
    static const int rsizes[] = {1, 7, 1000};
    for (int s = 0; s < 3; s++) {
        int count = rsizes[s];
        for (int in_place = 0; in_place < 2; in_place++) {
            long *dest = in_place ? b->src : b->dst;
            for (int i = 0; i < count; i++) {
                b->src[i] = value(it, me, i, s);
                b->dst[i] = -3;
            }
            CHECK_RC(shmem_long_sum_reduce(team, dest, b->src, (size_t)count), 0);
            for (int i = 0; i < count; i++) {
                long want_sum = 0;
                for (int m = 0; m < n; m++)
                    want_sum += value(it, m, i, s);
                CHECK(dest[i] == want_sum, "instance %llu %s it %d: long sum of %d (%s): [%d] = %ld on member %d, expected %ld",
                      (unsigned long long)id, name, it, count, in_place ? "in place" : "apart", i, dest[i], me,
                      want_sum);
            }
            checks++;
            double *ddest = in_place ? b->dsrc : b->ddst;
            for (int i = 0; i < count; i++) {
                b->dsrc[i] = dvalue(it, me, i);
                b->ddst[i] = -3;
            }
            CHECK_RC(shmem_double_sum_reduce(team, ddest, b->dsrc, (size_t)count), 0);
            for (int i = 0; i < count; i++) {
                double fold = dvalue(it, 0, i);
                for (int m = 1; m < n; m++)
                    fold += dvalue(it, m, i);
                CHECK(memcmp(&ddest[i], &fold, sizeof fold) == 0,
                      "instance %llu %s it %d: double sum of %d: [%d] = %.17g on member %d, the member-order fold %.17g",
                      (unsigned long long)id, name, it, count, i, ddest[i], me, fold);
            }
            checks++;
            for (int i = 0; i < count; i++)
                b->isrc[i] = (int)((me * 7919 + it * 31 + i) % 1009);
            CHECK_RC(shmem_int_max_reduce(team, b->idst, b->isrc, (size_t)count), 0);
            for (int i = 0; i < count; i++) {
                int want_max = 0;
                for (int m = 0; m < n; m++) {
                    int v = (int)((m * 7919 + it * 31 + i) % 1009);
                    want_max = v > want_max ? v : want_max;
                }
                CHECK(b->idst[i] == want_max, "instance %llu %s it %d: int max: [%d] = %d, expected %d",
                      (unsigned long long)id, name, it, i, b->idst[i], want_max);
            }
            checks++;
            shmem_team_sync(team); /* sources are rewritten next */
        }
    }
}

/* Active sets (the deprecated API): all PEs, and PEs 1..n-1; a barrier
 * with the same counting check, a broadcast from every root and a sum. */
static void check_sets(struct bufs *b, int it, uint64_t id)
{
    static long psync[SHMEM_REDUCE_SYNC_SIZE], pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
    int pe = shmem_my_pe(), npes = shmem_n_pes();
    for (int first = 0; first < 2; first++) {
        int size = npes - first;
        if (pe < first)
            continue;
        long *counter = &b->counter[10 + 2 * first + it % 2];
        for (int m = first; m < npes; m++)
            shmem_long_atomic_add(counter, 1, m);
        shmem_barrier(first, 0, size, psync);
        long got = shmem_long_atomic_fetch(counter, pe), want = (long)(it / 2 + 1) * size;
        CHECK(got == want, "instance %llu active set from %d it %d: barrier let PE %d through with %ld, expected %ld",
              (unsigned long long)id, first, it, pe, got, want);
        for (int root = 0; root < size; root++) {
            for (int i = 0; i < 5; i++) {
                b->src[i] = value(it, root, i, 20 + first);
                b->dst[i] = -1;
            }
            shmem_broadcast64(b->dst, b->src, 5, root, first, 0, size, psync);
            for (int i = 0; i < 5; i++)
                CHECK(pe - first == root || b->dst[i] == value(it, root, i, 20 + first),
                      "instance %llu active set from %d it %d: broadcast from %d: [%d] = %ld on PE %d",
                      (unsigned long long)id, first, it, root, i, b->dst[i], pe);
            shmem_barrier(first, 0, size, psync);
        }
        for (int i = 0; i < 3; i++)
            b->src[i] = value(it, pe, i, 30);
        shmem_long_sum_to_all(b->dst, b->src, 3, first, 0, size, pwrk, psync);
        for (int i = 0; i < 3; i++) {
            long want_sum = 0;
            for (int m = first; m < npes; m++)
                want_sum += value(it, m, i, 30);
            CHECK(b->dst[i] == want_sum, "instance %llu active set from %d it %d: sum [%d] = %ld, expected %ld",
                  (unsigned long long)id, first, it, i, b->dst[i], want_sum);
        }
        shmem_barrier(first, 0, size, psync);
        checks += 3;
    }
}

struct world_set {
    uint64_t id;
    shmem_team_t teams[5];
    const char *names[5];
    struct bufs b;
};

static void make_set(struct world_set *w, uint64_t id)
{
    w->id = id;
    int n = shmem_n_pes();
    w->teams[0] = SHMEM_TEAM_WORLD;
    w->names[0] = "world";
    w->names[1] = "first n-1";
    w->names[2] = "last n-1";
    w->names[3] = "stride 2";
    w->names[4] = "split of last n-1";
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n - 1, NULL, 0, &w->teams[1]);
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &w->teams[2]);
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &w->teams[3]);
    w->teams[4] = SHMEM_TEAM_INVALID;
    /* A split of a team that spans hosts: its slot agreement is a reduction
     * over the parent, on the library's own buffers. */
    if (w->teams[2] != SHMEM_TEAM_INVALID)
        shmem_team_split_strided(w->teams[2], 0, 1, shmem_team_n_pes(w->teams[2]), NULL, 0, &w->teams[4]);
    w->b = alloc_bufs();
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 20;
    const char *rdv = argc > 2 ? argv[2] : "127.0.0.1";
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    CHECK(npes >= 3, "run with at least 3 PEs, not %d", npes);
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    /* The second instance: 7, or 8 when the world is in 7 (CI's pass). */
    const uint64_t second = world == 7 ? 8 : 7;
    struct world_set sets[2];
    make_set(&sets[0], world);

    char port[64];
    snprintf(port, sizeof port, "tcp://%s:0", rdv);
    aclshmemx_init_attr_t attr = test_instance_attr(second, me, npes, 8 << 20, port);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(second), ACLSHMEM_SUCCESS);
    make_set(&sets[1], second);

    for (int it = 0; it < iterations; it++)
        for (int s = 0; s < 2; s++) {
            CHECK_RC(aclshmemx_instance_ctx_set(sets[s].id), ACLSHMEM_SUCCESS);
            for (int t = 0; t < 5; t++)
                check_team(sets[s].teams[t], t, sets[s].names[t], &sets[s].b, it, sets[s].id);
            if (sets[s].id == world)
                check_sets(&sets[s].b, it, sets[s].id);
        }

    CHECK_RC(aclshmemx_instance_ctx_set(second), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    CHECK_RC(aclshmemx_finalize(second), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    printf("PE %d: hier ok %ld checks\n", me, checks);
    fflush(stdout);
    shmem_finalize();
    return 0;
}
