/* The C11 generic team collectives: shmem_broadcast, shmem_fcollect,
 * shmem_sum_reduce and shmem_max_reduce on int, long and double over
 * SHMEM_TEAM_WORLD, each checked against a reference computed locally
 * from the values every PE is known to contribute. */
#include <shmem.h>

#include <stdio.h>

#define N 4
#define MAX_PES 16

static int i_src[N], i_dst[N * MAX_PES];
static long l_src[N], l_dst[N * MAX_PES];
static double d_src[N], d_dst[N * MAX_PES];

static int i_value(int pe, int i) { return (pe % 2 ? -1 : 1) * (pe * 10 + i); }
static long l_value(int pe, int i) { return 1000000000L * (pe + 1) - i; }
static double d_value(int pe, int i) { return pe * 0.5 + i * 0.25; }

static void fill(int me)
{
    for (int i = 0; i < N; i++) {
        i_src[i] = i_value(me, i);
        l_src[i] = l_value(me, i);
        d_src[i] = d_value(me, i);
    }
    for (int i = 0; i < N * MAX_PES; i++) {
        i_dst[i] = -7;
        l_dst[i] = -7;
        d_dst[i] = -7.0;
    }
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    int bad = 0;
    if (npes > MAX_PES) {
        fprintf(stderr, "at most %d PEs\n", MAX_PES);
        return 1;
    }
    const int root = npes - 1;

    /* broadcast from the last PE: the root's dest is left alone. */
    fill(me);
    bad += shmem_broadcast(SHMEM_TEAM_WORLD, i_dst, i_src, N, root) != 0;
    bad += shmem_broadcast(SHMEM_TEAM_WORLD, l_dst, l_src, N, root) != 0;
    bad += shmem_broadcast(SHMEM_TEAM_WORLD, d_dst, d_src, N, root) != 0;
    if (me != root) {
        for (int i = 0; i < N; i++) {
            bad += i_dst[i] != i_value(root, i);
            bad += l_dst[i] != l_value(root, i);
            bad += d_dst[i] != d_value(root, i);
        }
    }

    /* fcollect: every PE's block in PE order. */
    fill(me);
    bad += shmem_fcollect(SHMEM_TEAM_WORLD, i_dst, i_src, N) != 0;
    bad += shmem_fcollect(SHMEM_TEAM_WORLD, l_dst, l_src, N) != 0;
    bad += shmem_fcollect(SHMEM_TEAM_WORLD, d_dst, d_src, N) != 0;
    for (int pe = 0; pe < npes; pe++)
        for (int i = 0; i < N; i++) {
            bad += i_dst[pe * N + i] != i_value(pe, i);
            bad += l_dst[pe * N + i] != l_value(pe, i);
            bad += d_dst[pe * N + i] != d_value(pe, i);
        }

    /* sum_reduce. */
    fill(me);
    bad += shmem_sum_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, N) != 0;
    bad += shmem_sum_reduce(SHMEM_TEAM_WORLD, l_dst, l_src, N) != 0;
    bad += shmem_sum_reduce(SHMEM_TEAM_WORLD, d_dst, d_src, N) != 0;
    for (int i = 0; i < N; i++) {
        int is = 0;
        long ls = 0;
        double ds = 0;
        for (int pe = 0; pe < npes; pe++) {
            is += i_value(pe, i);
            ls += l_value(pe, i);
            ds += d_value(pe, i);
        }
        bad += i_dst[i] != is;
        bad += l_dst[i] != ls;
        bad += d_dst[i] != ds; /* quarters sum exactly in any order */
    }

    /* max_reduce. */
    fill(me);
    bad += shmem_max_reduce(SHMEM_TEAM_WORLD, i_dst, i_src, N) != 0;
    bad += shmem_max_reduce(SHMEM_TEAM_WORLD, l_dst, l_src, N) != 0;
    bad += shmem_max_reduce(SHMEM_TEAM_WORLD, d_dst, d_src, N) != 0;
    for (int i = 0; i < N; i++) {
        int im = i_value(0, i);
        long lm = l_value(0, i);
        double dm = d_value(0, i);
        for (int pe = 1; pe < npes; pe++) {
            im = i_value(pe, i) > im ? i_value(pe, i) : im;
            lm = l_value(pe, i) > lm ? l_value(pe, i) : lm;
            dm = d_value(pe, i) > dm ? d_value(pe, i) : dm;
        }
        bad += i_dst[i] != im;
        bad += l_dst[i] != lm;
        bad += d_dst[i] != dm;
    }

    shmem_barrier_all();
    if (bad == 0)
        printf("generic collectives PE %d: ok\n", me);
    else
        printf("generic collectives PE %d: %d bad values\n", me, bad);
    shmem_finalize();
    return bad != 0;
}
