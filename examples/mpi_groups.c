/* MPI mode: every MPI communicator can become a mishmem instance.
 * The ranks are split into two groups; each group becomes its own instance
 * (ids 1 and 2), then all ranks also join one instance spanning them all
 * (id 3). In each, every PE puts a value into its right neighbour's
 * symmetric buffer, waits at the barrier and checks what it received.
 * Exit status 0 only when every check passed on every rank.
 *
 *   mpirun -n 4 ./mpi_groups
 */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>

#define WORLD_INSTANCE 3

static int failures;

#define EXPECT(cond, ...)                                                 \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "mpi_groups: check failed: " __VA_ARGS__);    \
            fprintf(stderr, "\n");                                        \
            failures++;                                                   \
        }                                                                 \
    } while (0)

static long token(uint64_t instance, int pe) { return (long)instance * 1000 + pe; }

/* One instance over comm: create it, exchange, check. */
static void create(uint64_t id, MPI_Comm *comm)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER; /* my_pe, n_pes: from comm */
    attr.local_mem_size = 1 << 20;
    attr.instance_id = id;
    attr.comm_args = comm; /* NULL would mean MPI_COMM_WORLD */
    int rc = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_MPI, &attr);
    EXPECT(rc == ACLSHMEM_SUCCESS, "aclshmemx_init_attr(instance %llu) returned %d",
           (unsigned long long)id, rc);
}

static void exchange(uint64_t id, int expected_pe, int expected_n)
{
    if (aclshmemx_instance_ctx_set(id) != ACLSHMEM_SUCCESS) {
        EXPECT(0, "instance %llu is not live", (unsigned long long)id);
        return;
    }
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    int me = aclshmem_my_pe(), n = aclshmem_n_pes();
    EXPECT(ctx && ctx->id == id, "current instance is not %llu", (unsigned long long)id);
    EXPECT(me == expected_pe && n == expected_n, "instance %llu: PE %d of %d, expected %d of %d",
           (unsigned long long)id, me, n, expected_pe, expected_n);
    long *box = aclshmem_malloc(sizeof *box);
    EXPECT(box != NULL, "aclshmem_malloc in instance %llu failed", (unsigned long long)id);
    if (!box)
        return;
    *box = -1;
    aclshmem_barrier_all();
    aclshmem_long_p(box, token(id, me), (me + 1) % n);
    aclshmem_barrier_all();
    int left = (me + n - 1) % n;
    EXPECT(*box == token(id, left), "instance %llu PE %d: got %ld from PE %d, expected %ld",
           (unsigned long long)id, me, *box, left, token(id, left));
    aclshmem_free(box);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int color = rank % 2; /* group 0: even ranks, group 1: odd ranks */
    MPI_Comm group;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &group);
    int group_rank, group_size;
    MPI_Comm_rank(group, &group_rank);
    MPI_Comm_size(group, &group_size);

    uint64_t group_instance = 1 + (uint64_t)color;
    create(group_instance, &group);
    create(WORLD_INSTANCE, NULL);
    int failed_anywhere = 0; /* one rank's failure must not leave the others at a barrier */
    MPI_Allreduce(&failures, &failed_anywhere, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (failed_anywhere == 0) {
        exchange(group_instance, group_rank, group_size);
        exchange(WORLD_INSTANCE, rank, size);
        aclshmemx_finalize(group_instance);
        aclshmemx_finalize(WORLD_INSTANCE);
    }
    MPI_Comm_free(&group);

    int all_failures = 0;
    MPI_Allreduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("mpi_groups: %d ranks, 2 group instances + 1 world instance: %s\n", size,
               all_failures ? "FAILED" : "all checks passed");
    MPI_Finalize();
    return all_failures ? 1 : 0;
}
