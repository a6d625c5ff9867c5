/* Built by the conventions test with mishmemcc, as a user would build it.
 *   conventions MODE [ARGS...] MARKER
 * run          puts and gets around the ring; uses libm (erf)
 * global_exit  the last PE calls shmem_global_exit(99) while the others wait
 *              in shmem_barrier_all
 * killed       the last PE is killed by SIGKILL while the others wait
 * env NAME VAL every PE sees NAME=VAL from the launcher's environment
 * instance ID  shmem_init built its world as instance ID
 * The last argument only marks the processes for the test script. */
#include <math.h>
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(const char *what)
{
    fprintf(stderr, "PE %d: %s\n", shmem_my_pe(), what);
    return 1;
}

static int run_ring(int me, int npes)
{
    static double received; /* global data is symmetric */
    volatile double x = 0.5 * (me + 1);
    double value = erf(x);
    shmem_double_p(&received, value, (me + 1) % npes);
    shmem_barrier_all();
    int left = (me + npes - 1) % npes;
    if (received != erf(0.5 * (left + 1)))
        return fail("wrong value from the left neighbour");
    printf("PE %d of %d: ok\n", me, npes);
    return 0;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    const char *mode = argc > 1 ? argv[1] : "run";
    int rc = 0;
    if (strcmp(mode, "run") == 0) {
        rc = run_ring(me, npes);
    } else if (strcmp(mode, "global_exit") == 0 || strcmp(mode, "killed") == 0) {
        if (me == npes - 1) {
            usleep(200000); /* the others are in the barrier by now */
            if (mode[0] == 'g')
                shmem_global_exit(99);
            raise(SIGKILL);
        }
        shmem_barrier_all();
        return fail("left a barrier that a PE never entered");
    } else if (strcmp(mode, "env") == 0 && argc > 3) {
        const char *value = getenv(argv[2]);
        if (!value || strcmp(value, argv[3]) != 0)
            rc = fail("did not inherit the launcher's environment");
    } else if (strcmp(mode, "instance") == 0 && argc > 2) {
        if (aclshmemx_instance_ctx_get()->id != strtoull(argv[2], NULL, 10))
            rc = fail("the world is not in the expected instance");
    } else {
        rc = fail("unknown mode");
    }
    shmem_finalize();
    return rc;
}
