/* shmem_align returns addresses aligned as asked, from 16 bytes up to
 * 64 MiB, that are symmetric (a peer's put lands there); an alignment
 * above the largest supported (1 GiB) or not a power of two gives NULL.
 * The heap offset alone is not enough: the heap's start must itself be
 * aligned, which SOS's shmemalign test caught. */
#include <shmem.h>
#include <stdint.h>

#include "test_util.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    for (size_t alignment = 16; alignment <= ((size_t)64 << 20); alignment <<= 1) {
        long *block = shmem_align(alignment, 3 * sizeof(long));
        CHECK(block != NULL, "shmem_align(%zu) failed", alignment);
        CHECK(((uintptr_t)block & (alignment - 1)) == 0, "shmem_align(%zu) gave %p", alignment, (void *)block);
        block[1] = -1;
        shmem_barrier_all();
        shmem_long_p(&block[1], (long)alignment + me, right);
        shmem_barrier_all();
        CHECK(block[1] == (long)alignment + left, "alignment %zu: PE %d read %ld", alignment, me, block[1]);
        shmem_free(block);
    }
    CHECK(shmem_align((size_t)2 << 30, 64) == NULL, "an alignment of 2 GiB was granted");
    CHECK(shmem_align(48, 64) == NULL, "an alignment of 48 was granted");
    shmem_finalize();
    return 0;
}
