/* A program built against an installed mishmem (pkg-config, find_package,
 * the DEB): each PE puts its number to the next one and checks what its
 * left neighbour sent. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *slot = shmem_malloc(sizeof *slot);
    *slot = -1;
    shmem_barrier_all();
    shmem_long_p(slot, 100 + me, (me + 1) % n);
    shmem_barrier_all();
    int ok = *slot == 100 + (me + n - 1) % n;
    printf("PE %d: %s\n", me, ok ? "ring ok" : "ring WRONG");
    shmem_free(slot);
    shmem_finalize();
    return ok ? 0 : 1;
}
