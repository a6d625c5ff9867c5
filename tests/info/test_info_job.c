/* SHMEM_INFO and SHMEM_DEBUG at init: a world (shmem_init), then an
 * instance whose PE 0 is the world's last PE; or ("aclshmem") only such
 * an instance, no world. info.sh counts what was printed. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_instance_attr.h"
#include "test_util.h"

/* Instance 3 over every PE in reverse order: launcher PE n-1 is its PE 0. */
static void reversed_instance(int me, int n)
{
    aclshmemx_init_attr_t attr = test_instance_attr(3, n - 1 - me, n, 1 << 20, "tcp://127.0.0.1:0");
    attr.option_attr.shm_init_timeout = 30;
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(3), ACLSHMEM_SUCCESS);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "aclshmem") == 0) {
        const char *pe = getenv("MISHMEM_PE"), *npes = getenv("MISHMEM_NPES");
        CHECK(pe && npes, "run under mishmemrun");
        reversed_instance(atoi(pe), atoi(npes));
        printf("info_job aclshmem: PE %s ok\n", pe);
        return 0;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    reversed_instance(me, n);
    shmem_barrier_all();
    shmem_finalize();
    printf("info_job world: PE %d ok\n", me);
    return 0;
}
