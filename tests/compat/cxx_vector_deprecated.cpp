// The C++ overloads of the _vector wait/test forms (one comparison value
// per ivar) and of the deprecated OpenSHMEM 1.3 generic names (shmem_fadd,
// shmem_swap, shmem_wait, ...). Every PE raises its own slot of a flag
// array on every PE and waits for the whole array, then drives the 1.3
// names on counters held by PE 0.
#include <shmem.h>

#include <cstdint>
#include <cstdio>
#include <vector>

static int int_counter;
static long long ll_counter;
static long long_slot;
static double double_slot;
static int int_slot;
static unsigned long long ull_slot;
static int done_flag;

int main()
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    int bad = 0;

    // Vector forms: flags[i] on every PE becomes i + 1, the value each
    // element is compared with.
    long *lflags = static_cast<long *>(shmem_calloc(npes, sizeof(long)));
    unsigned long long *uflags =
        static_cast<unsigned long long *>(shmem_calloc(npes, sizeof(unsigned long long)));
    std::vector<long> lwant(npes);
    std::vector<unsigned long long> uwant(npes);
    for (int i = 0; i < npes; i++) {
        lwant[i] = i + 1;
        uwant[i] = (1ULL << 40) + i;
    }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        shmem_atomic_set(&lflags[me], static_cast<long>(me + 1), pe);
        shmem_atomic_set(&uflags[me], (1ULL << 40) + me, pe);
    }
    shmem_wait_until_all_vector(lflags, npes, NULL, SHMEM_CMP_EQ, lwant.data());
    std::vector<int> status(npes, 0);
    for (int seen = 0; seen < npes; seen++) {
        size_t i = shmem_wait_until_any_vector(uflags, npes, status.data(), SHMEM_CMP_EQ,
                                               uwant.data());
        if (i >= static_cast<size_t>(npes) || status[i]) {
            bad++;
            break;
        }
        status[i] = 1;
    }
    std::vector<size_t> idx(npes);
    bad += shmem_test_some_vector(lflags, npes, idx.data(), NULL, SHMEM_CMP_EQ, lwant.data()) !=
           static_cast<size_t>(npes);
    bad += !shmem_test_all_vector(uflags, npes, NULL, SHMEM_CMP_EQ, uwant.data());
    bad += shmem_wait_until_some_vector(lflags, npes, idx.data(), NULL, SHMEM_CMP_GE,
                                        lwant.data()) != static_cast<size_t>(npes);
    lwant[0] = -1; // no ivar is ever -1: test_any finds none
    std::vector<int> all_but_first(npes, 1);
    all_but_first[0] = 0;
    bad += shmem_test_any_vector(lflags, npes, all_but_first.data(), SHMEM_CMP_EQ,
                                 lwant.data()) != SIZE_MAX;

    // 1.3 names: everyone adds into PE 0's counters.
    shmem_barrier_all();
    shmem_add(&int_counter, 2, 0);
    shmem_inc(&int_counter, 0);
    int old_i = shmem_fadd(&int_counter, 1, 0);
    long long old_ll = shmem_finc(&ll_counter, 0);
    bad += old_i < 0 || old_i > 4 * npes || old_ll < 0 || old_ll >= npes;
    shmem_barrier_all();
    if (me == 0) {
        bad += shmem_fetch(&int_counter, 0) != 4 * npes;
        bad += shmem_fetch(&ll_counter, 0) != npes;
        bad += shmem_cswap(&int_counter, 4 * npes, -5, 0) != 4 * npes;
        bad += shmem_swap(&int_counter, 9, 0) != -5;
        bad += shmem_swap(&long_slot, 7L, 0) != 0; // the 1.3 C function
        shmem_set(&double_slot, 2.5, 0);
        bad += shmem_swap(&double_slot, 1.5, 0) != 2.5;
        bad += shmem_fetch(&double_slot, 0) != 1.5;
        bad += shmem_fetch(&int_counter, 0) != 9;
        // the newer AMO types too, as the atomic_* names take them
        bad += shmem_fadd(&ull_slot, 4ULL, 0) != 0 || shmem_fetch(&ull_slot, 0) != 4ULL;
    }

    // shmem_wait on an int: PE 0 releases everyone.
    shmem_barrier_all();
    if (me == 0)
        for (int pe = 0; pe < npes; pe++)
            shmem_int_atomic_set(&int_slot, 3, pe);
    shmem_wait(&int_slot, 0);
    bad += int_slot != 3;
    shmem_wait(&done_flag, 1); // returns at once: done_flag is 0, not 1

    shmem_barrier_all();
    shmem_free(lflags);
    shmem_free(uflags);
    std::printf("C++ vector/deprecated PE %d: %s\n", me, bad ? "FAILED" : "ok");
    shmem_finalize();
    return bad != 0;
}
