/* Built with plain cc and the flags of mishmemcc --showme:compile and
 * --showme:link, as a build system does: proves those flags are complete. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    printf("PE %d of %d\n", shmem_my_pe(), shmem_n_pes());
    shmem_finalize();
    return 0;
}
