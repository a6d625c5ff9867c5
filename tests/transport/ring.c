/* A ring over the launcher's world: each PE puts its number to the next
 * and checks what the previous one put. Prints "ring ok" on PE 0. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *slot = shmem_malloc(sizeof *slot);
    *slot = -1;
    shmem_barrier_all();
    shmem_long_p(slot, me, (me + 1) % n);
    shmem_barrier_all();
    int ok = *slot == (me + n - 1) % n;
    if (!ok)
        fprintf(stderr, "PE %d: got %ld from the ring, expected %d\n", me, *slot, (me + n - 1) % n);
    shmem_free(slot);
    if (ok && me == 0)
        printf("ring ok\n");
    shmem_finalize();
    return ok ? 0 : 1;
}
