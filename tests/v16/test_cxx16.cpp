// The OpenSHMEM 1.6 names through C++ overloads: shmem_sum_inscan /
// _exscan, shmem_ibput / shmem_ibget (with and without a context) and
// shmem_signal_add / _set with a context first; values checked on peers.
#include <shmem.h>

#include <cstdio>
#include <cstdlib>

#define CHECKX(cond, what)                                     \
    do {                                                       \
        if (!(cond)) {                                         \
            std::fprintf(stderr, "CHECK FAILED: %s\n", what);  \
            std::exit(1);                                      \
        }                                                      \
    } while (0)

int main()
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    double *d = static_cast<double *>(shmem_calloc(4, sizeof(double)));
    long *l = static_cast<long *>(shmem_calloc(8, sizeof(long)));
    uint64_t *sig = static_cast<uint64_t *>(shmem_calloc(1, sizeof(uint64_t)));
    d[0] = me + 1;
    CHECKX(shmem_sum_inscan(SHMEM_TEAM_WORLD, d + 1, d, 1) == 0, "inscan");
    CHECKX(d[1] == (me + 1) * (me + 2) / 2.0, "inscan value");
    CHECKX(shmem_sum_exscan(SHMEM_TEAM_WORLD, d + 2, d, 1) == 0, "exscan");
    CHECKX(d[2] == me * (me + 1) / 2.0, "exscan value");
    long mine[4] = {10L * me, 0, 10L * me + 1, 0};
    shmem_ibput(l, mine, 1, 2, 1, 2, right);                      // l[0], l[1] from mine[0], mine[2]
    shmem_ibput(SHMEM_CTX_DEFAULT, l + 4, mine, 2, 2, 1, 2, right); // l[4], l[6]
    shmem_signal_add(SHMEM_CTX_DEFAULT, sig, 5, right);
    shmem_barrier_all();
    CHECKX(l[0] == 10L * left && l[1] == 10L * left + 1, "ibput");
    CHECKX(l[4] == 10L * left && l[6] == 10L * left + 1, "ctx ibput");
    CHECKX(*sig == 5, "ctx signal_add");
    long got[2] = {0, 0};
    shmem_ibget(got, l, 1, 1, 2, 1, right);
    CHECKX(got[0] == 10L * me && got[1] == 10L * me + 1, "ibget");
    shmem_barrier_all();
    shmem_signal_set(SHMEM_CTX_DEFAULT, sig, 9, me);
    CHECKX(*sig == 9, "ctx signal_set");
    shmem_free(sig);
    shmem_free(l);
    shmem_free(d);
    shmem_finalize();
    std::printf("PE %d: C++ 1.6 overloads OK\n", me);
    return 0;
}
