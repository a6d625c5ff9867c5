/* Misuse of the OpenSHMEM face's atomics, one kind per run (argv[1]):
 * PE 0 makes the bad call, which must end the job with a message naming
 * the call, the PE and the address (checked by expect_abort.sh). */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    long *words = shmem_calloc(4, sizeof(long));
    shmem_ctx_t ctx;
    if (shmem_ctx_create(0, &ctx) != 0)
        return 2;
    shmem_barrier_all();
    int peer = 1 % shmem_n_pes();
    long local = 0;
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "misaligned") == 0)
            shmem_long_atomic_fetch_add((long *)((char *)words + 4), 1, peer);
        else if (strcmp(mode, "misaligned_int") == 0)
            shmem_int_atomic_inc((int *)((char *)words + 2), peer);
        else if (strcmp(mode, "outside") == 0)
            shmem_long_atomic_set(&local, 1, peer);
        else if (strcmp(mode, "bad_pe") == 0)
            shmem_uint64_atomic_or((uint64_t *)words, 1, shmem_n_pes() + 2);
        else if (strcmp(mode, "negative_pe") == 0)
            shmem_double_atomic_swap((double *)words, 1.0, -1);
        else if (strcmp(mode, "null") == 0)
            shmem_ulong_atomic_set(NULL, 1, peer);
        else if (strcmp(mode, "nbi_null_fetch") == 0)
            shmem_long_atomic_fetch_add_nbi(NULL, words, 1, peer);
        else if (strcmp(mode, "deprecated") == 0)
            shmem_int_fadd((int *)((char *)words + 1), 1, peer);
        else if (strcmp(mode, "ctx_misaligned") == 0)
            shmem_ctx_long_atomic_compare_swap(ctx, (long *)((char *)words + 2), 0, 1, peer);
        else if (strcmp(mode, "ctx_destroyed") == 0) {
            shmem_ctx_destroy(ctx);
            shmem_ctx_long_atomic_inc(ctx, words, peer);
        } else
            return 2;
        printf("UNREACHABLE: %s was accepted\n", mode);
        fflush(stdout);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
