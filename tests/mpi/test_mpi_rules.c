/* MPI mode under mpirun (4 ranks): refused before MPI_Init; my_pe / n_pes
 * that contradict the communicator, and MPI_COMM_NULL, are refused; ranks
 * that disagree on the instance id all fail; MPI_COMM_WORLD (NULL),
 * MPI_COMM_SELF and a reordered split each make a working instance; the
 * OpenSHMEM face's shmemx_init_attr makes its instance current; an
 * instance can be finalized after MPI_Finalize. */
#include <mpi.h>

#include "uid/uid_util.h"

static aclshmemx_init_attr_t mpi_attr(uint64_t id, void *comm)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.local_mem_size = 1 << 20;
    attr.instance_id = id;
    attr.comm_args = comm;
    return attr;
}

static int init_with(aclshmemx_init_attr_t attr) { return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_MPI, &attr); }

int main(int argc, char **argv)
{
    CHECK_RC(init_with(mpi_attr(1, NULL)), ACLSHMEM_BOOTSTRAP_ERROR); /* MPI not running yet */
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    aclshmemx_init_attr_t attr = mpi_attr(1, NULL);
    attr.my_pe = (rank + 1) % size;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    attr = mpi_attr(1, NULL);
    attr.n_pes = size + 1;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    MPI_Comm null_comm = MPI_COMM_NULL;
    CHECK_RC(init_with(mpi_attr(1, &null_comm)), ACLSHMEM_INVALID_PARAM);
    /* Ranks 0-1 say instance 10, ranks 2-3 instance 11: all must fail. */
    CHECK_RC(init_with(mpi_attr(10 + (uint64_t)(rank * 2 / size), NULL)), ACLSHMEM_BOOTSTRAP_ERROR);
    CHECK(aclshmemx_instance_ctx_get() == NULL, "a refused init left an instance");

    attr = mpi_attr(1, NULL);
    attr.my_pe = rank; /* agreeing values are fine too */
    attr.n_pes = size;
    CHECK_RC(init_with(attr), ACLSHMEM_SUCCESS);
    MPI_Comm self = MPI_COMM_SELF;
    CHECK_RC(init_with(mpi_attr(2, &self)), ACLSHMEM_SUCCESS);
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    CHECK_RC(init_with(mpi_attr(3, &reversed)), ACLSHMEM_SUCCESS);
    MPI_Comm_free(&reversed); /* the instance keeps its own duplicate */

    uid_check_exchange(1, rank, size, 3);
    uid_check_exchange(2, 0, 1, 3);
    uid_check_exchange(3, size - 1 - rank, size, 3);

    shmemx_init_attr_t face = mpi_attr(4, NULL);
    CHECK_RC(shmemx_init_attr(SHMEMX_INIT_WITH_MPI, &face), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == 4 && shmem_my_pe() == rank && shmem_n_pes() == size,
          "shmemx_init_attr did not make instance 4 current");
    shmem_barrier_all();

    for (uint64_t id = 1; id <= 3; id++)
        CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    MPI_Finalize();
    CHECK_RC(aclshmemx_finalize(4), ACLSHMEM_SUCCESS); /* after MPI is gone */
    if (rank == 0)
        printf("MPI mode rules on %d ranks: ok\n", size);
    return 0;
}
