/* Misuse of the OpenSHMEM face's point-to-point calls, one kind per run
 * (argv[1]); PE 0 makes the bad call, which must end the job with a clear
 * message (checked by expect_abort.sh). "peer_exits": PE 1 leaves while
 * PE 0 waits in wait_until_any, which must end with a message naming it. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    int *ivars = shmem_calloc(4, sizeof(int));
    int values[4] = {0};
    shmem_barrier_all();
    if (strcmp(mode, "peer_exits") == 0 && shmem_my_pe() == 1)
        _Exit(0); /* no finalize: a PE that vanished */
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "null_ivars") == 0)
            shmem_long_wait_until_all(NULL, 3, NULL, SHMEM_CMP_EQ, 0);
        else if (strcmp(mode, "unknown_cmp") == 0)
            shmem_int_test_any(ivars, 4, NULL, 42, 0);
        else if (strcmp(mode, "null_indices") == 0)
            shmem_int_wait_until_some(ivars, 4, NULL, NULL, SHMEM_CMP_EQ, 0);
        else if (strcmp(mode, "null_values") == 0)
            shmem_int_test_all_vector(ivars, 4, NULL, SHMEM_CMP_EQ, NULL);
        else if (strcmp(mode, "null_ivar") == 0)
            shmem_ushort_test(NULL, SHMEM_CMP_EQ, 0);
        else if (strcmp(mode, "deprecated_wait") == 0)
            shmem_ptrdiff_wait(NULL, 0);
        else if (strcmp(mode, "vector_cmp") == 0)
            shmem_int_wait_until_any_vector(ivars, 4, NULL, -3, values);
        else if (strcmp(mode, "peer_exits") == 0)
            shmem_int_wait_until_any(ivars, 4, NULL, SHMEM_CMP_NE, 0);
        else
            return 2;
        printf("UNREACHABLE: %s was accepted\n", mode);
        fflush(stdout);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
