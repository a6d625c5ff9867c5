/* shmem_malloc_with_hints (OpenSHMEM 1.5): every hint, none, both and
 * bits no version defines give a usable symmetric block. Each PE puts
 * into its right neighbour's block, adds into PE 0's, and checks what
 * arrived; the blocks are then freed like any other. */
#include <shmem.h>

#include <stdio.h>

static const long hints[] = {
    0,
    SHMEM_MALLOC_ATOMICS_REMOTE,
    SHMEM_MALLOC_SIGNAL_REMOTE,
    SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE,
    ~SHMEM_MALLOC_ATOMICS_REMOTE, /* unknown bits: as good as no hint */
};
#define NHINTS (sizeof hints / sizeof hints[0])

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    int bad = SHMEM_MALLOC_ATOMICS_REMOTE == SHMEM_MALLOC_SIGNAL_REMOTE;
    long *blocks[NHINTS];

    for (size_t h = 0; h < NHINTS; h++) {
        blocks[h] = shmem_malloc_with_hints(2 * sizeof(long), hints[h]);
        if (!blocks[h]) {
            printf("PE %d: no block for hint %zu\n", me, h);
            shmem_global_exit(1);
        }
        blocks[h][0] = -1;
        blocks[h][1] = 0;
    }
    shmem_barrier_all();
    for (size_t h = 0; h < NHINTS; h++) {
        shmem_long_p(&blocks[h][0], me * 100 + (long)h, (me + 1) % npes);
        shmem_long_atomic_add(&blocks[h][1], 1, 0);
    }
    shmem_barrier_all();
    const int left = (me + npes - 1) % npes;
    for (size_t h = 0; h < NHINTS; h++) {
        bad += blocks[h][0] != left * 100 + (long)h;
        bad += me == 0 && blocks[h][1] != npes;
    }
    shmem_barrier_all();
    for (size_t h = 0; h < NHINTS; h++)
        shmem_free(blocks[h]);
    printf("malloc_with_hints PE %d: %s\n", me, bad ? "FAILED" : "ok");
    shmem_finalize();
    return bad != 0;
}
