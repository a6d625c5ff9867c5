/* An MPI program that is also an OpenSHMEM one, under mpirun: shmem_init
 * in PMIx mode and MPI_Init share the process's PMIx client, in either
 * order (argument "shmem-first": shmem_init before MPI_Init), and the
 * PEs are the MPI ranks. A ring through SHMEM, a barrier through MPI. */
#include <mpi.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

static long ring_in;

int main(int argc, char **argv)
{
    int shmem_first = argc > 1 && strcmp(argv[1], "shmem-first") == 0;
    if (shmem_first)
        shmem_init();
    CHECK(MPI_Init(&argc, &argv) == MPI_SUCCESS, "MPI_Init");
    if (!shmem_first)
        shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(me == rank && n == size, "PE %d of %d, MPI rank %d of %d", me, n, rank, size);
    shmem_long_p(&ring_in, me, (me + 1) % n);
    shmem_barrier_all();
    CHECK(ring_in == (me + n - 1) % n, "ring gave %ld", ring_in);
    CHECK(MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS, "MPI_Barrier");
    shmem_finalize();
    MPI_Finalize();
    if (me == 0)
        printf("SHMEM and MPI in one job (%s first): ok\n", shmem_first ? "shmem_init" : "MPI_Init");
    return 0;
}
