/* A PE that stays in the job until a peer dies, for slurm_kill_pe: run by
 * srun --mpi=pmix (shmem_init() finds the job through PMIx), every PE says
 * where it runs ("PE k of n on HOST pid P ready"), then the last PE sleeps
 * outside the library while the others wait for it in
 * shmem_barrier_all(). The test kills the last PE; the others must leave
 * the barrier with an error (its failure fails the instance), never pass
 * it: passing prints "barrier passed" and exits 3. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    char host[256] = "?";
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    gethostname(host, sizeof host - 1);
    shmem_barrier_all(); /* every PE is up before anyone says so */
    printf("PE %d of %d on %s pid %ld ready\n", me, n, host, (long)getpid());
    fflush(stdout);
    if (me == n - 1)
        for (;;)
            sleep(1); /* the victim: killed by the test */
    shmem_barrier_all();
    printf("PE %d: barrier passed without PE %d\n", me, n - 1);
    return 3;
}
