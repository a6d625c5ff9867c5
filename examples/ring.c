/* examples/ring.c: a classic OpenSHMEM program. Each PE puts its number
 * into the next PE's symmetric variable, then all sum what they got.
 * Run: mishmemcc ring.c -o ring && mishmemrun -n 4 ./ring */
#include <shmem.h>
#include <stdio.h>

static long received = -1; /* globals are symmetric */

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *sum = shmem_malloc(sizeof *sum); /* on the symmetric heap */

    shmem_long_p(&received, me, (me + 1) % n); /* into the next PE's copy */
    shmem_barrier_all();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, sum, &received, 1);
    printf("PE %d of %d: got %ld, sum %ld\n", me, n, received, *sum);

    int ok = received == (me + n - 1) % n && *sum == (long)n * (n - 1) / 2;
    shmem_free(sum);
    shmem_finalize();
    return ok ? 0 : 1;
}
