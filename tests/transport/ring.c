/* A ring over the launcher's world: each PE puts its number to the next
 * and checks what the previous one put, then says how it reaches the next
 * PE ("reaches PE 1 by load/store: no" when only the fabric does). Prints
 * "ring ok" on PE 0. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n;
    long *slot = shmem_malloc(sizeof *slot);
    *slot = -1;
    shmem_barrier_all();
    shmem_long_p(slot, me, next);
    shmem_barrier_all();
    int ok = *slot == (me + n - 1) % n;
    if (!ok)
        fprintf(stderr, "PE %d: got %ld from the ring, expected %d\n", me, *slot, (me + n - 1) % n);
    printf("PE %d reaches PE %d by load/store: %s\n", me, next, shmem_ptr(slot, next) ? "yes" : "no");
    fflush(stdout);
    shmem_barrier_all();
    shmem_free(slot);
    if (ok && me == 0)
        printf("ring ok\n");
    shmem_finalize();
    return ok ? 0 : 1;
}
