/* shmem_global_exit under mpirun: PE 0 calls it with status 3 while PE 1
 * waits for a word nobody writes; the job must end at once, non-zero
 * (the test's command checks mpirun's status), not hang. */
#include <shmem.h>
#include <unistd.h>

static long never_set;

int main(void)
{
    shmem_init();
    if (shmem_my_pe() == 0) {
        usleep(200 * 1000); /* let PE 1 reach its wait */
        shmem_global_exit(3);
    }
    shmem_long_wait_until(&never_set, SHMEM_CMP_EQ, 1);
    return 0;
}
