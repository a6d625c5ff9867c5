/* The deprecated 1.3 C11 generic AMO names take every type of the atomic_*
 * name that replaced them (as in SOS and OSHMPI), not only 1.3's int, long,
 * long long, float and double: unsigned and fixed-width counters on PE 0
 * are driven through shmem_fadd, shmem_finc, shmem_add, shmem_inc,
 * shmem_cswap, shmem_swap, shmem_set and shmem_fetch. */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>

static unsigned int u_counter;
static uint64_t u64_counter;
static size_t size_slot;
static unsigned long ul_slot;
static uint32_t u32_slot;

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    int bad = 0;

    shmem_barrier_all();
    unsigned int old_u = shmem_fadd(&u_counter, 2u, 0);
    shmem_inc(&u_counter, 0);
    shmem_add(&u64_counter, (uint64_t)1 << 40, 0);
    uint64_t old_u64 = shmem_finc(&u64_counter, 0);
    bad += old_u > 3u * (unsigned)npes || (old_u64 >> 40) > (uint64_t)npes;
    shmem_barrier_all();

    if (me == 0) {
        bad += shmem_fetch(&u_counter, 0) != 3u * (unsigned)npes;
        bad += shmem_fetch(&u64_counter, 0) != (((uint64_t)npes << 40) | (uint64_t)npes);
        bad += shmem_cswap(&size_slot, (size_t)0, (size_t)77, 0) != 0;
        bad += shmem_swap(&ul_slot, 5ul, 0) != 0 || shmem_swap(&ul_slot, 6ul, 0) != 5ul;
        shmem_set(&u32_slot, (uint32_t)0xfeedu, 0);
        bad += shmem_fetch(&u32_slot, 0) != 0xfeedu || size_slot != 77;
    }
    shmem_barrier_all();
    printf("deprecated generics PE %d: %s\n", me, bad ? "FAILED" : "ok");
    shmem_finalize();
    return bad != 0;
}
