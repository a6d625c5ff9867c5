// The C++ overloads that stand in for the C11 generic forms: put, get, p,
// g, atomic_fetch_add, atomic_fetch and wait_until on long, int, double
// and unsigned long long, with and without a context. Each PE writes to
// its right neighbour, raises flags there, and checks what its left
// neighbour wrote; everyone adds into counters on PE 0.
#include <shmem.h>

#include <cstdio>

static int ints[4];
static long longs[4];
static double doubles[4];
static unsigned long long ulls[4];
static int int_p;
static double double_p;
static int int_flag;
static long long_flag;
static unsigned long long ull_flag;
static long long_counter;
static unsigned long long ull_counter;

int main()
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;

    int src_i[4];
    long src_l[4];
    double src_d[4];
    unsigned long long src_u[4];
    for (int i = 0; i < 4; i++) {
        src_i[i] = me * 100 + i;
        src_l[i] = -1000L * me - i;
        src_d[i] = me + i / 4.0;
        src_u[i] = (1ULL << 40) * (unsigned long long)(me + 1) + (unsigned long long)i;
    }
    shmem_barrier_all();
    shmem_put(ints, src_i, 4, right);
    shmem_put(SHMEM_CTX_DEFAULT, longs, src_l, 4, right);
    shmem_put(doubles, src_d, 4, right);
    shmem_put(ulls, src_u, 4, right);
    shmem_p(&int_p, me + 7, right);
    shmem_p(SHMEM_CTX_DEFAULT, &double_p, me + 0.5, right);
    long old_l = shmem_atomic_fetch_add(&long_counter, static_cast<long>(me + 1), 0);
    unsigned long long old_u =
        shmem_atomic_fetch_add(SHMEM_CTX_DEFAULT, &ull_counter, 1ULL << 33, 0);
    int bad = old_l < 0 || old_u % (1ULL << 33) != 0;
    shmem_fence();
    shmem_atomic_set(&int_flag, 1, right);
    shmem_atomic_set(&long_flag, 2L, right);
    shmem_atomic_set(SHMEM_CTX_DEFAULT, &ull_flag, 3ULL, right);

    shmem_wait_until(&int_flag, SHMEM_CMP_EQ, 1);
    shmem_wait_until(&long_flag, SHMEM_CMP_EQ, 2L);
    shmem_wait_until(&ull_flag, SHMEM_CMP_EQ, 3ULL);
    bad += !shmem_test(&int_flag, SHMEM_CMP_EQ, 1);
    for (int i = 0; i < 4; i++) {
        bad += ints[i] != left * 100 + i;
        bad += longs[i] != -1000L * left - i;
        bad += doubles[i] != left + i / 4.0;
        bad += ulls[i] != (1ULL << 40) * (unsigned long long)(left + 1) + (unsigned long long)i;
    }
    bad += int_p != left + 7;
    bad += double_p != left + 0.5;
    shmem_barrier_all();

    // Read back from the right neighbour what this PE wrote there.
    int got_i[4];
    long got_l[4];
    double got_d[4];
    unsigned long long got_u[4];
    shmem_get(got_i, ints, 4, right);
    shmem_get(SHMEM_CTX_DEFAULT, got_l, longs, 4, right);
    shmem_get(got_d, doubles, 4, right);
    shmem_get(got_u, ulls, 4, right);
    for (int i = 0; i < 4; i++) {
        bad += got_i[i] != src_i[i];
        bad += got_l[i] != src_l[i];
        bad += got_d[i] != src_d[i];
        bad += got_u[i] != src_u[i];
    }
    bad += shmem_g(&int_p, right) != me + 7;
    bad += shmem_g(SHMEM_CTX_DEFAULT, &double_p, right) != me + 0.5;
    bad += shmem_g(&ulls[3], right) != src_u[3];
    long expect_l = 0;
    for (int pe = 0; pe < npes; pe++)
        expect_l += pe + 1;
    bad += shmem_atomic_fetch(&long_counter, 0) != expect_l;
    bad += shmem_atomic_fetch(SHMEM_CTX_DEFAULT, &ull_counter, 0) !=
           (1ULL << 33) * (unsigned long long)npes;
    shmem_barrier_all();

    if (bad == 0)
        std::printf("C++ overloads PE %d: ok\n", me);
    else
        std::printf("C++ overloads PE %d: %d bad values\n", me, bad);
    shmem_finalize();
    return bad != 0;
}
